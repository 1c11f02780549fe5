// Battleground's words for the table a player reads (issue 12): what ends the game in this
// scenario (BG-VIC-01: the turn limit and the scenario's victory points; a side with nothing
// left loses at once, bg_cards.cc), each side's losses, what this viewer must do now, and after
// the game what decided it. The rules have no break point for a whole side (BG-MOR-05), so the
// standing counts losses only. Hidden units (BG-UNIT-09/10) are never named nor counted for a
// seat that may not know them (knows_unit), as in the rest of the view.
#include <algorithm>

#include "engine/core/cards.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bg_special.h"
#include "engine/rulesets/bg/bg_units.h"
#include "engine/rulesets/bg/bg_view_words.h"

namespace sandtable::bg {

namespace {

std::string num(int n) { return std::to_string(n); }

std::string points(int n) { return num(n) + (n == 1 ? " point" : " points"); }

std::string side_words(const BgState& st, int side) {
  const std::string& name = st.scenario->sides(side).name();
  return name.empty() ? side_id(st, side) : name;
}

}  // namespace

std::vector<std::string> briefing_rules(const BgState& st) {
  std::vector<std::string> out;
  const bool scored = !st.objectives.empty() || st.prisoner_points > 0 || st.destroyed_unit_points > 0;
  if (st.max_turns > 0) {
    std::string line = "The game ends after turn ";
    line.append(num(st.max_turns)).append(scored ? "; then victory points are counted and the side with more wins, "
                                                   "level points a draw (BG-VIC-01)."
                                                 : "; the scenario sets no victory points, so it is a draw unless the "
                                                   "GM rules otherwise (BG-VIC-01).");
    out.push_back(line);
  }
  for (const auto& o : st.objectives) {
    std::string line = o.name;
    line.append(": ").append(points(o.points)).append(" to the side holding it at the end");
    if (o.owner >= 0) line.append("; nobody holding it, it stays with ").append(side_words(st, o.owner));
    line.append(".");
    out.push_back(line);
  }
  if (st.prisoner_points > 0) {
    out.push_back("Each enemy prisoner still guarded at the end: " + points(st.prisoner_points) +
                  " (prisoners whose guards all died count for nobody, BG-PRIS-05).");
  }
  if (st.destroyed_unit_points > 0) out.push_back("Each enemy unit destroyed: " + points(st.destroyed_unit_points) + ".");
  out.emplace_back("A side with no units left on or coming to the table loses at once.");
  out.emplace_back(
      "There is no break point for a whole side: units that lose their nerve become non-standing "
      "(BG-UNIT-05, BG-MOR-05).");
  return out;
}

Losses side_losses(const BgState& st, int side, const Seer& seer) {
  Losses l;
  for (const auto& u : st.units) {
    if (u.side != side || u.prisoner_group || !u.on_table || !knows_unit(u, seer)) continue;
    ++l.units;
    l.destroyed += u.destroyed ? 1 : 0;
    if (!u.infantry_like()) continue;
    for (const auto& f : u.figures) l.figures += f.prisoner ? 0 : 1;
    l.figures_left += u.destroyed ? 0 : u.living_fighters();
  }
  return l;
}

std::string standing_words(const Losses& l) {
  std::string line = "lost ";
  line.append(num(l.figures - l.figures_left)).append(" of ").append(num(l.figures)).append(" figures");
  if (l.destroyed > 0) {
    line.append("; ").append(num(l.destroyed)).append(" of ").append(num(l.units)).append(l.units == 1 ? " unit" : " units");
    line.append(" destroyed");
  }
  return line;
}

std::string task_words(const BgState& st, const std::string& viewer) {
  const int side = st.side_index(viewer);
  if (side < 0 || st.over) return "";  // the GM and spectators: the banner says who acts
  for (const auto& d : st.decisions) {
    if (d.seat() == viewer) return "Answer: " + d.prompt();
  }
  if (!st.decisions.empty()) return "";
  // In the order the menu asks them (bg_menu.cc): a fire mission's aim, guards, then the rest.
  if (const int owing = side_owing_aim(st); owing >= 0) return owing == side ? "Aim your fire mission (BG-ART-01)" : "";
  if (const Unit* g = guards_owed(st)) return g->side == side ? "Choose the guards of " + label(*g) + " (BG-PRIS-01)" : "";
  if (int role = 0; melee_order_due(st, side, &role)) return "Choose who fights whom in the next melee round (BG-MEL-10)";
  if (needs_card(st)) return "Turn the next card";
  if (st.phase != Phase::kCards || st.action.side != side) return "";
  if (st.options.bgm_skirmish) {  // Shaffer's skirmish: one unit's card, two actions (BGM-GEN-02)
    const Unit* u = st.find(st.skirmish_active);
    if (!u || !u->bgs) return "";
    const int left = std::max(0, 2 - u->bgs->actions);
    return "Your card: " + label(*u) + " — " + num(left) + " of 2 actions left";
  }
  int could = 0;  // the count the menu's "End this action" confirmation uses
  for (const auto& u : st.units) {
    const Unit* ok = nullptr;
    if (!check_unit_may_act(st, side, u.id, st.action.action, &ok)) ++could;
  }
  const char* verb = st.action.action == BgAction::kMove ? "move" : "shoot";
  std::string line = "Your card";
  if (const auto top = st.deck.public_summary().discard_top) line.append(": ").append(card_name(*top));
  if (st.action.one_unit) return line.append(" — pick one unit to ").append(verb);
  line.append(" — ").append(num(could)).append(could == 1 ? " unit may " : " units may ").append(verb);
  return line;
}

std::vector<std::string> deciding_words(const BgState& st) {
  std::vector<std::string> out;
  if (!st.over) return out;
  // The end reason already says it in the open (bg_cards.cc check_end).
  if (st.end_reason.ends_with("has no units left")) {
    for (int s = 0; s < 2; ++s) {
      if (st.end_reason.starts_with(side_id(st, s) + " ")) {
        out.push_back("Turn " + num(st.turn) + ": " + side_words(st, s) + " had no units left");
      }
    }
  }
  if (st.max_turns > 0 && st.turn >= st.max_turns && st.end_reason.find("turns are over") != std::string::npos) {
    out.push_back("Turn " + num(st.max_turns) + ": the turn limit was reached and victory points counted");
    // The holders were announced in the open with the victory (BgVictory), so naming them hides
    // nothing; a hidden unit is never named, only its side.
    for (const auto& o : st.objectives) {
      const ObjectiveHolder h = objective_holder(st, o);
      std::string line = o.name;
      line.append(" (").append(points(o.points)).append("): ").append(h.how);
      out.push_back(line);
    }
  }
  return out;
}

void fill_view_words(const BgState& st, const std::string& viewer, const Seer& seer, pb::View& view) {
  for (auto& sv : *view.mutable_sides()) {
    const int s = st.side_index(sv.id());
    if (s < 0) continue;
    const Losses l = side_losses(st, s, seer);
    sv.set_strength_lost(l.figures - l.figures_left);
    sv.set_standing(standing_words(l));
  }
  view.mutable_turn()->set_task(task_words(st, viewer));
  for (auto& line : deciding_words(st)) view.mutable_result()->add_deciding(std::move(line));
}

}  // namespace sandtable::bg
