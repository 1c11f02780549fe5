// Combining units (BG-COMB-01..06): part of a move (bg_move.cc checks who may combine and that
// the units touch); here the grade roll, leaders of a lower-grade unit, and the split over 12.
#include <algorithm>

#include "engine/rulesets/bg/bg_internal.h"

namespace sandtable::bg {

std::optional<Grade> combined_grade(Grade a, int figures_a, int roll_a, Grade b, int figures_b, int roll_b) {
  if (a == b) return a;
  const int sum = grade_sum(a, b);  // twice the unweighted mean (GAP-BG-COMB-04)
  // (2) each unit rolls 1D6 and adds its own number of figures.
  const int ta = roll_a + figures_a, tb = roll_b + figures_b;
  int winner = ta > tb ? 0 : tb > ta ? 1 : -1;
  // (4) the larger unit rolled a 1 and the smaller a 6: the smaller wins regardless.
  if (figures_a > figures_b && roll_a == 1 && roll_b == 6) winner = 1;
  if (figures_b > figures_a && roll_b == 1 && roll_a == 6) winner = 0;
  const Grade own = winner == 0 ? a : b;
  if (sum % 2 == 0) {
    const int avg = sum / 2;
    if (winner < 0) return static_cast<Grade>(avg);  // (3) a tie keeps the average
    // (3) one grade toward the winner's own grade, never past it.
    const int g = static_cast<int>(own);
    if (g > avg) return static_cast<Grade>(avg + 1);
    if (g < avg) return static_cast<Grade>(avg - 1);
    return static_cast<Grade>(avg);
  }
  // (5) between two grades: a tie is rolled again; the winner takes the neighbour on its side.
  if (winner < 0) return std::nullopt;
  const int lo = sum / 2, hi = lo + 1;
  return static_cast<Grade>(static_cast<int>(own) >= hi ? hi : lo);
}

void combine_units(Context& ctx, BgState& st, const std::string& keeper_id, const std::string& joining_id) {
  const Unit& keeper = *st.find(keeper_id);
  const Unit& joining = *st.find(joining_id);
  pb::BgUnitsCombined c;
  c.set_unit_id(keeper.id);
  c.add_absorbed(joining.id);
  std::optional<Grade> grade = keeper.grade;
  if (keeper.grade != joining.grade) {
    // BG-COMB-04: the moving unit rolls first, then the unit it joins; ties on an
    // in-between average are rolled again (every die is in the event).
    const int fj = joining.living_fighters(), fk = keeper.living_fighters();
    for (int attempt = 0; attempt < 100; ++attempt) {
      const int rj = ctx.roll(pb::DIE_KIND_D6, "combining: " + joining.id);
      const int rk = ctx.roll(pb::DIE_KIND_D6, "combining: " + keeper.id);
      c.set_roll_a(rj);
      c.set_roll_b(rk);
      grade = combined_grade(joining.grade, fj, rj, keeper.grade, fk, rk);
      if (grade) break;
      c.add_notes("tie on an in-between average: rolled again");
    }
  }
  c.set_grade(std::string(1, grade_letter(*grade)));
  // BG-COMB-05: leaders from an original unit of lower grade do not count as leaders.
  for (const Unit* u : {&keeper, &joining}) {
    if (static_cast<int>(u->grade) >= static_cast<int>(*grade)) continue;
    for (const auto& f : u->figures) {
      if (f.alive && f.kind == FigureKind::kLeader) c.add_demoted_leaders(f.id);
    }
  }
  // BG-COMB-02: more than 12 figures split into two roughly equal units.
  std::vector<std::string> all;
  for (const Unit* u : {&keeper, &joining}) {
    for (const auto& f : u->figures) {
      if (f.alive) all.push_back(f.id);
    }
  }
  if (static_cast<int>(all.size()) > kMaxUnitFigures) {
    c.set_split_into(keeper.id + "-" + std::to_string(st.next_id));
    for (std::size_t i = (all.size() + 1) / 2; i < all.size(); ++i) c.add_split_figures(all[i]);
  }
  pb::BgEvent e;
  *e.mutable_combined() = c;
  emit_bg(ctx, e);
}

}  // namespace sandtable::bg
