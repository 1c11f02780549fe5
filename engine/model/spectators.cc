// What spectators see (docs/engine.md "Spectators"): the room's setting, read from the scenario
// option `spectators` at the start and changed by the GM's edit, and the viewer a spectator's View
// and log lines are made for. The delay itself is the server's: it keeps the game as it stood some
// turns back and shows spectators that one (server/room.cc), so nothing reaches a player in time.
#include <algorithm>
#include <charconv>
#include <exception>

#include "engine/model/game.h"
#include "engine/model/game_words.h"

namespace sandtable {

namespace {

constexpr int kMostDelay = 20;

std::optional<std::string> check(const pb::SpectatorSetting& s, const std::vector<std::string>& sides) {
  switch (s.mode()) {
    case pb::SPECTATORS_LIVE:
      return std::nullopt;
    case pb::SPECTATORS_SIDE:
      if (std::find(sides.begin(), sides.end(), s.side()) == sides.end()) return "there is no side called '" + s.side() + "'";
      return std::nullopt;
    case pb::SPECTATORS_DELAYED:
      if (s.delay_turns() < 1 || s.delay_turns() > kMostDelay) {
        return "the delay is 1 to " + std::to_string(kMostDelay) + " turns, not " + std::to_string(s.delay_turns());
      }
      return std::nullopt;
    default:
      return "unknown mode";
  }
}

}  // namespace

std::optional<std::string> validate_scenario(const RuleSet& rules, const pb::Scenario& scenario) {
  // The room's options are Game's, not the rule set's: it is asked about the scenario without them.
  pb::Scenario for_rules = scenario;
  auto* options = for_rules.mutable_options();
  std::vector<std::string> sides;
  for (const auto& side : scenario.sides()) sides.push_back(side.id());
  for (int i = options->size() - 1; i >= 0; --i) {
    if (options->Get(i).key() != "spectators") continue;
    pb::SpectatorSetting setting;
    if (auto problem = spectators_from_option(options->Get(i).value(), sides, setting)) return problem;
    options->DeleteSubrange(i, 1);
  }
  // A rule set's check that throws on a scenario is a bug of that check, not a reason for the
  // server's I/O thread to die with it (a GM's upload, a CreateRoom): it is a refusal.
  try {
    return rules.validate(for_rules);
  } catch (const std::exception& e) {
    return std::string("the scenario cannot be checked (") + e.what() + ")";
  }
}

std::optional<std::string> spectators_from_option(const std::string& value, const std::vector<std::string>& sides,
                                                  pb::SpectatorSetting& out) {
  out.Clear();
  if (value.empty() || value == "live") return std::nullopt;
  const auto colon = value.find(':');
  const std::string kind = value.substr(0, colon);
  const std::string arg = colon == std::string::npos ? "" : value.substr(colon + 1);
  if (kind == "side") {
    out.set_mode(pb::SPECTATORS_SIDE);
    out.set_side(arg);
  } else if (kind == "delayed") {
    int turns = 0;
    const auto [end, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), turns);
    if (ec != std::errc() || end != arg.data() + arg.size()) return "options.spectators: 'delayed:' takes a number of turns";
    out.set_mode(pb::SPECTATORS_DELAYED);
    out.set_delay_turns(turns);
  } else {
    return "options.spectators: 'live', 'side:<side id>' or 'delayed:<turns>', not '" + value + "'";
  }
  if (auto why = check(out, sides)) return "options.spectators: " + *why;
  return std::nullopt;
}

void Game::set_spectators(Context& ctx, const pb::GmEdit& edit) const {
  if (auto why = check(edit.spectators(), ctx.state().sides)) reject("GM_BAD_SPECTATORS", "GEN", "Spectators cannot be set so: " + *why + ".");
  pb::Event e;
  *e.mutable_gm_edited()->mutable_edit() = edit;
  ctx.emit(std::move(e));
}

std::string Game::seen_as(const std::string& viewer) const {
  if (viewer != "spectator") return viewer;
  const auto& s = state_->spectators;
  if (s.mode() == pb::SPECTATORS_SIDE) return s.side();
  if (s.mode() == pb::SPECTATORS_DELAYED) return "gm";  // the server shows spectators a game some turns back
  return viewer;
}

std::string spectators_words(const GameState& st, const pb::SpectatorSetting& s) {
  switch (s.mode()) {
    case pb::SPECTATORS_SIDE: return "what " + side_name(st, s.side()) + " sees";
    case pb::SPECTATORS_DELAYED:
      return "the whole table, " + std::to_string(s.delay_turns()) + " turn" + (s.delay_turns() == 1 ? "" : "s") + " late";
    default: return "what no side hides, as it happens";
  }
}

}  // namespace sandtable
