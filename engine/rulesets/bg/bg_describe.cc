// Battleground log lines (RuleSet::describe): the words every line shares, the turn and the
// cards, moves and the units themselves. Shooting and melee are in bg_describe_combat.cc, mines,
// artillery and the rest in bg_describe_special.cc (see bg_describe.h for what a viewer is told).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

#include "engine/model/game_words.h"
#include "engine/rulesets/bg/bg_describe.h"
#include "engine/rulesets/bg/bg_rules_impl.h"

namespace sandtable::bg {

// ---- numbers ------------------------------------------------------------------------------

std::string plural(int n, const std::string& one, const std::string& many) {
  std::string out = std::to_string(n);
  out += ' ';
  out += n == 1 ? one : many;
  return out;
}

std::string num(double d) {
  std::string s = inches(d);
  s.pop_back();  // the inch mark
  return s;
}

std::string coords(const pb::Point& p) {
  std::string out = "(";
  out += num(p.x());
  out += ", ";
  out += num(p.y());
  out += ')';
  return out;
}

std::string list(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " and " : ", ";
    out += items[i];
  }
  return out;
}

// ---- words for one viewer -------------------------------------------------------------------

namespace {

const char* kind_word(const Figure& f) {
  switch (f.kind) {
    case FigureKind::kRifle: return "";
    case FigureKind::kLeader: return "leader";
    case FigureKind::kHeavyWeapon:
      switch (f.hw) {
        case HwRole::kAntiPersonnel: return "heavy weapon, anti-personnel";
        case HwRole::kAntiArmour: return "heavy weapon, anti-tank";
        case HwRole::kFlame: return "flamethrower";
        case HwRole::kGeneral: return "heavy weapon";
      }
      return "heavy weapon";
    case FigureKind::kMedic: return "medic";
    case FigureKind::kEngineer: return "engineer";
    case FigureKind::kHorseHolder: return "horse-holder";
    case FigureKind::kMule: return "mule";
    case FigureKind::kCrew: return "crew";
  }
  return "";
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Replaces whole-word occurrences of `what` (at least two characters) in `text`.
void replace_word(std::string& text, const std::string& what, const std::string& with) {
  if (what.size() < 2) return;
  std::size_t at = 0;
  while ((at = text.find(what, at)) != std::string::npos) {
    const bool left = at == 0 || !word_char(text[at - 1]);
    const std::size_t end = at + what.size();
    const bool right = end >= text.size() || !word_char(text[end]);
    if (left && right) {
      text.replace(at, what.size(), with);
      at += with.size();
    } else {
      at = end;
    }
  }
}

bool is_minefield(const Terrain& t) { return t.kind == TerrainKind::kMinefield || t.kind == TerrainKind::kDummyMinefield; }

const char* terrain_word(TerrainKind k) {
  switch (k) {
    case TerrainKind::kWoods: return "the woods";
    case TerrainKind::kBrush: return "the brush";
    case TerrainKind::kCrops: return "the crops";
    case TerrainKind::kHill: return "a hill";
    case TerrainKind::kBuilding: return "a building";
    case TerrainKind::kRubble: return "the rubble";
    case TerrainKind::kFord: return "a ford";
    case TerrainKind::kBridge: return "a bridge";
    case TerrainKind::kRoad: return "a road";
    case TerrainKind::kBeach: return "the beach";
    case TerrainKind::kWater: return "the water";
    default: return "rough ground";
  }
}

bool on_not_in(TerrainKind k) {
  return k == TerrainKind::kHill || k == TerrainKind::kRoad || k == TerrainKind::kBridge || k == TerrainKind::kBeach;
}

}  // namespace

bool Words::sees(const Unit& u) const { return !u.hidden || gm() || u.side == me(); }

std::string Words::unit(const std::string& id) const {
  if (id.empty()) return "a unit";
  const Unit* u = st.find(id);
  if (!u) return id;
  if (!sees(*u)) return "an unseen unit";
  // BG-PRIS-01: a group of guards and prisoners is a unit the engine makes.
  if (u->prisoner_group) return "the prisoner escort of " + side(side_id(st, u->side));
  return label(*u);
}

std::string Words::units(const Strings& ids, int* unseen) const {
  std::vector<std::string> out;
  for (const auto& id : ids) {
    const Unit* u = st.find(id);
    if (u && !sees(*u)) {
      if (unseen) ++*unseen;
      continue;
    }
    out.push_back(unit(id));
  }
  return list(out);
}

std::string Words::figure(const std::string& id) const {
  if (id.empty()) return "a figure";
  for (const auto& u : st.units) {
    const Figure* f = u.figure(id);
    if (!f) continue;
    if (!sees(u)) return "an unseen figure";
    // Its kind, not whether it is a prisoner now: `st` may be later than the event.
    const std::string kind = kind_word(*f);
    return kind.empty() ? id : id + " (" + kind + ")";
  }
  // BG-OPT-05: a stand fighting in a melee is named "unit#number" (bg_stands.cc).
  if (const auto hash = id.rfind('#'); hash != std::string::npos && hash > 0) {
    return "stand " + id.substr(hash + 1) + " of " + unit(id.substr(0, hash));
  }
  return id;
}

std::string Words::figures(const Strings& ids) const {
  std::vector<std::string> out;
  for (const auto& id : ids) out.push_back(figure(id));
  return list(out);
}

std::string Words::side(const std::string& id) const { return id.empty() ? "nobody" : side_name(st, id); }

bool Words::knows_minefield(const std::string& name) const {
  const Terrain* t = st.terrain_named(name);
  const Minefield* m = st.minefield(name);
  if (!t || !m || gm() || t->owner.empty() || t->owner == viewer) return true;
  const int side = me();
  if (side >= 0) return side < static_cast<int>(m->known_to.size()) && m->known_to[static_cast<std::size_t>(side)];
  // Spectators: only what both sides know (a minefield entered is seen by everyone, BG-MINE-04).
  return std::all_of(m->known_to.begin(), m->known_to.end(), [](bool b) { return b; });
}

std::string Words::minefield(const std::string& name) const {
  if (name.empty() || !knows_minefield(name)) return "a minefield";
  const Terrain* t = st.terrain_named(name);
  if (t && t->name == "t" + std::to_string(t->index)) return "a minefield";  // unnamed in the scenario
  // "Orchard mines" reads as a name; a plain word ("mines") reads better as "the mines".
  return std::isupper(static_cast<unsigned char>(name[0])) ? name : "the " + name;
}

std::string Words::place(const pb::Point& p) const {
  const Vec2 v = to_vec(p);
  const Terrain* best = nullptr;
  for (const auto& t : st.terrain) {
    if (!t.area || is_minefield(t) || geom::locate(*t.area, v) == geom::Where::kOutside) continue;
    // A building first, then the first area in scenario order, roads last.
    auto rank = [](const Terrain& x) { return x.kind == TerrainKind::kBuilding ? 0 : x.kind == TerrainKind::kRoad ? 2 : 1; };
    if (!best || rank(t) < rank(*best)) best = &t;
  }
  if (!best) return "at " + coords(p);
  const bool unnamed = best->name == "t" + std::to_string(best->index);
  return std::string(on_not_in(best->kind) ? "on " : "in ") + (unnamed ? terrain_word(best->kind) : best->name);
}

std::string Words::scrub(const std::string& text) const {
  if (gm()) return text;
  std::string out = text;
  for (const auto& u : st.units) {
    if (sees(u)) continue;
    for (const auto& f : u.figures) replace_word(out, f.id, "an unseen figure");
    replace_word(out, label(u), "an unseen unit");
    replace_word(out, u.id, "an unseen unit");
  }
  // Minefields are not replaced: a name may be a plain word ("mines") the text uses anyway, and
  // the engine's own sentences never name a minefield the side has not found.
  return out;
}

std::string Words::aside(const std::string& text) const {
  if (text.empty()) return "";
  std::string t = scrub(text);
  if (const auto open = t.rfind(" ("); t.ends_with(")") && open != std::string::npos && open > 0) {
    t = t.substr(0, open) + ", " + t.substr(open + 2, t.size() - open - 3);
  }
  return " (" + t + ")";
}

std::string Words::notes(const Strings& items) const {
  if (items.empty()) return "";
  std::string out = " [";
  for (int i = 0; i < items.size(); ++i) {
    if (i > 0) out += "; ";
    out += scrub(items.Get(i));
  }
  return out + "]";
}

std::string Words::rolled(std::string_view label, int total) const {
  std::vector<int> got;
  for (const auto& d : dice) {
    if (d.label().find(label) != std::string::npos) got.push_back(d.value());
  }
  int sum = 0;
  for (int v : got) sum += v;
  if (got.size() < 2 || sum != total) return std::to_string(total);
  std::string out;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (i > 0) out += '+';
    out += std::to_string(got[i]);
  }
  return out + " = " + std::to_string(total);
}

