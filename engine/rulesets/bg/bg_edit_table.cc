// GM edits of a Battleground table beyond its units (docs/rulesets/battleground.md "GM edits"):
// terrain laid and removed (smoke and minefields in their own state), an extra card play for the
// side acting on the open card, the end of that side's go (or one unit's) on the card. No phase
// is set: the turn moves on by cards turned from the secret deck and by melee and special-actions
// phases that run by themselves, which an edit can neither turn nor run.
#include <algorithm>
#include <cmath>

#include "engine/geom/blast.h"
#include "engine/model/game_words.h"
#include "engine/model/rejection.h"
#include "engine/rulesets/bg/bg_describe.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bg_rules_impl.h"
#include "engine/rulesets/bg/bg_setup.h"
#include "engine/rulesets/bg/bg_special.h"

namespace sandtable::bg {

namespace {

[[noreturn]] void bad_terrain(const std::string& why, const char* rule = "GEN") { reject("GM_EDIT_BAD_TERRAIN", rule, why); }

std::string number(int n) { return std::to_string(n); }

std::string kind_words(const std::string& kind) {
  pb::TerrainFeature f;
  f.set_kind(kind);
  return feature_words(f);
}

// The table's features as the GM's view lists them, before the smoke: the GM's edited list, or
// the scenario's with the names set-up gives the unnamed ones ("t3"), so that a feature keeps its
// name (which minefields and buildings are known by) when another is removed.
// The name the engine gives an unnamed feature ("t3"), built without `"t" + ...`, which trips
// GCC 12's false -Wrestrict at -O3.
std::string engine_name(std::size_t n) { return std::string(1, 't').append(std::to_string(n)); }

TerrainList features(const BgState& st) {
  if (st.gm_terrain) return *st.gm_terrain;
  TerrainList out = scenario_terrain(*st.scenario);
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i].name().empty()) out[i].set_name(engine_name(i));
  }
  return out;
}

// "t<digits>": the name the engine gives a feature without one.
int engine_number(const std::string& name) {
  if (name.size() < 2 || name.size() > 9 || name[0] != 't') return -1;
  int n = 0;
  for (std::size_t i = 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return -1;
    n = n * 10 + (name[i] - '0');
  }
  return n;
}

bool on_table(const BgState& st, const pb::Point& p) {
  return std::isfinite(p.x()) && std::isfinite(p.y()) && p.x() >= 0 && p.y() >= 0 && p.x() <= st.width && p.y() <= st.height;
}

void on_table_check(const BgState& st, const pb::TerrainFeature& f) {
  bool inside = true;
  for (const auto* pts : {&f.polygon(), &f.polyline()}) {
    for (const auto& p : *pts) inside = inside && on_table(st, p);
  }
  if (f.has_circle() && f.polygon_size() == 0) {
    const auto& c = f.circle().centre();
    const double r = f.circle().radius();
    inside = inside && c.x() - r >= 0 && c.y() - r >= 0 && c.x() + r <= st.width && c.y() + r <= st.height;
  }
  if (!inside) {
    bad_terrain("The feature runs off the " + number(static_cast<int>(st.width)) + "x" + number(static_cast<int>(st.height)) +
                " table.");
  }
}

// The sentence of a scenario check without the field it names (".kind: ...", ": a ...").
std::string why_of(const std::string& problem) {
  const auto at = problem.find(": ");
  return at == std::string::npos ? problem : problem.substr(at + 2);
}

// BG-SMK-02/05: smoke is a 6" line (a unit's screen) or a 4" circle (artillery's), seen by all.
void lay_smoke(BgState& st, const pb::TerrainFeature& f) {
  if (!f.owner().empty()) bad_terrain("Smoke is seen by everyone: it has no owner.", "BG-SMK-04");
  Smoke x;
  if (f.polyline_size() == 2 && f.polygon_size() == 0 && !f.has_circle()) {
    x.a = to_vec(f.polyline(0));
    x.b = to_vec(f.polyline(1));
    if (!geom::same_length(geom::distance(x.a, x.b), kSmokeLength)) {
      bad_terrain("A smoke screen is a line exactly 6\" long (BG-SMK-02); this one is " + inches(geom::distance(x.a, x.b)) + ".",
                  "BG-SMK-02");
    }
  } else if (f.has_circle() && f.polygon_size() == 0 && f.polyline_size() == 0) {
    x.circle = true;
    x.centre = to_vec(f.circle().centre());
    x.radius = f.circle().radius();
    if (!std::isfinite(x.radius) || !geom::same_length(x.radius, geom::kBlastRadius)) {
      bad_terrain("Artillery smoke is a circle 4\" across, a radius of 2\" (BG-SMK-05).", "BG-SMK-05");
    }
  } else {
    bad_terrain("Smoke is a 6\" line (two points, BG-SMK-02) or a 4\" circle (a centre and a 2\" radius, BG-SMK-05).", "BG-SMK-02");
  }
  on_table_check(st, f);
  x.id = "smoke-" + std::to_string(st.next_id);
  ++st.next_id;
  x.laid_turn = st.turn;
  // As its own smoke is (bg_apply_special.cc): a line thins in the special phase of its turn
  // (BG-SMK-03); a circle at the next special phase, the next turn's if laid in one (BG-SMK-05).
  x.thin_turn = x.circle && st.phase == Phase::kSpecial ? st.turn + 1 : st.turn;
  st.smoke.push_back(std::move(x));
}

