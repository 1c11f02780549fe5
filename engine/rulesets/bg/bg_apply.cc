// Applying events to the Battleground state: the only place the state changes. This file
// holds the dispatch and the core events (cards, turn flow, movement, markers, units);
// combat and special events are applied in bg_apply_combat.cc and bg_apply_special.cc.
#include <algorithm>

#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bg_rules_impl.h"
#include "engine/rulesets/bg/bgm_layer.h"
#include "engine/rulesets/bg/bgs_skirmish.h"

namespace sandtable::bg {

namespace {

// A separate generator stream for the deck (BG-CARD-12): the dice never share its outputs.
constexpr std::uint64_t kDeckStream = 0x4247'4445'434bULL;  // "BGDECK"

void set_marker(Markers& m, const std::string& name, bool on) {
  if (name == "ran") m.ran = on;
  else if (name == "road") m.road = on;
  else if (name == "dug_in") m.dug_in = on;
  else if (name == "routing") m.routing = on;
  else if (name == "melee") m.melee = on;
}

void card_drawn(BgState& st, const pb::BgCardDrawn& e) {
  if (st.table_dice) {
    st.deck.draw_entered(e.card());
  } else {
    st.deck.draw(st.deck_rng);
  }
  st.play.take(e.card());
  switch (e.effect()) {
    case pb::BG_CARD_ALL_UNITS:
    case pb::BG_CARD_ONE_UNIT:
    case pb::BG_CARD_ONE_UNIT_AGAIN:
      st.action.side = st.side_index(e.side());
      st.action.action = e.action() == pb::BG_ACTION_SHOOT ? BgAction::kShoot : BgAction::kMove;
      st.action.one_unit = e.effect() != pb::BG_CARD_ALL_UNITS;
      st.action.serial += 1;
      break;
    default:
      st.action.side = -1;
      break;
  }
  if (e.last_card()) st.card_phase_over = true;
}

void unit_moved(BgState& st, const pb::BgUnitMoved& e) {
  Unit* u = st.find(e.unit_id());
  if (!u) return;
  for (const auto& p : e.figures()) {
    if (Figure* f = u->figure(p.figure_id())) f->pos = to_vec(p.position());
  }
  if (auto f = facing_from_degrees(e.facing_deg())) u->facing = *f;
  u->building = e.building();
  u->position = com(*u);
}

void vehicle_moved(BgState& st, const pb::BgVehicleMoved& e) {
  Unit* u = st.find(e.unit_id());
  if (!u || !u->vehicle) return;
  u->position = to_vec(e.to());
  if (auto f = facing_from_degrees(e.facing_deg())) u->facing = *f;
  if (e.immobilized()) u->vehicle->immobilized = true;
  // BG-MOVE-14: a dug-in vehicle that moves off loses the bonus for good.
  if (!geom::negligible(geom::distance(to_vec(e.from()), to_vec(e.to())))) u->markers.dug_in = false;
  for (const auto& pid : u->vehicle->passengers) {
    if (Unit* p = st.find(pid)) {
      for (auto& f : p->figures) f.pos = u->position;
      p->position = u->position;
      p->facing = u->facing;
    }
  }
}

void mounted(BgState& st, const pb::BgMounted& e) {
  Unit* u = st.find(e.unit_id());
  Unit* v = st.find(e.vehicle_id());
  if (!u || !v || !v->vehicle) return;
  auto& ps = v->vehicle->passengers;
  if (e.mounted()) {
    u->carried_by = v->id;
    if (std::find(ps.begin(), ps.end(), u->id) == ps.end()) ps.push_back(u->id);
    u->building.clear();
    u->markers.dug_in = false;
    for (auto& f : u->figures) f.pos = v->position;
  } else {
    u->carried_by.clear();
    std::erase(ps, u->id);
    for (const auto& p : e.figures()) {
      if (Figure* f = u->figure(p.figure_id())) f->pos = to_vec(p.position());
    }
    if (auto f = facing_from_degrees(e.facing_deg())) u->facing = *f;
  }
  u->position = com(*u);
}

void cavalry(BgState& st, const pb::BgCavalryChanged& e) {
  Unit* u = st.find(e.unit_id());
  if (!u) return;
  switch (e.kind()) {
    case pb::BG_CAV_DISMOUNT:
      u->mounted = false;
      u->has_horses = true;
      u->horses = to_vec(e.horses());
      u->horse_holder = e.horse_holder();
      if (Figure* f = u->figure(e.horse_holder())) f->kind = FigureKind::kHorseHolder;
      break;
    case pb::BG_CAV_REMOUNT:
      u->mounted = true;
      u->has_horses = false;
      if (Figure* f = u->figure(u->horse_holder)) f->kind = FigureKind::kRifle;
      u->horse_holder.clear();
      break;
    case pb::BG_CAV_RELEASE_HORSES:
      u->has_horses = false;
      u->horses_released = true;
      if (Figure* f = u->figure(u->horse_holder)) {
        f->kind = FigureKind::kRifle;
        f->pos = to_vec(e.horses());
      }
      u->horse_holder.clear();
      u->kind = UnitKind::kInfantry;  // the horses never return (BG-CAV-05)
      break;
    default:
      break;
  }
}

void combined(BgState& st, const pb::BgUnitsCombined& e) {
  Unit* keep = st.find(e.unit_id());
  if (!keep) return;
  for (const auto& id : e.absorbed()) {
    Unit* other = st.find(id);
    if (!other) continue;
    for (auto& f : other->figures) {
      if (f.alive) keep->figures.push_back(f);
    }
    other->figures.erase(std::remove_if(other->figures.begin(), other->figures.end(), [](const Figure& f) { return f.alive; }),
                         other->figures.end());
    other->destroyed = true;
    keep->markers.ran = keep->markers.ran || other->markers.ran;
  }
  if (auto g = parse_grade(e.grade())) keep->grade = *g;
  for (const auto& fid : e.demoted_leaders()) {
    if (Figure* f = keep->figure(fid)) f->kind = FigureKind::kRifle;  // BG-COMB-05
  }
  if (!e.split_into().empty()) {
    // BG-COMB-02: over 12 figures: the named figures form a new unit.
    Unit nu = *keep;
    nu.id = e.split_into();
    nu.name = keep->name + " (2)";
    nu.figures.clear();
    for (const auto& fid : e.split_figures()) {
      auto it = std::find_if(keep->figures.begin(), keep->figures.end(), [&](const Figure& f) { return f.id == fid; });
      if (it == keep->figures.end()) continue;
      nu.figures.push_back(*it);
      keep->figures.erase(it);
    }
    nu.position = com(nu);
    st.units.push_back(nu);
    keep = st.find(e.unit_id());
  }
  keep->position = com(*keep);
  st.next_id += 1;
}

}  // namespace

void apply_core_event(BgState& st, const pb::BgEvent& e) {
  switch (e.body_case()) {
    case pb::BgEvent::kGameOpened:
      st.deck = CardDeck::standard_54();
      st.deck_rng = Pcg32(st.deck_seed, kDeckStream);
      if (!st.table_dice) st.deck.shuffle_all(st.deck_rng);  // BG-CARD-01
      break;
    case pb::BgEvent::kTurnStarted:
      st.turn = e.turn_started().turn();
      st.phase = Phase::kCards;
      st.play = BgCardPlay{};
      st.card_phase_over = false;
      st.action.side = -1;
      break;
    case pb::BgEvent::kReinforcements:
      for (const auto& id : e.reinforcements().unit_ids()) {
        if (Unit* u = st.find(id)) u->on_table = true;
      }
      break;
    case pb::BgEvent::kCardDrawn: card_drawn(st, e.card_drawn()); break;
    case pb::BgEvent::kActionEnded: st.action.side = -1; break;
    case pb::BgEvent::kPhaseChanged:
      st.phase = static_cast<Phase>(e.phase_changed().phase());
      st.action.side = -1;
      break;
    case pb::BgEvent::kTurnEnded:
      if (st.table_dice) st.deck.end_turn_entered();
      else st.deck.end_turn(st.deck_rng);  // BG-CARD-11
      for (auto& u : st.units) u.charge_short_of.clear();
      break;
    case pb::BgEvent::kMarkers: {
      Unit* u = st.find(e.markers().unit_id());
      if (!u) break;
      for (const auto& m : e.markers().added()) set_marker(u->markers, m, true);
      for (const auto& m : e.markers().removed()) set_marker(u->markers, m, false);
      break;
    }
    case pb::BgEvent::kUnitActed: {
      Unit* u = st.find(e.unit_acted().unit_id());
      if (!u) break;
      if (e.unit_acted().action() == pb::BG_ACTION_MOVE) u->moved_card = e.unit_acted().card_serial();
      else u->shot_card = e.unit_acted().card_serial();
      break;
    }
    case pb::BgEvent::kUnitMoved: unit_moved(st, e.unit_moved()); break;
    case pb::BgEvent::kVehicleMoved: vehicle_moved(st, e.vehicle_moved()); break;
    case pb::BgEvent::kMounted: mounted(st, e.mounted()); break;
    case pb::BgEvent::kCavalry: cavalry(st, e.cavalry()); break;
    case pb::BgEvent::kCombined: combined(st, e.combined()); break;
    case pb::BgEvent::kUnitStatus:
      if (Unit* u = st.find(e.unit_status().unit_id())) {
        if (e.unit_status().destroyed()) u->destroyed = true;
      }
      break;
    case pb::BgEvent::kRevealed:
      if (Unit* u = st.find(e.revealed().unit_id())) u->hidden = false;
      break;
    default:
      break;
  }
}

void Battleground::apply(GameState& state, const pb::Event& event) const {
  if (!carries<pb::BgEvent>(event)) {
    if (event.has_game_ended()) static_cast<BgState&>(state).phase = Phase::kOver;
    return;
  }
  auto& st = static_cast<BgState&>(state);
  const pb::BgEvent bg = payload_of<pb::BgEvent>(event);
  apply_core_event(st, bg);
  apply_combat_event(st, bg);
  apply_special_event(st, bg);
  apply_melee_event(st, bg);
  apply_bgm_event(st, bg);  // Shaffer's vehicles (bgm_layer.cc)
  apply_bgs_event(st, bg);  // Shaffer's skirmish (bgs_sequence.cc)
}

void Battleground::fresh_decks(GameState& state) const {
  auto& st = static_cast<BgState&>(state);
  st.deck_rng = Pcg32(st.deck_seed, kDeckStream);
  // A physical deck's order is the table's; the engine's is drawn again (the skirmish draws from
  // what is left with deck_rng, which is fresh now).
  if (!st.table_dice) st.deck.shuffle_draw_pile(st.deck_rng);
}

}  // namespace sandtable::bg