std::string Words::faces(std::string_view label) const {
  std::string out;
  for (const auto& d : dice) {
    const std::string& l = d.label();
    const bool match = l == label || (l.size() > label.size() && l.ends_with(label) && l[l.size() - label.size() - 1] == ' ');
    if (!match) continue;
    if (!out.empty()) out += ' ';
    out += std::to_string(d.value());
  }
  return out;
}

// ---- the turn and the cards -----------------------------------------------------------------

namespace {

const char* suit_word(pb::Suit s) {
  switch (s) {
    case pb::SUIT_CLUBS: return "Clubs";
    case pb::SUIT_DIAMONDS: return "Diamonds";
    case pb::SUIT_HEARTS: return "Hearts";
    case pb::SUIT_SPADES: return "Spades";
    default: return "No suit";
  }
}

std::string card_words(const pb::Card& c) {
  if (c.joker() != 0 || c.suit() == pb::SUIT_NONE) return "Joker";
  std::string rank;
  switch (c.rank()) {
    case 1: rank = "Ace"; break;
    case 11: rank = "Jack"; break;
    case 12: rank = "Queen"; break;
    case 13: rank = "King"; break;
    default: rank = std::to_string(c.rank());
  }
  return std::string(suit_word(c.suit())) + " " + rank;
}

const char* action_word(pb::BgAction a) { return a == pb::BG_ACTION_SHOOT ? "shoot" : "move"; }

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string game_opened(const Words& w, const pb::BgGameOpened& e) {
  // BG-CARD-01/02: the deck and what each suit means.
  return "The battle opens: " + w.side(e.axis_side()) + " are the Axis (clubs shoot, spades move), " +
         w.side(e.allied_side()) + " the Allies (hearts shoot, diamonds move); " + std::to_string(e.deck_size()) +
         " cards with the two jokers.";
}

std::string turn_started(const Words& w, const pb::BgTurnStarted& e) {
  std::string out = "Turn " + std::to_string(e.turn());
  if (w.st.max_turns > 0) out += " of " + std::to_string(w.st.max_turns);
  return out + " begins.";
}

std::string reinforcements(const Words& w, const pb::BgReinforcementsArrived& e) {
  int unseen = 0;
  const std::string who = w.units(e.unit_ids(), &unseen);
  if (who.empty()) return "Reinforcements are due on turn " + std::to_string(e.turn()) + "; none is in sight.";
  // BG-UNIT-10.
  return "Reinforcements arrive on turn " + std::to_string(e.turn()) + ": " + who + ".";
}

std::string action_ended(const Words& w, const pb::BgActionEnded& e) {
  std::string out = std::string(e.action() == pb::BG_ACTION_SHOOT ? "Shooting" : "Moving") + " ends for " + w.side(e.side());
  if (!e.reason().empty()) out += ": " + w.scrub(e.reason());
  return out + ".";
}

std::string phase_changed(const pb::BgPhaseChanged& e) {
  std::string out;
  switch (e.phase()) {
    case pb::BG_PHASE_CARDS: out = "Card play begins"; break;
    case pb::BG_PHASE_MELEE: out = "Melee phase"; break;  // BG-SEQ-02
    case pb::BG_PHASE_SPECIAL: out = "Special-actions phase: smoke, flares and fire support"; break;  // BG-SEQ-03
    default: out = "The game is over"; break;
  }
  if (!e.reason().empty()) out += " (" + e.reason() + ")";
  return out + ".";
}

std::string turn_ended(const pb::BgTurnEnded& e) {
  std::string out = "Turn " + std::to_string(e.turn()) + " ends.";
  if (e.deck_reshuffled()) out += " The deck ran out this turn: every card is shuffled into a fresh deck.";  // BG-CARD-11
  return out;
}

std::string marker_word(const std::string& m) {
  if (m == "ran") return "ran";
  if (m == "road") return "road";
  if (m == "dug_in") return "dug-in";
  if (m == "routing") return "routing";
  if (m == "melee") return "melee";
  return m;
}

std::string unit_status(const Words& w, const pb::BgUnitStatus& e) {
  std::string out = w.unit(e.unit_id());
  std::vector<std::string> parts;
  if (e.destroyed()) parts.push_back("is destroyed");
  if (e.non_standing()) parts.push_back("is non-standing (BG-UNIT-05)");
  if (parts.empty()) parts.push_back("stands as it is");
  out += " " + list(parts);
  if (!e.reason().empty()) out += ": " + w.scrub(e.reason());
  return out + ".";
}

std::string combined(const Words& w, const pb::BgUnitsCombined& e) {
  // BG-COMB-03..05, BG-COMB-02.
  std::string out = w.units(e.absorbed()) + " joins " + w.unit(e.unit_id()) + ": grade " + e.grade();
  if (e.roll_a() > 0 || e.roll_b() > 0) {
    out += " (rolls " + std::to_string(e.roll_a()) + " and " + std::to_string(e.roll_b()) + ", each plus its figures)";
  }
  if (!e.demoted_leaders().empty()) {
    out += "; " + w.figures(e.demoted_leaders()) +
           (e.demoted_leaders_size() == 1 ? " no longer counts as a leader" : " no longer count as leaders");
  }
  if (!e.split_into().empty()) {
    out += "; over 12 figures, it splits: " + plural(e.split_figures_size(), "figure forms ", "figures form ") + w.unit(e.split_into());
  }
  return out + w.notes(e.notes()) + ".";
}

std::string mounted(const Words& w, const pb::BgMounted& e) {
  // BG-MOVE-15/16.
  if (e.mounted()) return w.unit(e.unit_id()) + " climbs aboard " + w.unit(e.vehicle_id()) + ".";
  std::string out = w.unit(e.unit_id()) + " gets off " + w.unit(e.vehicle_id());
  if (!e.figures().empty()) out += " and forms up " + w.place(e.figures(0).position());
  return out + ".";
}

std::string cavalry(const Words& w, const pb::BgCavalryChanged& e) {
  const std::string u = w.unit(e.unit_id());
  switch (e.kind()) {
    case pb::BG_CAV_DISMOUNT:
      return u + " dismounts; " + w.figure(e.horse_holder()) + " holds the horses " + w.place(e.horses()) + " (BG-CAV-05).";
    case pb::BG_CAV_REMOUNT: return u + " remounts (BG-CAV-05).";
    default:
      return u + " lets its horses go for good; " + w.figure(e.horse_holder()) + " rejoins the unit (BG-CAV-05).";
  }
}

std::string unit_acted(const Words& w, const pb::BgUnitActed& e) {
  return w.unit(e.unit_id()) + (e.action() == pb::BG_ACTION_SHOOT ? " has used its shot" : " has used its move") + " on this card.";
}

std::string revealed(const Words& w, const pb::BgUnitRevealed& e) {
  std::string out = w.unit(e.unit_id()) + " is revealed";
  if (!e.reason().empty()) out += ": " + e.reason();
  return out + " (BG-UNIT-09).";
}

}  // namespace