// What a removal names must be what the GM saw there: the kind, and the name when both have one.
void same_as_seen(const pb::GmTerrain& t, const std::string& kind, const std::string& name) {
  const auto& seen = t.feature();
  if ((!seen.kind().empty() && seen.kind() != kind) || (!seen.name().empty() && !name.empty() && seen.name() != name)) {
    bad_terrain("Terrain feature " + number(t.index() + 1) + " is " + kind_words(kind) + (name.empty() ? "" : " (" + name + ")") +
                ", not what was seen there: the table has changed since.");
  }
}

// The state's terrain from the list: entries, minefields (keeping what each side knows of those
// that stay), and no unit left in a building that has gone.
void rebuild(BgState& st, TerrainList list) {
  std::vector<Minefield> before = std::move(st.minefields);
  lay_out_terrain(st, list, *st.scenario);
  for (auto& m : st.minefields) {
    for (const auto& old : before) {
      if (old.terrain == m.terrain && old.dummy == m.dummy) m = old;
    }
  }
  for (auto& u : st.units) {
    const Terrain* b = u.building.empty() ? nullptr : st.terrain_named(u.building);
    if (!u.building.empty() && (!b || b->kind != TerrainKind::kBuilding)) u.building.clear();
  }
  st.gm_terrain = std::move(list);
}

// BG-TER-04, GAP-BG-TER-02: no unit may be left standing where it could not go: in a river or
// deep water, or a vehicle in terrain closed to it (woods for wheels, buildings).
void nobody_stranded(const BgState& st, const Terrain& t, const std::string& kind) {
  if (!t.area) return;
  const TerrainRow& row = terrain_row(t.kind);
  for (const auto& u : st.units) {
    if (!u.on_table || u.destroyed || !u.carried_by.empty()) continue;
    bool in = false;
    if (u.vehicle) {
      in = vehicle_factor(*u.vehicle, t.kind) == 0 && geom::locate(*t.area, u.position) != geom::Where::kOutside;
    } else if (row.impassable) {
      for (const auto& f : u.figures) in = in || (f.alive && geom::locate(*t.area, f.pos) != geom::Where::kOutside);
    }
    if (in) bad_terrain(label(u) + " stands there: it could not be in " + kind_words(kind) + " (BG-TER-04, GAP-BG-TER-02).", "BG-TER-04");
  }
}

void lay(BgState& st, const pb::TerrainFeature& given) {
  pb::TerrainFeature f = given;
  if (f.squares_size() > 0) {
    bad_terrain("A Battleground table has no squares: give an outline, a line or a centre and a radius, in inches.");
  }
  if (f.kind() == "smoke") return lay_smoke(st, f);
  if (auto problem = terrain_problem(f, *st.scenario)) {
    const bool mines = f.kind() == "minefield" || f.kind() == "dummy_minefield";
    bad_terrain("The feature cannot be laid: " + why_of(*problem) + ".", mines ? "BG-MINE-01" : "GEN");
  }
  on_table_check(st, f);
  // BG-MINE-02: a dummy bluffs the other side, so it is its owner's secret: an unowned one would
  // be named a dummy in the log every seat reads.
  if (f.kind() == "dummy_minefield" && f.owner().empty()) {
    bad_terrain("A dummy minefield bluffs the other side: say whose it is (only that side and the GM see it, BG-MINE-02).",
                "BG-MINE-02");
  }
  TerrainList list = features(st);
  int next = static_cast<int>(list.size());
  for (const auto& t : list) {
    if (!f.name().empty() && t.name() == f.name()) bad_terrain("A terrain feature is already called \"" + f.name() + "\".");
    next = std::max(next, engine_number(t.name()) + 1);
  }
  if (f.name().empty()) f.set_name(engine_name(next));
  const std::string kind = f.kind();
  list.push_back(std::move(f));
  rebuild(st, std::move(list));
  nobody_stranded(st, st.terrain.back(), kind);
}

