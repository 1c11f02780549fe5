// Battleground log lines (RuleSet::describe): the entry point, the turn and the cards, moves and
// the units themselves. The shared words are in bg_describe_words.cc, shooting and melee in
// bg_describe_combat.cc, mines, artillery and the rest in bg_describe_special.cc (see
// bg_describe.h for what a viewer is told).
#include <cctype>
#include <cmath>
#include <optional>

#include "engine/model/game_words.h"
#include "engine/model/payload.h"
#include "engine/rulesets/bg/bg_describe.h"
#include "engine/rulesets/bg/bg_rules_impl.h"

namespace sandtable::bg {

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
  out += ' ';
  out += list(parts);
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

// BG-CARD-03: a unit acts once on its card. The line of what it did (its move, shot, charge,
// rally) says so already and the View marks it "Acted on this card", so outside the skirmish
// rules this event has no line of its own: a line repeating it was a fifth of every move's Delta.
// Under BGM-GEN-02 a unit has two actions on its card, and the line counts them.
std::string unit_acted(const Words& w, const pb::BgUnitActed& e) {
  if (w.st.options.bgm_skirmish) return w.unit(e.unit_id()) + " has taken an action (two on its card, BGM-GEN-02).";
  return "";
}

std::string revealed(const Words& w, const pb::BgUnitRevealed& e) {
  std::string out = w.unit(e.unit_id()) + " is revealed";
  if (!e.reason().empty()) out += ": " + e.reason();
  return out + " (BG-UNIT-09).";
}

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
  // BG-MOVE-06: a run marks the unit as having run. Its move line says "runs" and the View shows
  // the marker, so that mark alone has no line.
  if (e.removed().empty() && e.added_size() == 1 && e.added(0) == "ran" && e.reason() == "run") return "";
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

// The one place the rule set's event is read from the shared Event's payload.
std::optional<pb::BgEvent> bg_body(const pb::Event& event) {
  if (!carries<pb::BgEvent>(event)) return std::nullopt;
  return payload_of<pb::BgEvent>(event);
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
    case pb::BgEvent::kFleeRolled:
    case pb::BgEvent::kChargeMoved:
    case pb::BgEvent::kMeleeRound:
    case pb::BgEvent::kMeleeOrdered:
    case pb::BgEvent::kMeleeEnded:
    case pb::BgEvent::kVehicleMeleeRound:
    case pb::BgEvent::kSurrendered:
    case pb::BgEvent::kPrisoners:
    case pb::BgEvent::kGuardsChosen:
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
    case pb::BgEvent::kBgmAtShot:
    case pb::BgEvent::kBgmUnjammed:
    case pb::BgEvent::kBgmCrewTest: return bgm_line(w, e);
    case pb::BgEvent::kBgsActivated:
    case pb::BgEvent::kBgsFire:
    case pb::BgEvent::kBgsMorale:
    case pb::BgEvent::kBgsStance:
    case pb::BgEvent::kBgsReaction:
    case pb::BgEvent::kBgsReactionDue:
    case pb::BgEvent::kBgsReactionAnswered:
    case pb::BgEvent::kBgsAssault:
    case pb::BgEvent::kBgsSpecialFire:
    case pb::BgEvent::kBgsBarrage: return bgs_line(w, e);
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
