// What a viewer sees of a Battleground game: units (CoM, facing, figures as strength, markers,
// figure places), the turn and the open card, revealed minefields, smoke. Hidden information stays
// hidden: secret minefields of the other side (BG-MINE-02), hidden set-up units (BG-UNIT-09),
// reinforcements not yet arrived, and the deck order (BG-CARD-12: counts only).
#include <cctype>
#include <utility>

#include "engine/core/cards.h"
#include "engine/model/markers.h"
#include "engine/rulesets/bg/bg_actions.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_rules_impl.h"
#include "engine/rulesets/bg/bg_view_words.h"
#include "engine/rulesets/bg/bgm_layer.h"
#include "engine/rulesets/bg/bgs_skirmish.h"

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

std::string side_name_of(const BgState& st, int side) {
  const std::string& name = st.scenario->sides(side).name();
  return name.empty() ? side_id(st, side) : name;
}

std::string suit_word(pb::Suit s) {
  switch (s) {
    case pb::SUIT_CLUBS: return "Clubs";
    case pb::SUIT_DIAMONDS: return "Diamonds";
    case pb::SUIT_HEARTS: return "Hearts";
    case pb::SUIT_SPADES: return "Spades";
    default: return "Jokers";
  }
}

const char* action_word(BgAction a) { return a == BgAction::kMove ? "move" : "shoot"; }

// What one card did, as the turn's card play read it (BG-CARD-03..10).
std::string effect_words(const BgCardOutcome& o) {
  const std::string act = o.action ? action_word(o.action->action) : "";
  switch (o.effect) {
    case BgCardEffect::kAllUnitsAct: return "every unit may " + act;
    case BgCardEffect::kOneUnitActs: return "one unit may " + act + " (ace first: the suit is closed)";
    case BgCardEffect::kOneUnitActsAgain: return "one unit may " + act + " once more (ace)";
    case BgCardEffect::kIgnored: return "ignored: its suit was already played";
    case BgCardEffect::kEndsCardPhase: return "ends the card play";
  }
  return "";
}

// The open card's rule, when a plain suit card's "every unit may act" does not say it all.
std::string rule_words(const BgCardOutcome& o) {
  switch (o.effect) {
    case BgCardEffect::kAllUnitsAct: return o.last_card ? "The fourth suit: the last card of this turn (BG-CARD-05)." : "";
    case BgCardEffect::kOneUnitActs:
      return "An ace as its suit's first card: the side picks one unit to act, and later cards of the suit are ignored "
             "this turn (BG-CARD-07)." +
             std::string(o.last_card ? " It is the fourth suit, so the drawing ends after it (BG-CARD-10)." : "");
    case BgCardEffect::kOneUnitActsAgain:
      return "An ace after its suit: the side picks one unit, even one that already acted, to act once more "
             "(BG-CARD-08). An ace cannot be refused, but the unit may do nothing (BG-CARD-09).";
    case BgCardEffect::kIgnored: return "A card of a suit already played this turn does nothing (BG-CARD-04).";
    case BgCardEffect::kEndsCardPhase:
      return "A joker ends the card play at once: suits not yet turned give nothing this turn (BG-CARD-06).";
  }
  return "";
}

// The turn's cards replayed through a fresh card play: what each did, and the last one's rule.
void turned_cards(const BgState& st, pb::BgView& out) {
  BgCardPlay play;
  std::optional<BgCardOutcome> last;
  for (const auto& card : st.deck.this_turn()) {
    auto* t = out.add_turned();
    *t->mutable_card() = card;
    last = play.take(card);
    if (!last) continue;
    if (last->action) t->set_side(side_id(st, side_of(st, last->action->side)));
    t->set_effect(effect_words(*last));
  }
  if (last) out.set_card_rule(rule_words(*last));
  for (const auto& row : kBgSuitActions) {
    out.add_suit_roles(suit_word(row.suit) + ": " + side_name_of(st, side_of(st, row.side)) + " " + action_word(row.action));
  }
  out.add_suit_roles("Ace: one unit; joker: the cards end this turn");
}

