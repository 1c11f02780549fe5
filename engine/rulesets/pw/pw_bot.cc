#include "engine/rulesets/pw/pw_bot.h"

#include <algorithm>
#include <climits>
#include <optional>
#include <utility>
#include <vector>

#include "engine/model/game.h"
#include "engine/rulesets/pw/pw_actions.h"
#include "engine/rulesets/pw/pw_internal.h"

namespace sandtable::pw {

namespace {

bool fights(UnitType t) {
  return t == UnitType::kInfantry || t == UnitType::kDismountedCavalry || t == UnitType::kMountedCavalry ||
         t == UnitType::kMachineGun;
}

// Where a side's enemies stand, gathered once per unit the bot weighs: scoring each square the
// unit can reach walked the whole unit list three times, which was most of a bot game.
struct Enemies {
  std::vector<Sq> all;       // living enemies, those carried included (nearest_enemy_distance)
  std::vector<Sq> in_field;  // living enemies not carried, in unit order (sight and facing)
  std::vector<Sq> carried;   // the rest of `all`

  Enemies(const PwState& st, int side) {
    for (const auto& e : st.units) {
      if (!e.alive || e.side == side) continue;
      all.push_back(e.sq);
      (e.carried_by.empty() ? in_field : carried).push_back(e.sq);
    }
  }
  int nearest(Sq s) const {
    int best = 1 << 20;  // as nearest_enemy_distance
    for (const Sq e : all) best = std::min(best, grid::distance(e, s));
    return best;
  }
};

// What the walk weighs a square by, from one pass over the enemies in the field: the distance to
// the nearest enemy (Enemies::nearest) and the first of the nearest in the field (face_nearest).
struct Nearest {
  int distance;
  const Sq* in_field;  // null when no enemy is in the field
};
Nearest nearest_from(const Enemies& enemies, Sq at) {
  Nearest n{1 << 20, nullptr};
  int best_d = 1 << 30;
  for (const Sq& e : enemies.in_field) {
    const int d = grid::distance(at, e);
    if (d < best_d) {
      best_d = d;
      n.in_field = &e;
    }
  }
  n.distance = std::min(n.distance, best_d);
  for (const Sq e : enemies.carried) n.distance = std::min(n.distance, grid::distance(e, at));
  return n;
}

// Is any living enemy in this unit's arc and fire range if it stood at `at` facing `f`?
bool enemy_in_reach(const Enemies& enemies, const TypeRow& row, Sq at, Facing f) {
  const int range = std::max(row.fire_range, 1);
  for (const Sq e : enemies.in_field) {
    if (grid::distance(at, e) <= range && grid::in_arc(at, f, e)) return true;
  }
  return false;
}

// `before` is the unit's distance to the nearest enemy where it stands, `after` from `to`.
int score_move(const PwState& st, const Enemies& enemies, int before, int after, const Unit& u, const TypeRow& row, Sq to, Facing f) {
  int s = 0;
  switch (u.type) {
    case UnitType::kArtillery:
      // Guns stay where they can shoot; otherwise edge forward to range.
      if (before <= row.fire_range) return -20;
      s = (before - after) * 4;
      break;
    case UnitType::kTransport:
      s = u.carrying.empty() ? -2 : (before - after) * 4 - (after <= 3 ? 15 : 0);
      break;
    case UnitType::kCommander:
      // Stay behind the line: near friends, not in contact.
      s = after <= 1 ? -15 : (after <= 3 ? 2 : (before - after));
      break;
    default:
      s = (before - after) * 8;
      if (after == 1 && fights(u.type)) s += 5;
      if (row.fire_range > 1 && after > 1 && after <= row.fire_range) s += 6;
      break;
  }
  if (square_in_cover(st, to)) s += 3;
  if (enemy_in_reach(enemies, row, to, f)) s += 4;
  return s;
}

int score_move(const PwState& st, const Enemies& enemies, int before, const Unit& u, Sq to, Facing f) {
  return score_move(st, enemies, before, enemies.nearest(to), u, row_of(u), to, f);
}

// Each side's Enemies, gathered once for all the orders one choice scores.
class EnemiesOf {
 public:
  explicit EnemiesOf(const PwState& st) : st_(st) {}
  const Enemies& operator()(int side) {
    for (const auto& [s, e] : gathered_) {
      if (s == side) return e;
    }
    return gathered_.emplace_back(side, Enemies(st_, side)).second;
  }

