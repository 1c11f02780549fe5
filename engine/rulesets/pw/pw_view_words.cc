// The Portable Wargame's words for the table a player reads (issue 12): the briefing's rules
// (exhaustion points and the battle's end, PW-EXH-01..03, PW-VIC-01), each side's standing,
// what this viewer must do now, and after the game the events that decided it. Nothing here
// is hidden in this rule set except the artillery orders, which these words never name.
#include <algorithm>

#include "engine/rulesets/pw/pw_internal.h"
#include "engine/rulesets/pw/pw_view_words.h"

namespace sandtable::pw {

namespace {

std::string num(int n) { return std::to_string(n); }

std::string units_left(int n) { return num(n) + (n == 1 ? " unit left" : " units left"); }

}  // namespace

std::vector<std::string> briefing_rules(const PwState& st) {
  std::vector<std::string> out;
  for (const auto& s : st.side_state) {
    // PW-EXH-01: EP = ceil(initial SP / 3); PW-EXH-02: exhausted at once when losses reach it.
    std::string line = s.name;
    line.append(": exhaustion point ").append(num(s.exhaustion_point)).append(" SP (a third of ").append(num(s.initial_sp));
    line.append(", rounded up): at ").append(num(s.exhaustion_point));
    line.append(" SP lost it can no longer advance or start close combats (PW-EXH-01, PW-EXH-02).");
    out.push_back(line);
  }
  out.emplace_back(
      "The battle ends when both sides are exhausted: the side that became exhausted later wins; both in the same "
      "turn is a draw (PW-EXH-03, PW-VIC-01).");
  if (st.max_turns > 0) {
    std::string line = "Turn limit: ";
    line.append(num(st.max_turns)).append(" turns. Then a side that alone is exhausted loses; otherwise the side that "
                                          "lost fewer SP wins, equal losses a draw (PW-VIC-01).");
    out.push_back(line);
  }
  return out;
}

std::string standing_words(const SideState& s) {
  if (s.exhausted) {
    std::string line = "exhausted on turn ";
    line.append(num(s.exhausted_turn)).append(" (").append(num(s.sp_lost)).append(" of ").append(num(s.initial_sp));
    line.append(" SP lost): it may not advance or start close combats (PW-EXH-02)");
    return line;
  }
  std::string line = "lost ";
  line.append(num(s.sp_lost)).append(" of ").append(num(s.exhaustion_point)).append(": at ").append(num(s.exhaustion_point));
  line.append(" this side can no longer advance");
  return line;
}

std::string task_words(const PwState& st, const std::string& viewer) {
  const int side = st.side_index(viewer);
  if (side < 0 || st.over) return "";  // the GM and spectators: the banner says who acts
  for (const auto& d : st.decisions) {
    if (d.seat() == viewer) return "Answer: " + d.prompt();
  }
  if (!st.decisions.empty()) return "";  // the other seat answers first
  if (stalled(st)) return "Roll the dice for the next step";
  const SideState& ss = st.side_state[static_cast<std::size_t>(side)];
  if (st.phase == Phase::kArtilleryPlanning) {
    return ss.plan_due && !ss.plan_given ? "Your artillery fire: plan your batteries" : "";
  }
  if (st.phase != Phase::kActivation || st.active_side != side) return "";
  // The same count the menu's end-turn confirmation uses (pw_menu.cc).
  if (!st.active_unit.empty()) {
    const Unit* u = st.alive_unit(st.active_unit);
    std::string line = "Your activation: finish with ";
    line.append(u ? label(*u) : st.active_unit).append(" (then ").append(units_left(ss.activations_left)).append(")");
    return line;
  }
  return "Your activation: " + units_left(ss.activations_left);
}

std::vector<std::string> deciding_words(const PwState& st) {
  std::vector<std::string> out;
  if (!st.over) return out;
  std::vector<const SideState*> exhausted;
  for (const auto& s : st.side_state) {
    if (s.exhausted) exhausted.push_back(&s);
  }
  std::stable_sort(exhausted.begin(), exhausted.end(),
                   [](const SideState* a, const SideState* b) { return a->exhausted_turn < b->exhausted_turn; });
  for (const SideState* s : exhausted) {
    std::string line = "Turn ";
    line.append(num(s->exhausted_turn)).append(": ").append(s->name).append(" became exhausted (its losses reached ");
    line.append(num(s->exhaustion_point)).append(" of ").append(num(s->initial_sp)).append(" SP)");
    out.push_back(line);
  }
  if (st.max_turns > 0 && st.turn >= st.max_turns && st.end_reason.starts_with("The turn limit")) {
    std::string line = "Turn ";
    line.append(num(st.turn)).append(": the turn limit was reached");
    out.push_back(line);
  }
  return out;
}

void fill_view_words(const PwState& st, const std::string& viewer, pb::View& view) {
  for (auto& sv : *view.mutable_sides()) {
    const int s = st.side_index(sv.id());
    if (s >= 0) sv.set_standing(standing_words(st.side_state[static_cast<std::size_t>(s)]));
  }
  view.mutable_turn()->set_task(task_words(st, viewer));
  for (auto& line : deciding_words(st)) view.mutable_result()->add_deciding(std::move(line));
}

}  // namespace sandtable::pw
