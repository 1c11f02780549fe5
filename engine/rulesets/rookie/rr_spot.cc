// Who sees what (RR-OBS-01/02/05, RR-SNIP-02): units in the open in an enemy's sight are spotted
// at once; units in cover wait until observed; a spot is lost out of sight. With rr.fog =
// flagged (the table-faithful default) an unspotted unit is shown to the enemy marked
// "unspotted"; with rr.fog = hidden, and always for snipers, it is not shown at all.
#include <algorithm>
#include <cmath>

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

namespace {

// RR-OBS-02 searching a place: a hidden unit this close to the place searched, and in the
// observer's sight, is found on a successful roll (docs/rulesets/rookie-rules.md).
constexpr double kSearchReach = 6.0;

// The chance of an observation and each modifier, as the log tells them.
void fill_chance(const ObserveChance& c, pb::RrObserved* x) {
  x->set_chance(c.automatic ? 100 : c.percent);
  for (const auto& item : c.items) {
    auto* m = x->add_modifiers();
    m->set_rule_id(item.rule);
    m->set_words(item.phrase);
    m->set_value(item.value);
  }
}

ObserveQuery query_for(const Unit& u, Cover terrain, double distance) {
  ObserveQuery q;
  q.terrain = terrain;
  q.distance_inches = distance;
  q.observer = u.troop;
  q.specialist = u.specialist;
  return q;
}

Check check_search(const RrState& st, int side, const Unit& u, const pb::RrObserve& o) {
  const Vec2 p = geom::from_proto(o.place());
  if (!o.has_place() || !geom::is_finite(p) || p.x < 0 || p.y < 0 || p.x > st.table->width || p.y > st.table->height) {
    return r("RR_OBSERVE_PLACE", "RR-OBS-02", "Say which unit to observe, or which place of cover on the table to search.");
  }
  const Cover c = cover_at(st, p);
  if (c == Cover::kOpen) return r("RR_OBSERVE_OPEN", "RR-OBS-01", "Nothing hides in the open in sight: search a place of cover.");
  std::string why;
  if (!line_of_sight(st, u.pos, p, &why)) return r("RR_NO_LINE_OF_SIGHT", "RR-OBS-02", label(u) + " cannot see that place: " + why + ".");
  if (observation_chance(query_for(u, c, geom::distance(u.pos, p))).impossible) {
    return r("RR_OBSERVE_IMPOSSIBLE", "RR-OBS-03", label(u) + " cannot make anything out in that cover at " + inches(geom::distance(u.pos, p)) + ".");
  }
  (void)side;
  return std::nullopt;
}

// Searching a place (RR-OBS-02 with rr.fog = hidden): the roll is made whatever is there, with
// the place's cover and distance, so neither the chance nor the dice say whether anything was.
void do_search(Context& ctx, RrState& st, int side, const Unit& u, const pb::RrObserve& o) {
  const Vec2 p = geom::from_proto(o.place());
  const ObserveChance c = observation_chance(query_for(u, cover_at(st, p), geom::distance(u.pos, p)));
  pb::RrEvent e;
  auto* x = e.mutable_observed();
  x->set_unit_id(u.id);
  fill_chance(c, x);
  bool ok = c.automatic;
  if (!c.automatic) {
    const int roll = ctx.roll(pb::DIE_KIND_PERCENTILE, "observation");
    x->set_roll(roll);
    ok = observation_succeeds(c, roll);
  }
  std::vector<std::string> found;
  for (const auto& t : st.units) {
    if (!ok || !t.alive || t.side == side || t.kind == Kind::kSniper || t.spotted(side)) continue;
    if (geom::distance(t.pos, p) <= kSearchReach && line_of_sight(st, u.pos, t.pos)) found.push_back(t.id);
  }
  x->set_spotted(!found.empty());
  emit_rr(ctx, e, audience(st, u));
  for (const auto& id : found) emit_spot(ctx, st, *st.find(id), side, true, "found by " + label(u) + " searching its cover");
  spend_function(ctx, st);
}

}  // namespace

std::optional<Vec2> search_point(const RrState& st, const Unit& u, std::size_t feature) {
  const Terrain& t = st.table->terrain[feature];
  const auto& vs = t.area.vertices();
  if (vs.size() < 3) return std::nullopt;
  Vec2 best = vs[0];
  double best_d = 1e300;
  for (int i = 0; i < t.area.size(); ++i) {
    const geom::Segment s = t.area.edge(i);
    const Vec2 d = s.b - s.a;
    const double len2 = geom::dot(d, d);
    const double k = len2 > 0 ? std::clamp(geom::dot(u.pos - s.a, d) / len2, 0.0, 1.0) : 0.0;
    const Vec2 q = s.a + d * k;
    if (geom::distance(q, u.pos) < best_d) {
      best_d = geom::distance(q, u.pos);
      best = q;
    }
  }
  Vec2 centre{0, 0};
  for (const Vec2 v : vs) centre = centre + v;
  centre = centre / static_cast<double>(vs.size());
  const double to_centre = geom::distance(best, centre);
  if (to_centre <= 0.5) return std::nullopt;
  const Vec2 in = best + (centre - best) * (0.5 / to_centre);  // half an inch inside its edge
  if (cover_at(st, in) == Cover::kOpen) return std::nullopt;
  return in;
}

Check check_observe(const RrState& st, int side, const pb::RrObserve& o) {
  const Unit* up = nullptr;
  if (auto bad = check_function(st, side, o.unit_id(), &up)) return bad;
  if (o.target_id().empty()) return check_search(st, side, *up, o);
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
  if (o.target_id().empty()) {
    do_search(ctx, st, side, u, o);
    return;
  }
  const Unit& t = *st.find(o.target_id());
  ObserveQuery q = query_for(u, cover_of(st, t), geom::distance(u.pos, t.pos));
  q.target_moved = t.moved;
  q.target_camouflaged = t.camouflaged;
  const ObserveChance c = observation_chance(q);
  pb::RrEvent e;
  auto* x = e.mutable_observed();
  x->set_unit_id(u.id);
  x->set_target_id(t.id);
  fill_chance(c, x);
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
