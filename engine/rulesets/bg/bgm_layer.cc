// Profile (a) of Shaffer's modifications (GAP-BGM-GEN-01; decisions in
// docs/rulesets/battleground-mods.md): clearing a jammed gun, what the layer's events change in
// the state, the immobilised crews' test as a turn starts, what keeps a damaged vehicle from
// acting, and its markers. A shot: bgm_plan.cc (before the dice) and bgm_shot.cc (the dice).
#include "engine/rulesets/bg/bgm_layer.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_tables.h"

namespace sandtable::bg {

Check check_unjam(const BgState& st, int side, const pb::BgUnjam& c) {
  const Unit* u = nullptr;
  if (auto r = check_unit_may_act(st, side, c.unit_id(), BgAction::kShoot, &u)) return r;
  if (!u->vehicle || !u->vehicle->bgm || !u->vehicle->bgm->jammed) {
    return refusal("BGM_NOT_JAMMED", "BGM-GEN-05", label(*u) + " has no jammed gun to clear.");
  }
  return std::nullopt;
}

void do_unjam(Context& ctx, BgState& st, int side, const pb::BgUnjam& c) {
  if (auto r = check_unjam(st, side, c)) refuse(*r);
  const Unit& u = *st.find(c.unit_id());
  std::string weapon;
  for (const auto& w : u.vehicle->weapons) {
    if (w.main_gun && weapon.empty()) weapon = w.id;
  }
  pb::BgEvent e;
  e.mutable_bgm_unjammed()->set_unit_id(u.id);
  e.mutable_bgm_unjammed()->set_weapon_id(weapon);
  emit_bg(ctx, e);
  unit_acted(ctx, st, u, BgAction::kShoot);
}

void apply_bgm_event(BgState& st, const pb::BgEvent& e) {
  auto bgm = [&](const std::string& id) -> BgmVehicle* {
    Unit* u = st.find(id);
    return u && u->vehicle && u->vehicle->bgm ? &*u->vehicle->bgm : nullptr;
  };
  switch (e.body_case()) {
    case pb::BgEvent::kBgmAtShot: {
      const auto& s = e.bgm_at_shot();
      if (BgmVehicle* me = bgm(s.shooter_id())) {
        if (s.special_ammo() && me->special_rounds > 0) --me->special_rounds;
        me->shots_at_target = me->last_target == s.target_id() ? me->shots_at_target + 1 : 1;
        me->last_target = s.target_id();
        if (s.jammed()) me->jammed = true;
      }
      Unit* t = st.find(s.target_id());
      if (BgmVehicle* b = bgm(s.target_id())) {
        b->gun_out = b->gun_out || s.gun_out();
        b->commander_killed = b->commander_killed || s.commander_killed();
        b->heavy_damage = b->heavy_damage || s.heavy_damage();
        b->half_movement = b->half_movement || s.half_movement();
        b->out_until_turn = std::max(b->out_until_turn, s.out_until_turn());
        b->engine_out_until_turn = std::max(b->engine_out_until_turn, s.engine_out_until_turn());
        if (s.immobilized()) t->vehicle->immobilized = true;
      }
      break;
    }
    case pb::BgEvent::kBgmUnjammed:
      if (BgmVehicle* b = bgm(e.bgm_unjammed().unit_id())) b->jammed = false;
      break;
    case pb::BgEvent::kVehicleMoved: {
      const auto& m = e.vehicle_moved();
      if (BgmVehicle* b = bgm(m.unit_id())) {
        b->moved_turn = st.turn;
        b->moved_inches = m.used();
        b->last_target.clear();  // a new position: the next shot starts a new engagement
        b->shots_at_target = 0;
      }
      break;
    }
    default: break;
  }
}

void bgm_start_turn(Context& ctx, BgState& st) {
  for (std::size_t i = 0; i < st.units.size(); ++i) {
    const Unit& u = st.units[i];
    if (!u.vehicle || !u.vehicle->bgm || !u.vehicle->immobilized || u.destroyed || !u.on_table) continue;
    const int needed = hit_from(st.options, u.grade, 0);
    const int roll = ctx.roll(pb::DIE_KIND_D6, "crew morale " + u.id);
    pb::BgEvent e;
    auto* c = e.mutable_bgm_crew_test();
    c->set_unit_id(u.id);
    c->set_roll(roll);
    c->set_needed(needed);
    c->set_bailed_out(roll < needed);
    emit_bg(ctx, e);
    if (roll < needed) vehicle_lost(ctx, st, Unit(st.units[i]), "the crew of the immobilised vehicle bailed out (BGM-VDMG-03)");
  }
}

Check check_bgm_may_act(const BgState& st, const Unit& u) {
  if (!u.vehicle || !u.vehicle->bgm || st.turn > u.vehicle->bgm->out_until_turn) return std::nullopt;
  return refusal("BGM_OUT_OF_ACTION", "BGM-VDMG-01",
                 label(u) + " is out of action until the end of turn " + std::to_string(u.vehicle->bgm->out_until_turn) + ".");
}

Check check_bgm_may_move(const BgState& st, const Unit& u) {
  if (!u.vehicle || !u.vehicle->bgm || st.turn > u.vehicle->bgm->engine_out_until_turn) return std::nullopt;
  return refusal("BGM_ENGINE_OUT", "BGM-VDMG-04",
                 label(u) + "'s engine is out until the end of turn " + std::to_string(u.vehicle->bgm->engine_out_until_turn) + ".");
}

std::vector<std::pair<std::string, std::string>> bgm_markers(const BgState& st, const Unit& u) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!u.vehicle || !u.vehicle->bgm || u.destroyed) return out;
  const BgmVehicle& b = *u.vehicle->bgm;
  if (b.jammed) out.emplace_back("bgm_jammed", "Main gun jammed");
  if (b.gun_out) out.emplace_back("bgm_gun_out", "Main gun knocked out");
  if (b.commander_killed) out.emplace_back("bgm_no_commander", "No commander (+3)");
  if (b.heavy_damage) out.emplace_back("bgm_heavy_damage", "Heavy damage (+2)");
  if (b.half_movement) out.emplace_back("bgm_half_movement", "Half movement");
  if (b.special_rounds > 0) out.emplace_back("bgm_special_rounds", std::to_string(b.special_rounds) + " special rounds (APCR/HVAP)");
  if (st.turn <= b.out_until_turn) out.emplace_back("bgm_out", "Out of action to the end of turn " + std::to_string(b.out_until_turn));
  if (st.turn <= b.engine_out_until_turn) {
    out.emplace_back("bgm_engine_out", "Engine out to the end of turn " + std::to_string(b.engine_out_until_turn));
  }
  return out;
}

}  // namespace sandtable::bg
