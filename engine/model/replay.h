#pragma once
// A game stepped through its log, as any seat saw it at each step (docs/protocol.md "Replays").
// Step 0 is the opening (GameStarted and what the rules did before the first order); step k the
// events of the k-th accepted order. Each step's game is the one the log gives there, so a seat's
// View of it shows what that seat could see at the time and nothing it could not.
//
// Going forward applies the next events; going back starts again from the nearest checkpoint (a
// copy of the game every kCheckpointEvery steps), so scrubbing a long game stays cheap.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/model/dice_stats.h"
#include "engine/model/game.h"

namespace sandtable {

// Where an accepted order's events begin in the log, and whose order it was.
struct OrderStart {
  std::uint64_t first_seq = 0;
  std::string seat;
};

class Replay {
 public:
  // `log` is a whole log (log[i].seq() == i + 1, GameStarted first); `orders` the accepted
  // orders, ascending by first_seq. Orders that do not fit the log (first_seq 0, past its end, out
  // of order) are left out; a log with no orders (games stored before orders were) steps event by
  // event. Null with *error when the log does not replay.
  static std::unique_ptr<Replay> open(const RuleSet& rules, std::vector<pb::Event> log,
                                      const std::vector<OrderStart>& orders, std::string* error);

  std::size_t steps() const { return steps_.size(); }
  // The game just after step k (k < steps()).
  const Game& at(std::size_t k);
  // The log's events of step k, and the room sequence at its end.
  std::vector<pb::Event> events_of(std::size_t k) const;
  std::uint64_t last_seq(std::size_t k) const { return steps_[k].end; }
  // Whose order step k was ("" for the opening).
  const std::string& seat_of(std::size_t k) const { return steps_[k].seat; }
  int turn_after(std::size_t k) const { return steps_[k].turn; }
  // The first step of each turn, in order (a turn that comes back after a rewind counts again).
  std::vector<std::uint32_t> turn_starts() const;
  // The last step that ends at or before `seq` (0 when none but the opening does).
  std::size_t last_step_by(std::uint64_t seq) const;
  // Every die of steps 0..last that `as` saw (a viewer as Game::seen_as names it; its events'
  // visible_to say), by the seat whose order rolled it ("start" for the opening).
  DiceBySeat dice_seen(const std::string& as, std::size_t last) const;
  // Events in the log (the replay's length in sequence numbers).
  std::uint64_t log_size() const { return log_.size(); }

  static constexpr std::size_t kCheckpointEvery = 32;

 private:
  struct Step {
    std::uint64_t begin = 0, end = 0;  // sequence numbers, both included
    std::string seat;
    int turn = 0;
  };
  Replay() = default;
  void move_to(std::size_t k);

  std::vector<pb::Event> log_;
  std::vector<Step> steps_;
  std::vector<std::unique_ptr<Game>> checkpoints_;  // checkpoints_[i]: the game after step i * kCheckpointEvery
  std::unique_ptr<Game> cursor_;
  std::size_t cursor_step_ = 0;
};

}  // namespace sandtable