void remove(BgState& st, const pb::GmTerrain& t) {
  TerrainList list = features(st);
  const int n = static_cast<int>(list.size());
  if (t.index() < 0 || t.index() >= n + static_cast<int>(st.smoke.size())) {
    bad_terrain("There is no terrain feature " + number(t.index() + 1) + " on the table.");
  }
  if (t.index() >= n) {  // the smoke follows the features in the view
    const auto at = st.smoke.begin() + (t.index() - n);
    same_as_seen(t, "smoke", at->id);
    st.smoke.erase(at);
    return;
  }
  const auto at = list.begin() + t.index();
  const Terrain* x = st.terrain_named(at->name());
  same_as_seen(t, at->kind(), x && x->unnamed ? "" : at->name());
  const Minefield* m = st.minefield(at->name());
  if (at->kind() == "dummy_minefield" && at->owner().empty() && !(m && m->entered)) {
    // Every seat sees it as a minefield: the edit, which names its kind, would tell them.
    bad_terrain("Both sides see this dummy as a minefield, and removing it would tell them it is a dummy: it may be removed once "
                "a unit has entered it (BG-MINE-02).",
                "BG-MINE-02");
  }
  list.erase(at);
  rebuild(st, std::move(list));
}

// What must be over before the open card's bookkeeping changes.
void card_settled(const BgState& st) {
  if (!st.decisions.empty()) reject("BG_GM_WAIT", "GEN", "A question waits for an answer: let it be answered first.");
  if (st.charge) reject("BG_GM_WAIT", "BG-MEL-12", "A charge is being made: let it finish first.");
  if (side_owing_aim(st) >= 0) reject("BG_GM_WAIT", "BG-ART-08", "A fire mission waits for its aim points: let it land first.");
  if (guards_owed(st)) reject("BG_GM_WAIT", "BG-PRIS-01", "The guards of new prisoners are being chosen: let them be chosen first.");
}

const char* verb(const BgState& st) { return st.action.action == BgAction::kMove ? "move" : "shoot"; }

// BG-CARD-03: whether the unit has used the open card.
bool used_card(const BgState& st, const Unit& u) {
  return (st.action.action == BgAction::kMove ? u.moved_card : u.shot_card) == st.action.serial;
}

// BG-CARD-08 as the GM grants it: the open card is played once more, so every unit of its side
// may act on it once more (an ace: one unit, even the one that acted).
void extra_card_play(BgState& st, const pb::GmExtraAction& x) {
  const int side = st.side_index(x.side());
  if (side < 0) reject("UNKNOWN_SIDE", "GEN", "There is no side called '" + x.side() + "'.");
  card_settled(st);
  if (st.phase != Phase::kCards || st.action.side < 0) {
    reject("BG_GM_NO_CARD", "BG-CARD-03", "No card is open for acting now: an extra card play goes to the side acting on the open card.");
  }
  if (st.action.side != side) {
    reject("BG_GM_NOT_ACTING", "BG-CARD-02",
           side_name(st, x.side()) + " is not acting now: the open card is " + side_name(st, side_id(st, st.action.side)) + "'s.");
  }
  const bool any = std::any_of(st.units.begin(), st.units.end(), [&](const Unit& u) { return u.side == side && used_card(st, u); });
  if (!any) {
    reject("BG_GM_NOTHING_TO_GIVE", "BG-CARD-03",
           "No unit of " + side_name(st, x.side()) + " has used the open card yet: each may still " + verb(st) +
               ", so an extra card play would change nothing.");
  }
  st.action.serial += 1;
}

