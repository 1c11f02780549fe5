// The secrets scan through the real server (issue 14): bot games of every demo scenario that
// hides something, played through sandtable-server over WebSockets with both players, a
// spectator and the GM connected; every envelope each connection receives is kept as the bytes
// that crossed the wire (inside a batch, the slice of the WebSocket message that carried it) and
// searched for what that seat may not know at that moment (tests/server/secrets_scan.h says what
// that is). Zero hits are required.
//
// How a game runs: the lobby creates the room with a fixed seed; a local engine Game with the
// same scenario and seed is the oracle, the bot chooses each order from it and the player whose
// turn it is sends it. After each order the oracle works out what each seat may not know (from
// the GM's View and the seat's, as the server sends them after that commit). An envelope spans
// the moments from the sequence its connection held before it (a catch-up: from where it starts)
// to the one it brought; it may not carry what was hidden at every one of those moments (the
// Delta that hides a unit again names it among the units gone). A log line naming what was hidden
// before and after its order is checked event by event: the order that revealed the thing and
// hid it again may name it. On the way, players measure and preview now and then (query replies
// are scanned too), the spectator asks for a catch-up from some orders back, one seat rejoins
// mid-game from an older sequence, and the spectator reads only every 48 orders, so that its
// envelopes queue on the server and come as batches (as the mover's Delta and OrderAccepted
// always do).
//
// Besides: no log line of an event hidden from a seat (as the seats that see it read it) reaches
// that seat, unless the seat's own lines say the same words; and the seed reaches every seat in
// the message that ends the game, which shows the search finds it where it is.
//
// Now and then the GM edits a unit some side cannot see, rewinds the table, and a mover takes
// back its order; a game's spectators see the whole table live (game 0, 3, ...), what one side
// sees (game 1, 4, ...) or the whole table a turn late (game 2, 5, ...), and are searched for
// what that leaves them not knowing.
//
// SANDTABLE_SECRETS_GAMES=<n>: games per rule set (spread over its scenarios); unset, three games
// of each scenario (Battleground: its own bot and the random bot by turns).
// SANDTABLE_SECRETS_GAME=<scenario id>:<game>: only that game, as a hit names it.
#include <gtest/gtest.h>

#include "tests/server/secrets_harness.h"