std::string card_drawn_line(const Words& w, const pb::BgCardDrawn& e) {
  std::string out;
  if (e.refilled()) out = "The deck is used up: earlier turns' cards are shuffled into a new pile (BG-CARD-11). ";
  out += card_words(e.card()) + ": ";
  const std::string who = w.side(e.side()), act = action_word(e.action());
  const std::string suit = lower(suit_word(e.card().suit()));
  switch (e.effect()) {
    case pb::BG_CARD_ALL_UNITS: out += who + " to " + act + ", every unit once (BG-CARD-03)."; break;
    case pb::BG_CARD_ONE_UNIT:
      out += who + " to " + act + " with one unit only; no more " + suit + " this turn (BG-CARD-07).";
      break;
    case pb::BG_CARD_ONE_UNIT_AGAIN:
      out += who + " to " + act + " with one unit once more, even one that has already acted (BG-CARD-08).";
      break;
    case pb::BG_CARD_IGNORED: out += "no effect, " + suit + " have already been played this turn (BG-CARD-04)."; break;
    case pb::BG_CARD_ENDS_PHASE:
      return out + "the card play ends at once; suits not yet drawn give nothing this turn (BG-CARD-06).";
    default: out += "no effect."; break;
  }
  if (e.last_card()) out += " The fourth suit: the last card of the turn (BG-CARD-05).";
  return out;
}

