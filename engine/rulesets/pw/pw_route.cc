// Routes by waypoints (PW-MOVE-01/02, PW-MOVE-08, PW-TER-01/03/05/06/07, PW-UNIT-05). The path
// is searched among the orthogonal paths the menu's enumeration walks (at most the allowance
// plus the road bonus) and judged by check_move, the handler's own check, so a route is never
// legal here and refused on the order, or the other way round.
#include "engine/rulesets/pw/pw_route.h"

#include <algorithm>
#include <deque>
#include <functional>

namespace sandtable::pw {

namespace {

using Route = google::protobuf::RepeatedPtrField<pb::GridSquare>;

Refusal r(std::string code, std::string rule, std::string msg) { return {std::move(code), std::move(rule), std::move(msg)}; }

// "(3,5)", or "(3,5) through (2,4) and (2,5)": the route in the player's own points.
std::string route_words(const std::vector<Sq>& pts) {
  std::string out = sq_text(pts.back());
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    out.append(i == 0 ? " through " : (i + 2 == pts.size() ? " and " : ", "));
    out.append(sq_text(pts[i]));
  }
  return out;
}

// The orthogonal length of the route: what any path through its waypoints walks at least.
int least_length(const Unit& u, const std::vector<Sq>& pts) {
  int n = grid::distance(u.sq, pts[0]);
  for (std::size_t i = 1; i < pts.size(); ++i) n += grid::distance(pts[i - 1], pts[i]);
  return n;
}

// The shortest path through every waypoint in order, at most `limit` squares long, whose
// check_move verdict `wanted` takes: a depth-first walk pruned by the orthogonal distance still
// to go.
template <typename Wanted>
std::vector<Sq> shortest(const PwState& st, int side, const Unit& u, const std::vector<Sq>& pts, int limit, Wanted wanted) {
  std::vector<int> rest(pts.size() + 1, 0);  // distance from waypoint i through the last
  for (std::size_t i = pts.size() - 1; i > 0; --i) rest[i - 1] = rest[i] + grid::distance(pts[i - 1], pts[i]);
  std::vector<Sq> best;
  std::vector<Sq> path;
  pb::PwMove m;
  m.set_unit_id(u.id);
  std::function<void(std::size_t)> walk = [&](std::size_t next) {
    const Sq from = path.empty() ? u.sq : path.back();
    const int bound = best.empty() ? limit : static_cast<int>(best.size()) - 1;
    if (static_cast<int>(path.size()) + grid::distance(from, pts[next]) + rest[next] > bound) return;
    for (int f = 0; f < 4; ++f) {
      const Sq s = grid::step(from, static_cast<Facing>(f));
      if (!st.on_board(s) || s == u.sq || std::find(path.begin(), path.end(), s) != path.end()) continue;
      if (!passable(st.cell(s))) continue;
      // A later waypoint entered early would have to be entered again.
      if (std::find(pts.begin() + static_cast<long>(next) + 1, pts.end(), s) != pts.end()) continue;
      path.push_back(s);
      *m.add_path() = to_pb(s);
      if (s != pts[next]) {
        walk(next);
      } else if (next + 1 < pts.size()) {
        walk(next + 1);
      } else if (wanted(check_move(st, side, m, nullptr, Say::kCodeOnly))) {
        best = path;
      }
      m.mutable_path()->RemoveLast();
      path.pop_back();
    }
  };
  walk(0);
  return best;
}

// The shortest steps from `from` to `to` over the board, around unfordable rivers, enemy units
// and squares already on the route, whatever the allowance: the path a refusal is read from.
std::vector<Sq> plain_steps(const PwState& st, int side, Sq from, Sq to, const std::vector<Sq>& used) {
  std::vector<int> prev(static_cast<std::size_t>(st.cols * st.rows), -1);
  auto idx = [&](Sq s) { return static_cast<std::size_t>(s.row * st.cols + s.col); };
  std::deque<Sq> q{from};
  prev[idx(from)] = static_cast<int>(idx(from));
  while (!q.empty()) {
    const Sq c = q.front();
    q.pop_front();
    if (c == to) break;
    for (int f = 0; f < 4; ++f) {
      const Sq s = grid::step(c, static_cast<Facing>(f));
      if (!st.on_board(s) || prev[idx(s)] >= 0 || !passable(st.cell(s)) || st.enemy_at(s, side)) continue;
      if (std::find(used.begin(), used.end(), s) != used.end()) continue;
      prev[idx(s)] = static_cast<int>(idx(c));
      q.push_back(s);
    }
  }
  if (prev[idx(to)] < 0) return {};
  std::vector<Sq> out;
  for (Sq s = to; s != from;) {
    out.push_back(s);
    const int p = prev[idx(s)];
    s = Sq{p % st.cols, p / st.cols};
  }
  std::reverse(out.begin(), out.end());
  return out;
}

void fill(pb::PwMove* out, const std::vector<Sq>& path) {
  out->clear_path();
  for (Sq s : path) *out->add_path() = to_pb(s);
}

}  // namespace

