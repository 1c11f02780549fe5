#include "engine/rulesets/pw/pw_dice_words.h"

#include <algorithm>

namespace sandtable::pw {

std::string needed_words(int face) {
  if (face <= 1) return "any roll";
  std::string s = "needed ";
  s.append(std::to_string(face)).append("+");
  return s;
}

namespace {

std::string said(const char* result, int face) {
  std::string s = result;
  s.append(" (").append(needed_words(face)).append(")");
  return s;
}

}  // namespace

void tell_fire_dice(std::vector<pb::DieRoll>& dice, int modifier, bool every_hit_counts) {
  const int face = 5 - modifier;  // PW-FIRE-05
  bool counted = false;
  for (auto& d : dice) {
    const bool hit = d.value() + modifier >= 5;
    if (hit && !every_hit_counts && counted) {
      d.set_meaning(said("hit, one a volley counts", face));
      continue;
    }
    counted = counted || hit;
    d.set_meaning(said(hit ? "hit" : "miss", face));
  }
}

void tell_close_combat_die(pb::DieRoll& die, int modifier, int not_hit, bool hit) {
  // Unhurt when min(score, 6) >= not_hit and the score is at least 1 (pw_combat.cc cc_hit).
  const int face = std::max(not_hit - modifier, 1 - modifier);
  die.set_meaning(face > 6 ? std::string("is hit (no roll saves it)") : said(hit ? "is hit" : "unhurt", face));
}

void tell_hit_die(pb::DieRoll& die, int lose_max, bool lose) {
  die.set_meaning(said(lose ? "loses 1 SP" : "may retreat", lose_max + 1));
}

void tell_fall_die(pb::DieRoll& die, int modifier, const std::string& fall) {
  if (fall == "on target") {
    die.set_meaning(said("on target", 5 - modifier));
    return;
  }
  std::string s = fall;
  s.append(" (on target: ").append(needed_words(5 - modifier)).append(")");
  die.set_meaning(s);
}

}  // namespace sandtable::pw
