// What a viewer sees: units (a sniper, or with rr.fog = hidden a unit in cover, is left out of
// the enemy's view until spotted), the penalty markers, the deck's public counts (RR-CARD-06:
// never its order), the turn and the rule set's words.
#include <cmath>

#include "engine/core/cards.h"
#include "engine/model/markers.h"
#include "engine/rulesets/rookie/rr_artillery.h"
#include "engine/rulesets/rookie/rr_close.h"
#include "engine/rulesets/rookie/rr_command.h"
#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_rules_impl.h"

namespace sandtable::rr {

namespace {

std::string num(int n) { return std::to_string(n); }

const char* troop_words(TroopClass t) {
  switch (t) {
    case TroopClass::kA: return "A (elite)";
    case TroopClass::kB: return "B (good)";
    case TroopClass::kC: return "C (regular)";
    case TroopClass::kD: return "D (green)";
    case TroopClass::kE: return "E (raw)";
  }
  return "C (regular)";
}

const char* armour_words(ArmourClass a) {
  switch (a) {
    case ArmourClass::kA: return "A";
    case ArmourClass::kB: return "B";
    case ArmourClass::kC: return "C";
    case ArmourClass::kD: return "D";
    case ArmourClass::kE: return "E";
    default: return "";
  }
}

const char* marker_key(Marker m) {
  switch (m) {
    case Marker::kDisrupted: return "disrupted";
    case Marker::kPinned: return "pinned";
    case Marker::kSuppressed: return "suppressed";
    default: return "";
  }
}

std::vector<std::string> briefing_rules(const RrState& st) {
  std::vector<std::string> out;
  out.push_back(side_name(st, 0) + " has the red cards, " + side_name(st, 1) +
                " the black: one card per unit, shuffled before each of the turn's two card sequences; a turned card lets one "
                "unit of its colour that has not acted this sequence act (RR-CARD-01..04).");
  out.emplace_back("An activated unit spends up to two functions: move, fire, observe, or lower its own marker inside its "
                   "leader's command radius (RR-CARD-05, RR-FUNC-01/02, RR-CMD-06).");
  out.emplace_back("Fire is read on the firing chart with a d10: the firer's ff (doubled within 8\" for squads) picks the "
                   "column, cover, armour, markers and range shift it left (RR-FIRE-01..08).");
  out.emplace_back("Markers: red disrupted, white pinned, blue suppressed (cannot move or fire); a unit keeps only the worst "
                   "(RR-FIRE-04). Leaders remove them in the command phase before each sequence (RR-CMD-05).");
  out.emplace_back("A unit that loses a figure tests morale at once on d% (RR-MOR-01/03); in the morale step at the end of "
                   "the turn a marked unit may test to remove a marker (RR-MOR-02).");
  out.push_back("After turn " + num(st.max_turns) + " the side holding more objectives wins (GAP-RR-VIC-01).");
  out.emplace_back(st.options.hide_unspotted
                       ? "Fog of war: a unit in cover is hidden from the enemy until observed (RR-OBS-02)."
                       : "A unit in cover is shown to the enemy marked unspotted until observed; firing at it is blind fire, "
                         "3 left (RR-OBS-02).");
  return out;
}

std::string task_words(const RrState& st, const std::string& viewer) {
  const int side = st.side_index(viewer);
  if (side < 0 || st.over || waiting_side(st) != side) return "";
  switch (st.phase) {
    case Phase::kCommand: return "Command phase: your leaders may remove markers, or end the phase";
    case Phase::kMorale: return "Morale step: marked units may test to remove a marker, or end the turn";
    case Phase::kPlot: return "Plot your batteries' fire in secret: pick where each lands, or say you are done";
    case Phase::kCards:
      if (!st.active_unit.empty()) {
        const Unit* u = st.find(st.active_unit);
        return (u ? label(*u) : st.active_unit) + " acts: " + num(st.functions_left) +
               (st.functions_left == 1 ? " function left" : " functions left");
      }
      return "Your card: pick a unit that has not acted to act, or pass";
    default: return "";
  }
}

pb::RrPlotted plot_message(const RrState& st, const Plot& p) {
  pb::RrPlotted x;
  x.set_side(st.side_id(p.side));
  x.set_battery_id(p.battery_id);
  geom::to_proto(p.point, x.mutable_point());
  x.set_template_kind(p.template_kind);
  x.set_orientation_deg(p.orientation_deg);
  return x;
}

// A template's outline as table terrain, so any client draws it (GAP-RR-ART-03 sizes).
void add_template(pb::View& view, const std::string& kind, const std::string& name, const std::string& letter, Vec2 at,
                  double orientation_deg) {
  pb::TerrainFeature* t = view.add_terrain();
  t->set_kind(kind);
  t->set_name(name);
  const int i = letter.empty() ? 3 : std::clamp(letter[0] - 'A', 0, 3);
  const TemplateSize size = kTemplateSizes[static_cast<std::size_t>(i)];
  if (size.round) {
    geom::to_proto(at, t->mutable_circle()->mutable_centre());
    t->mutable_circle()->set_radius(size.length / 2);
    return;
  }
  const geom::Polygon outline = geom::rectangle(at, facing_of(orientation_deg), size.length, size.width);
  for (const Vec2 p : outline.vertices()) geom::to_proto(p, t->add_polygon());
}

// RR-MINE-01, RR-ART-01: what this viewer knows of the minefields, plots and strikes: its own side's
// minefields and plots, the minefields found, this turn's strikes; everything for the GM.
void add_fire_and_mines(const RrState& st, const std::string& viewer, pb::View& view, pb::RrView& extra) {
  const int side = st.side_index(viewer);
  const bool gm = viewer == "gm";
  for (std::size_t i = 0; i < st.minefields.size(); ++i) {
    const Mines& m = st.minefields[i];
    if (!m.found && !gm && m.side != side) continue;
    pb::TerrainFeature* t = view.add_terrain();
    t->set_kind("minefield");
    t->set_name(side_name(st, m.side) + "'s minefield" + (m.found ? "" : " (hidden from the enemy)"));
    const geom::Polygon hex = minefield_hex(Minefield{m.centre, facing_of(m.flats_deg)});
    for (const Vec2 p : hex.vertices()) geom::to_proto(p, t->add_polygon());
    auto* x = extra.add_minefields();
    x->set_index(static_cast<int>(i));
    x->set_side(st.side_id(m.side));
    geom::to_proto(m.centre, x->mutable_centre());
    x->set_flats_deg(m.flats_deg);
  }
  for (const auto& p : st.plots) {
    if (!gm && p.side != side) continue;
    const Battery* b = st.battery(p.battery_id);
    add_template(view, "plotted_fire", (b ? battery_label(*b) : p.battery_id) + ": plotted, template " + p.template_kind, p.template_kind,
                 p.point, p.orientation_deg);
    *extra.add_plots() = plot_message(st, p);
  }
  // RR-AIR-02/04: an aircraft's run is drawn for everyone once it is over the table; its aim (and a
  // planned run not yet flown) only for its own side and the GM.
  for (const auto& a : st.aircraft) {
    const AirSupport& sup = st.air[static_cast<std::size_t>(a.support)];
    const std::string name = sup.name.empty() ? a.id : sup.name;
    const bool own = gm || a.side == side;
    if (!a.on_table && !own) continue;
    auto* x = extra.add_aircraft();
    x->set_id(a.id);
    x->set_side(st.side_id(a.side));
    x->set_name(name);
    x->set_kind(sup.kind);
    x->set_planned(a.planned);
    x->set_airframe_hits(a.airframe_hits);
    x->set_location_modifier(a.location_modifier);
    if (a.on_table) {
      pb::TerrainFeature* t = view.add_terrain();
      t->set_kind("flight_path");
      t->set_name(name + " (" + side_name(st, a.side) + ")");
      for (const Vec2 p : a.path) {
        geom::to_proto(p, t->add_polyline());
        geom::to_proto(p, x->add_path());
      }
    }
    if (own && a.planned) {
      geom::to_proto(a.aim, x->mutable_aim());
      add_template(view, "plotted_fire", name + ": its attack, template " + air_template_letter(sup), air_template_letter(sup), a.aim,
                   a.heading_deg);
    }
  }
  for (const auto& k : st.strikes) {
    const Battery* b = st.battery(k.battery_id);
    const std::string who = b ? battery_label(*b) : k.name.empty() ? k.battery_id : k.name;
    add_template(view, "strike", who + ": landed, template " + k.template_kind, k.template_kind, k.landed, k.orientation_deg);
    auto* x = extra.add_strikes();
    x->set_side(st.side_id(k.side));
    x->set_battery_id(k.battery_id);
    x->set_battery_name(who);
    geom::to_proto(k.landed, x->mutable_landed());
    x->set_template_kind(k.template_kind);
    x->set_orientation_deg(k.orientation_deg);
  }
}

}  // namespace

void RookieRules::fill_view(const GameState& state, const std::string& viewer, pb::View& view) const {
  const auto& st = static_cast<const RrState&>(state);
  const int viewer_side = st.side_index(viewer);
  for (const auto& u : st.units) {
    if (!u.alive || !visible_to(st, u, viewer)) continue;
    pb::UnitView* v = view.add_units();
    v->set_id(u.id);
    v->set_side(st.side_id(u.side));
    v->set_type(u.type);
    v->set_name(label(u));
    geom::to_proto(u.pos, v->mutable_position());
    v->set_facing_deg(u.facing_deg);
    v->set_strength(u.figures);
    v->set_max_strength(u.original_figures);
    // One 1" stand per figure (RR-UNIT-02), in a row across the facing; vehicles and bunkers are
    // drawn as hulls (no figures).
    const bool stands = u.kind != Kind::kVehicle && u.kind != Kind::kBunker;
    const double rad = u.facing_deg * 3.14159265358979323846 / 180.0;
    const Vec2 across{std::cos(rad), -std::sin(rad)};
    for (int i = 0; stands && i < u.figures; ++i) {
      auto* f = v->add_figures();
      f->set_id(u.id + "-f" + num(i));
      f->set_kind(u.type);
      const double off = (i - (u.figures - 1) / 2.0) * 1.0;
      geom::to_proto(Vec2{u.pos.x + across.x * off, u.pos.y + across.y * off}, f->mutable_position());
    }
    add_marker(*v, "ff", "Firing factor", num(u.ff()));
    if (u.marker != Marker::kNone) add_marker(*v, marker_key(u.marker), marker_words(u.marker));
    add_marker(*v, "class", "Class", troop_words(u.troop));
    if (u.armour != ArmourClass::kNone) add_marker(*v, "armour", "Armour class", armour_words(u.armour));
    if (st.deck && st.deck->acted(u.id)) add_marker(*v, "acted", "Acted this card sequence");
    if (u.id == st.active_unit) add_marker(*v, "acting", "Acting", num(st.functions_left) + " functions left");
    if (u.immobile) add_marker(*v, "immobile", "Immobilised");
    const int enemy = 1 - u.side;
    if (!u.spotted(enemy) && cover_of(st, u) != Cover::kOpen) {
      // The owner learns its unit is unspotted; the enemy sees the flag only where it sees the unit.
      add_marker(*v, "unspotted", viewer_side == enemy ? "Unspotted (blind fire, 3 left)" : "Unspotted by the enemy");
    }
    if (u.kind == Kind::kLeader && viewer_side == u.side) {
      add_marker(*v, "radius", "Command radius", inches(command_radius_inches(u.marker)));  // RR-CMD-02
    }
  }
  for (int s = 0; s < 2; ++s) {
    pb::SideView* sv = view.add_sides();
    sv->set_id(st.side_id(s));
    sv->set_name(side_name(st, s));
    int figures = 0, lost = 0, units = 0, gone = 0;
    for (const auto& u : st.units) {
      if (u.side != s) continue;
      figures += u.alive ? u.figures : 0;
      lost += u.original_figures - (u.alive ? u.figures : 0);
      units += u.alive ? 1 : 0;
      gone += u.alive ? 0 : 1;
    }
    sv->set_strength(figures);
    sv->set_strength_lost(lost);
    add_marker(*sv, "cards", "Cards", s == 0 ? "red" : "black");
    if (st.deck) add_marker(*sv, "deck", "Cards in the deck", num(st.deck->cards_of(s)));
    int pts = 0;
    for (std::size_t i = 0; i < st.objectives.size(); ++i) pts += st.holders[i] == st.side_id(s) ? st.objectives[i].points : 0;
    sv->set_standing(num(units) + " units on the table, " + num(gone) + " lost; holds " + num(pts) + " objective points");
  }
  pb::TurnView* t = view.mutable_turn();
  t->set_turn(st.turn);
  t->set_phase(phase_words(st));
  const int w = waiting_side(st);
  if (w >= 0) t->set_active_side(st.side_id(w));
  const Unit* acting = st.find(st.active_unit);
  const bool acting_seen = acting && visible_to(st, *acting, viewer);
  if (acting_seen) t->set_active_unit(st.active_unit);
  t->set_first_side(st.side_id(0));
  t->set_task(task_words(st, viewer));
  pb::RrView extra;
  if (st.deck) {
    const ActivationSummary sum = st.deck->public_summary();
    extra.set_sequence(sum.sequence);
    extra.set_draw_pile(sum.draw_pile);
    extra.set_turned(sum.turned);
    if (sum.last_turned) *extra.mutable_last_turned() = *sum.last_turned;
    if (st.deck->pending()) extra.set_card_side(st.side_id(st.deck->pending()->side));
  }
  if (acting_seen) {
    extra.set_active_unit(st.active_unit);
    extra.set_functions_left(st.functions_left);
  }
  if (st.gm_terrain) show_terrain(*st.gm_terrain, viewer, view);  // the GM's laid and removed features
  add_fire_and_mines(st, viewer, view, extra);
  view.mutable_extra()->PackFrom(extra);
  for (auto& line : briefing_rules(st)) view.mutable_briefing()->add_rules(std::move(line));
  view.mutable_briefing()->set_side_strength("figures");
  view.mutable_briefing()->set_unit_strength("figures");
  if (st.over) {
    for (const auto& line : st.deciding) view.mutable_result()->add_deciding(line);
    for (std::size_t i = 0; i < st.objectives.size(); ++i) {
      const int s = st.side_index(st.holders[i]);
      view.mutable_result()->add_deciding(st.objectives[i].name + ": " + (s >= 0 ? "held by " + side_name(st, s) : std::string("held by nobody")));
    }
  }
}

}  // namespace sandtable::rr
