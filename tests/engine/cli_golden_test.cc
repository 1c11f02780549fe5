// Determinism and the CLI as documented (docs/cli.md): the same scenario, seed and orders give
// byte-identical events in two runs and match the checked-in golden logs; replay rebuilds the
// game; an illegal order exits 2 with its code, rule ID and sentence.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <google/protobuf/util/json_util.h>

#include "engine/model/autoplay.h"
#include "engine/model/verify.h"
#include "engine/registry/builtin_registry.h"
#include "tests/support/scenario_file.h"

namespace {

struct Proc {
  int exit_code = -1;
  std::string out;
};

// Runs a shell command, capturing stdout (stderr is redirected by the caller when wanted).
Proc run(const std::string& cmd) {
  Proc r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 65536> buf{};
  std::size_t n = 0;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  const int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const std::string kSrc = SANDTABLE_SOURCE_DIR;
const std::string kCli = SANDTABLE_CLI;

std::string play_cmd(const std::string& scenario) {
  return kCli + " play --scenario " + kSrc + "/scenarios/pw/" + scenario + ".json --orders " + kSrc +
         "/tests/golden/pw-" + scenario + ".orders.jsonl --seed 42";
}

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, TwoRunsAreByteIdenticalAndMatchTheGoldenLog) {
  const Proc a = run(play_cmd(GetParam()));
  const Proc b = run(play_cmd(GetParam()));
  ASSERT_EQ(a.exit_code, 0);
  ASSERT_EQ(b.exit_code, 0);
  EXPECT_EQ(a.out, b.out);
  const std::string golden = slurp(kSrc + "/tests/golden/pw-" + GetParam() + ".events.jsonl");
  ASSERT_FALSE(golden.empty());
  EXPECT_EQ(a.out, golden) << "regenerate with script/update-golden only if the change is intended";
  // A whole game: the log ends with the game's end.
  EXPECT_NE(a.out.rfind("\"game_ended\""), std::string::npos);
}

TEST_P(Golden, ReplayRebuildsTheFinishedGame) {
  const Proc r = run(kCli + " replay " + kSrc + "/tests/golden/pw-" + GetParam() + ".events.jsonl");
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("\"over\": true"), std::string::npos) << r.out.substr(0, 400);
}

TEST_P(Golden, ADifferentSeedGivesADifferentGame) {
  const Proc a = run(play_cmd(GetParam()) + " 2>/dev/null");
  std::string cmd = play_cmd(GetParam());
  cmd.replace(cmd.rfind("42"), 2, "43");
  const Proc b = run(cmd + " 2>/dev/null");
  EXPECT_NE(a.out, b.out);
}

INSTANTIATE_TEST_SUITE_P(PortableWargame, Golden, ::testing::Values("meeting-engagement", "entrenched-assault"));

