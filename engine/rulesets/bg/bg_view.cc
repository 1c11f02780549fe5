// What a viewer sees of a Battleground game: units (CoM, facing, figures as strength, markers,
// figure places), the turn and the open card, revealed minefields. Hidden information stays
// hidden: secret minefields of the other side (BG-MINE-02), hidden set-up units (BG-UNIT-09),
// reinforcements not yet arrived, and the deck order (BG-CARD-12: counts only).
#include "engine/rulesets/bg/bg_actions.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_rules_impl.h"

namespace sandtable::bg {

namespace {

const char* unit_type(const Unit& u) {
  switch (u.kind) {
    case UnitKind::kInfantry: return "infantry";
    case UnitKind::kCavalry: return "cavalry";
    case UnitKind::kVehicle: {
      for (const auto& r : vehicle_rows()) {
        if (r.cls == u.vehicle->cls) return r.type;
      }
      return "vehicle";
    }
    case UnitKind::kEmplacement: return "emplacement";
  }
  return "unit";
}

const char* phase_word(Phase p) {
  switch (p) {
    case Phase::kCards: return "card play";
    case Phase::kMelee: return "melee";
    case Phase::kSpecial: return "special actions";
    case Phase::kOver: return "over";
  }
  return "";
}

}  // namespace

void Battleground::fill_view(const GameState& state, const std::string& viewer, pb::View& view) const {
  const auto& st = static_cast<const BgState&>(state);
  const bool gm = viewer == "gm";
  const int me = st.side_index(viewer);
  for (const auto& u : st.units) {
    if (!u.on_table) continue;  // BG-UNIT-10: entry points may be secret
    if (u.hidden && !gm && u.side != me) continue;  // BG-UNIT-09
    auto* v = view.add_units();
    v->set_id(u.id);
    v->set_side(side_id(st, u.side));
    v->set_type(unit_type(u));
    v->set_name(u.name);
    v->set_quality(std::string(1, grade_letter(u.grade)));
    *v->mutable_position() = to_point(com(u));
    v->set_facing_deg(facing_degrees(u.facing));
    v->set_strength(u.infantry_like() ? u.living_fighters() : (u.destroyed ? 0 : 1));
    int start = 0;
    for (const auto& f : u.figures) start += !f.prisoner;
    v->set_max_strength(u.infantry_like() ? start : 1);
    v->set_carried_by(u.carried_by);
    auto mark = [&](bool on, const char* m) {
      if (on) v->add_markers(m);
    };
    mark(u.markers.ran, "ran");
    mark(u.markers.road, "road");
    mark(u.markers.dug_in, "dug_in");
    mark(u.markers.routing, "routing");
    mark(u.markers.melee, "melee");
    mark(u.destroyed, "destroyed");
    mark(non_standing(u) && !u.destroyed, "non_standing");
    mark(u.kind == UnitKind::kCavalry && u.mounted, "mounted");
    mark(u.has_horses, "horses");
    mark(u.hidden, "hidden");
    mark(!u.building.empty(), "in_building");
    if (u.vehicle) {
      mark(u.vehicle->immobilized, "immobilized");
      mark(u.vehicle->half_weapons, "half_weapons");
    }
    if (st.phase == Phase::kCards && st.action.side == u.side && !u.destroyed) {
      const int done = st.action.action == BgAction::kMove ? u.moved_card : u.shot_card;
      if (done == st.action.serial) v->add_markers("acted");
    }
    for (const auto& f : u.figures) {
      if (!f.alive) continue;
      auto* fv = v->add_figures();
      fv->set_id(f.id);
      fv->set_kind(f.prisoner ? "prisoner" : figure_kind_name(f.kind));
      *fv->mutable_position() = to_point(f.pos);
    }
  }
  // BG-MINE-03: a detected secret minefield is shown to the side that found it.
  for (const auto& m : st.minefields) {
    const Terrain* t = st.terrain_named(m.terrain);
    if (!t || t->owner.empty() || gm || t->owner == viewer || me < 0) continue;
    if (m.known_to[static_cast<std::size_t>(me)]) *view.add_terrain() = st.scenario->terrain(t->index);
  }
  auto* turn = view.mutable_turn();
  turn->set_turn(st.turn);
  turn->set_phase(phase_word(st.phase));
  if (st.action.side >= 0) turn->set_active_side(side_id(st, st.action.side));
  for (int i = 0; i < 2; ++i) {
    auto* s = view.add_sides();
    s->set_id(side_id(st, i));
    s->set_name(st.scenario->sides(i).name().empty() ? side_id(st, i) : st.scenario->sides(i).name());
    int figs = 0;
    for (const auto& u : st.units) {
      if (u.side != i || !u.on_table || u.destroyed || !u.infantry_like()) continue;
      if (u.hidden && !gm && u.side != me) continue;  // BG-UNIT-09: not even in the side's total
      figs += u.living_fighters();
    }
    s->set_strength(figs);
  }
}

}  // namespace sandtable::bg
