// Log lines of Shaffer's skirmish (profile b): every d20 with what it was rolled against.
#include "engine/rulesets/bg/bg_describe.h"

namespace sandtable::bg {

namespace {

std::string signed_number(int v) { return (v < 0 ? "-" : "+") + std::to_string(v < 0 ? -v : v); }

template <typename Mods>
std::string modifier_words(const Mods& mods) {
  std::string out;
  for (const auto& m : mods) out += (out.empty() ? " (" : ", ") + m.name() + " " + signed_number(m.value());
  return out.empty() ? out : out + ")";
}

template <typename Wounds>
std::string wound_words(const Words& w, const Wounds& wounds) {
  std::string out;
  for (const auto& x : wounds) {
    out += "; " + w.figure(x.figure_id()) + (x.burst() ? ": burst hit (BGM-SA-02), d20 " : ": damage d20 ") + std::to_string(x.natural());
    if (x.modified() != x.natural()) out += modifier_words(x.modifiers()) + " = " + std::to_string(x.modified());
    if (!x.column().empty()) out += " on column " + x.column();
    out += " → " + x.result();
    if (x.result() == "LtW" && x.out()) out += " (a second light wound: out of action)";
  }
  return out;
}

std::string fire(const Words& w, const pb::BgsFire& e) {
  const std::string how = e.reaction()                  ? " answers with reaction fire at "
                         : e.special() == "pinning"     ? " lays pinning fire on "
                         : e.special() == "ambush"      ? " springs its ambush on "
                         : e.special() == "opportunity" ? " takes its opportunity fire at "
                                                        : " fires at ";
  std::string out = w.unit(e.shooter_id()) + how +
                    w.unit(e.target_id()) + ": " + std::to_string(e.men()) + " men with " + e.weapon() + ", " +
                    inches(e.range()) + " (" + e.band() + ", column " + e.column() + "); d20 " + std::to_string(e.natural()) +
                    modifier_words(e.modifiers()) + " = " + std::to_string(e.modified());
  if (e.jammed()) return out + ": a natural 20 misses and jams the weapon (BGM-GEN-05).";
  if (e.morale_check()) return out + ": no hits, a morale check (BGM-SA-06).";
  if (e.special() == "pinning" && e.hits() > 0) return out + ": pinned, it is suppressed and checks its morale (BGM-SFO-04).";
  if (e.hits() == 0) return out + ": no hits (BGM-SA-05).";
  return out + ": " + std::to_string(e.hits()) + (e.hits() == 1 ? " hit" : " hits") + " (BGM-SA-05)" + wound_words(w, e.wounds()) + ".";
}

std::string morale(const Words& w, const pb::BgsMorale& e) {
  const std::string who = e.figure_id().empty() ? w.unit(e.unit_id()) : w.figure(e.figure_id());
  std::string out = who + " rolls " + (e.kind() == "rally" ? "to rally" : e.kind() + " morale") + " (" + e.reason() +
                    "): d20 " + std::to_string(e.natural());
  if (e.leadership() > 0) out += " - leadership " + std::to_string(e.leadership());
  out += ", needing " + std::to_string(e.needed()) + " or less: ";
  if (e.rallied()) return out + "rallies.";
  if (e.broken()) return out + "fails and breaks.";
  return out + (e.passed() ? "passes." : "fails.");
}

std::string assault(const Words& w, const pb::BgsAssaulted& e) {
  std::string out = w.unit(e.attacker_id()) + (e.counter() ? " counter-assaults " : " assaults ") + w.unit(e.target_id()) +
                    " (" + e.target_type() + ")";
  if (e.figures().empty()) return out + ": nobody passes the morale roll to go in.";
  out += " with " + std::to_string(e.figures_size()) + (e.figures_size() == 1 ? " man" : " men") + "; d20 " +
         std::to_string(e.natural()) + modifier_words(e.modifiers()) + " = " + std::to_string(e.modified()) + ": " + e.result() +
         " (BGM-ASLT-07)";
  if (e.grenades_spent() > 0) out += "; " + std::to_string(e.grenades_spent()) + " grenades thrown";
  return out + wound_words(w, e.wounds()) + (e.silenced() && e.target_type() != "infantry / soft skin" ? "; the survivors are broken" : "") + ".";
}

std::string special_fire(const Words& w, const pb::BgsSpecialFire& s) {
  if (!s.unit_id().empty()) {
    if (s.order().empty()) return w.unit(s.unit_id()) + " has spent its special fire.";
    return w.unit(s.unit_id()) + " is put on " + s.order() + " fire for this turn (BGM-GEN-02 step 1).";
  }
  if (s.sighted_size() > 0 || s.friend_fired_near_size() > 0) {
    std::string out;
    if (s.sighted_size() > 0) out = w.units(s.sighted()) + " seen where they stand";
    if (s.friend_fired_near_size() > 0) out += (out.empty() ? "" : "; ") + std::string("a friend's fire gave away ") + w.units(s.friend_fired_near());
    return out + " (BGM-SFO-03: no ambush from there while an enemy is in sight).";
  }
  if (s.done()) return w.side(s.side()) + " has marked its special fire.";
  return "Step (1): " + w.side(s.side()) + " marks units for special fire.";
}

std::string barrage(const Words& w, const pb::BgsBarrage& b) {
  const std::string strike = w.side(b.side()) + "'s strike " + b.strike_id();
  if (b.call_natural() == 0) return strike + " was never plotted; it waits to be written for a later turn (BGM-ART-05).";
  std::string out = strike + ": call roll d20 " + std::to_string(b.call_natural());
  if (b.call_modifier() != 0) out += " " + signed_number(b.call_modifier()) + " (observer)";
  out += ", needing " + std::to_string(b.call_number()) + " or less (BGM-ART-02)";
  if (!b.called()) return out + ": no fire this turn; it is called again next turn.";
  out += "; deviation " + b.deviation_dice() + ": ";
  out += b.direction_roll() == 0 ? std::string("none") : inches(b.drift()) + " toward point " + std::to_string(b.direction_roll());
  out += ", a " + b.pattern() + " pattern (BGM-ART-04)";
  if (b.wounds().empty()) return out + "; nobody is under it.";
  return out + wound_words(w, b.wounds()) + ".";
}

}  // namespace

std::string bgs_line(const Words& w, const pb::BgEvent& e) {
  switch (e.body_case()) {
    case pb::BgEvent::kBgsActivated: {
      const auto& a = e.bgs_activated();
      std::string out = "The card of " + w.unit(a.unit_id()) + " comes up (" + std::to_string(a.cards_left()) + " left this turn)";
      if (a.passed() == "broken") return out + ": it is broken and does nothing.";
      if (a.passed() == "suppressed") return out + ": it is suppressed and the card passes.";
      if (a.passed() == "special fire") return out + ": it waits on special fire and the card passes.";
      return out + ": two actions.";
    }
    case pb::BgEvent::kBgsFire: return fire(w, e.bgs_fire());
    case pb::BgEvent::kBgsMorale: return morale(w, e.bgs_morale());
    case pb::BgEvent::kBgsStance:
      return w.unit(e.bgs_stance().unit_id()) + (e.bgs_stance().prone() ? " goes prone." : " stands up.");
    case pb::BgEvent::kBgsReaction: {
      const auto& r = e.bgs_reaction();
      if (r.marked()) return w.unit(r.unit_id()) + " waits on reaction fire (BGM-RF-01).";
      if (r.spent()) return w.unit(r.unit_id()) + " has spent its reaction fire.";
      return w.unit(r.unit_id()) + " holds.";
    }
    case pb::BgEvent::kBgsReactionDue:
      return w.unit(e.bgs_reaction_due().trigger_id()) +
             (e.bgs_reaction_due().trigger() == "fired"   ? " opened fire"
              : e.bgs_reaction_due().trigger() == "moved" ? " moved"
                                                          : " acted") +
             ": " + w.units(e.bgs_reaction_due().unit_ids()) + " may answer (BGM-RF-03, BGM-SFO-01).";
    case pb::BgEvent::kBgsReactionAnswered: {
      const auto& a = e.bgs_reaction_answered();
      if (a.fired()) return w.unit(a.unit_id()) + " has answered.";
      return w.unit(a.unit_id()) + " does not fire: " + a.reason() + ".";
    }
    case pb::BgEvent::kBgsAssault: return assault(w, e.bgs_assault());
    case pb::BgEvent::kBgsSpecialFire: return special_fire(w, e.bgs_special_fire());
    case pb::BgEvent::kBgsBarrage: return barrage(w, e.bgs_barrage());
    default: return "Something happened.";
  }
}

}  // namespace sandtable::bg
