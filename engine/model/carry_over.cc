#include "engine/model/carry_over.h"

#include "engine/model/ruleset.h"

namespace sandtable {

std::vector<UnitOutcome> RuleSet::outcomes(const GameState& state) const {
  pb::View v;
  fill_view(state, "gm", v);
  std::vector<UnitOutcome> out;
  for (const auto& u : v.units()) out.push_back({u.id(), u.side(), u.strength(), false});
  return out;
}

namespace {

pb::Command gm_edit(const std::string& reason) {
  pb::Command c;
  c.set_seat("gm");
  c.mutable_gm()->mutable_edit()->set_reason(reason);
  return c;
}

}  // namespace

CarryOver carry_over(const Game& finished, Game& next, const std::map<std::string, std::string>& sides,
                     const std::string& reason) {
  std::map<std::pair<std::string, std::string>, UnitOutcome> left;  // (new side, unit id) -> outcome
  for (auto& o : finished.rules().outcomes(finished.state())) {
    auto side = sides.find(o.side);
    if (side == sides.end()) continue;
    left[{side->second, o.unit_id}] = o;
  }
  CarryOver out;
  const pb::View start = next.view("gm");
  for (const auto& u : start.units()) {
    auto it = left.find({u.side(), u.id()});
    if (it == left.end()) continue;
    const UnitOutcome& o = it->second;
    const bool remove = o.lost || o.strength <= 0;
    if (!remove && o.strength >= u.strength()) continue;  // a battle never adds to a unit
    CarriedUnit c{u.id(), u.name(), u.side(), u.strength(), remove ? 0 : o.strength, remove, {}};
    pb::Command cmd = gm_edit(reason);
    if (remove) {
      cmd.mutable_gm()->mutable_edit()->mutable_remove_unit()->set_unit_id(u.id());
    } else {
      auto* s = cmd.mutable_gm()->mutable_edit()->mutable_set_strength();
      s->set_unit_id(u.id());
      s->set_strength(o.strength);
    }
    Outcome done = next.execute(cmd);
    if (done.accepted) {
      out.orders.push_back({std::move(cmd), std::move(done.events)});
    } else {
      c.refused = done.rejection.message();
    }
    out.units.push_back(std::move(c));
  }
  return out;
}

}  // namespace sandtable
