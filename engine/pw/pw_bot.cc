#include "engine/pw/pw_bot.h"

#include <algorithm>
#include <climits>

#include "engine/model/game.h"
#include "engine/pw/pw_actions.h"
#include "engine/pw/pw_internal.h"

namespace sandtable::pw {

namespace {

bool fights(UnitType t) {
  return t == UnitType::kInfantry || t == UnitType::kDismountedCavalry || t == UnitType::kMountedCavalry ||
         t == UnitType::kMachineGun;
}

// Is any living enemy in this unit's arc and fire range if it stood at `at` facing `f`?
bool enemy_in_reach(const PwState& st, const Unit& u, Sq at, Facing f) {
  const int range = std::max(row_of(u).fire_range, 1);
  for (const auto& e : st.units) {
    if (!e.alive || e.side == u.side || !e.carried_by.empty()) continue;
    if (grid::distance(at, e.sq) <= range && grid::in_arc(at, f, e.sq)) return true;
  }
  return false;
}

int score_move(const PwState& st, const Unit& u, const pb::PwMove& m) {
  const Sq to = to_sq(m.path(m.path_size() - 1));
  const auto f = static_cast<Facing>(m.facing());
  const int before = nearest_enemy_distance(st, u.side, u.sq);
  const int after = nearest_enemy_distance(st, u.side, to);
  const TypeRow& row = row_of(u);
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
  if (enemy_in_reach(st, u, to, f)) s += 4;
  return s;
}

int score_command(const PwState& st, const pb::PwCommand& c) {
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
      return u ? score_move(st, *u, c.move()) : -100;
    }
    case pb::PwCommand::kFace: {
      const Unit* u = st.alive_unit(c.face().unit_id());
      if (!u) return -100;
      const bool now = enemy_in_reach(st, *u, u->sq, u->facing);
      const bool then = enemy_in_reach(st, *u, u->sq, static_cast<Facing>(c.face().facing()));
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

class PwBot final : public Bot {
 public:
  std::optional<pb::Command> choose(const Game& game, const std::string& seat, Pcg32& rng) override {
    const auto& st = static_cast<const PwState&>(game.state());
    for (const auto& d : st.decisions) {
      if (d.seat() == seat) return answer(st, d, seat, rng);
    }
    std::vector<pb::Command> options = legal_commands(st, seat);
    if (options.empty()) return std::nullopt;
    int best = INT_MIN;
    std::size_t pick = 0;
    for (std::size_t i = 0; i < options.size(); ++i) {
      const int s = score_command(st, options[i].pw()) * 4 + static_cast<int>(rng.below(8));
      if (s > best) {
        best = s;
        pick = i;
      }
    }
    return std::move(options[pick]);
  }
};

}  // namespace

std::unique_ptr<Bot> make_pw_bot() { return std::make_unique<PwBot>(); }

}  // namespace sandtable::pw