namespace sandtable::testing {
namespace {

using namespace scan;

// A game's seed: spread over 64 bits, so that its decimal and hex forms are long and specific.
std::uint64_t seed_for(std::size_t scenario, int game) {
  std::uint64_t z = 0x5ec2e75ca2ULL + (static_cast<std::uint64_t>(scenario) << 32) + static_cast<std::uint64_t>(game);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// SANDTABLE_SECRETS_GAME=<scenario id>:<game>: that one game only (a hit names both).
std::optional<std::pair<std::string, int>> one_game() {
  const char* env = std::getenv("SANDTABLE_SECRETS_GAME");
  if (!env || !*env) return std::nullopt;
  const std::string v(env);
  const auto colon = v.rfind(':');
  if (colon == std::string::npos) return std::nullopt;
  return std::make_pair(v.substr(0, colon), std::atoi(v.c_str() + colon + 1));
}

int games_per_ruleset() {
  const char* env = std::getenv("SANDTABLE_SECRETS_GAMES");
  return env && *env ? std::max(1, std::atoi(env)) : 0;
}

std::set<Kind> kinds_of(const std::vector<Hit>& hits) {
  std::set<Kind> out;
  for (const auto& h : hits) out.insert(h.kind);
  return out;
}

std::string described(const std::vector<Hit>& hits) {
  std::string out;
  for (const auto& h : hits) out += std::string("\n  ") + secrets::kind_name(h.kind) + ": " + h.what + " -- " + h.context;
  return out;
}

// The search itself, on messages made by hand from a real opening: the village assault's Farm
// Section starts hidden from the Axis (BG-UNIT-09).
TEST(SecretsScan, TheSearchFindsEachKindOfSecretAndNothingInTheSeatsOwnView) {
  const Match& m = kScenarios[0];
  ASSERT_EQ(std::string(m.scenario_id), "bg-village-assault");
  const std::uint64_t seed = seed_for(0, 999);
  StartOptions start;
  start.seed = seed;
  std::string err;
  auto game = Game::start(rules_of(m), scenario_of(m), start, nullptr, &err);
  ASSERT_TRUE(game) << err;
  const pb::View gm = game->view("gm");
  const pb::View axis = game->view("axis");
  const Secrets s = secrets::hidden_from(*game, gm, axis, "axis");
  const pb::UnitView* farm = nullptr;
  for (const auto& u : gm.units()) {
    if (u.id() == "b2") farm = &u;
  }
  ASSERT_NE(farm, nullptr);
  for (const auto& u : axis.units()) ASSERT_NE(u.id(), "b2") << "the Farm Section is not hidden from the Axis";
  EXPECT_GT(s.count(Kind::kUnitId), 0u);
  EXPECT_GT(s.count(Kind::kUnitName), 0u);
  EXPECT_GT(s.count(Kind::kFigureId), 0u);
  EXPECT_GT(s.count(Kind::kPosition), 0u);
  EXPECT_EQ(s.count(Kind::kSeed), 5u);
  ASSERT_GE(s.deck.size(), 8u);
  EXPECT_EQ(secrets::hidden_from(*game, gm, gm, "gm").count(Kind::kUnitId), 0u) << "the GM sees every unit";

  // The Axis's own Snapshot carries none of it.
  pb::Envelope snap;
  snap.mutable_snapshot()->set_seq(game->seq());
  *snap.mutable_snapshot()->mutable_view() = axis;
  EXPECT_TRUE(secrets::scan(snap.SerializeAsString(), s).empty()) << described(secrets::scan(snap.SerializeAsString(), s));

  // The hidden unit in the View: its id, name, figures' ids and places.
  pb::Envelope leak = snap;
  *leak.mutable_snapshot()->mutable_view()->add_units() = *farm;
  const std::set<Kind> in_view = kinds_of(secrets::scan(leak.SerializeAsString(), s));
  for (Kind k : {Kind::kUnitId, Kind::kUnitName, Kind::kFigureId, Kind::kPosition}) {
    EXPECT_TRUE(in_view.count(k)) << secrets::kind_name(k);
  }
  // Only its place, in a patch inside a batch.
  pb::Envelope batch;
  pb::UnitView moved;
  moved.set_id("g1");
  *moved.mutable_position() = farm->position();
  *batch.add_batch()->mutable_delta()->mutable_patch()->add_units() = moved;
  batch.add_batch()->mutable_order_accepted()->set_seq(9);
  EXPECT_EQ(kinds_of(secrets::scan(batch.SerializeAsString(), s)), std::set<Kind>{Kind::kPosition});
  // Its id and name in a log line; the id inside a longer word is not it.
  auto line = [](const std::string& text) {
    pb::Envelope e;
    e.mutable_delta()->add_events()->set_text(text);
    return e.SerializeAsString();
  };
  EXPECT_EQ(kinds_of(secrets::scan(line("Allies: b2 fires at 1st Squad."), s)), std::set<Kind>{Kind::kUnitId});
  EXPECT_EQ(kinds_of(secrets::scan(line("The " + farm->name() + " fires."), s)), std::set<Kind>{Kind::kUnitName});
  EXPECT_TRUE(secrets::scan(line("Rolls ab2, b2c and xb2-."), s).empty()) << described(secrets::scan(line("Rolls ab2, b2c and xb2-."), s));
  // A log line may be excused (the event revealed it); the same id in a View may not.
  const auto in_line = secrets::scan(line("Allies: b2 fires at 1st Squad."), s);
  ASSERT_EQ(in_line.size(), 1u);
  EXPECT_TRUE(in_line[0].log_line_only);
  for (const auto& h : secrets::scan(leak.SerializeAsString(), s)) EXPECT_FALSE(h.log_line_only) << h.what;
  // "b2" among the bytes of numbers is no word: a Delta to sequence 98 ('b') whose patch is
  // field 6 ('2'), and a double whose bytes hold "b2".
  pb::Envelope numbers;
  numbers.mutable_delta()->set_from_seq(95);
  numbers.mutable_delta()->set_seq(98);
  numbers.mutable_delta()->mutable_patch();
  double x = 0;
  const char b2[8] = {'\xd1', '\xa8', 'N', '$', '\xe4', 'b', '2', '@'};
  std::memcpy(&x, b2, sizeof x);
  pb::UnitView far;
  far.set_id("g1");
  far.mutable_position()->set_x(x);
  far.mutable_position()->set_y(1.5);
  *numbers.mutable_delta()->mutable_patch()->add_units() = far;
  ASSERT_NE(numbers.SerializeAsString().find("\x10" "b2"), std::string::npos);
  EXPECT_TRUE(secrets::scan(numbers.SerializeAsString(), s).empty()) << described(secrets::scan(numbers.SerializeAsString(), s));

  // The seed, in words, in hex and as its bytes (here inside a View's Any).
  EXPECT_EQ(kinds_of(secrets::scan(line("The dice seed was " + std::to_string(seed) + "."), s)), std::set<Kind>{Kind::kSeed});
  char hex[24];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(seed));
  EXPECT_EQ(kinds_of(secrets::scan(line(std::string("seed ") + hex), s)), std::set<Kind>{Kind::kSeed});
  std::string le;
  for (int i = 0; i < 8; ++i) le.push_back(static_cast<char>((seed >> (8 * i)) & 0xff));
  pb::Envelope any = snap;
  any.mutable_snapshot()->mutable_view()->mutable_extra()->set_value(le);
  EXPECT_EQ(kinds_of(secrets::scan(any.SerializeAsString(), s)), std::set<Kind>{Kind::kSeed});

  // The next four cards, as the card panel lists drawn cards, as words, and the other way round.
  pb::BgView next4;
  for (std::size_t i = 0; i < 4; ++i) *next4.add_turned()->mutable_card() = s.deck[i];
  pb::Envelope cards = snap;
  cards.mutable_snapshot()->mutable_view()->mutable_extra()->PackFrom(next4);
  EXPECT_EQ(kinds_of(secrets::scan(cards.SerializeAsString(), s)), std::set<Kind>{Kind::kDeck});
  std::string words = "Next: ";
  for (std::size_t i = 0; i < 4; ++i) words += card_name(s.deck[i]) + (i == 0 ? " (capital)" : "") + ", ";
  words[6] = static_cast<char>(std::toupper(static_cast<unsigned char>(words[6])));
  EXPECT_EQ(kinds_of(secrets::scan(line(words), s)), std::set<Kind>{Kind::kDeck}) << words;
  std::string backwards;
  for (int i = 7; i >= 4; --i) backwards += card_name(s.deck[static_cast<std::size_t>(i)]) + "; ";
  EXPECT_EQ(kinds_of(secrets::scan(line(backwards), s)), std::set<Kind>{Kind::kDeck}) << backwards;
  // Four cards not in the draw order, or three in it, are no leak.
  std::string mixed;
  for (std::size_t i : {1u, 0u, 2u, 3u}) mixed += card_name(s.deck[i]) + ", ";
  EXPECT_TRUE(secrets::scan(line(mixed), s).empty()) << mixed;
  std::string three;
  for (std::size_t i = 0; i < 3; ++i) three += card_name(s.deck[i]) + ", ";
  EXPECT_TRUE(secrets::scan(line(three), s).empty()) << three;

  // A hidden event's line counts as a whole string only.
  Secrets lines;
  lines.add({Kind::kHiddenLine, secrets::Match::kString, "Allies: the Farm Section moves 4\".", "a line"});
  lines.finish();
  EXPECT_EQ(kinds_of(secrets::scan(line("Allies: the Farm Section moves 4\"."), lines)), std::set<Kind>{Kind::kHiddenLine});
  EXPECT_TRUE(secrets::scan(line("Seen: Allies: the Farm Section moves 4\". Done."), lines).empty());

  // A message spanning two moments: what both hide, and the generator's states of either.
  Secrets earlier, later;
  earlier.add({Kind::kUnitId, secrets::Match::kWord, "b2", "hidden then"});
  earlier.add({Kind::kUnitId, secrets::Match::kWord, "b1", "hidden throughout"});
  earlier.add({Kind::kGenerator, secrets::Match::kBytes, "state-1", "the generator then", true});
  later.add({Kind::kUnitId, secrets::Match::kWord, "b1", "hidden throughout"});
  later.add({Kind::kGenerator, secrets::Match::kBytes, "state-2", "the generator now", true});
  earlier.finish();
  later.finish();
  const Secrets both = secrets::common(earlier, later);
  ASSERT_EQ(both.items.size(), 3u);
  EXPECT_EQ(both.count(Kind::kUnitId), 1u);
  EXPECT_EQ(both.items[0].needle, "b1");
  EXPECT_EQ(both.count(Kind::kGenerator), 2u);
}

// The scan through the server: the GM's chat line to the players names the hidden Farm Section,
// the seed and the next four cards; the Axis's messages must be found to carry them, and
// nothing else may be found anywhere.
TEST(SecretsScan, ALeakPlantedThroughTheServerIsFound) {
  TempDir dir;
  auto server = start_server(dir.path + "/planted.db");
  Tally tally;
  Options opt;
  opt.plant = true;
  Harness h(kScenarios[0], seed_for(0, 998), 0, server->port(), tally, opt);
  const GameResult r = h.run();
  std::map<std::string, int> found;
  for (const auto& line : r.hits) {
    const std::size_t of = line.find("connection of "), carries = line.find(" carries ");
    if (of != std::string::npos && carries != std::string::npos) ++found[line.substr(of + 14, line.find(',', of) - of - 14) + ": " + line.substr(carries + 9, line.find(':', carries + 9) - carries - 9)];
  }
  std::cout << "[ secrets ] the planted line was found:";
  for (const auto& [what, n] : found) std::cout << " " << what << " x" << n << ";";
  std::cout << "\n";
  for (Kind k : {Kind::kUnitId, Kind::kUnitName, Kind::kSeed, Kind::kDeck}) {
    EXPECT_TRUE(r.hit_kinds.count(k)) << "the planted " << secrets::kind_name(k) << " was not found";
  }
  bool axis_hit = false;
  for (const auto& line : r.hits) {
    EXPECT_NE(line.find("chat"), std::string::npos) << "a hit outside the planted chat line: " << line;
    axis_hit = axis_hit || line.find("connection of axis") != std::string::npos;
  }
  EXPECT_TRUE(axis_hit);
  EXPECT_EQ(server->stop(), 0);
}

TEST(SecretsScan, NoSeatReceivesAnotherSidesHiddenThings) {
  const int per_ruleset = games_per_ruleset();
  if (const auto one = one_game()) {
    const auto it = std::find_if(kScenarios.begin(), kScenarios.end(), [&](const Match& m) { return one->first == m.scenario_id; });
    ASSERT_NE(it, kScenarios.end()) << one->first;
    const auto s = static_cast<std::size_t>(it - kScenarios.begin());
    TempDir dir;
    auto server = start_server(dir.path + "/one.db");
    Tally tally;
    Harness h(*it, seed_for(s, one->second), one->second, server->port(), tally, Options{});
    const GameResult r = h.run();
    for (const auto& line : r.hits) ADD_FAILURE() << line;
    std::cout << "[ secrets ] " << one->first << " game " << one->second << ": " << tally.orders << " orders, " << tally.hits
              << " hits, log lines naming a thing while its order showed it " << tally.named_while_shown << "\n";
    for (const auto& why : tally.cut_short) std::cout << "[ secrets ] cut short, the bot's order refused: " << why << "\n";
    for (const auto& e : tally.shown_examples) std::cout << "[ secrets ] a log line naming what its order showed: " << e << "\n";
    EXPECT_EQ(server->stop(), 0);
    return;
  }
  std::map<std::string, std::vector<std::size_t>> by_ruleset;
  for (std::size_t i = 0; i < kScenarios.size(); ++i) by_ruleset[kScenarios[i].ruleset].push_back(i);
  std::map<std::string, Tally> tallies;
  const auto started = std::chrono::steady_clock::now();
  long hits_shown = 0;
  for (const auto& [ruleset, scenarios] : by_ruleset) {
    Tally& tally = tallies[ruleset];
    const auto t0 = std::chrono::steady_clock::now();
    // Three of each scenario by default, so that each kind of spectator is searched in each.
    const int games = per_ruleset > 0 ? per_ruleset : 3 * static_cast<int>(scenarios.size());
    std::unique_ptr<TempDir> dir;
    std::unique_ptr<ServerProcess> server;
    for (int g = 0; g < games; ++g) {
      // A fresh server and database every 100 games: rooms stay in memory once played.
      if (g % 100 == 0) {
        server.reset();
        dir = std::make_unique<TempDir>();
        server = start_server(dir->path + "/secrets.db");
      }
      const std::size_t s = scenarios[static_cast<std::size_t>(g) % scenarios.size()];
      const int index = g / static_cast<int>(scenarios.size());
      const std::uint64_t seed = seed_for(s, index);
      GameResult r;
      try {
        Harness h(kScenarios[s], seed, index, server->port(), tally, Options{});
        r = h.run();
      } catch (const std::exception& e) {
        ADD_FAILURE() << kScenarios[s].scenario_id << " game " << index << " (seed " << seed << "): " << e.what();
        continue;
      }
      for (const auto& line : r.hits) {
        if (hits_shown++ < 20) ADD_FAILURE() << line;
      }
    }
    if (server) {
      EXPECT_EQ(server->stop(), 0) << ruleset << ": the server did not stop cleanly";
    }
    tally.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (const std::size_t s : scenarios) {
      if (games >= static_cast<int>(scenarios.size())) {
        EXPECT_TRUE(tally.scenarios_with_secrets.count(kScenarios[s].scenario_id))
            << kScenarios[s].scenario_id << " hid nothing but the seed, so its scan proved little";
      }
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  long total_hits = 0;
  for (const auto& [ruleset, t] : tallies) {
    total_hits += t.hits;
    std::cout << "[ secrets ] " << ruleset << ": " << t.games << " games, " << t.orders << " orders, " << t.events << " events, "
              << t.queries << " queries, " << t.rejoins << " rejoins, " << t.resyncs << " catch-ups asked, " << t.gm_edits
              << " GM edits, " << t.rewinds << " GM rewinds, " << t.take_backs << " take-backs, " << t.side_spectators
              << " games whose spectators see one side, " << t.delayed_spectators << " a turn late (" << t.delayed_searched
              << " secrets searched in their messages), " << std::fixed
              << std::setprecision(1) << t.seconds << " s; " << t.cut_short.size() << " cut short; hits " << t.hits << "\n";
    std::cout << "[ secrets ]   games:";
    for (const auto& [id, n] : t.games_of) std::cout << " " << id << " " << n << ";";
    std::cout << "\n";
    for (const auto& [kind, n] : t.messages) {
      const long batches = t.batches.count(kind) ? t.batches.at(kind) : 0;
      std::cout << "[ secrets ]   " << kind << ": " << n << " messages (" << batches << " batches), " << t.envelopes.at(kind) << " envelopes, " << t.bytes.at(kind)
                << " bytes\n";
    }
    std::cout << "[ secrets ]   searched (secret, envelope) pairs:";
    for (const auto& [kind, n] : t.searched) std::cout << " " << kind << " " << n << ";";
    std::cout << " seed shown at the end to " << t.seed_shown_at_end << " connections; drawn cards found in the opening's order in "
              << t.deck_control << " envelopes; log lines naming a thing while its order showed it " << t.named_while_shown << "\n";
  }
  for (const auto& [ruleset, t] : tallies) {
    for (const auto& why : t.cut_short) std::cout << "[ secrets ] cut short, the bot's order refused: " << why << "\n";
    for (const auto& e : t.shown_examples) std::cout << "[ secrets ] a log line naming what its order showed: " << e << "\n";
  }
  std::cout << "[ secrets ] total " << std::fixed << std::setprecision(1) << seconds << " s, " << total_hits << " hits\n";
  EXPECT_EQ(total_hits, 0);
  // The searches had something to find: hidden units and their places, the deck, hidden lines.
  std::map<std::string, long> searched;
  for (const auto& [ruleset, t] : tallies) {
    for (const auto& [kind, n] : t.searched) searched[kind] += n;
  }
  for (const char* kind : {"unit id", "unit name", "position", "seed", "deck order", "hidden log line", "strike", "feature name"}) {
    EXPECT_GT(searched[kind], 0) << "no " << kind << " was ever searched for";
  }
  EXPECT_GT(tallies["battleground"].deck_control, 0) << "the deck search never found the drawn cards in the opening's order";
  long edits = 0, rewinds = 0, late = 0, late_control = 0;
  for (const auto& [ruleset, t] : tallies) {
    edits += t.gm_edits;
    rewinds += t.rewinds;
    late += t.delayed_searched;
    late_control += t.late_control;
  }
  std::cout << "[ secrets ] the GM's envelopes carrying what a turn-late spectator may not know: " << late_control << "\n";
  EXPECT_GT(late_control, 0) << "the live table's places were never found where the GM is sent them";
  EXPECT_GT(edits, 0) << "the GM never edited the table";
  EXPECT_GT(rewinds, 0) << "the GM never rewound the table";
  EXPECT_GT(late, 0) << "nothing was searched for in a delayed spectator's messages";
}

}  // namespace
}  // namespace sandtable::testing