 private:
  const PwState& st_;
  std::vector<std::pair<int, Enemies>> gathered_;
};

int score_command(const PwState& st, const pb::PwCommand& c, EnemiesOf& enemies_of) {
  switch (c.body_case()) {
    case pb::PwCommand::kArtilleryPlan:
      return 10 * c.artillery_plan().targets_size();
    case pb::PwCommand::kCloseCombat: {
      const Unit* u = st.alive_unit(c.close_combat().unit_id());
      const Unit* e = st.alive_unit(c.close_combat().target_id());
      if (!u || !e) return -100;
      int s = fights(u->type) ? 60 : -30;
      if (grid::side_touched(e->sq, e->facing, u->sq) != grid::Side::kFront) s += 20;
      if (u->sp < e->sp) s -= 10;
      return s;
    }
    case pb::PwCommand::kFire: {
      int s = 45;
      const Sq t = to_sq(c.fire().target());
      for (const Unit* e : st.units_at(t)) s += 5 * (e->side >= 0 ? 1 : 0);
      if (!square_in_cover(st, t)) s += 5;
      return s;
    }
    case pb::PwCommand::kMove: {
      const Unit* u = st.alive_unit(c.move().unit_id());
      if (!u) return -100;
      const Enemies& enemies = enemies_of(u->side);
      return score_move(st, enemies, enemies.nearest(u->sq), *u, to_sq(c.move().path(c.move().path_size() - 1)),
                        static_cast<Facing>(c.move().facing()));
    }
    case pb::PwCommand::kFace: {
      const Unit* u = st.alive_unit(c.face().unit_id());
      if (!u) return -100;
      const Enemies& enemies = enemies_of(u->side);
      const bool now = enemy_in_reach(enemies, row_of(*u), u->sq, u->facing);
      const bool then = enemy_in_reach(enemies, row_of(*u), u->sq, static_cast<Facing>(c.face().facing()));
      return (!now && then) ? 3 : -3;
    }
    case pb::PwCommand::kStationary: {
      const Unit* u = st.alive_unit(c.stationary().unit_id());
      if (!u) return -100;
      const int near = nearest_enemy_distance(st, u->side, u->sq);
      switch (c.stationary().kind()) {
        case pb::PW_UNLIMBER: return near <= row_of(*u).fire_range ? 30 : -4;
        case pb::PW_DISEMBARK: return near <= 4 ? 25 : -4;
        case pb::PW_DISMOUNT: return near <= 2 ? 4 : -6;
        case pb::PW_MOUNT: return near >= 5 ? 2 : -6;
        case pb::PW_REMOVE_WIRE: return 1;
        default: return -8;
      }
    }
    case pb::PwCommand::kEndActivation:
      return 0;
    case pb::PwCommand::kEndSide:
      return -4;
    default:
      return -50;
  }
}

std::optional<pb::Command> answer(const PwState& st, const pb::Decision& d, const std::string& seat, Pcg32& rng) {
  pb::Command c;
  c.set_seat(seat);
  auto* a = c.mutable_answer();
  a->set_decision_id(d.id());
  if (d.choices().empty()) return std::nullopt;
  // Retreat to the square farthest from the enemy when there is one; advance usually.
  int best = INT_MIN;
  std::string pick = d.choices(0).id();
  for (const auto& ch : d.choices()) {
    int s = static_cast<int>(rng.below(3));
    if (ch.id().rfind("retreat:", 0) == 0) {
      const int side = st.side_index(seat);
      s += 10 + nearest_enemy_distance(st, side, to_sq(ch.square()));
    } else if (ch.id() == "advance") {
      s += 4;
    }
    if (s > best) {
      best = s;
      pick = ch.id();
    }
  }
  a->set_choice_id(pick);
  return c;
}

// The facing that puts `nearest` (an enemy) ahead of a unit standing at `at`.
Facing facing_to(const Sq* nearest, Sq at, Facing fallback) {
  if (!nearest) return fallback;
  const int dc = nearest->col - at.col, dr = nearest->row - at.row;
  if (std::abs(dc) > std::abs(dr)) return dc > 0 ? Facing::kEast : Facing::kWest;
  return dr > 0 ? Facing::kNorth : Facing::kSouth;
}

// The facing that puts the nearest enemy ahead of a unit standing at `at` (the first of those
// as near, in unit order).
Facing face_nearest(const Enemies& enemies, Sq at, Facing fallback) { return facing_to(nearest_from(enemies, at).in_field, at, fallback); }

// The orders one choice weighs, in slots kept from choice to choice: a candidate is written over
// the messages of an earlier one (its path squares and strings reused, not allocated again), and
// one the rules refuse leaves its slot open for the next.
class Orders {
 public:
  // The slot the next order is written in; it counts only once kept.
  pb::PwCommand& open() {
    if (kept_ == slots_.size()) {
      slots_.emplace_back();
      scores_.emplace_back();
    }
    return slots_[kept_];
  }
  // `score`, when given, is what score_command would say of the order (the move search has
  // weighed it already).
  void keep(std::optional<int> score = std::nullopt) { scores_[kept_++] = score; }
  void add(pb::PwCommand&& c) {
    open().Swap(&c);
    keep();
  }
  void clear() { kept_ = 0; }
  std::size_t size() const { return kept_; }
  bool empty() const { return kept_ == 0; }
  const pb::PwCommand& operator[](std::size_t i) const { return slots_[i]; }
  std::optional<int> score(std::size_t i) const { return scores_[i]; }