// The open card and what it allows, with the deck's counts (BG-CARD-03..12).
pb::BgView card_view(const BgState& st) {
  pb::BgView out;
  turned_cards(st, out);
  const DeckSummary d = st.deck.public_summary();
  out.set_draw_pile(d.draw_pile);
  out.set_turned_this_turn(d.this_turn);
  out.set_discards(d.discards);
  out.set_run_out(d.run_out_this_turn);
  if (st.options.bgm_skirmish) {  // Shaffer's skirmish: a card per unit (BGM-GEN-02), not Carroll's deck
    const Unit* u = st.action.side >= 0 ? st.find(st.skirmish_active) : nullptr;
    out.set_card_text(u && u->bgs ? "The card of " + label(*u) + " is up: " + std::to_string(std::max(0, 2 - u->bgs->actions)) +
                                        " of its 2 actions left."
                                  : "Each unit gets one card a turn, in random order.");
    return out;
  }
  if (d.this_turn == 0 || !d.discard_top) {
    out.set_card_text(st.phase == Phase::kCards ? "No card turned yet this turn." : "");
    return out;
  }
  *out.mutable_open_card() = *d.discard_top;
  std::string text = card_name(*d.discard_top);
  text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  if (st.phase != Phase::kCards) {
    text += ": the card play is over this turn.";
  } else if (st.action.side >= 0) {
    const std::string side = side_name_of(st, st.action.side);
    text += ": " + side + ", " + (st.action.one_unit ? "one unit may " : "every unit may ") +
            (st.action.action == BgAction::kMove ? "move." : "shoot.");
  } else {
    text += ": nothing to do; turn the next card.";
  }
  out.set_card_text(text);
  return out;
}

}  // namespace

bool knows_unit(const Unit& u, const Seer& s) {
  if (s.gm || u.side == s.side) return true;
  return u.on_table && !u.hidden;  // BG-UNIT-10: not arrived; BG-UNIT-09: hidden set-up
}

bool knows_terrain(const BgState& st, const Terrain& t, const Seer& s) {
  if (t.owner.empty() || s.gm) return true;
  const Minefield* m = st.minefield(t.name);
  // Spectators: once a unit has entered it (seen by everyone, BG-MINE-04); a detection is told
  // only to the finder and the owner (BG-MINE-03).
  if (s.side < 0) return m && m->entered;
  if (t.owner == side_id(st, s.side)) return true;
  return m && m->known_to[static_cast<std::size_t>(s.side)];  // BG-MINE-03: found by this side
}

bool knows_mission(const FireMission& m, const Seer& s) {
  return s.gm || m.side == s.side || !m.scheduled || m.awaiting_aim || m.done;
}

