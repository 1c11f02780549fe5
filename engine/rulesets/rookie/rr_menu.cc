// The action menu (docs/protocol.md): what the seat the game waits on may do now. Every entry is
// read off the handlers' own checks, so the menu cannot offer what they refuse; order_for builds
// the order back from a pick.
#include <algorithm>
#include <cstdlib>

#include "engine/model/menu_build.h"
#include "engine/model/rejection.h"
#include "engine/rulesets/rookie/rr_artillery.h"
#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_rules_impl.h"

namespace sandtable::rr {

namespace {

pb::ActionTarget* unit_target(pb::Action* a, const std::string& id, const Unit& t, std::string detail) {
  auto* x = a->add_targets();
  x->set_id(id);
  x->set_unit_id(t.id);
  x->set_label(label(t));
  geom::to_proto(t.pos, x->mutable_point());
  x->set_detail(std::move(detail));
  return x;
}

std::string shot_detail(const FirePlan& p) {
  std::string d = inches(p.distance) + ", ff " + std::to_string(p.plan.ff_after_range) + ", column ";
  d += p.plan.off_chart_left ? column_label(-1) : column_label(p.plan.final_column);
  if (p.blind) d += ", blind fire";
  return d;
}

void add_fire(const RrState& st, int side, const Unit& u, pb::ActionMenu& menu, bool split) {
  pb::Action* a = nullptr;
  for (const auto& t : st.units) {
    if (!t.alive || t.side == side || !visible_to(st, t, st.side_id(side))) continue;
    pb::RrFire f;
    f.set_unit_id(u.id);
    f.set_target_id(t.id);
    f.set_split(split);
    FirePlan p;
    if (check_fire(st, side, f, &p)) continue;
    if (!a) {
      a = split ? add_action(menu, "split:" + u.id, "fire", "Fire, then at another target (2 left each)", u.id, "RR-FIRE-08")
                : add_action(menu, "fire:" + u.id, "fire", "Fire", u.id, "RR-FIRE-01");
    }
    unit_target(a, t.id, t, shot_detail(p));
  }
}

void add_active(const RrState& st, int side, const Unit& u, pb::ActionMenu& menu) {
  pb::RrMove probe;
  probe.set_unit_id(u.id);
  *probe.add_path() = [&] {
    pb::Point p;
    geom::to_proto(u.pos, &p);
    return p;
  }();
  const MoveAllowance a = allowance_now(st, u);
  const Check can_move = check_move(st, side, probe, nullptr);
  if (!can_move && a.inches > 0) {
    pb::Action* m = add_action(menu, "move:" + u.id, "move", "Move (class " + std::string(speed_class_name(a.speed_class)) + ", up to " +
                                                                 inches(a.inches) + ")", u.id, "RR-MOVE-01");
    auto* lim = m->mutable_move();
    lim->set_max_inches(a.inches);
    lim->set_facing_free(true);
    // RR-MEL-02: melee is declared with the move that brings the unit's stands within 1" of the
    // enemy's; the menu offers each seen enemy it can close with, straight at it.
    pb::Action* mel = nullptr;
    for (const auto& e : st.units) {
      if (!e.alive || e.side == side || !visible_to(st, e, st.side_id(side))) continue;
      if (!geom::within_distance(u.pos, e.pos, a.inches + (u.figures + e.figures) / 2.0 + 2.0)) continue;
      if (!melee_charge(st, side, u, e)) continue;
      if (!mel) mel = add_action(menu, "melee:" + u.id, "close_combat", "Melee (move into contact)", u.id, "RR-MEL-02");
      unit_target(mel, e.id, e, inches(geom::distance(u.pos, e.pos)) + " away");
    }
  }
  add_fire(st, side, u, menu, false);
  if (st.fired_at.empty()) add_fire(st, side, u, menu, true);
  pb::Action* aa = nullptr;
  for (const auto& plane : st.aircraft) {
    pb::RrAaFire f;
    f.set_unit_id(u.id);
    f.set_aircraft_id(plane.id);
    if (check_aa_fire(st, side, f) || plane.path.size() < 2) continue;
    if (!aa) aa = add_action(menu, "aa:" + u.id, "other", "Fire at an aircraft", u.id, "RR-AIR-05");
    auto* t = aa->add_targets();
    t->set_id(plane.id);
    const std::string& name = st.air[static_cast<std::size_t>(plane.support)].name;
    t->set_label(name.empty() ? plane.id : name);
    geom::to_proto((plane.path.front() + plane.path.back()) / 2, t->mutable_point());
    t->set_detail(std::to_string(aa_chance_of(u)) + "% to hit");
  }
  pb::RrBreakFree free;
  free.set_unit_id(u.id);
  if (!check_break_free(st, side, free)) add_action(menu, "free:" + u.id, "other", "Try to break free (takes the activation)", u.id, "GAP-RR-MOVE-09");
  pb::RrSetUp up;
  up.set_unit_id(u.id);
  if (!check_set_up(st, side, up)) add_action(menu, "setup:" + u.id, "other", set_up_label(st, u), u.id, "RR-FUNC-03");
  pb::Action* obs = nullptr;
  for (const auto& t : st.units) {
    pb::RrObserve o;
    o.set_unit_id(u.id);
    o.set_target_id(t.id);
    if (!t.alive || t.side == side || check_observe(st, side, o)) continue;
    if (!obs) obs = add_action(menu, "observe:" + u.id, "other", "Observe (try to spot)", u.id, "RR-OBS-02");
    unit_target(obs, t.id, t, inches(geom::distance(u.pos, t.pos)));
  }
  // RR-OBS-02: with rr.fog = hidden nothing in cover is on the table to observe: a unit may search
  // a place of cover it can see (each terrain feature, at its edge nearest the unit).
  if (st.options.hide_unspotted) {
    pb::Action* search = nullptr;
    for (std::size_t i = 0; i < st.table->terrain.size(); ++i) {
      const auto place = search_point(st, u, i);
      if (!place) continue;
      pb::RrObserve o;
      o.set_unit_id(u.id);
      geom::to_proto(*place, o.mutable_place());
      if (check_observe(st, side, o)) continue;
      if (!search) search = add_action(menu, "search:" + u.id, "other", "Search cover (try to spot)", u.id, "RR-OBS-02");
      auto* t = search->add_targets();
      t->set_id("terrain:" + std::to_string(i));
      t->set_label(st.table->terrain[i].name);
      geom::to_proto(*place, t->mutable_point());
      t->set_detail(inches(geom::distance(u.pos, *place)) + " away");
    }
  }
  pb::RrRally r;
  r.set_unit_id(u.id);
  if (!check_rally(st, side, r)) add_action(menu, "rally:" + u.id, "other", "Lower its marker one step", u.id, "RR-CMD-06");
  add_action(menu, "end-activation", "end", "End this activation", "", "RR-CARD-05");
}

void add_command(const RrState& st, int side, pb::ActionMenu& menu) {
  for (const auto& l : st.units) {
    if (!l.alive || l.side != side || l.kind != Kind::kLeader) continue;
    pb::Action* a = nullptr;
    std::vector<const Unit*> marked;
    for (const auto& u : st.units) {
      if (u.alive && u.side == side && u.id != l.id && u.marker != Marker::kNone) marked.push_back(&u);
    }
    auto offer = [&](const std::vector<std::string>& ids, const Unit& shown, const std::string& words) {
      pb::RrLeaderCommand c;
      c.set_leader_id(l.id);
      for (const auto& id : ids) c.add_unit_ids(id);
      if (check_leader_command(st, side, c)) return;
      if (!a) a = add_action(menu, "command:" + l.id, "other", "Remove markers with " + label(l), l.id, "RR-CMD-05");
      std::string target;
      for (const auto& id : ids) target += (target.empty() ? "" : "+") + id;
      unit_target(a, target, shown, words);
    };
    for (const Unit* u : marked) {
      offer({u->id}, *u, "one step off " + label(*u));
      offer({u->id, u->id}, *u, "two steps off " + label(*u));
    }
    for (std::size_t i = 0; i < marked.size(); ++i) {
      for (std::size_t j = i + 1; j < marked.size(); ++j) {
        offer({marked[i]->id, marked[j]->id}, *marked[i], "one step off " + label(*marked[i]) + " and one off " + label(*marked[j]));
      }
    }
  }
  for (const auto& l : st.units) {
    if (!l.alive || l.side != side || l.kind != Kind::kLeader) continue;
    pb::Action* a = nullptr;
    for (const auto& x : st.units) {
      if (!x.alive || x.side != side || x.kind != Kind::kSquad || x.figures >= x.original_figures) continue;
      for (const auto& y : st.units) {
        pb::RrCombineSquads c;
        c.set_leader_id(l.id);
        c.set_unit_id(x.id);
        c.set_into_id(y.id);
        if (!y.alive || y.side != side || &x == &y || check_combine(st, side, c)) continue;
        if (!a) a = add_action(menu, "combine:" + l.id, "other", "Combine squads with " + label(l), l.id, "RR-CMD-07");
        unit_target(a, x.id + ">" + y.id, x, label(x) + " joins " + label(y) + ": " + std::to_string(x.figures + y.figures) + " figures");
      }
    }
  }
  add_action(menu, "end-phase", "end", "End the command phase", "", "RR-CMD-05");
}

// RR-ART-01/03: one point pick per battery and template it may fire; a battery already plotted
// may be plotted again (the new plot replaces the old).
void add_plots(const RrState& st, int side, pb::ActionMenu& menu) {
  for (const auto& b : st.batteries) {
    if (b.side != side) continue;
    const bool plotted = std::any_of(st.plots.begin(), st.plots.end(), [&](const Plot& p) { return p.battery_id == b.id; });
    for (const auto& kind : battery_templates(b)) {
      const TemplateSize size = kTemplateSizes[static_cast<std::size_t>(kind[0] - 'A')];
      pb::Action* a = add_action(menu, "plot:" + b.id + ":" + kind, "other",
                                 std::string(plotted ? "Plot again: " : "Plot: ") + battery_label(b) + ", template " + kind, "", "RR-ART-01");
      auto* pick = a->mutable_point();
      pick->set_hint("Click where " + battery_label(b) + "'s fire should land (secret until it lands)");
      pick->set_facing_free(!size.round);
      pick->set_marker_length(size.length);
      pick->set_marker_width(size.width);
      pick->set_marker_round(size.round);
    }
  }
  // RR-AIR-02/07: each aircraft on call gets its run: the point it attacks, and its heading.
  for (const auto& a : st.aircraft) {
    if (a.side != side || a.on_table || a.out) continue;
    const AirSupport& sup = st.air[static_cast<std::size_t>(a.support)];
    const std::string letter = air_template_letter(sup);
    const TemplateSize size = kTemplateSizes[static_cast<std::size_t>(letter[0] - 'A')];
    const std::string name = sup.name.empty() ? a.id : sup.name;
    pb::Action* x = add_action(menu, "fly:" + a.id, "other", std::string(a.planned ? "Plan again: " : "Plan the run: ") + name, "", "RR-AIR-02");
    auto* pick = x->mutable_point();
    pick->set_hint("Click where " + name + " attacks; Q / E turn its run (it crosses the table along that heading, secret until it comes on)");
    pick->set_facing_free(true);
    pick->set_marker_length(size.length);
    pick->set_marker_width(size.width);
    pick->set_marker_round(size.round);
  }
  add_action(menu, "end-phase", "end", "Done plotting", "", "RR-ART-01");
}

}  // namespace

void RookieRules::actions(const GameState& state, const std::string& seat, pb::ActionMenu& menu) const {
  const auto& st = static_cast<const RrState&>(state);
  const int side = st.side_index(seat);
  if (side < 0 || st.over || waiting_side(st) != side) return;
  switch (st.phase) {
    case Phase::kPlot:
      add_plots(st, side, menu);
      return;
    case Phase::kCommand:
      add_command(st, side, menu);
      return;
    case Phase::kMorale: {
      for (const auto& u : st.units) {
        pb::RrMoraleTest t;
        t.set_unit_id(u.id);
        if (u.alive && u.side == side && !check_morale_test(st, side, t)) {
          add_action(menu, "test:" + u.id, "other", "Test morale to remove its marker", u.id, "RR-MOR-02");
        }
      }
      add_action(menu, "end-phase", "end", "End the turn", "", "RR-MOR-06");
      return;
    }
    case Phase::kCards:
      if (!st.active_unit.empty()) {
        if (const Unit* u = st.alive_unit(st.active_unit)) add_active(st, side, *u, menu);
        return;
      }
      if (st.deck->pending()) {
        // One entry per unit that may act, on the unit itself: select it, then "Act on this card".
        for (const Unit* u : eligible_units(st, side)) add_action(menu, "activate:" + u->id, "other", "Act on this card", u->id, "RR-CARD-04");
        add_action(menu, "pass", "end", "Pass this card", "", "RR-CARD-04");
      }
      return;
    default:
      return;
  }
}

pb::Command RookieRules::order_for(const GameState& state, const std::string& seat, const pb::Action& action,
                                   const pb::PlayAction& play) const {
  pb::RrCommand c;
  const std::string& id = action.id();
  const std::string& unit = action.unit_id();
  if (id.starts_with("fire:") || id.starts_with("split:")) {
    c.mutable_fire()->set_unit_id(unit);
    c.mutable_fire()->set_target_id(play.target());
    c.mutable_fire()->set_split(id.starts_with("split:"));
  } else if (id.starts_with("move:")) {
    auto* m = c.mutable_move();
    m->set_unit_id(unit);
    for (const auto& p : play.path()) *m->add_path() = p;
    m->set_facing_deg(play.facing_deg());
  } else if (id.starts_with("observe:")) {
    c.mutable_observe()->set_unit_id(unit);
    c.mutable_observe()->set_target_id(play.target());
  } else if (id.starts_with("search:")) {
    const auto& st = static_cast<const RrState&>(state);
    c.mutable_observe()->set_unit_id(unit);
    const Unit* u = st.alive_unit(unit);
    const std::string& t = play.target();
    const std::size_t i = t.starts_with("terrain:") ? std::strtoul(t.c_str() + 8, nullptr, 10) : st.table->terrain.size();
    if (u && i < st.table->terrain.size()) {
      if (const auto place = search_point(st, *u, i)) geom::to_proto(*place, c.mutable_observe()->mutable_place());
    }
  } else if (id.starts_with("rally:")) {
    c.mutable_rally()->set_unit_id(unit);
  } else if (id.starts_with("command:")) {
    auto* x = c.mutable_leader_command();
    x->set_leader_id(unit);
    std::string rest = play.target();
    for (std::size_t at = 0; at <= rest.size();) {
      const std::size_t plus = rest.find('+', at);
      x->add_unit_ids(rest.substr(at, plus == std::string::npos ? std::string::npos : plus - at));
      if (plus == std::string::npos) break;
      at = plus + 1;
    }
  } else if (id.starts_with("plot:")) {
    // plot:<battery>:<template>
    const std::string rest = id.substr(5);
    const std::size_t colon = rest.rfind(':');
    auto* p = c.mutable_plot();
    p->set_battery_id(rest.substr(0, colon));
    p->set_template_kind(colon == std::string::npos ? "" : rest.substr(colon + 1));
    *p->mutable_point() = play.point();
    p->set_orientation_deg(play.facing_deg());
  } else if (id.starts_with("fly:")) {
    auto* p = c.mutable_flight_plan();
    p->set_aircraft_id(id.substr(4));
    *p->mutable_aim() = play.point();
    p->set_heading_deg(play.facing_deg());
  } else if (id.starts_with("aa:")) {
    c.mutable_aa_fire()->set_unit_id(unit);
    c.mutable_aa_fire()->set_aircraft_id(play.target());
  } else if (id.starts_with("free:")) {
    c.mutable_break_free()->set_unit_id(unit);
  } else if (id.starts_with("setup:")) {
    c.mutable_set_up()->set_unit_id(unit);
  } else if (id.starts_with("combine:")) {
    const std::string& t = play.target();
    const std::size_t gt = t.find('>');
    auto* x = c.mutable_combine();
    x->set_leader_id(unit);
    x->set_unit_id(t.substr(0, gt));
    x->set_into_id(gt == std::string::npos ? "" : t.substr(gt + 1));
  } else if (id.starts_with("melee:")) {
    const auto& st = static_cast<const RrState&>(state);
    const Unit* u = st.alive_unit(unit);
    const Unit* t = st.alive_unit(play.target());
    const int side = st.side_index(seat);
    std::optional<pb::RrMove> m = u && t ? melee_charge(st, side, *u, *t) : std::nullopt;
    if (!m) {
      m.emplace();  // refused by the move's own check, in its words
      m->set_unit_id(unit);
      m->set_melee(true);
      m->set_melee_target_id(play.target());
    }
    *c.mutable_move() = *m;
  } else if (id.starts_with("test:")) {
    c.mutable_morale_test()->set_unit_id(unit);
  } else if (id.starts_with("activate:")) {
    c.mutable_activate()->set_unit_id(unit);
  } else if (id == "pass") {
    c.mutable_pass();
  } else if (id == "end-activation") {
    c.mutable_end_activation();
  } else {
    c.mutable_end_phase();
  }
  return order_of(seat, c);
}

}  // namespace sandtable::rr