std::string markers_line(const Words& w, const pb::BgMarkers& e) {
  std::vector<std::string> added, removed;
  for (const auto& m : e.added()) added.push_back(marker_word(m));
  for (const auto& m : e.removed()) removed.push_back(marker_word(m));
  std::string out = w.unit(e.unit_id());
  if (!added.empty()) out += " is marked " + list(added);
  if (!removed.empty()) {
    if (!added.empty()) out += " and";
    out += " loses its " + list(removed) + (removed.size() == 1 ? " marker" : " markers");
  }
  if (added.empty() && removed.empty()) out += " keeps its markers";
  // The reason is the move's intent after a move ("run", "dig in"), else a phrase with its rule.
  const std::string& r = e.reason();
  if (r == "dig in" || r == "dig out") out += r == "dig in" ? " (digging in)" : " (digging out)";
  else if (r == "walk" || r == "run" || r == "mounted move" || r == "flee") out += " (after a " + r + ")";
  else out += w.aside(r);
  return out + ".";
}

std::string unit_moved_line(const Words& w, const pb::BgUnitMoved& e) {
  const std::string u = w.unit(e.unit_id());
  const std::string& as = e.acted_as();
  if (as.starts_with("put back")) {
    std::string why;
    for (const auto& n : e.notes()) why += (why.empty() ? "" : "; ") + w.scrub(n);
    return u + " is " + (why.empty() ? "put back where the mines went off (BG-MINE-04)" : why) + ".";
  }
  const std::string where = e.building().empty() ? w.place(e.to()) : "in " + e.building();
  const std::string notes = w.notes(e.notes());
  std::string roll;
  if (e.roll() > 0) {
    const char* label = e.intent() == pb::BG_MOVE_FLEE ? "flee" : as.find("then") != std::string::npos ? "cavalry" : "distance";
    roll = "rolled " + w.rolled(label, e.roll());
    if (!geom::negligible(e.allowance() - e.roll())) roll += ", " + inches(e.allowance()) + " to spend";
  }
  const bool still = geom::negligible(geom::distance(to_vec(e.from()), to_vec(e.to())));
  if (e.intent() == pb::BG_MOVE_FLEE) {
    // BG-MEL-14: 2D6 straight away from the charger.
    if (still) return u + " tries to flee from the charge (" + roll + ") but cannot get away, " + where + notes + ".";
    return u + " flees " + inches(e.used()) + " from the charge (" + roll + "), ending " + where + notes + ".";
  }
  if (still) {
    const std::string rolled = roll.empty() ? "" : " (" + roll + ")";
    if (e.intent() == pb::BG_MOVE_DIG_IN) return u + " digs in where it stands " + where + rolled + " (BG-MOVE-11)" + notes + ".";
    if (e.intent() == pb::BG_MOVE_DIG_OUT) return u + " digs out where it stands" + rolled + " (BG-MOVE-12)" + notes + ".";
    std::string how;
    switch (e.intent()) {
      case pb::BG_MOVE_RUN: how = " after a run"; break;  // the ran marker follows (BG-MOVE-06)
      case pb::BG_MOVE_MOUNTED: how = " mounted"; break;
      default: break;
    }
    return u + " stays " + where + how + ", facing " + num(e.facing_deg()) + "°" + rolled + notes + ".";
  }
  std::string verb;
  switch (e.intent()) {
    case pb::BG_MOVE_RUN: verb = "runs"; break;
    case pb::BG_MOVE_DIG_IN: verb = "moves"; break;
    case pb::BG_MOVE_DIG_OUT: verb = "digs out and moves"; break;
    case pb::BG_MOVE_MOUNTED: verb = "rides"; break;
    default: verb = "walks"; break;
  }
  std::string out = u + " " + verb + " " + inches(e.used());
  if (e.reached()) {
    out += " to its mark " + where;
    if (!roll.empty()) out += " (" + roll + ")";
  } else {
    if (!roll.empty()) out += " (" + roll + ")";
    out += " and stops short of its mark, " + where;
  }
  if (e.intent() == pb::BG_MOVE_DIG_IN) out += ", and digs in (BG-MOVE-11)";
  if (as == "move then dismount") out += ", then dismounts";
  return out + notes + ".";
}

