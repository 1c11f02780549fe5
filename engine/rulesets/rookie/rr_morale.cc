#include "engine/rulesets/rookie/rr_morale.h"

#include <algorithm>
#include <array>

namespace sandtable::rr {

namespace {

// RR-MOR-05 troop training, indexed by TroopClass A..E (C regular: no modifier).
constexpr std::array<int, 5> kTrainingModifier = {20, 10, 0, -10, -20};
// RR-MOR-05 terrain, indexed by Cover open..class 4.
constexpr std::array<int, 5> kTerrainModifier = {0, 5, 10, 15, 20};
// RR-MOR-05 bunkers, indexed by ArmourClass none, A..E (D/E share +20).
constexpr std::array<int, 6> kBunkerModifier = {0, 5, 10, 15, 20, 20};
constexpr int kNoCommand = -10;
constexpr int kFriendRanAway = -10;
constexpr int kLeaderAttached = 20;

// RR-MOR-03 band edges (inclusive lower bounds).
constexpr int kSurrenderBandFrom = 0;
constexpr int kFallBackBandFrom = 16;
constexpr int kNoChangeBandFrom = 31;
constexpr int kRallyBandFrom = 41;
constexpr int kFallBackFunctions = 4;

constexpr std::array<const char*, 5> kTroopNames = {"A (elite)", "B (good)", "C (regular)", "D (green)",
                                                    "E (raw)"};
constexpr std::array<const char*, 6> kBunkerNames = {"", "A", "B", "C", "D", "E"};

void add(MoraleModifiers& m, std::string rule, std::string phrase, int value) {
  if (value == 0) return;
  m.items.push_back(MoraleModifier{std::move(rule), std::move(phrase), value});
  m.total += value;
}

Marker lowered_one_step(Marker m) {
  return m == Marker::kNone ? Marker::kNone : static_cast<Marker>(static_cast<int>(m) - 1);
}

}  // namespace

bool attack_forces_morale(MoraleAttack attack) {
  switch (attack) {
    case MoraleAttack::kDirectFire:
    case MoraleAttack::kLightMortar: return false;
    case MoraleAttack::kMediumMortar:
    case MoraleAttack::kHeavyMortar:
    case MoraleAttack::kArtillery:
    case MoraleAttack::kAirStrike:
    case MoraleAttack::kFlameThrower: return true;
  }
  return false;
}

bool trigger_applies(MoraleTrigger trigger, bool unit_is_armoured) {
  return trigger != MoraleTrigger::kEnemyTankWithin8 || !unit_is_armoured;
}

MoraleTiming mandatory_test_timing(bool raised_during_simultaneous_resolution) {
  return raised_during_simultaneous_resolution ? MoraleTiming::kStepSix : MoraleTiming::kImmediately;
}

MoraleTiming voluntary_test_timing() { return MoraleTiming::kStepSix; }

bool may_test_voluntarily(Marker current) { return current != Marker::kNone; }

int casualty_rate(int original_figures) {
  // GAP-RR-MOR-05 extends RR-MOR-05's 5/4/3-man rates to 5+ and 2-man squads.
  if (original_figures >= 5) return -10;
  switch (original_figures) {
    case 4: return -12;
    case 3: return -16;
    case 2: return -25;
    default: return 0;
  }
}

MoraleModifiers morale_modifiers(const MoraleQuery& q) {
  MoraleModifiers m;
  {
    std::string phrase = "class ";
    phrase += kTroopNames[static_cast<std::size_t>(q.troops)];
    phrase += " troops";
    add(m, "RR-MOR-05", std::move(phrase), kTrainingModifier[static_cast<std::size_t>(q.troops)]);
  }
  {
    std::string phrase = "in class ";
    phrase += std::to_string(static_cast<int>(q.terrain));
    phrase += " terrain";
    add(m, "RR-MOR-05", std::move(phrase), kTerrainModifier[static_cast<std::size_t>(q.terrain)]);
  }
  {
    std::string phrase = "in a class ";
    phrase += kBunkerNames[static_cast<std::size_t>(q.bunker)];
    phrase += " bunker";
    add(m, "RR-MOR-05", std::move(phrase), kBunkerModifier[static_cast<std::size_t>(q.bunker)]);
  }
  const int casualties = std::max(0, q.original_figures - q.figures_now);
  if (casualties > 0) {
    std::string phrase = std::to_string(casualties);
    phrase += casualties == 1 ? " casualty" : " casualties";
    phrase += " in a squad of ";
    phrase += std::to_string(q.original_figures);
    add(m, "GAP-RR-MOR-05", std::move(phrase), casualties * casualty_rate(q.original_figures));
  }
  if (!q.in_command_radius) add(m, "RR-MOR-05", "no command in radius", kNoCommand);
  if (q.friend_ran_away_within_8) add(m, "RR-MOR-05", "friendly unit ran away within 8\"", kFriendRanAway);
  if (q.leader_attached) add(m, "RR-MOR-05", "command directly attached", kLeaderAttached);
  return m;
}

MoraleResult morale_result(const MoraleRollQuery& q, const MoraleOptions& options) {
  MoraleResult r;
  r.total = q.d100 + q.modifiers;
  r.rule = "RR-MOR-03";
  if (r.total < kSurrenderBandFrom) {
    r.outcome = MoraleOutcome::kRunsOff;
    r.phrase = "runs directly away from danger off the table; out of the game";
    r.removed_from_play = true;
    r.runs_away = true;
  } else if (r.total < kFallBackBandFrom) {
    if (q.within_8_of_enemy && q.japanese && options.japanese_exception) {
      r.outcome = MoraleOutcome::kChargesNearestEnemy;
      r.rule = "GAP-RR-MOR-03";
      r.phrase = "does not surrender: uses its next card to charge the nearest enemy";
    } else if (q.within_8_of_enemy) {
      r.outcome = MoraleOutcome::kSurrenders;
      r.phrase = "surrenders to the enemy within 8\"; removed";
      r.removed_from_play = true;
    } else {
      r.outcome = MoraleOutcome::kLosesTwoSuppressed;
      r.phrase = "loses 2 figures; the rest are suppressed";
      r.figures_lost = 2;
      r.marker = Marker::kSuppressed;
    }
  } else if (r.total < kNoChangeBandFrom) {
    r.outcome = MoraleOutcome::kFallsBack;
    r.phrase = "falls back toward the nearest friendly edge, loses 1 figure and is pinned";
    r.figures_lost = 1;
    r.marker = Marker::kPinned;
    r.fall_back_functions = kFallBackFunctions;
    r.fall_back_inches = kFallBackFunctions * q.class_a_inches;
    r.runs_away = true;
  } else if (r.total < kRallyBandFrom) {
    r.outcome = MoraleOutcome::kNoChange;
    r.phrase = "no change";
  } else {
    r.outcome = MoraleOutcome::kMayRemoveOneLevel;
    r.phrase = "may remove one penalty level; no adverse effect";
    r.may_remove_one_level = true;
  }
  return r;
}

Marker marker_after_morale(Marker current, const MoraleResult& result, bool remove_level) {
  Marker m = std::max(current, result.marker);
  if (remove_level && result.may_remove_one_level) m = lowered_one_step(m);
  return m;
}

}  // namespace sandtable::rr
