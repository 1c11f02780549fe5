#pragma once
// The rule set's tables as data: unit types (OH-UNIT-01), bases (OH-UNIT-03..05), ranges
// (OH-FIRE-01), fire modifiers (OH-FIRE-06, the rebuilt table) and move allowances
// (OH-MOVE-02, the rebuilt table). Nothing else holds these numbers.
#include <string_view>

#include "engine/rulesets/oh/oh_state.h"

namespace sandtable::oh {

struct TypeRow {
  UnitType type;
  std::string_view key;    // scenario and view vocabulary
  std::string_view words;  // what players read
  // Bases, inches: width across the facing, depth along it, gap between neighbours (OH-UNIT-05:
  // at most 2" for tanks, 1" for the others).
  double base_width;
  double base_depth;
  double base_gap;
  // Fire (OH-FIRE-01): range, close range (0: none), long range (0: none).
  double range;
  double close;
  double long_range;
  // Movement (OH-MOVE-02): inches added to the Dx roll, march dice, whether Threatened stops it.
  int move_bonus;
  int march_dice;
  bool threatened_stops;
  bool can_dig_in;   // OH-UNIT-06
  bool can_ready;    // OH-RR-03
};

const TypeRow& row_of(UnitType t);
const TypeRow* row_by_key(std::string_view key);

// OH-FIRE-06: the firer's modifier against a target type ("–" is 0).
int type_modifier(UnitType firer, UnitType target);
// Whether the situational columns (target's rear, own rear, Ready, road/marching) apply to a
// firer ("n/a" for mortars).
bool situational_modifiers(UnitType firer);

constexpr int kRearBonus = 2;          // fire on a target's rear
constexpr int kOwnRearPenalty = -2;    // firing to own rear
constexpr int kReadyPenalty = -1;      // firing while Ready (OH-SEQ-05)
constexpr int kExposedBonus = 2;       // target on road or marching (OH-MOVE-03, OH-MOVE-08)
constexpr int kThreatenedInches = 2;   // OH-MOVE-04
constexpr int kLeaveDugInInches = 2;   // OH-MOVE-05
constexpr int kRoadInches = 4;         // OH-MOVE-08
constexpr double kThreatDistance = 2;  // enemy base within 2" (OH-MOVE-04)
constexpr double kAreaSight = 4;       // inside area terrain (OH-LOS-04)
constexpr double kAmbushSight = 12;    // Concealed and Ready (OH-LOS-05)
constexpr double kAtgWoodsDepth = 1;   // an ATG may enter the edge of a wood (OH-TER-02)
constexpr int kAtgWoodsInches = 2;

}  // namespace sandtable::oh
