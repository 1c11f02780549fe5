#include "engine/rulesets/rookie/rr_close.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace sandtable::rr {

namespace {

// A figure's reachable opponents, nearer stands first (input order among stands at the same gap).
std::vector<int> stands_by_gap(const std::vector<double>& gaps, const std::vector<bool>& reach) {
  std::vector<int> order;
  std::vector<bool> taken(gaps.size(), false);
  for (;;) {
    int best = -1;
    for (std::size_t j = 0; j < gaps.size(); ++j) {
      if (!reach[j] || taken[j]) continue;
      if (best < 0 || gaps[j] < gaps[static_cast<std::size_t>(best)] - geom::kEps) best = static_cast<int>(j);
    }
    if (best < 0) return order;
    taken[static_cast<std::size_t>(best)] = true;
    order.push_back(best);
  }
}

struct Side {
  std::vector<FigureRef> figures;          // figures on stands in reach of an opponent
  std::vector<std::vector<int>> partners;  // per figure: opposing figure indices, preferred first
};

// Kuhn's augmenting path for figure `f` of side A (deterministic: partners in preference order).
// A free partner is taken before any pair is rearranged, so pairs move only when they must.
bool augment(int f, const Side& a, std::vector<int>& match_of_b, std::vector<bool>& seen) {
  for (int g : a.partners[static_cast<std::size_t>(f)]) {
    if (seen[static_cast<std::size_t>(g)] || match_of_b[static_cast<std::size_t>(g)] >= 0) continue;
    seen[static_cast<std::size_t>(g)] = true;
    match_of_b[static_cast<std::size_t>(g)] = f;
    return true;
  }
  for (int g : a.partners[static_cast<std::size_t>(f)]) {
    if (seen[static_cast<std::size_t>(g)]) continue;
    seen[static_cast<std::size_t>(g)] = true;
    int& holder = match_of_b[static_cast<std::size_t>(g)];
    if (holder < 0 || augment(holder, a, match_of_b, seen)) {
      holder = f;
      return true;
    }
  }
  return false;
}

void check_stands(std::span<const MeleeStand> stands) {
  for (const MeleeStand& s : stands) {
    if (s.figures < 0) throw std::invalid_argument("A stand cannot hold a negative number of figures.");
  }
}

// Projections of a convex polygon on an axis.
void project(const geom::Polygon& p, geom::Vec2 axis, double& lo, double& hi) {
  lo = std::numeric_limits<double>::infinity();
  hi = -lo;
  for (geom::Vec2 v : p.vertices()) {
    double d = geom::dot(v, axis);
    lo = std::min(lo, d);
    hi = std::max(hi, d);
  }
}

// Some edge normal of `edges_of` separates a and b (gaps of up to kEps overlap count as separate).
bool separated_by_edges_of(const geom::Polygon& edges_of, const geom::Polygon& a, const geom::Polygon& b) {
  for (int i = 0; i < edges_of.size(); ++i) {
    geom::Segment e = edges_of.edge(i);
    geom::Vec2 d = e.b - e.a;
    geom::Vec2 axis = geom::Vec2{-d.y, d.x} / geom::length(d);
    double alo = 0, ahi = 0, blo = 0, bhi = 0;
    project(a, axis, alo, ahi);
    project(b, axis, blo, bhi);
    if (ahi <= blo + geom::kEps || bhi <= alo + geom::kEps) return true;
  }
  return false;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Melee

double footprint_gap(const geom::Polygon& a, const geom::Polygon& b) {
  if (footprints_touch(a, b)) return 0;
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < b.size(); ++i) {
    for (geom::Vec2 v : a.vertices()) best = std::min(best, geom::distance_to_segment(v, b.edge(i)));
  }
  for (int i = 0; i < a.size(); ++i) {
    for (geom::Vec2 v : b.vertices()) best = std::min(best, geom::distance_to_segment(v, a.edge(i)));
  }
  return best;
}

bool in_melee_reach(const MeleeStand& a, const MeleeStand& b) {
  return geom::within(footprint_gap(a.footprint, b.footprint), kMeleeReach);
}

std::vector<MeleePair> pair_figures(std::span<const MeleeStand> side_a, std::span<const MeleeStand> side_b) {
  check_stands(side_a);
  check_stands(side_b);
  const std::size_t na = side_a.size();
  const std::size_t nb = side_b.size();
  std::vector<std::vector<double>> gap(na, std::vector<double>(nb, 0));
  std::vector<std::vector<bool>> reach(na, std::vector<bool>(nb, false));
  for (std::size_t i = 0; i < na; ++i) {
    for (std::size_t j = 0; j < nb; ++j) {
      gap[i][j] = footprint_gap(side_a[i].footprint, side_b[j].footprint);
      reach[i][j] = side_a[i].figures > 0 && side_b[j].figures > 0 && geom::within(gap[i][j], kMeleeReach);
    }
  }
  // Transposed views for side B.
  std::vector<std::vector<double>> gap_t(nb, std::vector<double>(na, 0));
  std::vector<std::vector<bool>> reach_t(nb, std::vector<bool>(na, false));
  for (std::size_t i = 0; i < na; ++i) {
    for (std::size_t j = 0; j < nb; ++j) {
      gap_t[j][i] = gap[i][j];
      reach_t[j][i] = reach[i][j];
    }
  }

  // Figures in reach, and the index of each stand's first such figure.
  auto build = [](std::span<const MeleeStand> stands, const std::vector<std::vector<bool>>& r, Side& side,
                  std::vector<int>& first) {
    first.assign(stands.size(), -1);
    for (std::size_t i = 0; i < stands.size(); ++i) {
      if (std::find(r[i].begin(), r[i].end(), true) == r[i].end()) continue;
      first[i] = static_cast<int>(side.figures.size());
      for (int f = 0; f < stands[i].figures; ++f) side.figures.push_back({static_cast<int>(i), f});
    }
  };
  Side a, b;
  std::vector<int> first_a, first_b;
  build(side_a, reach, a, first_a);
  build(side_b, reach_t, b, first_b);
  auto link = [](Side& side, std::span<const MeleeStand> other, const std::vector<int>& other_first,
                 const std::vector<std::vector<double>>& g, const std::vector<std::vector<bool>>& r) {
    for (const FigureRef& fig : side.figures) {
      std::vector<int> partners;
      const std::size_t s = static_cast<std::size_t>(fig.stand);
      for (int j : stands_by_gap(g[s], r[s])) {
        for (int k = 0; k < other[static_cast<std::size_t>(j)].figures; ++k) {
          partners.push_back(other_first[static_cast<std::size_t>(j)] + k);
        }
      }
      side.partners.push_back(std::move(partners));
    }
  };
  link(a, side_b, first_b, gap, reach);
  link(b, side_a, first_a, gap_t, reach_t);

  // One-to-one pairs first: a maximum matching.
  std::vector<int> match_of_b(b.figures.size(), -1);
  for (std::size_t f = 0; f < a.figures.size(); ++f) {
    std::vector<bool> seen(b.figures.size(), false);
    augment(static_cast<int>(f), a, match_of_b, seen);
  }
  std::vector<int> match_of_a(a.figures.size(), -1);
  for (std::size_t g = 0; g < b.figures.size(); ++g) {
    if (match_of_b[g] >= 0) match_of_a[static_cast<std::size_t>(match_of_b[g])] = static_cast<int>(g);
  }
  std::vector<int> pairs_a(a.figures.size(), 0), pairs_b(b.figures.size(), 0);
  std::vector<MeleePair> out;
  for (std::size_t f = 0; f < a.figures.size(); ++f) {
    int g = match_of_a[f];
    if (g < 0) continue;
    out.push_back({a.figures[f], b.figures[static_cast<std::size_t>(g)]});
    ++pairs_a[f];
    ++pairs_b[static_cast<std::size_t>(g)];
  }
  // Figures left alone join the reachable opponent with the fewest pairs (partners are already in
  // nearer-stand, input order, so the first with the fewest wins a tie).
  auto gang_up = [&out](const Side& lonely, std::vector<int>& lonely_pairs, std::vector<int>& target_pairs,
                        const Side& targets, bool lonely_is_a) {
    for (std::size_t f = 0; f < lonely.figures.size(); ++f) {
      if (lonely_pairs[f] > 0) continue;
      int best = -1;
      for (int g : lonely.partners[f]) {
        if (best < 0 || target_pairs[static_cast<std::size_t>(g)] < target_pairs[static_cast<std::size_t>(best)]) best = g;
      }
      if (best < 0) continue;  // cannot happen: every listed figure has a partner in reach
      ++lonely_pairs[f];
      ++target_pairs[static_cast<std::size_t>(best)];
      const FigureRef other = targets.figures[static_cast<std::size_t>(best)];
      out.push_back(lonely_is_a ? MeleePair{lonely.figures[f], other} : MeleePair{other, lonely.figures[f]});
    }
  };
  gang_up(a, pairs_a, pairs_b, b, true);
  gang_up(b, pairs_b, pairs_a, a, false);
  return out;
}

MeleeResult resolve_melee(std::span<const MeleeStand> side_a, std::span<const MeleeStand> side_b,
                          const std::function<int()>& d6) {
  MeleeResult result;
  std::vector<MeleePair> pairs = pair_figures(side_a, side_b);
  std::vector<std::vector<bool>> dead_a(side_a.size()), dead_b(side_b.size());
  for (std::size_t i = 0; i < side_a.size(); ++i) dead_a[i].assign(static_cast<std::size_t>(side_a[i].figures), false);
  for (std::size_t i = 0; i < side_b.size(); ++i) dead_b[i].assign(static_cast<std::size_t>(side_b[i].figures), false);
  auto roll = [&] {
    int face = d6();
    ++result.dice_used;
    if (face < 1 || face > 6) throw std::invalid_argument("A d6 face is 1 to 6.");
    return face;
  };
  constexpr int kMaxTies = 1000;
  for (const MeleePair& pair : pairs) {
    MeleeFight fight{pair, {}, false};
    for (int ties = 0;; ++ties) {
      if (ties >= kMaxTies) throw std::invalid_argument("The d6 tied 1000 times in a row; it is not a die.");
      MeleeRoll r;
      r.a = roll();
      r.b = roll();
      fight.rolls.push_back(r);
      if (r.a != r.b) {
        fight.a_won = r.a > r.b;
        break;
      }
    }
    if (fight.a_won) {
      dead_b[static_cast<std::size_t>(pair.b.stand)][static_cast<std::size_t>(pair.b.figure)] = true;
    } else {
      dead_a[static_cast<std::size_t>(pair.a.stand)][static_cast<std::size_t>(pair.a.figure)] = true;
    }
    result.fights.push_back(std::move(fight));
  }
  auto count = [](const std::vector<std::vector<bool>>& dead, std::vector<int>& by_stand, int& total) {
    for (const std::vector<bool>& stand : dead) {
      by_stand.push_back(static_cast<int>(std::count(stand.begin(), stand.end(), true)));
      total += by_stand.back();
    }
  };
  count(dead_a, result.a_losses_by_stand, result.a_losses);
  count(dead_b, result.b_losses_by_stand, result.b_losses);
  return result;
}

MeleeResult resolve_melee(std::span<const MeleeStand> side_a, std::span<const MeleeStand> side_b,
                          std::span<const int> faces) {
  std::size_t next = 0;
  return resolve_melee(side_a, side_b, [&]() -> int {
    if (next >= faces.size()) throw std::invalid_argument("The melee needs more d6 faces than were given.");
    return faces[next++];
  });
}

std::optional<std::string> melee_declaration_refusal(bool declared_with_a_move, std::span<const MeleeStand> movers,
                                                     std::span<const MeleeStand> enemies) {
  if (!declared_with_a_move) return "Melee is declared as part of a move function that brings the unit into contact.";
  for (const MeleeStand& m : movers) {
    if (m.figures <= 0) continue;
    for (const MeleeStand& e : enemies) {
      if (e.figures > 0 && in_melee_reach(m, e)) return std::nullopt;
    }
  }
  return "No stand of the unit is within 1\" of an enemy stand, so there is no melee.";
}

// ---------------------------------------------------------------------------------------------
// Overrun

bool overrun_applies(bool vehicle_armoured, bool unit_is_friendly, bool unit_is_infantry, bool forced_back_up) {
  if (!vehicle_armoured) return false;
  if (!unit_is_friendly) return true;            // RR-OVR-01
  return unit_is_infantry && forced_back_up;     // RR-OVR-02
}

bool interiors_overlap(const geom::Polygon& a, const geom::Polygon& b) {
  if (!a.convex() || !b.convex()) throw std::invalid_argument("Overlap of interiors is only measured for convex shapes.");
  return !separated_by_edges_of(a, a, b) && !separated_by_edges_of(b, a, b);
}

bool hull_passes_over(std::span<const geom::Vec2> centre_path, double hull_length, double hull_width,
                      const geom::Polygon& stand) {
  if (!(hull_length > 0 && hull_width > 0 && std::isfinite(hull_length) && std::isfinite(hull_width))) {
    throw std::invalid_argument("A hull has a length and a width above 0 inches.");
  }
  for (std::size_t i = 0; i + 1 < centre_path.size(); ++i) {
    geom::Vec2 from = centre_path[i];
    geom::Vec2 to = centre_path[i + 1];
    double leg = geom::distance(from, to);
    if (geom::negligible(leg)) continue;
    // The ground the hull covers driving straight along the leg: the leg lengthened by half a
    // hull at each end, one hull wide.
    geom::Polygon swept = geom::rectangle((from + to) / 2, geom::Facing::toward(from, to), leg + hull_length, hull_width);
    if (interiors_overlap(swept, stand)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Minefields

geom::Polygon minefield_hex(const Minefield& field) {
  const double corner = kMinefieldAcrossFlats / std::sqrt(3.0);  // centre to corner
  std::vector<geom::Vec2> v;
  for (int k = 0; k < 6; ++k) {
    // Corners lie 30, 90, 150, ... degrees clockwise of the flats' facing.
    v.push_back(field.centre + field.flats.turned_half_degrees(60 + 120 * k).forward() * corner);
  }
  return geom::Polygon(std::move(v));
}

bool in_minefield(const Minefield& field, geom::Vec2 p) { return geom::strictly_inside(minefield_hex(field), p); }

bool footprint_in_minefield(const Minefield& field, const geom::Polygon& footprint) {
  return interiors_overlap(minefield_hex(field), footprint);
}

bool path_enters_minefield(const Minefield& field, std::span<const geom::Vec2> path) {
  geom::Polygon hex = minefield_hex(field);
  for (geom::Vec2 p : path) {
    if (geom::strictly_inside(hex, p)) return true;
  }
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    if (geom::enters(hex, {path[i], path[i + 1]})) return true;
  }
  return false;
}

MinefieldPlot plot_minefield(const TableSize& table, std::string_view text, geom::Facing flats) {
  PlotCheck plot = parse_plot(table, text);
  return {plot.refusal, {plot.point, flats}};
}

}  // namespace sandtable::rr