std::string vehicle_moved_line(const Words& w, const pb::BgVehicleMoved& e) {
  const std::string u = w.unit(e.unit_id());
  bool fled = false;  // BG-MEL-12/14: driving away from a charge
  std::string put_back;
  pb::BgVehicleMoved rest = e;
  rest.clear_notes();
  for (const auto& n : e.notes()) {
    if (n.starts_with("drove away")) fled = true;
    else if (n.starts_with("put back")) put_back = n;
    else rest.add_notes(n);
  }
  const std::string roll =
      e.dice() > 0 ? plural(e.dice(), "die", "dice") + ": " + w.rolled(fled ? "flee" : "vehicle movement", e.roll()) : "";
  if (e.immobilized()) {
    // BG-VMOV-01/02: rolling every die risks a breakdown.
    return u + " rolls all its movement dice (" + roll + ") and breaks down: immobilised for the rest of the game.";
  }
  if (!put_back.empty()) return u + " is " + w.scrub(put_back) + ".";
  const std::string where = w.place(e.to());
  std::string verb = fled ? "drives away from the charge" : e.reverse() ? "reverses" : "drives";  // BG-MEL-14, BG-VMOV-06
  if (e.road()) verb += " along the road";
  std::string out = u + " " + verb + " " + inches(e.used());
  if (e.reached()) out += " to its mark " + where + (roll.empty() ? "" : " (" + roll + ")");
  else out += (roll.empty() ? "" : " (" + roll + ")") + std::string(" and stops short, ") + where;
  if (!e.overrun_units().empty()) {
    int unseen = 0;
    const std::string over = w.units(e.overrun_units(), &unseen);
    if (!over.empty()) out += ", running over " + over + " (BG-VMOV-08)";
  }
  return out + w.notes(rest.notes()) + ".";
}

