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
    out += "; " + w.figure(x.figure_id()) + ": damage d20 " + std::to_string(x.natural());
    if (x.modified() != x.natural()) out += modifier_words(x.modifiers()) + " = " + std::to_string(x.modified());
    if (!x.column().empty()) out += " on column " + x.column();
    out += " → " + x.result();
    if (x.result() == "LtW" && x.out()) out += " (a second light wound: out of action)";
  }
  return out;
}

std::string fire(const Words& w, const pb::BgsFire& e) {
  std::string out = w.unit(e.shooter_id()) + (e.reaction() ? " answers with reaction fire at " : " fires at ") +
                    w.unit(e.target_id()) + ": " + std::to_string(e.men()) + " men with " + e.weapon() + ", " +
                    inches(e.range()) + " (" + e.band() + ", column " + e.column() + "); d20 " + std::to_string(e.natural()) +
                    modifier_words(e.modifiers()) + " = " + std::to_string(e.modified());
  if (e.jammed()) return out + ": a natural 20 misses and jams the weapon (BGM-GEN-05).";
  if (e.morale_check()) return out + ": no hits, a morale check (BGM-SA-06).";
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

}  // namespace

std::string bgs_line(const Words& w, const pb::BgEvent& e) {
  switch (e.body_case()) {
    case pb::BgEvent::kBgsActivated: {
      const auto& a = e.bgs_activated();
      std::string out = "The card of " + w.unit(a.unit_id()) + " comes up (" + std::to_string(a.cards_left()) + " left this turn)";
      if (a.passed() == "broken") return out + ": it is broken and does nothing.";
      if (a.passed() == "suppressed") return out + ": it is suppressed and the card passes.";
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
             (e.bgs_reaction_due().trigger() == "fired" ? " opened fire" : " came within point-blank range") + ": " +
             w.units(e.bgs_reaction_due().unit_ids()) + " may answer with reaction fire (BGM-RF-03).";
    case pb::BgEvent::kBgsReactionAnswered: {
      const auto& a = e.bgs_reaction_answered();
      if (a.fired()) return w.unit(a.unit_id()) + " has answered.";
      return w.unit(a.unit_id()) + " does not fire: " + a.reason() + ".";
    }
    case pb::BgEvent::kBgsAssault: return assault(w, e.bgs_assault());
    default: return "Something happened.";
  }
}

}  // namespace sandtable::bg