// BG-CARD-03: the go of the side acting on the open card ends as if its orders were done: its
// units that had not used the card (or the one named) have used it. The side's next order (its
// only one left: end the action) turns the next card.
void end_go(BgState& st, const pb::GmEndActivation& x) {
  card_settled(st);
  if (st.phase != Phase::kCards || st.action.side < 0) {
    reject("BG_GM_NO_UNIT_ACTING", "BG-CARD-03", "No side is acting on a card now: there is no go to end.");
  }
  const int side = st.action.side;
  auto mark = [&](Unit& u) { (st.action.action == BgAction::kMove ? u.moved_card : u.shot_card) = st.action.serial; };
  auto may_act = [&](const Unit& u) {
    const Unit* ok = nullptr;
    return !check_unit_may_act(st, side, u.id, st.action.action, &ok);
  };
  if (!x.unit_id().empty()) {
    Unit* u = st.find(x.unit_id());
    if (!u || u->side != side || !u->on_table || u->destroyed) {
      reject("GM_EDIT_STALE", "GEN",
             "That unit is not of the side acting on the open card (" + side_name(st, side_id(st, side)) + "): look at the table again.");
    }
    if (!may_act(*u)) reject("BG_GM_NO_UNIT_ACTING", "BG-CARD-03", label(*u) + " has no go left on the open card.");
    mark(*u);
    return;
  }
  std::vector<Unit*> going;
  for (auto& u : st.units) {
    if (u.side == side && may_act(u)) going.push_back(&u);
  }
  if (going.empty()) reject("BG_GM_NO_UNIT_ACTING", "BG-CARD-03", "No unit of " + side_name(st, side_id(st, side)) + " may still " + verb(st) + " on the open card.");
  for (Unit* u : going) mark(*u);
}

}  // namespace

void edit_table(BgState& st, const pb::GmEdit& edit) {
  if (st.dice_request) reject("BG_GM_DICE_AWAITED", "GEN", "An order is waiting for the table's dice: enter them first.");
  switch (edit.body_case()) {
    case pb::GmEdit::kTerrain:
      if (edit.terrain().remove()) return remove(st, edit.terrain());
      return lay(st, edit.terrain().feature());
    case pb::GmEdit::kSetPhase:
      reject("BG_GM_NO_PHASE", "BG-SEQ-01",
             "Battleground's turn moves on by cards turned from the secret deck, and its melee and special-actions phases run "
             "by themselves (melees fought, smoke thinned, strikes landing, reinforcements coming on): an edit can neither turn "
             "a card nor run them. Give the side acting an extra card play, or end its go on the open card, instead.");
    case pb::GmEdit::kExtraAction: return extra_card_play(st, edit.extra_action());
    case pb::GmEdit::kEndActivation: return end_go(st, edit.end_activation());
    default: reject("GM_EDIT_UNSUPPORTED", "GEN", "Battleground does not support that edit.");
  }
}

std::vector<std::string> table_edit_audience(const BgState& st, const pb::GmEdit& edit) {
  if (edit.has_end_activation()) {  // BG-UNIT-09: a hidden unit named is its side's secret
    const Unit* u = st.find(edit.end_activation().unit_id());
    if (u && u->hidden) return {side_id(st, u->side)};
    return {};
  }
  if (!edit.has_terrain()) return {};
  const auto& t = edit.terrain();
  if (!t.remove()) {
    if (!t.feature().owner().empty()) return {t.feature().owner()};  // BG-MINE-02: the owner's secret
    return {};
  }
  const TerrainList list = features(st);
  if (t.index() < 0 || t.index() >= static_cast<int>(list.size())) return {};  // smoke: seen by all
  const auto& f = list[static_cast<std::size_t>(t.index())];
  if (f.owner().empty()) return {};
  // A secret feature's removal stays its owner's secret, unless a unit has entered it (then
  // everyone knows it, BG-MINE-04): a side that only found it sees it gone, with no line.
  const Minefield* m = st.minefield(f.name());
  if (m && m->entered) return {};
  return {f.owner()};
}

std::string Battleground::describe_edit(const GameState& state, const pb::GmEdit& edit, const std::string& viewer) const {
  const auto& st = static_cast<const BgState&>(state);
  if (edit.has_extra_action()) {
    return "gives " + side_name(st, edit.extra_action().side()) + " an extra card play: each of its units may " + verb(st) +
           " once more on the open card";
  }
  if (edit.has_end_activation()) {
    const std::string side = st.action.side >= 0 ? side_name(st, side_id(st, st.action.side)) : "the side acting";
    if (const Unit* u = st.find(edit.end_activation().unit_id())) return "ends the go of " + label(*u) + " on the open card";
    return "ends " + side + "'s go on the open card: its units that had not acted stand";
  }
  if (edit.has_terrain() && !edit.terrain().remove() && edit.terrain().feature().kind() == "smoke") {
    const auto& f = edit.terrain().feature();
    if (f.has_circle()) {
      return "lays a 4\" circle of smoke around " + coords(f.circle().centre()) + " (BG-SMK-05)";
    }
    if (f.polyline_size() == 2) return "lays a 6\" smoke screen from " + coords(f.polyline(0)) + " to " + coords(f.polyline(1)) + " (BG-SMK-02)";
  }
  return RuleSet::describe_edit(state, edit, viewer);
}

}  // namespace sandtable::bg