Check route_path(const PwState& st, int side, const Unit& u, const Route& route, pb::PwMove* out) {
  out->set_unit_id(u.id);
  std::vector<Sq> pts;
  for (const auto& g : route) {
    const Sq s = to_sq(g);
    if (!st.on_board(s)) return r("PW_ROUTE_OFF_BOARD", "PW-MOVE-02", "A route of " + label(u) + " cannot pass " + sq_text(s) + ": it is not on the table.");
    if (s == u.sq) return r("PW_ROUTE_START", "PW-MOVE-02", "A route of " + label(u) + " cannot come back to " + sq_text(s) + ", where it starts.");
    if (std::find(pts.begin(), pts.end(), s) != pts.end()) {
      return r("PW_ROUTE_TWICE", "PW-MOVE-02", "The route of " + label(u) + " names " + sq_text(s) + " twice; a unit enters a square at most once.");
    }
    pts.push_back(s);
  }
  if (pts.empty()) return r("PW_MOVE_EMPTY", "PW-MOVE-06", "The route of " + label(u) + " names no square.");
  // The most any allowance reaches: the road bonus at most (PW-TER-01), as the menu's walk.
  const int limit = row_of(u).move + 1;
  if (std::vector<Sq> best = shortest(st, side, u, pts, limit, [](const Check& c) { return !c; }); !best.empty()) {
    fill(out, best);
    return std::nullopt;
  }
  // No legal path. The plainest reason first: a path that only the allowance refuses.
  const int least = least_length(u, pts);
  if (least <= limit + 3) {  // a few squares over: a short search (a longer route needs no finer reason)
    auto too_far = [](const Check& c) { return c && c->code == "PW_MOVE_TOO_FAR"; };
    if (std::vector<Sq> far = shortest(st, side, u, pts, least + 2, too_far); !far.empty()) {
      fill(out, far);
      const Check bad = check_move(st, side, *out, nullptr);
      return r(bad->code, bad->rule, label(u) + " cannot reach " + route_words(pts) + ": " + bad->message);
    }
  }
  // Else the refusal of the shortest plain path, or why there is none.
  std::vector<Sq> path;
  std::vector<Sq> used{u.sq};
  for (Sq p : pts) {
    const Sq from = path.empty() ? u.sq : path.back();
    std::vector<Sq> leg = plain_steps(st, side, from, p, used);
    if (leg.empty()) leg = plain_steps(st, side, from, p, {});  // only back over its own squares
    if (leg.empty()) {
      return r("PW_ROUTE_NO_WAY", st.enemy_at(p, side) ? "PW-UNIT-05" : "PW-MOVE-02",
               label(u) + " cannot reach " + route_words(pts) + ": " +
                   (st.enemy_at(p, side) ? sq_text(p) + " holds an enemy unit."
                                         : "no way leads to " + sq_text(p) + " around rivers and enemy units."));
    }
    for (Sq s : leg) {
      path.push_back(s);
      used.push_back(s);
    }
  }
  fill(out, path);
  if (auto bad = check_move(st, side, *out, nullptr)) {
    return r(bad->code, bad->rule, label(u) + " cannot reach " + route_words(pts) + ": " + bad->message);
  }
  return std::nullopt;  // legal after all (longer than any allowance walks; not reached in practice)
}

}  // namespace sandtable::pw
