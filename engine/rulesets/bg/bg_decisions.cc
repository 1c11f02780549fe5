// Answers to Battleground decisions, dispatched by kind. Areas add their kinds here
// (e.g. the melee helper's "BG_DEFENDER_RESPONSE", BG-MEL-12).
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bgs_skirmish.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

void answer_decision(Context& ctx, BgState& st, const pb::Decision& d, const std::string& choice) {
  if (d.kind() == kDefenderResponseKind) return answer_defender_response(ctx, st, choice);  // BG-MEL-12
  if (d.kind() == kVehiclePrisonersKind) return answer_vehicle_prisoners(ctx, st, d, choice);  // BG-PRIS-06
  if (d.kind() == kFleeKind) return answer_flee(ctx, st, choice);  // BG-MEL-14: "Flee straight away"
  if (d.kind() == kReactionKind) return answer_reaction(ctx, st, d, choice);  // BGM-RF-06
  if (d.kind() == kSpecialFireKind) return answer_special_fire(ctx, st, d, choice);  // BGM-GEN-02 step (1)
  if (d.kind() == kCounterAssaultKind) return answer_counter_assault(ctx, st, d, choice);  // BGM-ASLT-05
  reject("BG_UNKNOWN_DECISION", d.rule_id(), "This build of Battleground does not know the question '" + d.kind() + "'.");
}

}  // namespace sandtable::bg