namespace {

// The units the viewer knows (BG-UNIT-09/10), as the table shows them.
void fill_units(const BgState& st, const Seer& seer, pb::View& view) {
  for (const auto& u : st.units) {
    if (!u.on_table) continue;  // BG-UNIT-10: entry points may be secret
    if (!knows_unit(u, seer)) continue;  // BG-UNIT-09
    auto* v = view.add_units();
    v->set_id(u.id);
    v->set_side(side_id(st, u.side));
    v->set_type(unit_type(u));
    v->set_name(u.name);
    *v->mutable_position() = to_point(com(u));
    v->set_facing_deg(facing_degrees(u.facing));
    v->set_strength(u.infantry_like() ? u.living_fighters() : (u.destroyed ? 0 : 1));
    int start = 0;
    for (const auto& f : u.figures) start += !f.prisoner;
    v->set_max_strength(u.infantry_like() ? start : 1);
    v->set_carried_by(u.carried_by);
    add_marker(*v, "grade", "Grade", std::string(1, grade_letter(u.grade)));  // BG-UNIT-07
    auto mark = [&](bool on, const char* key, const char* words) {
      if (on) add_marker(*v, key, words);
    };
    mark(u.markers.ran, "ran", "Ran");
    mark(u.markers.road, "road", "On the road");
    mark(u.markers.dug_in, "dug_in", "Dug in");
    mark(u.markers.routing, "routing", "Routing");
    mark(u.markers.melee, "melee", "In melee");
    mark(u.destroyed, "destroyed", "Destroyed");
    mark(non_standing(u) && !u.destroyed, "non_standing", "Non-standing");
    mark(u.kind == UnitKind::kCavalry && u.mounted, "mounted", "Mounted");
    mark(u.has_horses, "horses", "Horses held");
    mark(u.hidden, "hidden", "Hidden");
    mark(!u.building.empty(), "in_building", "In a building");
    if (u.vehicle) {
      mark(u.vehicle->immobilized, "immobilized", "Immobilised");
      mark(u.vehicle->half_weapons, "half_weapons", "Half weapons");
      for (const auto& [key, words] : bgm_markers(st, u)) add_marker(*v, key, words);
    }
    for (const auto& [key, words] : bgs_markers(st, u)) add_marker(*v, key, words);  // the skirmish's
    if (!skirmish(st) && st.phase == Phase::kCards && st.action.side == u.side && !u.destroyed) {
      const int done = st.action.action == BgAction::kMove ? u.moved_card : u.shot_card;
      mark(done == st.action.serial, "acted", "Acted on this card");
    }
    for (const auto& f : u.figures) {
      if (!f.alive) continue;
      auto* fv = v->add_figures();
      fv->set_id(f.id);
      fv->set_kind(f.prisoner ? "prisoner" : figure_kind_name(f.kind));
      *fv->mutable_position() = to_point(f.pos);
    }
  }
}

// Each side, its strength counted over the units the viewer knows.
void fill_sides(const BgState& st, const Seer& seer, pb::View& view) {
  for (int i = 0; i < 2; ++i) {
    auto* s = view.add_sides();
    s->set_id(side_id(st, i));
    s->set_name(st.scenario->sides(i).name().empty() ? side_id(st, i) : st.scenario->sides(i).name());
    int figs = 0;
    for (const auto& u : st.units) {
      if (u.side != i || !u.on_table || u.destroyed || !u.infantry_like()) continue;
      if (!knows_unit(u, seer)) continue;  // BG-UNIT-09: not even in the side's total
      figs += u.living_fighters();
    }
    s->set_strength(figs);
  }
}

// The terrain as this viewer knows it: part of the static table (Battleground::table_key).
void fill_terrain(const BgState& st, const std::string& viewer, const Seer& seer, pb::View& view) {
  const bool gm = seer.gm;
  // Game::view has listed the scenario's public features and the viewer's own (and all to the
  // GM); once the GM has laid or removed one, the GM's list is shown instead, alike.
  if (st.gm_terrain) show_terrain(*st.gm_terrain, viewer, view);
  // BG-MINE-03: a detected secret minefield is shown to the side that found it.
  for (const auto& m : st.minefields) {
    const Terrain* t = st.terrain_named(m.terrain);
    if (!t || t->owner.empty() || gm || t->owner == viewer) continue;
    if (knows_terrain(st, *t, seer)) *view.add_terrain() = st.gm_terrain ? (*st.gm_terrain)[static_cast<std::size_t>(t->index)] : st.scenario->terrain(t->index);
  }
  // BG-MINE-02: a dummy cannot be told from a real minefield until entered; before that only
  // its owner and the GM see the word.
  for (auto& t : *view.mutable_terrain()) {
    const Minefield* m = st.minefield(t.name());
    if (t.kind() == "dummy_minefield" && !gm && t.owner() != viewer && !(m && m->entered)) t.set_kind("minefield");
    // The GM's list names every feature ("t3"); the names the engine gave stay unwritten, as in
    // the scenario.
    const Terrain* x = st.gm_terrain ? st.terrain_named(t.name()) : nullptr;
    if (x && x->unnamed) t.clear_name();
  }
  // BG-SMK-02/05: smoke on the table, seen by everyone, after the terrain (its ids name it): a
  // line laid by a unit, a circle by artillery (and either by the GM, bg_edit_table.cc).
  for (const auto& s : st.smoke) {
    auto* f = view.add_terrain();
    f->set_kind("smoke");
    f->set_name(s.id);
    if (s.circle) {
      *f->mutable_circle()->mutable_centre() = to_point(s.centre);
      f->mutable_circle()->set_radius(s.radius);
    } else {
      *f->add_polyline() = to_point(s.a);
      *f->add_polyline() = to_point(s.b);
    }
  }
}

// The turn and the cards turned (the view's extra).
void fill_turn(const BgState& st, pb::View& view) {
  auto* turn = view.mutable_turn();
  turn->set_turn(st.turn);
  turn->set_phase(phase_word(st.phase));
  if (st.action.side >= 0) turn->set_active_side(side_id(st, st.action.side));
  view.mutable_extra()->PackFrom(card_view(st));
}

void fill_title(const BgState& st, pb::View& view) {
  if (st.options.bgm_vehicles) view.set_ruleset_title("Battleground + Shaffer vehicles");  // GAP-BGM-GEN-01 (a)
  if (st.options.bgm_skirmish) view.set_ruleset_title("Battleground: Shaffer skirmish (experimental)");  // (b)
}

// What the rule set adds to the static table: its variant's title, the terrain and the briefing's
// rules. The View's other parts are its units and sides (fill_units, fill_sides), its turn and
// the words that follow them (fill_view_words fills in the sides' losses).
void fill_table(const BgState& st, const std::string& viewer, const Seer& seer, pb::View& view) {
  fill_title(st, view);
  fill_terrain(st, viewer, seer, view);
  for (auto& line : briefing_rules(st)) view.mutable_briefing()->add_rules(std::move(line));
}

}  // namespace

