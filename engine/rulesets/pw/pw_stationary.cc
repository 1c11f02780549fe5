// Whole-turn actions made in place: limbering (PW-TRN-01), embarking (GAP-PW-TRN-03),
// mounting (GAP-PW-CAV-01) and laying or removing wire (PW-TER-06). Each takes the unit's
// activation, move and fire for the turn; with transport, the transport's move too.
#include "engine/rulesets/pw/pw_internal.h"

namespace sandtable::pw {

namespace {

Refusal r(std::string code, std::string rule, std::string msg) { return {std::move(code), std::move(rule), std::move(msg)}; }

const char* kind_rule(pb::PwStationaryKind k) {
  switch (k) {
    case pb::PW_LIMBER:
    case pb::PW_UNLIMBER: return "PW-TRN-01";
    case pb::PW_EMBARK:
    case pb::PW_DISEMBARK: return "PW-TRN-03";
    case pb::PW_MOUNT:
    case pb::PW_DISMOUNT: return "PW-CAV-01";
    default: return "PW-TER-06";
  }
}

Check check_transport(const PwState& /*st*/, const Unit& u, const Unit* t, const char* rule, const std::string& what) {
  if (!t || t->type != UnitType::kTransport || t->side != u.side) {
    return r("PW_NO_TRANSPORT", rule, label(u) + " needs friendly transport to " + what + ".");
  }
  if (!(t->sq == u.sq)) return r("PW_NO_TRANSPORT", rule, label(*t) + " must be in the same square as " + label(u) + " to " + what + ".");
  if (t->moved || t->busy) return r("PW_TRANSPORT_MOVED", rule, label(*t) + " has already moved this turn; " + what + " takes both units a whole turn.");
  return std::nullopt;
}

}  // namespace

Check check_stationary(const PwState& st, int side, const pb::PwStationary& s) {
  const Unit* up = nullptr;
  if (auto bad = check_unit_order(st, side, s.unit_id(), &up)) return bad;
  const Unit& u = *up;
  const char* rule = kind_rule(s.kind());
  if (u.busy) return r("PW_UNIT_BUSY", rule, label(u) + " has already spent this turn on a whole-turn task.");
  if (u.moved || u.fired || u.cc_done) {
    return r("PW_STATIONARY_NOT_FRESH", rule, label(u) + " has already moved, fired or fought this turn; this task takes the whole turn.");
  }
  if (auto bad = check_activation_available(st, u)) return bad;
  const bool carried = !u.carried_by.empty();
  const Unit* other = st.alive_unit(s.other_id());
  switch (s.kind()) {
    case pb::PW_LIMBER:
      if (u.type != UnitType::kArtillery) return r("PW_NOT_ARTILLERY", rule, label(u) + " is not artillery; only artillery limbers.");
      if (carried) return r("PW_ALREADY_LIMBERED", rule, label(u) + " is already limbered.");
      if (other && !other->carrying.empty()) return r("PW_TRANSPORT_FULL", rule, label(*other) + " already tows or carries a unit.");
      return check_transport(st, u, other, rule, "limber");
    case pb::PW_UNLIMBER:
      if (u.type != UnitType::kArtillery || !carried) return r("PW_NOT_LIMBERED", rule, label(u) + " is not limbered.");
      return check_transport(st, u, st.alive_unit(u.carried_by), rule, "unlimber");
    case pb::PW_EMBARK:
      if (u.type != UnitType::kInfantry && u.type != UnitType::kMachineGun) {
        return r("PW_CANNOT_EMBARK", rule, label(u) + " cannot ride transport; it carries one infantry or machine-gun unit.");
      }
      if (carried) return r("PW_ALREADY_EMBARKED", rule, label(u) + " is already aboard transport.");
      if (other && !other->carrying.empty()) return r("PW_TRANSPORT_FULL", rule, label(*other) + " already tows or carries a unit.");
      return check_transport(st, u, other, rule, "embark");
    case pb::PW_DISEMBARK:
      if (u.type == UnitType::kArtillery || !carried) return r("PW_NOT_EMBARKED", rule, label(u) + " is not aboard transport.");
      return check_transport(st, u, st.alive_unit(u.carried_by), rule, "disembark");
    case pb::PW_MOUNT:
      if (u.type != UnitType::kDismountedCavalry) return r("PW_CANNOT_MOUNT", rule, label(u) + " is not dismounted cavalry.");
      return std::nullopt;
    case pb::PW_DISMOUNT:
      if (u.type != UnitType::kMountedCavalry) return r("PW_CANNOT_DISMOUNT", rule, label(u) + " is not mounted cavalry.");
      return std::nullopt;
    case pb::PW_LAY_WIRE:
    case pb::PW_REMOVE_WIRE: {
      if (u.type != UnitType::kInfantry && u.type != UnitType::kDismountedCavalry) {
        return r("PW_WIRE_WORKERS", rule, label(u) + " cannot work wire; infantry and dismounted cavalry lay and remove it.");
      }
      if (carried) return r("PW_WIRE_WORKERS", rule, label(u) + " is aboard transport.");
      const Cell& c = st.cell(u.sq);
      if (s.kind() == pb::PW_LAY_WIRE && (c.wire || c.river || c.ford)) {
        return r("PW_WIRE_THERE", rule, c.wire ? sq_text(u.sq) + " is already wired." : "Wire cannot be laid in the river.");
      }
      if (s.kind() == pb::PW_REMOVE_WIRE && !c.wire) return r("PW_NO_WIRE", rule, "There is no wire in " + sq_text(u.sq) + " to remove.");
      return std::nullopt;
    }
    default:
      return r("PW_STATIONARY_KIND", "PW-ACT-04", "Say which whole-turn task " + label(u) + " carries out.");
  }
}

void do_stationary(Context& ctx, PwState& st, int side, const pb::PwStationary& s) {
  if (auto bad = check_stationary(st, side, s)) refuse(*bad);
  const Unit& u = *st.alive_unit(s.unit_id());
  activate(ctx, st, u);
  pb::PwEvent e;
  auto* d = e.mutable_stationary_done();
  d->set_unit_id(u.id);
  d->set_kind(s.kind());
  const bool unload = s.kind() == pb::PW_UNLIMBER || s.kind() == pb::PW_DISEMBARK;
  d->set_other_id(unload ? u.carried_by : s.other_id());
  emit_pw(ctx, e);
}

}  // namespace sandtable::pw
