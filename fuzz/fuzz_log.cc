// The log loader: what a restart reads back for a room (server/recovery.h), a snapshot and the
// events of its log, possibly damaged. Properties: nothing crashes and nothing hangs; a log is
// either refused with a reason (the room is then set aside) or gives a game whose Views and
// menus are drawn or refused with an exception the room's guard catches, and whose own
// snapshot, when it loads, is the same game.
// Input: length-prefixed parts (fuzz_util.h): the first a serialized GameSnapshot (empty: none
// stored), the rest the events, each a serialized sandtable.v1.Event.
#include "engine/model/dice_mix.h"
#include "fuzz/fuzz_util.h"
#include "server/recovery.h"
#include "server/spectator_delay.h"

using namespace sandtable;
using namespace sandtable::fuzz;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // Each demo scenario's bot game: its first events (the whole log replayed), and the same with
  // the snapshot at the last of them (the snapshot used).
  std::vector<std::string> seeds;
  for (const auto& [ruleset, files] : demo_scenarios_by_ruleset()) {
    for (const auto& file : files) {
      AutoplayOptions opt;
      opt.seed = 1;
      opt.max_commands = 12;
      const auto run = autoplay(*builtin_registry().find(ruleset), load_scenario_file(file), opt);
      std::vector<std::string> parts{""};
      for (const auto& e : run.log) parts.push_back(e.SerializeAsString());
      seeds.push_back(join_parts(parts));
      std::string error;
      auto game = Game::from_log(builtin_registry(), run.log, &error);
      if (game) {
        parts[0] = game->save().SerializeAsString();
        seeds.push_back(join_parts(parts));
      }
    }
  }
  // A what-if branch of each rule set's first scenario (its first event holds a whole table).
  for (const auto& [ruleset, files] : demo_scenarios_by_ruleset()) {
    const RuleSet& rules = *builtin_registry().find(ruleset);
    const pb::Scenario scenario = load_scenario_file(files.front());
    AutoplayOptions at;
    at.seed = 2;
    at.max_commands = 10;
    const auto before = autoplay(rules, scenario, at);
    std::string error;
    auto source = Game::from_log(rules, before.log, &error);
    if (!source || source->over()) continue;
    AutoplayOptions opt;
    opt.seed = 3;
    opt.secret = secret_from_seed(3);
    opt.branch_state = source->save();
    opt.branch_of.set_step(10);
    opt.max_commands = 8;
    const auto run = autoplay(rules, scenario, opt);
    std::vector<std::string> parts{""};
    for (const auto& e : run.log) parts.push_back(e.SerializeAsString());
    seeds.push_back(join_parts(parts));
  }
  write_seeds_if_asked(seeds);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto parts = split_parts(data, size);
  if (parts.size() < 2) return -1;
  std::optional<server::StoredSnapshot> snapshot;
  std::vector<pb::Event> log;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    pb::Event e;
    if (!e.ParseFromArray(parts[i].data(), static_cast<int>(parts[i].size()))) return -1;
    log.push_back(std::move(e));
  }
  if (!parts[0].empty()) {
    snapshot = server::StoredSnapshot{"room", log.back().seq(), "", std::string(parts[0])};
  }
  server::Recovery rec;
  try {
    rec = server::recover_game(builtin_registry(), log, snapshot);
    if (rec.game->state().spectators.mode() == pb::SPECTATORS_DELAYED) {
      server::SpectatorDelay::rebuilt(builtin_registry(), log);  // as Rooms::load does, in its guard
    }
  } catch (const std::exception& e) {
    // What the server does at start: the room is set aside with this reason (Rooms::load).
    FUZZ_CHECK(std::string(e.what()).size() > 0, "refused without a reason");
    return 0;
  }
  FUZZ_CHECK(rec.game != nullptr, "recovered no game and said nothing");
  const Game& g = *rec.game;
  // A damaged log may replay into a game whose View or menu cannot be drawn (fuzzing found a
  // Battleground figure with no area): the room's guard (Room::guarded) then closes that room
  // with ROOM_UNAVAILABLE for its seats and a line in the log, as a set-aside room, and no other
  // room notices. What must not happen is anything else: a crash, undefined behaviour, a hang.
  try {
    for (const auto& seat : g.state().sides) {
      g.view(seat);
      g.menu(seat);
    }
    g.view("gm");
    g.view("spectator");
  } catch (const std::exception&) {
    return 0;
  }
  std::string error;
  // A damaged log may replay into a game its rule set's snapshot check refuses (fuzzing found a
  // Rookie Rules plot naming a unit that is no battery): such a room's later snapshots are not
  // used and its log is replayed at each start, which is safe. A snapshot that loads must be the
  // same game.
  auto again = Game::load(builtin_registry(), log.front(), g.save(), &error);
  if (again) FUZZ_CHECK(again->save().SerializeAsString() == g.save().SerializeAsString(), "a snapshot loads as another game");
  return 0;
}
