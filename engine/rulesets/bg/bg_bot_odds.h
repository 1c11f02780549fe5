#pragma once
// The odds the Battleground bot (bg_bot.cc) weighs its shots and charges by: exact
// distributions of the dice, never a roll.
#include <vector>

#include "engine/rulesets/bg/bg_combat_util.h"

namespace sandtable::bg::bot {

// The distribution of an attack's net hits (BG-FIRE-02..05, BG-VEH-02/06): index = net hits.
std::vector<double> net_distribution(const DicePool& p);
double expected_net(const DicePool& p);
// The chance of at least k net hits.
double at_least(const DicePool& p, int k);
// P(3D6 >= d): the charge distance (BG-MEL-03).
double p_3d6_at_least(double d);

}  // namespace sandtable::bg::bot
