// Applying events: the only place the state changes (live through Context::emit, and replayed).
#include <algorithm>

#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_rules_impl.h"

namespace sandtable::rr {

namespace {

constexpr std::uint64_t kDeckStream = 0x5252'4445'434bULL;  // "RRDECK": the deck's own stream

Phase phase_of(pb::RrPhase p) {
  switch (p) {
    case pb::RR_PHASE_PLOT: return Phase::kPlot;
    case pb::RR_PHASE_COMMAND: return Phase::kCommand;
    case pb::RR_PHASE_CARDS: return Phase::kCards;
    case pb::RR_PHASE_STRIKES: return Phase::kStrikes;
    case pb::RR_PHASE_MORALE: return Phase::kMorale;
    default: return Phase::kCommand;
  }
}

void remove(RrState& st, Unit& u) {
  u.alive = false;
  u.figures = std::max(u.figures, 0);
  st.deck->retire(u.id);
}

// One function of the active unit spent (RR-CARD-05).
void spent(RrState& st, const std::string& unit_id) {
  if (unit_id == st.active_unit && st.functions_left > 0) --st.functions_left;
}

}  // namespace

void RookieRules::fresh_decks(GameState& state) const {
  auto& st = static_cast<RrState&>(state);
  st.deck_rng = Pcg32(st.deck_seed, kDeckStream);
  if (st.deck && !st.table_dice) st.deck->shuffle_draw_pile(st.deck_rng);  // the cards not yet turned
}

void RookieRules::apply(GameState& state, const pb::Event& event) const {
  auto& st = static_cast<RrState&>(state);
  if (!carries<pb::RrEvent>(event)) return;
  const pb::RrEvent e = payload_of<pb::RrEvent>(event);
  switch (e.body_case()) {
    case pb::RrEvent::kTurnStarted:
      if (st.turn == 0) st.deck_rng = Pcg32(st.deck_seed, kDeckStream);
      st.turn = e.turn_started().turn();
      for (auto& u : st.units) u.tested = false;
      st.strikes.clear();
      break;
    case pb::RrEvent::kDeckShuffled:
      st.sequence = e.deck_shuffled().sequence();
      st.deck->start_sequence(st.deck_rng);  // RR-SEQ-01 steps 3 and 5; the order stays secret (RR-CARD-06)
      st.active_unit.clear();
      st.functions_left = 0;
      for (auto& u : st.units) u.fired = u.moved = false;
      break;
    case pb::RrEvent::kPhaseStarted: {
      const auto& x = e.phase_started();
      st.phase = phase_of(x.phase());
      st.sequence = x.sequence();
      st.phase_side = std::max(st.side_index(x.side()), 0);
      break;
    }
    case pb::RrEvent::kCardTurned:
      st.deck->draw_entered(e.card_turned().card());
      break;
    case pb::RrEvent::kCardPassed:
      st.deck->pass();
      break;
    case pb::RrEvent::kUnitActivated:
      if (Unit* u = st.find(e.unit_activated().unit_id()); u && u->temporary_marker != Marker::kNone) u->temporary_armed = true;
      st.deck->activate(e.unit_activated().unit_id());
      st.active_unit = e.unit_activated().unit_id();
      st.functions_left = e.unit_activated().functions();
      st.fired_at.clear();
      st.split = false;
      break;
    case pb::RrEvent::kActivationEnded:
      st.active_unit.clear();
      st.functions_left = 0;
      st.fired_at.clear();
      st.split = false;
      break;
    case pb::RrEvent::kMoved: {
      const auto& x = e.moved();
      if (Unit* u = st.find(x.unit_id())) {
        u->pos = geom::from_proto(x.to());
        u->facing_deg = x.facing_deg();
        u->moved = true;
      }
      spent(st, x.unit_id());
      break;
    }
    case pb::RrEvent::kFired: {
      const auto& x = e.fired();
      if (x.unseen_firer()) break;
      if (Unit* u = st.find(x.unit_id())) {
        // RR-SNIP-02 counts the turns in which a sniper fires.
        if (x.sniper() && u->last_fire_turn != st.turn) {
          ++u->sniper_fire_turns;
          u->last_fire_turn = st.turn;
        }
        u->fired = true;
      }
      if (Unit* t = st.find(x.target_id())) {
        t->figures = x.target_figures();
        t->marker = from_pb(x.target_marker());
        if (x.temporary_marker() != pb::RR_MARKER_NONE) {
          t->temporary_marker = from_pb(x.temporary_marker());
          t->underlying_marker = from_pb(x.underlying_marker());
          t->temporary_armed = false;
        }
        if (x.destroyed()) remove(st, *t);
      }
      if (x.unit_id().empty()) break;  // a strike, a minefield or an overrun: no function spent
      if (std::find(st.fired_at.begin(), st.fired_at.end(), x.target_id()) == st.fired_at.end()) st.fired_at.push_back(x.target_id());
      st.split = st.split || x.split();
      spent(st, x.unit_id());
      break;
    }
    case pb::RrEvent::kMarkerChanged:
      if (Unit* u = st.find(e.marker_changed().unit_id())) {
        u->marker = from_pb(e.marker_changed().marker());
        if (e.marker_changed().rule_id() == "RR-ARM-04") {
          u->temporary_marker = u->underlying_marker = Marker::kNone;
          u->temporary_armed = false;
        }
      }
      break;
    case pb::RrEvent::kBreakdownRolled: {
      const auto& x = e.breakdown_rolled();
      if (Unit* u = st.find(x.unit_id())) {
        u->breakdown_sequence = st.turn * 2 + st.sequence;
        u->stuck = u->stuck || x.stuck();
        u->immobile = u->immobile || x.immobile();
      }
      break;
    }
    case pb::RrEvent::kBrokeFree:
      if (Unit* u = st.find(e.broke_free().unit_id())) u->stuck = u->stuck && !e.broke_free().free();
      if (e.broke_free().unit_id() == st.active_unit) st.functions_left = 0;  // it took the whole activation
      break;
    case pb::RrEvent::kMoraleTested: {
      const auto& x = e.morale_tested();
      if (Unit* u = st.find(x.unit_id())) {
        u->figures = x.figures();
        u->marker = from_pb(x.marker());
        if (x.has_fell_back_to()) u->pos = geom::from_proto(x.fell_back_to());
        if (x.trigger() == "voluntary") u->tested = true;
        if (x.removed()) remove(st, *u);
      }
      break;
    }
    case pb::RrEvent::kObserved:
      spent(st, e.observed().unit_id());
      break;
    case pb::RrEvent::kSpotted: {
      const auto& x = e.spotted();
      Unit* u = st.find(x.unit_id());
      const int side = st.side_index(x.side());
      if (!u || side < 0) break;
      auto& by = u->spotted_by;
      by.erase(std::remove(by.begin(), by.end(), side), by.end());
      if (x.spotted()) by.push_back(side);
      std::sort(by.begin(), by.end());
      break;
    }
    case pb::RrEvent::kCommanded: {
      const auto& x = e.commanded();
      st.deck->spend_in_command_phase(x.leader_id());  // RR-CMD-05: inactive for the sequence
      for (int i = 0; i < x.unit_ids_size() && i < x.markers_size(); ++i) {
        if (Unit* u = st.find(x.unit_ids(i))) u->marker = from_pb(x.markers(i));
      }
      break;
    }
    case pb::RrEvent::kRallied:
      if (Unit* u = st.find(e.rallied().unit_id())) u->marker = from_pb(e.rallied().marker());
      spent(st, e.rallied().unit_id());
      break;
    case pb::RrEvent::kUnitRemoved:
      if (Unit* u = st.find(e.unit_removed().unit_id())) remove(st, *u);
      break;
    case pb::RrEvent::kPlotted: {
      const auto& x = e.plotted();
      Plot p{st.side_index(x.side()), x.battery_id(), geom::from_proto(x.point()), x.template_kind(), x.orientation_deg()};
      auto same = std::find_if(st.plots.begin(), st.plots.end(), [&](const Plot& q) { return q.battery_id == p.battery_id; });
      if (same != st.plots.end()) {
        *same = std::move(p);  // a new plot for the battery replaces the old one
      } else {
        st.plots.push_back(std::move(p));
      }
      break;
    }
    case pb::RrEvent::kStrikeLanded: {
      const auto& x = e.strike_landed();
      if (!x.aircraft() && !x.battery_id().empty() && x.battery_id() == st.active_unit) {
        // RR-ART-07: an on-table mortar's fire function.
        if (Unit* m = st.find(x.battery_id())) m->fired = true;
        if (!x.aimed_at().empty() && std::find(st.fired_at.begin(), st.fired_at.end(), x.aimed_at()) == st.fired_at.end()) {
          st.fired_at.push_back(x.aimed_at());  // RR-FIRE-08
        }
        st.split = st.split || x.split();
        spent(st, x.battery_id());
      }
      // Only off-table fire stays drawn for the turn (a mortar's bombs are in the log).
      if (!x.aircraft() && !st.battery(x.battery_id())) break;
      std::erase_if(st.plots, [&](const Plot& q) { return q.battery_id == x.battery_id(); });
      st.strikes.push_back(Strike{st.side_index(x.side()), x.battery_id(), x.aircraft() ? x.battery_name() : "", geom::from_proto(x.landed()),
                                  x.template_kind(), x.orientation_deg()});
      break;
    }
    case pb::RrEvent::kMinefieldFound: {
      const auto i = static_cast<std::size_t>(e.minefield_found().index());
      if (i < st.minefields.size()) st.minefields[i].found = true;
      break;
    }
    case pb::RrEvent::kMeleeFought: {
      const auto& x = e.melee_fought();
      for (auto [id, figures] : {std::pair{x.unit_id(), x.unit_figures()}, std::pair{x.target_id(), x.target_figures()}}) {
        Unit* u = st.find(id);
        if (!u) continue;
        u->figures = figures;
        if (figures <= 0) remove(st, *u);
      }
      break;
    }
    case pb::RrEvent::kAirArrival: {
      const auto& x = e.air_arrival();
      const int side = std::max(st.side_index(x.side()), 0);
      if (!x.arrived()) {
        ++st.failed_checks[side];
        break;
      }
      st.failed_checks[side] = 0;
      ++st.sorties[side];
      Aircraft a;
      a.id = x.aircraft_id();
      a.side = side;
      for (std::size_t i = 0; i < st.air.size(); ++i) {
        if (st.air[i].side == side) a.support = static_cast<int>(i);
      }
      st.aircraft.push_back(std::move(a));
      break;
    }
    case pb::RrEvent::kFlightPlanned:
      if (Aircraft* a = st.plane(e.flight_planned().aircraft_id())) {
        a->aim = geom::from_proto(e.flight_planned().aim());
        a->heading_deg = e.flight_planned().heading_deg();
        a->planned = true;
      }
      break;
    case pb::RrEvent::kAircraftOnTable:
      if (Aircraft* a = st.plane(e.aircraft_on_table().aircraft_id())) {
        a->on_table = true;
        a->path.clear();
        for (const auto& p : e.aircraft_on_table().path()) a->path.push_back(geom::from_proto(p));
      }
      break;
    case pb::RrEvent::kDogfight:
      for (const auto& id : e.dogfight().removed()) std::erase_if(st.aircraft, [&](const Aircraft& a) { return a.id == id; });
      break;
    case pb::RrEvent::kAaFired: {
      const auto& x = e.aa_fired();
      if (Aircraft* a = st.plane(x.aircraft_id())) {
        // Absolute values: the copy without the gun (for the enemy of a hidden unit) changes nothing.
        a->airframe_hits = x.airframe_hits();
        a->location_modifier = x.location_modifier();
        a->out = a->out || x.out();
      }
      spent(st, x.unit_id());
      break;
    }
    case pb::RrEvent::kAircraftLeft:
      std::erase_if(st.aircraft, [&](const Aircraft& a) { return a.id == e.aircraft_left().aircraft_id(); });
      break;
    case pb::RrEvent::kSettingUp: {
      const auto& x = e.setting_up();
      if (Unit* u = st.find(x.unit_id())) {
        u->set_up_turn = st.turn;
        u->set_up_functions = x.functions() >= x.needed() ? 0 : x.functions();
        u->packed = !x.emplaced();
      }
      spent(st, x.unit_id());
      break;
    }
    case pb::RrEvent::kSquadsCombined: {
      const auto& x = e.squads_combined();
      st.deck->spend_in_command_phase(x.leader_id());  // RR-CMD-07: the leader's command for the sequence
      if (Unit* into = st.find(x.into_id())) {
        into->figures = x.figures();
        into->marker = from_pb(x.marker());
      }
      if (Unit* gone = st.find(x.unit_id())) {
        gone->figures = 0;
        remove(st, *gone);
      }
      break;
    }
    case pb::RrEvent::kTurnEnded: {
      const auto& x = e.turn_ended();
      for (int i = 0; i < x.objective_holders_size() && i < static_cast<int>(st.holders.size()); ++i) {
        st.holders[static_cast<std::size_t>(i)] = x.objective_holders(i);
      }
      break;
    }
    default:
      break;
  }
}

}  // namespace sandtable::rr