void Battleground::fill_view(const GameState& state, const std::string& viewer, pb::View& view) const {
  const auto& st = static_cast<const BgState&>(state);
  const Seer seer{st.side_index(viewer), viewer == "gm"};
  fill_table(st, viewer, seer, view);
  fill_units(st, seer, view);
  fill_turn(st, view);
  fill_sides(st, seer, view);
  fill_view_words(st, viewer, seer, view);  // strength_lost, standing, task, deciding
}

void Battleground::fill_view_without_pieces(const GameState& state, const std::string& viewer, pb::View& view) const {
  const auto& st = static_cast<const BgState&>(state);
  const Seer seer{st.side_index(viewer), viewer == "gm"};
  fill_table(st, viewer, seer, view);
  fill_turn(st, view);
  fill_view_words(st, viewer, seer, view);  // with no sides: the task, deciding
}

void Battleground::fill_view_without_table(const GameState& state, const std::string& viewer, bool pieces, pb::View& view) const {
  const auto& st = static_cast<const BgState&>(state);
  const Seer seer{st.side_index(viewer), viewer == "gm"};
  if (pieces) fill_units(st, seer, view);
  fill_turn(st, view);
  if (pieces) fill_sides(st, seer, view);
  fill_view_words(st, viewer, seer, view);
}

// Every viewer sees the same table unless it holds a feature only some know: a minefield its
// owner laid (shown to the other side once detected, BG-MINE-03), a dummy one (called a minefield
// until entered, BG-MINE-02), or a feature the GM laid for one side's eyes.
std::string Battleground::table_key(const GameState& state, const std::string& viewer) const {
  const auto& st = static_cast<const BgState&>(state);
  for (const auto& t : st.terrain) {
    if (!t.owner.empty() || t.kind == TerrainKind::kDummyMinefield) return viewer;
  }
  if (st.gm_terrain) {
    for (const auto& t : *st.gm_terrain) {
      if (!t.owner().empty()) return viewer;
    }
  }
  return "all";
}

// The units and sides differ between viewers only by the units one knows and another does not:
// an enemy's hidden unit on the table (BG-UNIT-09; one not yet arrived is shown to nobody,
// BG-UNIT-10). With none, every viewer sees the same.
std::string Battleground::pieces_key(const GameState& state, const std::string& viewer) const {
  const auto& st = static_cast<const BgState&>(state);
  for (const auto& u : st.units) {
    if (u.on_table && u.hidden) return viewer;
  }
  return "all";
}

}  // namespace sandtable::bg
