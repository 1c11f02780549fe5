// A club campaign's battle as a room (docs/campaigns.md): started like any room of a built-in
// scenario, with the losses of the battle it follows as its first orders.
#include <spdlog/spdlog.h>

#include "engine/model/dice_mix.h"
#include "server/rooms.h"
#include "server/text.h"
#include "server/wall_clock.h"

namespace sandtable::server {

namespace {

pb::Envelope refusal(const std::string& code, const std::string& message) {
  pb::Envelope env;
  env.mutable_error()->set_code(code);
  env.mutable_error()->set_message(message);
  return env;
}

}  // namespace

void Rooms::create_battle(const std::string& scenario_id, const std::string& name, const std::string& origin,
                          std::function<std::vector<CarriedOrder>(Game&)> prepare, std::function<void(pb::Envelope)> done) {
  const pb::Scenario* scenario = builtin(scenario_id);
  if (!scenario) return done(refusal("UNKNOWN_SCENARIO", "There is no built-in scenario '" + scenario_id + "'."));
  const RuleSet* rules = registry_.find(scenario->ruleset());
  if (!rules) return done(refusal("UNKNOWN_RULESET", "This server has no rule set '" + scenario->ruleset() + "'."));
  StartOptions start;
  start.secret = random_bytes(kSecretBytes);
  std::vector<pb::Event> events;
  std::string err;
  std::unique_ptr<Game> game;
  std::vector<CarriedOrder> first;
  try {
    game = Game::start(*rules, *scenario, start, &events, &err);
    if (game) first = prepare(*game);
  } catch (const std::exception& e) {
    spdlog::error("campaign battle of '{}' threw: {}", scenario_id, e.what());
    return done(refusal("BAD_SCENARIO", "The battle cannot be set up; the server logged why."));
  }
  if (!game) return done(refusal("BAD_SCENARIO", "The scenario cannot be used: " + err));
  const std::string room_id = new_room_id();
  Write w;
  w.room = StoredRoom{room_id, utf8_prefix(name.empty() ? scenario->name() : name, 200), scenario->ruleset(), scenario->id(),
                      unix_ms(), "", origin};
  w.events_room = room_id;
  std::vector<OrderStart> starts;
  for (auto& o : first) {
    if (o.events.empty()) continue;
    w.orders.push_back(StoredOrder{o.events.front().seq(), o.command});
    starts.push_back({o.events.front().seq(), o.command.seat()});
    for (auto& e : o.events) events.push_back(std::move(e));
  }
  w.events = std::move(events);
  w.snapshot = StoredSnapshot{room_id, game->seq(), game->view("gm").SerializeAsString(), game->save().SerializeAsString()};
  open_new(std::move(w), std::move(game), std::move(starts), std::move(done));
}

}  // namespace sandtable::server
