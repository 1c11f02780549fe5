// Each rule set's command validation and action menu, against real positions: a random command
// for a seat of a moment of a bot game (fuzz_util.h). Properties:
// - nothing crashes, and the engine's own guard never catches a rule set's exception
//   (INTERNAL_ERROR is a bug reported as a refusal);
// - a refused command changes nothing (the game saves the same bytes) and says why, in words;
// - an accepted command came from a seat the game was waiting on, or is one a seat may always
//   give (a take-back, a question to the GM, the GM's own, a rule set's any-time order), its events follow the sequence,
//   and replaying them on the old game gives the new one byte for byte;
// - the new game draws a View and a menu for every seat.
// Input: byte 0 picks the moment, byte 1 the seat (each side, then "gm"), the rest is a
// serialized sandtable.v1.Command (its seat is replaced, as the server does from the token).
#include <algorithm>

#include "fuzz/fuzz_util.h"

namespace sandtable::fuzz {
namespace {

struct Moment {
  GameMoment m;
  std::string saved;  // what the game saves: a refusal must leave exactly this
  std::vector<std::string> seats;
};

std::vector<Moment>& moments() {
  static std::vector<Moment> all = [] {
    std::vector<Moment> out;
    for (auto& m : bot_game_moments()) {
      Moment x{m, m.game->save().SerializeAsString(), {}};
      x.seats = m.game->state().sides;
      x.seats.push_back("gm");
      out.push_back(std::move(x));
    }
    return out;
  }();
  return all;
}

bool needs_the_turn(const Game& g, const pb::Command& c) {
  if (c.has_payload()) return !g.rules().any_time(c);
  return c.has_play() || c.has_answer();
}

void check_refused(const Moment& at, const pb::Command& c, const Outcome& out) {
  FUZZ_CHECK(out.rejection.code() != "INTERNAL_ERROR", out.rejection.message());
  FUZZ_CHECK(!out.rejection.code().empty() && !out.rejection.message().empty(), c.ShortDebugString());
  FUZZ_CHECK(at.m.game->save().SerializeAsString() == at.saved, "a refused order changed the game: " + c.ShortDebugString());
}

void check_accepted(const Moment& at, const pb::Command& c, const Outcome& out, const Game& next) {
  const Game& before = *at.m.game;
  if (needs_the_turn(before, c) && c.seat() != "gm") {
    const auto waiting = before.waiting_for();
    FUZZ_CHECK(std::find(waiting.begin(), waiting.end(), c.seat()) != waiting.end(),
               "accepted from a seat the game was not waiting on: " + c.ShortDebugString());
  }
  FUZZ_CHECK(!out.events.empty(), "accepted with no event: " + c.ShortDebugString());
  std::uint64_t seq = before.seq();
  for (const auto& e : out.events) FUZZ_CHECK(e.seq() == ++seq, "events out of sequence: " + c.ShortDebugString());
  FUZZ_CHECK(next.seq() == seq, "the game's sequence is not its last event's");
  Game replayed(before);
  for (const auto& e : out.events) replayed.apply(e);
  FUZZ_CHECK(replayed.save().SerializeAsString() == next.save().SerializeAsString(),
             "replaying the events does not give the same game: " + c.ShortDebugString());
  FUZZ_CHECK(before.save().SerializeAsString() == at.saved, "the old game changed under an accepted order");
  for (const auto& seat : at.seats) {
    next.view(seat);
    next.menu(seat);
  }
  next.view("spectator");
}

}  // namespace
}  // namespace sandtable::fuzz

using namespace sandtable;
using namespace sandtable::fuzz;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  auto& all = moments();
  std::vector<std::string> seeds;
  for (std::size_t i = 0; i < all.size() && i < 256; ++i) {
    if (all[i].m.next.body_case() == pb::Command::BODY_NOT_SET) continue;
    const auto& seats = all[i].seats;
    const auto seat = std::find(seats.begin(), seats.end(), all[i].m.next.seat());
    std::string s;
    s.push_back(static_cast<char>(i));
    s.push_back(static_cast<char>(seat == seats.end() ? 0 : seat - seats.begin()));
    s += all[i].m.next.SerializeAsString();
    seeds.push_back(std::move(s));
  }
  write_seeds_if_asked(seeds);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return -1;
  const auto& all = moments();
  const Moment& at = all[data[0] % all.size()];
  pb::Command c;
  if (!c.ParseFromArray(data + 2, static_cast<int>(size - 2))) return -1;
  c.set_seat(at.seats[data[1] % at.seats.size()]);
  Outcome out;
  auto next = at.m.game->next(c, out);
  if (next) {
    check_accepted(at, c, out, *next);
  } else {
    check_refused(at, c, out);
  }
  return 0;
}
