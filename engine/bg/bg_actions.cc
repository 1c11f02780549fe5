// Legal-action enumeration and the simple Battleground bot (bg_actions.h).
#include "engine/bg/bg_actions.h"

#include "engine/bg/bg_internal.h"
#include "engine/model/game.h"

namespace sandtable::bg {

std::vector<std::string> waiting_seats(const BgState& st) {
  std::vector<std::string> out;
  if (st.over || st.phase == Phase::kOver) return out;
  if (st.phase == Phase::kCards && st.action.side >= 0) {
    out.push_back(side_id(st, st.action.side));
  } else if (needs_card(st)) {
    for (const auto& s : st.sides) out.push_back(s);  // either player turns the card
  }
  return out;
}

std::vector<pb::Command> legal_actions(const BgState& st, const std::string& seat) {
  std::vector<pb::Command> out;
  const int side = st.side_index(seat);
  if (side < 0 || st.over || !st.decisions.empty()) return out;
  if (st.phase == Phase::kCards && st.action.side == side) {
    pb::Command c;
    c.set_seat(seat);
    c.mutable_bg()->mutable_end_action();
    out.push_back(c);
  }
  return out;
}

namespace {

class BgBot final : public Bot {
 public:
  std::optional<pb::Command> choose(const Game& game, const std::string& seat, Pcg32& rng) override {
    const auto& st = static_cast<const BgState&>(game.state());
    auto acts = legal_actions(st, seat);
    if (acts.empty()) return std::nullopt;
    return acts[rng.below(static_cast<std::uint32_t>(acts.size()))];
  }
};

}  // namespace

std::unique_ptr<Bot> make_bg_bot() { return std::make_unique<BgBot>(); }

}  // namespace sandtable::bg
