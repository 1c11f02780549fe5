// What a viewer sees: units (a Concealed Ready unit hidden from the enemy is left out of its
// view, GAP-OH-LOS-05), sides, the turn, and the rule set's words (briefing, standing, task).
#include <algorithm>
#include <utility>

#include "engine/model/markers.h"
#include "engine/rulesets/oh/oh_internal.h"
#include "engine/rulesets/oh/oh_rules_impl.h"

namespace sandtable::oh {

namespace {

const char* step_words(Step s) {
  switch (s) {
    case Step::kMortar: return "mortar fire";
    case Step::kActions: return "actions";
    case Step::kRally: return "rally & ready";
  }
  return "";
}

std::string num(int n) { return std::to_string(n); }

int count_where(const OhState& st, int side, bool alive) {
  int n = 0;
  for (const auto& u : st.units) n += (u.side == side && u.alive == alive) ? 1 : 0;
  return n;
}

std::vector<std::string> briefing_rules(const OhState& st) {
  std::vector<std::string> out;
  out.push_back(side_name(st, st.attacker) + " attacks and has the first phase of every turn; " +
                side_name(st, st.defender()) + " plays the second (OH-SEQ-01).");
  out.push_back("Each phase: mortars fire, then each unit may Fire or Move once, then units that did nothing may Rally, "
                "become Ready or Dig in (OH-SEQ-03, OH-SEQ-04, OH-SEQ-06).");
  out.push_back("A unit fires at -1 from 5 Hits and -2 from 10 (when it first reaches 10, 5 Hits become permanent); it is "
                "destroyed at " + num(st.options.destroyed_at) + " Hits (OH-CONV-06).");
  out.push_back(std::string("Dice: ") + (st.options.average_dice ? "average dice (2, 3, 3, 4, 4, 5)" : "ordinary d6") +
                "; every fraction is rounded up (OH-CONV-01, OH-CONV-02).");
  out.push_back("Victory is judged at the end of each complete turn: a side with no units left loses; after turn " +
                num(st.max_turns) + " the side holding more objective points wins (OH-SEQ-02, OH-VIC-01).");
  if (st.options.hidden_ambush) {
    out.emplace_back("Fog of war: a Concealed unit marked Ready is hidden from the enemy until one of its units is within "
                     "12\" with a line of sight to it (GAP-OH-LOS-05).");
  }
  return out;
}

std::string task_words(const OhState& st, const std::string& viewer) {
  const int side = st.side_index(viewer);
  if (side < 0 || st.over) return "";
  for (const auto& d : st.decisions) {
    if (d.seat() == viewer) return "Your Ready units may fire: pick one, or hold your fire";
  }
  if (!st.decisions.empty() || side != st.phasing) return "";
  if (st.pending_move) {
    const Unit* u = st.alive_unit(st.pending_move->unit_id);
    return "Draw the move of " + (u ? label(*u) : st.pending_move->unit_id) + ": up to " + num(st.pending_move->allowance) + "\"" +
           (st.pending_move->road_possible ? " (" + num(st.pending_move->allowance + kRoadInches) + "\" along the road)" : "");
  }
  int n = 0;
  for (const auto& u : st.units) n += (u.side == side && may_act_in_step(st, u)) ? 1 : 0;
  const std::string units = num(n) + (n == 1 ? " unit" : " units");
  switch (st.step) {
    case Step::kMortar: return "Your mortar fire: " + num(n) + (n == 1 ? " mortar" : " mortars") + " may fire";
    case Step::kActions: return "Your actions: " + units + " may fire or move";
    case Step::kRally: return "Rally & Ready: " + units + " may rally, become Ready or dig in";
  }
  return "";
}

// Units and sides: the same for every viewer unless the fog of war may hide a unit (pieces_key).
void fill_pieces(const OhState& st, const std::string& viewer, pb::View& view) {
  for (const auto& u : st.units) {
    if (!u.alive || !visible_to(st, u, viewer)) continue;
    pb::UnitView* v = view.add_units();
    v->set_id(u.id);
    v->set_side(st.side_id(u.side));
    v->set_type(std::string(row_of(u.type).key));
    v->set_name(label(u));
    geom::to_proto(u.pos, v->mutable_position());
    v->set_facing_deg(u.facing.degrees_for_display());
    v->set_strength(st.options.destroyed_at - u.hits);
    v->set_max_strength(st.options.destroyed_at);
    const auto centres = base_centres(u.type, u.pos, u.facing);
    for (int i = 0; i < 3; ++i) {
      auto* f = v->add_figures();
      f->set_id(u.id + "-b" + std::to_string(i));
      f->set_kind(std::string(row_of(u.type).key) + (i == 0 ? "_unique" : ""));
      geom::to_proto(centres[static_cast<std::size_t>(i)], f->mutable_position());
    }
    // Hits as words on the table itself ("7 Hits", "5 permanent"), not only on the unit's card.
    add_marker(*v, "hits", num(u.hits) + (u.hits == 1 ? " Hit" : " Hits"));
    if (u.permanent) add_marker(*v, "permanent", num(u.permanent) + " permanent");
    if (u.dug_in) add_marker(*v, "dug_in", "Dug-in");
    if (u.ready) add_marker(*v, "ready", "Ready");
    if (concealed(st, u)) add_marker(*v, "concealed", "Concealed");
    if (u.fired) add_marker(*v, "fired", "Fired");
    if (u.moved) add_marker(*v, "moved", "Moved");
    if (u.exposed) add_marker(*v, "marching", "On the road or marching (+2 to fire at it)");
    if (hidden_from(st, u, st.other(u.side))) add_marker(*v, "hidden", "Hidden from the enemy");
    if (u.side == st.phasing && st.turn > 0 && threatened(st, u)) add_marker(*v, "threatened", "Threatened");
  }
  for (int s = 0; s < 2; ++s) {
    pb::SideView* sv = view.add_sides();
    sv->set_id(st.side_id(s));
    sv->set_name(side_name(st, s));
    sv->set_strength(count_where(st, s, true));
    sv->set_strength_lost(count_where(st, s, false));
    int pts = 0;
    for (std::size_t i = 0; i < st.objectives.size(); ++i) pts += st.holders[i] == st.side_id(s) ? st.objectives[i].points : 0;
    add_marker(*sv, "dice", "Dice", die_words(st));  // OH-CONV-01: the kind of every roll
    if (s == st.attacker) add_marker(*sv, "attacker", "Attacker (moves first)");
    const int lost = count_where(st, s, false), all = lost + count_where(st, s, true);
    sv->set_standing("lost " + num(lost) + " of " + num(all) + " units; holds " + num(pts) + " objective points");
  }
}

// The turn, the words and the result.
void fill_turn(const OhState& st, const std::string& viewer, pb::View& view) {
  pb::TurnView* t = view.mutable_turn();
  t->set_turn(st.turn);
  t->set_phase(st.ready_window ? "ready fire" : step_words(st.step));
  t->set_active_side(st.side_id(st.phasing));
  if (st.pending_move) t->set_active_unit(st.pending_move->unit_id);
  t->set_first_side(st.side_id(st.attacker));
  t->set_task(task_words(st, viewer));
  if (st.over) {
    for (const auto& line : st.deciding) view.mutable_result()->add_deciding(line);
    for (std::size_t i = 0; i < st.objectives.size(); ++i) {
      const int s = st.side_index(st.holders[i]);
      const int pts = st.objectives[i].points;
      view.mutable_result()->add_deciding(st.objectives[i].name + " (" + num(pts) + (pts == 1 ? " point): " : " points): ") +
                                          (s >= 0 ? "held by " + side_name(st, s) : std::string("held by nobody")));
    }
  }
}

// What the rule set adds to the static table: the GM's laid and removed features, and the
// briefing's words. The same for every viewer (table_key).
void fill_table(const OhState& st, const std::string& viewer, pb::View& view) {
  if (st.gm_terrain) show_terrain(*st.gm_terrain, viewer, view);
  for (auto& line : briefing_rules(st)) view.mutable_briefing()->add_rules(std::move(line));
  view.mutable_briefing()->set_side_strength("units");     // a side's strength: its units left
  view.mutable_briefing()->set_unit_strength("Hits left");  // a unit's: Hits before it is destroyed
}

}  // namespace

void OneHourWw2::fill_view(const GameState& state, const std::string& viewer, pb::View& view) const {
  const auto& st = static_cast<const OhState&>(state);
  fill_table(st, viewer, view);
  fill_pieces(st, viewer, view);
  fill_turn(st, viewer, view);
}

void OneHourWw2::fill_view_without_pieces(const GameState& state, const std::string& viewer, pb::View& view) const {
  const auto& st = static_cast<const OhState&>(state);
  fill_table(st, viewer, view);
  fill_turn(st, viewer, view);
}

void OneHourWw2::fill_view_without_table(const GameState& state, const std::string& viewer, bool pieces, pb::View& view) const {
  const auto& st = static_cast<const OhState&>(state);
  if (pieces) fill_pieces(st, viewer, view);
  fill_turn(st, viewer, view);
}

// Nothing on a One-Hour Wargames table is secret (the GM's edit refuses an owner,
// oh_edit_table.cc); a feature with one would still set the seats apart (show_terrain).
std::string OneHourWw2::table_key(const GameState& state, const std::string& viewer) const {
  const auto& st = static_cast<const OhState&>(state);
  if (st.gm_terrain && std::any_of(st.gm_terrain->begin(), st.gm_terrain->end(), [](const auto& t) { return !t.owner().empty(); })) {
    return viewer;
  }
  return "all";
}

// Without the fog of war (GAP-OH-LOS-05's option), or once it has lifted at the end, no unit is
// hidden from anyone and every viewer sees the same units and sides.
std::string OneHourWw2::pieces_key(const GameState& state, const std::string& viewer) const {
  const auto& st = static_cast<const OhState&>(state);
  return !st.options.hidden_ambush || st.over ? "all" : viewer;
}

}  // namespace sandtable::oh