  // The move search's buffers, kept from one unit to the next: one flag per square, the walk, its ranking.
  struct Walk {
    std::vector<char> enemy, reached;
    std::vector<std::pair<int, std::size_t>> ranked;
    std::vector<Sq> path;
  };
  Walk walk;

 private:
  std::vector<pb::PwCommand> slots_;
  std::vector<std::optional<int>> scores_;
  std::size_t kept_ = 0;
};

// A unit's best few moves: breadth-first over passable squares, keeping the first path to each,
// ranked by the move score; only the best are checked by the rules.
void move_candidates(const PwState& st, int side, const Unit& u, const Enemies& enemies, Orders& out) {
  const int limit = row_of(u).move + 1;
  struct Node {
    Sq sq;
    int parent;
    int depth;
  };
  // The squares enemies hold and those already reached, one flag per square: looking each up in
  // the unit list and the node list was most of the walk.
  const auto index = [&](Sq s) { return static_cast<std::size_t>(s.row * st.cols + s.col); };
  auto& enemy = out.walk.enemy;
  auto& reached = out.walk.reached;
  enemy.assign(static_cast<std::size_t>(st.cols) * static_cast<std::size_t>(st.rows), 0);
  reached.assign(enemy.size(), 0);
  for (const auto& e : st.units) {
    if (e.alive && e.side != side && st.on_board(e.sq)) enemy[index(e.sq)] = 1;  // PwState::enemy_at
  }
  std::vector<Node> nodes;
  nodes.reserve(enemy.size());  // each square is reached at most once
  nodes.push_back({u.sq, -1, 0});
  if (st.on_board(u.sq)) reached[index(u.sq)] = 1;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].depth >= limit) continue;
    for (int f = 0; f < 4; ++f) {
      const Sq s = grid::step(nodes[i].sq, static_cast<Facing>(f));
      if (!st.on_board(s) || !passable(st.cell(s)) || enemy[index(s)] || reached[index(s)]) continue;
      reached[index(s)] = 1;
      nodes.push_back({s, static_cast<int>(i), nodes[i].depth + 1});
    }
  }
  const int before = enemies.nearest(u.sq);
  const TypeRow& row = row_of(u);
  auto& ranked = out.walk.ranked;
  ranked.clear();
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    const Sq at = nodes[i].sq;
    const Nearest near = nearest_from(enemies, at);
    ranked.push_back({score_move(st, enemies, before, near.distance, u, row, at, facing_to(near.in_field, at, u.facing)), i});
  }
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  // Most candidates are refused (the walk knows nothing of terrain or contact), so one slot is
  // filled again for each and kept only when the rules take it. Paths that check_move would
  // refuse whatever else holds (move_refused_anyway: check_move's own pieces) are passed over
  // before an order is written; only refusals are, so the picks are those of asking each.
  int legal = 0;
  auto& path = out.walk.path;
  for (const auto& [score, i] : ranked) {
    if (legal >= 3) break;
    path.clear();
    for (int n = static_cast<int>(i); n > 0; n = nodes[static_cast<std::size_t>(n)].parent) path.push_back(nodes[static_cast<std::size_t>(n)].sq);
    std::reverse(path.begin(), path.end());
    if (move_refused_anyway(st, side, u, path)) continue;
    auto* m = out.open().mutable_move();
    m->Clear();
    m->set_unit_id(u.id);
    for (const Sq s : path) {
      auto* q = m->add_path();
      q->set_col(s.col);
      q->set_row(s.row);
    }
    m->set_facing(static_cast<pb::GridFacing>(face_nearest(enemies, path.back(), u.facing)));
    if (check_move(st, side, *m, nullptr, Say::kCodeOnly)) continue;
    ++legal;
    out.keep(score);  // score_command's: the same squares, facing and enemies (u is of `side`)
  }
}

