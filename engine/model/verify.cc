// Re-running an exported game from its revealed seed and its orders, event for event.
#include "engine/model/verify.h"

#include <google/protobuf/util/message_differencer.h>

#include <exception>
#include <memory>

#include "engine/model/dice_mix.h"
#include "engine/model/game.h"

namespace sandtable {

namespace {

// What the dice came from, in the words of a verdict: the seed (the older scheme), or the secret
// and the seats' randomness (scheme 2).
std::string dice_source(const VerifyResult& r) {
  return r.scheme.empty() ? "the seed" : "the secret, the seats' randomness";
}

constexpr const char* kFormat = "sandtable-game/1";

// An event in the GM's words, or its kind when the rules cannot word it (a damaged one).
std::string words(const Game& game, const pb::Event& e) {
  try {
    if (auto line = game.log_line_for(e, "gm"); line && !line->text().empty()) {
      return "seq " + std::to_string(e.seq()) + ": " + line->text();
    }
  } catch (const std::exception&) {
  }
  return "seq " + std::to_string(e.seq()) + ": " + e.GetDescriptor()->FindFieldByNumber(e.body_case())->name();
}

std::string dice_words(const pb::Event& e) {
  std::string out;
  for (const auto& d : e.dice()) out += (out.empty() ? "" : ", ") + std::to_string(d.value());
  return out.empty() ? out : " [dice " + out + "]";
}

// Compares the re-run's events with the file's from `at` on; false at the first difference.
// The dice checked count to `seat`, whose order rolled them.
bool same_events(const Game& game, const std::vector<pb::Event>& produced, const pb::GameExport& file, int& at,
                 VerifyResult& r, const std::string& seat) {
  for (const auto& e : produced) {
    if (at >= file.events_size()) {
      r.first_bad_seq = e.seq();
      r.expected = words(game, e) + dice_words(e);
      r.found = "nothing: the file's log ends before it";
      r.summary = "the orders produce more events than the file holds";
      return false;
    }
    pb::Event want = e, got = file.events(at);
    want.clear_text();
    got.clear_text();
    // A file may carry the secret at the start (the server's own log) or only at the end (the
    // export of a game whose secret was kept back); verify_game has checked it either way.
    if (want.has_game_started() && got.has_game_started() && got.game_started().secret().empty()) {
      want.mutable_game_started()->clear_secret();
    }
    google::protobuf::util::MessageDifferencer diff;
    std::string detail;
    diff.ReportDifferencesToString(&detail);
    if (!diff.Compare(want, got)) {
      r.first_bad_seq = got.seq() != 0 ? got.seq() : want.seq();
      r.expected = words(game, want) + dice_words(want);
      r.found = words(game, got) + dice_words(got);
      if (detail.size() > 400) detail = detail.substr(0, 400) + "...";
      r.summary = "event " + std::to_string(r.first_bad_seq) + " is not what " + dice_source(r) + " and the orders give (" + detail + ")";
      while (!r.summary.empty() && (r.summary.back() == '\n' || r.summary.back() == ' ')) r.summary.pop_back();
      return false;
    }
    r.dice += static_cast<std::uint64_t>(e.dice_size());
    for (const auto& d : e.dice()) r.dice_by_seat[seat][d.kind()].add(d.value());
    ++at;
  }
  return true;
}

std::string order_words(std::size_t i, const pb::Command& c) {
  const auto* field = c.GetDescriptor()->FindFieldByNumber(c.body_case());
  return "order " + std::to_string(i + 1) + " (" + (c.seat().empty() ? std::string("no seat") : c.seat()) + ", " +
         (field ? field->name() : std::string("empty")) + ")";
}

}  // namespace

pb::GameExport export_of(const std::vector<pb::Event>& log, const std::vector<pb::Command>& orders) {
  pb::GameExport out;
  out.set_format(kFormat);
  if (!log.empty() && log.front().has_game_started()) {
    out.set_ruleset(log.front().game_started().ruleset());
    out.set_rules_version(log.front().game_started().rules_version());
  }
  for (const auto& c : orders) *out.add_orders()->mutable_command() = c;
  for (const auto& e : log) *out.add_events() = e;
  return out;
}

VerifyResult verify_game(const Registry& registry, const pb::GameExport& file) {
  VerifyResult r;
  auto fail = [&](std::string why) {
    r.ok = false;
    r.summary = std::move(why);
    return r;
  };
  if (file.format() != kFormat) return fail("not a Sandtable game file (format \"" + file.format() + "\", expected " + kFormat + ")");
  if (file.events().empty() || !file.events(0).has_game_started()) return fail("the file's log does not begin with the game's start");
  const pb::GameStarted& started = file.events(0).game_started();
  const RuleSet* rules = registry.find(started.ruleset());
  if (!rules) return fail("the game is played under rule set '" + started.ruleset() + "', which this build does not have");
  if (!started.rules_version().empty() && started.rules_version() != rules->version()) {
    return fail("the game was played under " + started.ruleset() + " rules version " + started.rules_version() +
                "; this build has " + std::string(rules->version()) + ", so it would not give the same rolls");
  }
  StartOptions options;
  options.table_dice = started.table_dice();
  if (started.dice_scheme().empty()) {
    // The seed must be the one committed to before the first roll, and the one revealed at the end.
    if (seed_commitment(started.seed()) != started.seed_hash()) {
      r.first_bad_seq = file.events(0).seq();
      return fail("the seed in the file is not the one committed to at the start: its SHA-256 is " +
                  seed_commitment(started.seed()) + ", the published commitment " + started.seed_hash());
    }
    for (const auto& e : file.events()) {
      if (e.has_game_ended() && e.game_ended().seed() != started.seed()) {
        r.first_bad_seq = e.seq();
        return fail("the seed revealed at the end (event " + std::to_string(e.seq()) + ") is not the seed the game started with");
      }
    }
    options.seed = started.seed();
  } else if (started.dice_scheme() == kDiceSchemeV2) {
    // The secret comes in the first event of a file from the server, or from the game's end.
    std::string secret = started.secret();
    for (const auto& e : file.events()) {
      if (!e.has_game_ended()) continue;
      if (secret.empty()) secret = e.game_ended().secret();
      if (e.game_ended().secret() != secret) {
        r.first_bad_seq = e.seq();
        return fail("the secret revealed at the end (event " + std::to_string(e.seq()) + ") is not the secret the game started with");
      }
    }
    if (secret.empty()) return fail("the file does not hold the dice secret: it is revealed when the game ends");
    if (secret_commitment(secret) != started.seed_hash()) {
      r.first_bad_seq = file.events(0).seq();
      return fail("the secret in the file is not the one committed to at the start: its commitment is " +
                  secret_commitment(secret) + ", the published one " + started.seed_hash());
    }
    options.secret = secret;
    options.entropy_from.assign(started.entropy_from().begin(), started.entropy_from().end());
    if (started.has_branch()) {
      // A what-if branch starts from the table it names; the file carries it in its first event.
      if (!started.has_start_state()) return fail("the file is of a what-if branch but does not hold the table it started from");
      options.branch_state = started.start_state();
      options.branch_of = started.branch();
    }
    r.scheme = started.dice_scheme();
  } else {
    return fail("the game's dice follow scheme '" + started.dice_scheme() + "', which this build does not know");
  }
  std::vector<pb::Event> produced;
  std::string error;
  std::unique_ptr<Game> game = Game::start(*rules, started.scenario(), options, &produced, &error);
  if (!game) return fail("the game's scenario does not start in this build: " + error);
  int at = 0;
  if (!same_events(*game, produced, file, at, r, "start")) return r;
  for (int i = 0; i < file.orders_size(); ++i) {
    const auto& order = file.orders(i);
    if (order.first_seq() != 0 && (at >= file.events_size() || file.events(at).seq() != order.first_seq())) {
      r.first_bad_seq = order.first_seq();
      return fail(order_words(static_cast<std::size_t>(i), order.command()) + " is placed at event " +
                  std::to_string(order.first_seq()) + ", but the orders before it end the log at event " + std::to_string(game->seq()));
    }
    Outcome out;
    try {
      out = game->execute(order.command());
    } catch (const std::exception& e) {
      return fail(order_words(static_cast<std::size_t>(i), order.command()) + " could not be re-run: " + e.what());
    }
    if (!out.accepted) {
      r.first_bad_seq = game->seq() + 1;
      return fail(order_words(static_cast<std::size_t>(i), order.command()) + " is refused on the re-run (" + out.rejection.code() +
                  ": " + out.rejection.message() + "): the orders are not the ones the game was played with");
    }
    ++r.orders;
    if (!same_events(*game, out.events, file, at, r, order.command().seat())) return r;
  }
  if (at < file.events_size()) {
    r.first_bad_seq = file.events(at).seq();
    r.found = words(*game, file.events(at));
    return fail("the file's log goes on past what its orders give, from event " + std::to_string(r.first_bad_seq));
  }
  r.events = static_cast<std::uint64_t>(at);
  r.ok = true;
  r.summary = "every roll and card matches: " + std::to_string(r.orders) + " orders, " + std::to_string(r.events) +
              " events, " + std::to_string(r.dice) + " dice, " +
              (r.scheme.empty() ? std::string("from the seed committed to at the start")
                                : "from the secret committed to at the start and the seats' own randomness (" + r.scheme + ")");
  return r;
}

std::string verify_report(const VerifyResult& r) {
  std::string out;
  if (r.ok) {
    out += r.summary + "\n";
    const auto lines = dice_lines(r.dice_by_seat);
    if (!lines.empty()) out += "dice, by whose order rolled them:\n";
    for (const auto& line : lines) out += "  " + line + "\n";
    return out;
  }
  out += "MISMATCH: " + r.summary + "\n";
  if (!r.expected.empty()) out += "  " + dice_source(r) + " and the orders give: " + r.expected + "\n";
  if (!r.found.empty()) out += "  the file has:                 " + r.found + "\n";
  return out;
}

}  // namespace sandtable
