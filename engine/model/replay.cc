#include "engine/model/replay.h"

#include <algorithm>
#include <exception>


namespace sandtable {

std::unique_ptr<Replay> Replay::open(const RuleSet& rules, std::vector<pb::Event> log,
                                     const std::vector<OrderStart>& orders, std::string* error) {
  if (log.empty()) {
    if (error) *error = "the game has no events";
    return nullptr;
  }
  std::unique_ptr<Replay> r(new Replay());
  r->log_ = std::move(log);
  const std::uint64_t last = r->log_.size();
  // Each fitting order starts a step; the opening is everything before the first.
  std::vector<OrderStart> starts;
  for (const auto& o : orders) {
    if (o.first_seq < 2 || o.first_seq > last) continue;
    if (!starts.empty() && o.first_seq <= starts.back().first_seq) continue;
    starts.push_back(o);
  }
  if (starts.empty()) {
    for (std::uint64_t seq = 2; seq <= last; ++seq) starts.push_back({seq, ""});
  }
  r->steps_.push_back({1, starts.empty() ? last : starts.front().first_seq - 1, "", 0});
  for (std::size_t i = 0; i < starts.size(); ++i) {
    const std::uint64_t end = i + 1 < starts.size() ? starts[i + 1].first_seq - 1 : last;
    r->steps_.push_back({starts[i].first_seq, end, starts[i].seat, 0});
  }
  // One pass over the whole log: each step's turn, and the checkpoints.
  try {
    std::vector<pb::Event> opening(r->log_.begin(), r->log_.begin() + static_cast<std::ptrdiff_t>(r->steps_[0].end));
    std::unique_ptr<Game> game = Game::from_log(rules, opening, error);
    if (!game) return nullptr;
    for (std::size_t k = 0; k < r->steps_.size(); ++k) {
      Step& s = r->steps_[k];
      if (k > 0) {
        for (std::uint64_t seq = s.begin; seq <= s.end; ++seq) game->apply(r->log_[seq - 1]);
      }
      s.turn = game->turn();
      if (k % kCheckpointEvery == 0) r->checkpoints_.push_back(std::make_unique<Game>(*game));
    }
    r->cursor_ = std::move(game);
    r->cursor_step_ = r->steps_.size() - 1;
  } catch (const std::exception& e) {
    if (error) *error = std::string("the log does not replay: ") + e.what();
    return nullptr;
  }
  return r;
}

void Replay::move_to(std::size_t k) {
  if (k >= steps_.size()) k = steps_.size() - 1;
  if (k == cursor_step_) return;
  if (k < cursor_step_ || k / kCheckpointEvery > cursor_step_ / kCheckpointEvery) {
    const std::size_t from = k / kCheckpointEvery;
    cursor_ = std::make_unique<Game>(*checkpoints_[from]);
    cursor_step_ = from * kCheckpointEvery;
  }
  for (std::size_t step = cursor_step_ + 1; step <= k; ++step) {
    for (std::uint64_t seq = steps_[step].begin; seq <= steps_[step].end; ++seq) cursor_->apply(log_[seq - 1]);
  }
  cursor_step_ = k;
}

const Game& Replay::at(std::size_t k) {
  move_to(k);
  return *cursor_;
}

std::vector<pb::Event> Replay::events_of(std::size_t k) const {
  const Step& s = steps_[std::min(k, steps_.size() - 1)];
  return {log_.begin() + static_cast<std::ptrdiff_t>(s.begin - 1), log_.begin() + static_cast<std::ptrdiff_t>(s.end)};
}

std::vector<std::uint32_t> Replay::turn_starts() const {
  std::vector<std::uint32_t> out;
  for (std::size_t k = 0; k < steps_.size(); ++k) {
    if (k == 0 || steps_[k].turn != steps_[k - 1].turn) out.push_back(static_cast<std::uint32_t>(k));
  }
  return out;
}

std::size_t Replay::last_step_by(std::uint64_t seq) const {
  std::size_t best = 0;
  for (std::size_t k = 0; k < steps_.size() && steps_[k].end <= seq; ++k) best = k;
  return best;
}

DiceBySeat Replay::dice_seen(const std::string& as, std::size_t last) const {
  DiceBySeat out;
  for (std::size_t k = 0; k <= last && k < steps_.size(); ++k) {
    const std::string& who = steps_[k].seat.empty() ? std::string("start") : steps_[k].seat;
    for (std::uint64_t seq = steps_[k].begin; seq <= steps_[k].end; ++seq) {
      const pb::Event& e = log_[seq - 1];
      const auto& to = e.visible_to();
      if (!to.empty() && as != "gm" && std::find(to.begin(), to.end(), as) == to.end()) continue;
      for (const auto& d : e.dice()) out[who][d.kind()].add(d.value());
    }
  }
  return out;
}

}  // namespace sandtable