// One unit's sensible orders, each checked by the rules before it is offered. Rather than
// enumerating every path (what makes a naive bot slow), destinations are found by a
// breadth-first walk, ranked by the move score, and only the best few are checked.
void unit_candidates(const PwState& st, int side, const Unit& u, Orders& out) {
  // Close combat with each adjacent enemy, and fire at each enemy square in reach: checked as
  // check_close_combat and check_fire would check the orders (check_unit_order, then the rest for
  // the unit in hand), and an order built only for what passes.
  const bool may_order = orders_now(st, side) && u.side == side;
  std::vector<Sq> fired_at;
  for (const auto& e : st.units) {
    if (!e.alive || e.side == side) continue;
    if (grid::adjacent(u.sq, e.sq) && may_order && !check_close_combat_of(st, side, u, e.id, Say::kCodeOnly)) {
      auto* cc = out.open().mutable_close_combat();
      cc->Clear();
      cc->set_unit_id(u.id);
      cc->set_target_id(e.id);
      out.keep();
    }
    if (in_fire_reach(st, u, e.sq) && std::find(fired_at.begin(), fired_at.end(), e.sq) == fired_at.end()) {
      fired_at.push_back(e.sq);
      if (!may_order || check_fire_at(st, side, u, e.sq, Say::kCodeOnly)) continue;
      auto* f = out.open().mutable_fire();
      f->Clear();
      f->set_unit_id(u.id);
      f->mutable_target()->set_col(e.sq.col);
      f->mutable_target()->set_row(e.sq.row);
      out.keep();
    }
  }
  const Enemies enemies(st, side);
  // A unit the rules will not let move (not its side's, moved already, pinned) is not walked.
  const Unit* self = nullptr;
  if (!check_unit_order(st, side, u.id, &self) && !check_may_move(st, u)) move_candidates(st, side, u, enemies, out);
  // Turn to face the enemy in place.
  const Facing want = face_nearest(enemies, u.sq, u.facing);
  if (want != u.facing) {
    auto* f = out.open().mutable_face();
    f->Clear();
    f->set_unit_id(u.id);
    f->set_facing(static_cast<pb::GridFacing>(want));
    if (!check_face(st, side, *f)) out.keep();
  }
  // Whole-turn actions that matter to a bot: guns and passengers getting off near the enemy,
  // cavalry mounting or dismounting.
  // Only the kinds that fit this unit are even checked.
  std::vector<pb::PwStationaryKind> kinds;
  if (!u.carried_by.empty()) kinds.push_back(u.type == UnitType::kArtillery ? pb::PW_UNLIMBER : pb::PW_DISEMBARK);
  if (u.type == UnitType::kDismountedCavalry) kinds.push_back(pb::PW_MOUNT);
  if (u.type == UnitType::kMountedCavalry) kinds.push_back(pb::PW_DISMOUNT);
  if (st.cell(u.sq).wire) kinds.push_back(pb::PW_REMOVE_WIRE);
  for (pb::PwStationaryKind k : kinds) {
    auto* sa = out.open().mutable_stationary();
    sa->Clear();
    sa->set_unit_id(u.id);
    sa->set_kind(k);
    if (!check_stationary(st, side, *sa)) out.keep();
  }
}

