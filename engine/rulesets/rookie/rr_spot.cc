// Who sees what (RR-OBS-01/02/05, RR-SNIP-02): units in the open in an enemy's sight are spotted
// at once; units in cover wait until observed; a spot is lost out of sight. With rr.fog =
// flagged (the table-faithful default) an unspotted unit is shown to the enemy marked
// "unspotted"; with rr.fog = hidden, and always for snipers, it is not shown at all.
#include <algorithm>

#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_observe.h"

namespace sandtable::rr {

namespace {

Refusal r(const char* code, const char* rule, std::string msg) { return {code, rule, std::move(msg)}; }

bool hidden_from(const RrState& st, const Unit& u, int side) {
  if (u.side == side || u.spotted(side)) return false;
  return u.kind == Kind::kSniper || st.options.hide_unspotted;
}

// Whether any unit of `side` has a line of sight to the place (RR-OBS-01).
bool in_sight_of(const RrState& st, int side, Vec2 p) {
  return std::any_of(st.units.begin(), st.units.end(),
                     [&](const Unit& o) { return o.alive && o.side == side && line_of_sight(st, o.pos, p); });
}

// Spotted for `side` after this change? Units in the open in its sight always; others keep a
// spot while in its sight (GAP-RR-OBS-05); snipers only by detection (RR-SNIP-02).
bool should_be_spotted(const RrState& st, const Unit& u, int side) {
  const bool sight = in_sight_of(st, side, u.pos);
  if (!sight) return false;
  if (u.kind == Kind::kSniper) return u.spotted(side);
  if (cover_of(st, u) == Cover::kOpen) return true;
  return u.spotted(side);
}

void emit_spot(Context& ctx, const RrState& st, const Unit& u, int side, bool spotted, const std::string& reason) {
  pb::RrEvent e;
  auto* s = e.mutable_spotted();
  s->set_unit_id(u.id);
  s->set_side(st.side_id(side));
  s->set_spotted(spotted);
  s->set_reason(reason);
  // A unit coming into view is news for both sides; one going out of view only for its own.
  emit_rr(ctx, e, spotted ? std::vector<std::string>{} : std::vector<std::string>{st.side_id(u.side)});
}

}  // namespace

bool visible_to(const RrState& st, const Unit& u, const std::string& viewer) {
  if (viewer == "gm" || st.over) return true;
  const int side = st.side_index(viewer);
  if (side == u.side) return true;
  if (side < 0) return !hidden_from(st, u, 1 - u.side);  // spectators see what no side hides
  return !hidden_from(st, u, side);
}

std::vector<std::string> audience(const RrState& st, const Unit& u) {
  if (hidden_from(st, u, 1 - u.side)) return {st.side_id(u.side)};
  return {};
}

void update_spotting(Context& ctx, RrState& st) {
  for (const auto& u : st.units) {
    if (!u.alive) continue;
    const int enemy = 1 - u.side;
    const bool now = should_be_spotted(st, u, enemy);
    if (now == u.spotted(enemy)) continue;
    emit_spot(ctx, st, u, enemy, now, now ? "in the open and in sight" : "out of sight");
  }
}

Check check_observe(const RrState& st, int side, const pb::RrObserve& o) {
  const Unit* up = nullptr;
  if (auto bad = check_function(st, side, o.unit_id(), &up)) return bad;
  if (o.target_id().empty()) {
    return r("RR_OBSERVE_PLACE", "RR-OBS-02", "Searching a place of cover is not played yet: observe a unit you can see.");
  }
  const Unit* t = st.alive_unit(o.target_id());
  if (!t || t->side == side || !visible_to(st, *t, st.side_id(side))) {
    return r("RR_NO_TARGET", "RR-OBS-02", "There is no enemy unit '" + o.target_id() + "' that " + side_name(st, side) + " can see.");
  }
  if (t->spotted(side)) return r("RR_ALREADY_SPOTTED", "RR-OBS-02", label(*t) + " is already spotted.");
  std::string why;
  if (!line_of_sight(st, up->pos, t->pos, &why)) {
    return r("RR_NO_LINE_OF_SIGHT", "RR-OBS-02", label(*up) + " cannot see where " + label(*t) + " is: " + why + ".");
  }
  return std::nullopt;
}

void do_observe(Context& ctx, RrState& st, int side, const pb::RrObserve& o) {
  if (auto bad = check_observe(st, side, o)) refuse(*bad);
  const Unit& u = *st.find(o.unit_id());
  const Unit& t = *st.find(o.target_id());
  ObserveQuery q;
  q.terrain = cover_of(st, t);
  q.distance_inches = geom::distance(u.pos, t.pos);
  q.observer = u.troop;
  q.specialist = u.specialist;
  q.target_moved = t.moved;
  q.target_camouflaged = t.camouflaged;
  const ObserveChance c = observation_chance(q);
  pb::RrEvent e;
  auto* x = e.mutable_observed();
  x->set_unit_id(u.id);
  x->set_target_id(t.id);
  x->set_chance(c.automatic ? 100 : c.percent);
  for (const auto& item : c.items) {
    auto* m = x->add_modifiers();
    m->set_rule_id(item.rule);
    m->set_words(item.phrase);
    m->set_value(item.value);
  }
  bool ok = c.automatic;
  if (!c.automatic && !c.impossible) {
    const int roll = ctx.roll(pb::DIE_KIND_PERCENTILE, "observation");
    x->set_roll(roll);
    ok = observation_succeeds(c, roll);
  }
  x->set_spotted(ok);
  emit_rr(ctx, e, audience(st, u));
  if (ok) emit_spot(ctx, st, t, side, true, "observed by " + label(u));
  spend_function(ctx, st);
}

}  // namespace sandtable::rr
