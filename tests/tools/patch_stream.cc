// Writes, for seeded bot games of every demo scenario of every rule set, what the server sends
// each seat (a Snapshot, then a Delta per order, built by the room's own SeatViews) and the
// seat's fresh View after each, so the browser's store can be checked against the engine
// (web-client/test-replay/patch-replay.test.ts). Records on stdout: a tag byte, a 4-byte
// little-endian length, the payload. 'G' names the game, 'S' starts a new client for a seat, 'E'
// is an Envelope sent to it, 'V' the View it must now hold. One seat's records follow its 'S'.
//
//   patch_stream [--games N]   (N games per rule set; default 2)
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/model/game.h"
#include "engine/registry/builtin_registry.h"
#include "server/seat_views.h"
#include "tests/support/scenario_file.h"

namespace {

namespace pb = ::sandtable::v1;

void record(std::string& out, char tag, const std::string& payload) {
  out.push_back(tag);
  const auto n = static_cast<std::uint32_t>(payload.size());
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((n >> (8 * i)) & 0xff));
  out += payload;
}


// Plays one bot game and writes every seat's stream; false with a message on stderr when the
// game cannot be played.
bool play(const sandtable::RuleSet& rules, const std::string& file, std::uint64_t seed) {
  using namespace sandtable;
  StartOptions start;
  start.seed = seed;
  std::vector<pb::Event> events;
  std::string error;
  auto game = Game::start(rules, load_scenario_file(file), start, &events, &error);
  if (!game) {
    std::cerr << file << ": " << error << "\n";
    return false;
  }
  std::vector<std::string> seats = {"gm", "spectator"};
  for (const auto& s : game->state().sides) seats.push_back(s);
  std::map<std::string, std::string> streams;
  server::SeatViews views;
  for (const auto& s : seats) {
    pb::Envelope env;
    env.mutable_snapshot()->set_seq(game->seq());
    *env.mutable_snapshot()->mutable_view() = views.whole(*game, s);
    record(streams[s], 'E', env.SerializeAsString());
    record(streams[s], 'V', env.snapshot().view().SerializeAsString());
  }
  auto bot = rules.make_bot();
  Pcg32 rng(seed, 0xb07b07b07ULL);
  for (int step = 0; !game->over() && step < 5000; ++step) {
    const auto waiting = game->waiting_for();
    if (waiting.empty()) break;
    auto command = bot->choose(*game, waiting.front(), rng);
    if (!command) break;
    command->set_seat(waiting.front());
    const std::uint64_t from = game->seq();
    Outcome out;
    auto next = game->next(*command, out);
    if (!next) {
      std::cerr << file << " seed " << seed << ": the bot's order was refused: " << out.rejection.message() << "\n";
      return false;
    }
    game = std::move(next);
    OrderPatches order(*game);
    for (const auto& s : seats) {
      pb::Envelope env;
      views.delta(order, s, from, out.events, *env.mutable_delta());
      record(streams[s], 'E', env.SerializeAsString());
      record(streams[s], 'V', game->view(s).SerializeAsString());
    }
  }
  std::string all;
  record(all, 'G', std::string(rules.id()) + " " + file + " seed " + std::to_string(seed));
  for (const auto& s : seats) {
    record(all, 'S', s);
    all += streams[s];
  }
  std::cout.write(all.data(), static_cast<std::streamsize>(all.size()));
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  int games = 2;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--games" && i + 1 < argc) games = std::max(1, std::atoi(argv[++i]));
  }
  std::ios::sync_with_stdio(false);
  const auto scenarios = sandtable::demo_scenarios_by_ruleset();
  for (const auto* rules : sandtable::builtin_registry().all()) {
    const auto it = scenarios.find(std::string(rules->id()));
    if (it == scenarios.end()) {
      std::cerr << "no demo scenario for " << rules->id() << "\n";
      return 1;
    }
    for (int g = 0; g < games; ++g) {
      const auto& file = it->second[static_cast<std::size_t>(g) % it->second.size()];
      if (!play(*rules, file, static_cast<std::uint64_t>(g + 1))) return 1;
    }
  }
  std::cout.flush();
  return std::cout ? 0 : 1;
}