// In the activation phase the bot looks only at the active unit, or, between activations, at
// the few units nearest the enemy (plus ending the activation or the side's half).
void candidates(const PwState& st, const std::string& seat, Pcg32& rng, Orders& out) {
  out.clear();
  if (st.phase != Phase::kActivation) {
    for (auto& c : legal_commands(st, seat)) out.add(std::move(c));
    return;
  }
  const int side = st.side_index(seat);
  if (side < 0 || st.active_side != side) return;
  if (!st.active_unit.empty()) {
    if (const Unit* u = st.alive_unit(st.active_unit)) unit_candidates(st, side, *u, out);
    out.open().mutable_end_activation();
    out.keep();
  }
  const SideState& me = st.side_state[static_cast<std::size_t>(side)];
  if (me.activations_left > 0) {
    std::vector<std::pair<int, const Unit*>> ready;
    for (const auto& u : st.units) {
      if (!u.alive || u.side != side || u.activated || u.id == st.active_unit) continue;
      if (!unit_can_act(st, u)) continue;
      ready.push_back({nearest_enemy_distance(st, side, u.sq) * 4 + static_cast<int>(rng.below(4)), &u});
    }
    std::sort(ready.begin(), ready.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    constexpr std::size_t kLook = 2;
    for (std::size_t i = 0; i < ready.size() && i < kLook; ++i) unit_candidates(st, side, *ready[i].second, out);
  }
  out.open().mutable_end_side();
  out.keep();
}

class PwBot final : public Bot {
 public:
  std::optional<pb::Command> choose(const Game& game, const std::string& seat, Pcg32& rng) override {
    const auto& st = static_cast<const PwState&>(game.state());
    for (const auto& d : st.decisions) {
      if (d.seat() == seat) return answer(st, d, seat, rng);
    }
    Orders& options = orders_;
    candidates(st, seat, rng, options);
    if (options.empty()) return std::nullopt;
    int best = INT_MIN;
    std::size_t pick = 0;
    EnemiesOf enemies_of(st);
    for (std::size_t i = 0; i < options.size(); ++i) {
      const std::optional<int> weighed = options.score(i);
      const int s = (weighed ? *weighed : score_command(st, options[i], enemies_of)) * 4 + static_cast<int>(rng.below(8));
      if (s > best) {
        best = s;
        pick = i;
      }
    }
    return order_of(seat, options[pick]);
  }

 private:
  Orders orders_;  // reused by every choice of this bot
};

}  // namespace

std::unique_ptr<Bot> make_pw_bot() { return std::make_unique<PwBot>(); }

}  // namespace sandtable::pw