TEST(Cli, IllegalOrderPrintsCodeRuleAndSentenceAndExits2) {
  const std::string orders = ::testing::TempDir() + "/illegal.jsonl";
  {
    std::ofstream o(orders);
    // Red tries to give blue's artillery plan: not its unit.
    o << "{\"seat\":\"red\",\"payload\":{\"@type\":\"type.googleapis.com/sandtable.v1.PwCommand\",\"artillery_plan\":{\"targets\":[{\"unit_id\":\"no-such-gun\",\"target\":{\"col\":1,\"row\":1}}]}}}\n";
  }
  const Proc r = run(kCli + " play --scenario " + kSrc + "/scenarios/pw/meeting-engagement.json --orders " + orders +
                    " --seed 1 2>&1 >/dev/null");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("illegal.jsonl:1: PW_"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(PW-"), std::string::npos) << r.out;
}

TEST(Cli, BadScenarioNamesTheField) {
  const std::string path = ::testing::TempDir() + "/bad.json";
  {
    std::ofstream o(path);
    o << R"({"ruleset":"portable-wargame-19c","grid":{"cols":5,"rows":5},"sides":[{"id":"a","units":[{"id":"x","type":"tank"}]},{"id":"b"}]})";
  }
  const Proc r = run(kCli + " play --scenario " + path + " --orders /dev/null 2>&1");
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_NE(r.out.find("sides[0].units[0].type"), std::string::npos) << r.out;
}

TEST(Cli, TableDiceOutOfRangeAreRefused) {
  const std::string dice = ::testing::TempDir() + "/dice.jsonl";
  {
    std::ofstream o(dice);
    o << "{\"kind\":\"DIE_KIND_D6\",\"value\":7}\n";
  }
  const Proc r = run(kCli + " play --scenario " + kSrc + "/scenarios/pw/meeting-engagement.json --orders /dev/null --dice " +
                    dice + " 2>&1");
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_NE(r.out.find("d6 shows 1 to 6, not 7"), std::string::npos) << r.out;
}

TEST(Cli, BotsHashIsStableAcrossRuns) {
  const std::string cmd = kCli + " bots --ruleset portable-wargame-19c --scenario " + kSrc +
                          "/scenarios/pw/meeting-engagement.json --games 3 --seed 9 | grep hash";
  const Proc a = run(cmd);
  const Proc b = run(cmd);
  ASSERT_EQ(a.exit_code, 0);
  EXPECT_EQ(a.out.size(), 71u);  // "hash: " + 64 hex + "\n"
  EXPECT_EQ(a.out, b.out);
}

// `verify` (docs/fair-play.md): a bot game's file matches; with one die changed it names the
// first event that does not and exits 1; `bots --verify yes` re-runs each game it plays.
TEST(Cli, VerifySaysEveryRollMatchesOrTheFirstEventThatDoesNot) {
  const auto scenario = sandtable::load_scenario_file("rookie/farm-assault.json");
  sandtable::AutoplayOptions o;
  o.seed = 6;
  const auto run_game = sandtable::autoplay(*sandtable::builtin_registry().find(scenario.ruleset()), scenario, o);
  ASSERT_TRUE(run_game.finished);
  auto write = [](const sandtable::pb::GameExport& g, const std::string& path) {
    std::string json;
    google::protobuf::util::JsonPrintOptions opt;
    opt.preserve_proto_field_names = true;
    ASSERT_TRUE(google::protobuf::util::MessageToJsonString(g, &json, opt).ok());
    std::ofstream(path) << json;
  };
  sandtable::pb::GameExport g = sandtable::export_of(run_game.log, run_game.orders);
  const std::string good = ::testing::TempDir() + "verify-good.json", bad = ::testing::TempDir() + "verify-bad.json";
  write(g, good);
  const Proc ok = run(kCli + " verify " + good);
  EXPECT_EQ(ok.exit_code, 0) << ok.out;
  EXPECT_NE(ok.out.find("every roll and card matches"), std::string::npos) << ok.out;
  int i = static_cast<int>(g.events_size()) / 2;
  while (i < g.events_size() && g.events(i).dice_size() == 0) ++i;
  ASSERT_LT(i, g.events_size());
  auto* die = g.mutable_events(i)->mutable_dice(0);
  die->set_value(die->value() == 6 ? 5 : 6);
  write(g, bad);
  const Proc no = run(kCli + " verify " + bad);
  EXPECT_EQ(no.exit_code, 1);
  EXPECT_NE(no.out.find("MISMATCH: event " + std::to_string(g.events(i).seq())), std::string::npos) << no.out;
  EXPECT_NE(no.out.find("the seed and the orders give: seq " + std::to_string(g.events(i).seq())), std::string::npos) << no.out;
  const Proc bots = run(kCli + " bots --ruleset rookie-rules --scenario " + kSrc + "/scenarios/rookie/farm-assault.json --games 2 --seed 3 --verify yes");
  EXPECT_EQ(bots.exit_code, 0);
  EXPECT_NE(bots.out.find("verified: 2"), std::string::npos) << bots.out;
}

}  // namespace

// Asked-for help is printed to stdout with exit 0, for the tool and for each verb (docs/cli.md).
TEST(Cli, HelpPrintsUsageToStdoutAndExits0) {
  for (const std::string args : {"--help", "-h", "help", "play --help", "replay --help", "bots --help",
                                 "rulesets --help", "play -h", "help bots"}) {
    const Proc r = run(kCli + " " + args + " 2>/dev/null");
    EXPECT_EQ(r.exit_code, 0) << args;
    EXPECT_NE(r.out.find("usage:"), std::string::npos) << args << ": " << r.out;
  }
  EXPECT_NE(run(kCli + " play --help").out.find("--scenario FILE --orders FILE"), std::string::npos);
  EXPECT_NE(run(kCli + " bots --help").out.find("--ruleset R"), std::string::npos);
  // Without a verb it is still bad usage.
  EXPECT_EQ(run(kCli + " 2>/dev/null").exit_code, 64);
  EXPECT_EQ(run(kCli + " frobnicate 2>/dev/null").exit_code, 64);
}