// ---- the one entry point ------------------------------------------------------------------

namespace {

// The one place the rule set's event is read from the shared Event (it will become a
// google.protobuf.Any payload; only this function changes then).
std::optional<pb::BgEvent> bg_body(const pb::Event& event) {
  if (!event.has_bg()) return std::nullopt;
  return event.bg();
}

std::string bg_line(const Words& w, const pb::BgEvent& e) {
  switch (e.body_case()) {
    case pb::BgEvent::kGameOpened: return game_opened(w, e.game_opened());
    case pb::BgEvent::kTurnStarted: return turn_started(w, e.turn_started());
    case pb::BgEvent::kReinforcements: return reinforcements(w, e.reinforcements());
    case pb::BgEvent::kCardDrawn: return card_drawn_line(w, e.card_drawn());
    case pb::BgEvent::kActionEnded: return action_ended(w, e.action_ended());
    case pb::BgEvent::kPhaseChanged: return phase_changed(e.phase_changed());
    case pb::BgEvent::kTurnEnded: return turn_ended(e.turn_ended());
    case pb::BgEvent::kMarkers: return markers_line(w, e.markers());
    case pb::BgEvent::kUnitMoved: return unit_moved_line(w, e.unit_moved());
    case pb::BgEvent::kVehicleMoved: return vehicle_moved_line(w, e.vehicle_moved());
    case pb::BgEvent::kMounted: return mounted(w, e.mounted());
    case pb::BgEvent::kCavalry: return cavalry(w, e.cavalry());
    case pb::BgEvent::kCombined: return combined(w, e.combined());
    case pb::BgEvent::kUnitStatus: return unit_status(w, e.unit_status());
    case pb::BgEvent::kRevealed: return revealed(w, e.revealed());
    case pb::BgEvent::kUnitActed: return unit_acted(w, e.unit_acted());
    case pb::BgEvent::kAttack:
    case pb::BgEvent::kCasualties:
    case pb::BgEvent::kVehicleDamaged:
    case pb::BgEvent::kEmplacement:
    case pb::BgEvent::kChargeDeclared:
    case pb::BgEvent::kDefenderResponse:
    case pb::BgEvent::kChargeMoved:
    case pb::BgEvent::kMeleeRound:
    case pb::BgEvent::kMeleeEnded:
    case pb::BgEvent::kVehicleMeleeRound:
    case pb::BgEvent::kSurrendered:
    case pb::BgEvent::kPrisoners:
    case pb::BgEvent::kMorale: return combat_line(w, e);
    case pb::BgEvent::kMinefieldRevealed:
    case pb::BgEvent::kMinesCleared:
    case pb::BgEvent::kHeal:
    case pb::BgEvent::kSmoke:
    case pb::BgEvent::kFlare:
    case pb::BgEvent::kFireMission:
    case pb::BgEvent::kBlast:
    case pb::BgEvent::kArtilleryCard:
    case pb::BgEvent::kStrikePlanned:
    case pb::BgEvent::kVictory:
    case pb::BgEvent::kDispute: return special_line(w, e);
    case pb::BgEvent::BODY_NOT_SET: break;
  }
  return "Something happened.";  // a body this build does not know (the describe test forbids it)
}

}  // namespace

std::string Battleground::describe(const GameState& state, const pb::Event& event, const std::string& viewer) const {
  const std::optional<pb::BgEvent> body = bg_body(event);
  if (!body) return "Something happened.";
  const Words w{static_cast<const BgState&>(state), viewer, event.dice()};
  std::string line = bg_line(w, *body);
  // A line that opens with a placeholder ("an unseen unit", "the prisoner escort of ...") starts
  // with a capital.
  if (line.starts_with("a ") || line.starts_with("an ") || line.starts_with("the ")) line[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(line[0])));
  return line;
}

}  // namespace sandtable::bg
