// Dice scheme 2 (issue 18, docs/fair-play.md "How the dice are made"): a 256-bit secret committed
// to with a domain separator, each awaited seat's own randomness added before the first roll, the
// mix's commitment in the log before that roll, every die and card drawn from the mix, and the
// secret revealed at the end (and to the GM on demand, in the log). The fixed vectors were worked
// out apart from this code (Python's hashlib and the PCG32 reference steps), as docs/fair-play.md
// shows a sceptical player how to.
#include <gtest/gtest.h>
#include <google/protobuf/util/message_differencer.h>

#include <algorithm>

#include "engine/core/sha256.h"
#include "engine/model/autoplay.h"
#include "engine/model/dice_mix.h"
#include "engine/model/game.h"
#include "engine/model/verify.h"
#include "engine/registry/builtin_registry.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

using google::protobuf::util::MessageDifferencer;

std::string secret_0_to_31() {
  std::string s;
  for (int i = 0; i < 32; ++i) s.push_back(static_cast<char>(i));
  return s;
}

TEST(DiceMix, TheCommitmentsAndTheGeneratorFollowTheDocumentedSteps) {
  const std::string secret = secret_0_to_31();
  EXPECT_EQ(secret_commitment(secret), "676d0014d72a5ace791dc51f956263c2ba5f1e4aed57f982fa235b56267be43b");
  const EntropyList entropy = {{"axis", std::string(16, '\x01')}, {"allies", std::string(16, '\x02')}};
  const std::string mix = dice_mix(secret, entropy);
  EXPECT_EQ(hex(mix), "7bc8a0233a5b43cd9eec562e58687dc881f94eb620a88f33049d6bdb700873ad");
  EXPECT_EQ(mix_commitment(mix), "70f9a779275e9b569a5f7ddc0656687517964dcf536f7f6768a884a85f0b9a8c");
  Pcg32 g = dice_generator(mix);
  EXPECT_EQ(g.next(), 329099666u);
  EXPECT_EQ(g.next(), 4222769184u);
  EXPECT_EQ(g.next(), 1738836703u);
  EXPECT_EQ(deck_seed_of(mix), 3715373076054997377u);
  EXPECT_EQ(hex(secret_from_seed(1)), "0f4da8e3fdb30d9d84c7454d8779e702afa0c709a3cdec5f5ff7c205a34201a5");
}

TEST(DiceMix, EachLabelSeparatesItsHashAndEveryInputCounts) {
  const std::string secret = secret_0_to_31();
  // The same bytes hashed as a secret and as a mix give different commitments.
  EXPECT_NE(secret_commitment(secret), mix_commitment(secret));
  EXPECT_NE(secret_commitment(secret), sha256_hex(secret));
  const std::string base = dice_mix(secret, {{"axis", std::string(16, 'a')}});
  EXPECT_NE(base, dice_mix(secret, {}));
  EXPECT_NE(base, dice_mix(secret, {{"axis", std::string(16, 'b')}}));
  EXPECT_NE(base, dice_mix(secret, {{"allies", std::string(16, 'a')}}));
  // Lengths are framed: moving a byte from the seat's name into its entropy changes the mix.
  EXPECT_NE(dice_mix(secret, {{"ax", "is" + std::string(16, 'a')}}), dice_mix(secret, {{"axis", std::string(16, 'a')}}));
  // The order added counts.
  EXPECT_NE(dice_mix(secret, {{"a", std::string(16, '1')}, {"b", std::string(16, '2')}}),
            dice_mix(secret, {{"b", std::string(16, '2')}, {"a", std::string(16, '1')}}));
}

struct Seated {
  const RuleSet* rules;
  pb::Scenario scenario;
  std::unique_ptr<Game> game;
  std::vector<pb::Event> log;
};

Seated seated(const std::string& file, const std::vector<std::string>& entropy_from, std::uint64_t seed = 4) {
  Seated s;
  s.scenario = load_scenario_file(file);
  s.rules = builtin_registry().find(s.scenario.ruleset());
  StartOptions o;
  o.secret = secret_from_seed(seed);
  o.entropy_from = entropy_from;
  std::string error;
  s.game = Game::start(*s.rules, s.scenario, o, &s.log, &error);
  EXPECT_TRUE(s.game) << error;
  return s;
}

pb::Command entropy(const std::string& seat, char fill, std::size_t n = 32) {
  pb::Command c;
  c.set_seat(seat);
  c.mutable_add_entropy()->set_entropy(std::string(n, fill));
  return c;
}

pb::Command gm_command(void (*set)(pb::GmCommand&)) {
  pb::Command c;
  c.set_seat("gm");
  set(*c.mutable_gm());
  return c;
}

Outcome run(Seated& s, const pb::Command& c) {
  Outcome out = s.game->execute(c);
  if (out.accepted) s.log.insert(s.log.end(), out.events.begin(), out.events.end());
  return out;
}

// Before the first roll: only the GameStarted is in the log, the table shows its units, nobody has
// a menu, and an order is refused naming whom the game waits for.
TEST(DiceMix, TheFirstRollWaitsForEveryAwaitedSide) {
  Seated s = seated("bg/village-assault.json", {"axis", "allies"});
  ASSERT_EQ(s.log.size(), 1u);
  const auto& started = s.log[0].game_started();
  EXPECT_EQ(started.dice_scheme(), "sandtable-dice/2");
  EXPECT_EQ(started.seed_hash(), secret_commitment(secret_from_seed(4)));
  EXPECT_EQ(started.seed(), 0u);
  EXPECT_FALSE(s.game->state().dice_sealed);
  EXPECT_EQ(s.game->waiting_for(), (std::vector<std::string>{"axis", "allies"}));
  for (const std::string seat : {"axis", "allies", "gm"}) {
    const pb::View v = s.game->view(seat);
    EXPECT_GT(v.units_size(), 0) << seat;
    EXPECT_EQ(v.menu().actions_size(), 0) << seat;
    EXPECT_EQ(v.dice().scheme(), "sandtable-dice/2");
    EXPECT_EQ(v.dice().awaiting_size(), 2);
    EXPECT_FALSE(v.dice().sealed());
    EXPECT_TRUE(v.dice().secret().empty()) << seat;
    EXPECT_EQ(v.turn().phase(), "before the first roll");
    EXPECT_TRUE(v.turn().task().empty());
  }
  // The secret never leaves in a viewer's copy of the first event.
  EXPECT_TRUE(s.game->event_for(s.log[0], "gm")->game_started().secret().empty());
  pb::Command end_activation;
  end_activation.set_seat("axis");
  end_activation.mutable_play()->set_action("end-action");
  const Outcome refused = s.game->execute(end_activation);
  EXPECT_FALSE(refused.accepted);
  EXPECT_EQ(refused.rejection.code(), "NOT_BEGUN");
  EXPECT_NE(refused.rejection.message().find("waits for Germans and British to join"), std::string::npos)
      << refused.rejection.message();
}

// Each side adds its randomness once; the last one seals the mix, and the rules' opening follows.
TEST(DiceMix, TheLastSeatsRandomnessSealsTheMixBeforeTheFirstRoll) {
  Seated s = seated("bg/village-assault.json", {"axis", "allies"});
  Outcome out = run(s, entropy("axis", 'x'));
  ASSERT_TRUE(out.accepted) << out.rejection.message();
  ASSERT_EQ(out.events.size(), 1u);
  EXPECT_EQ(out.events[0].entropy_added().seat(), "axis");
  EXPECT_EQ(s.game->log_line_for(out.events[0], "allies")->text(), "Germans' own randomness goes into the dice mix.");
  EXPECT_EQ(s.game->waiting_for(), (std::vector<std::string>{"allies"}));

  EXPECT_EQ(s.game->execute(entropy("axis", 'y')).rejection.code(), "ENTROPY_ALREADY_ADDED");
  EXPECT_EQ(s.game->execute(entropy("allies", 'y', 15)).rejection.code(), "BAD_ENTROPY");
  EXPECT_EQ(s.game->execute(entropy("allies", 'y', 65)).rejection.code(), "BAD_ENTROPY");
  EXPECT_EQ(s.game->execute(entropy("gm", 'y')).rejection.code(), "ENTROPY_FROM_A_SIDE");

  out = run(s, entropy("allies", 'z'));
  ASSERT_TRUE(out.accepted) << out.rejection.message();
  ASSERT_GE(out.events.size(), 3u);
  EXPECT_TRUE(out.events[0].has_entropy_added());
  ASSERT_TRUE(out.events[1].has_dice_sealed());
  const auto& sealed = out.events[1].dice_sealed();
  const std::string mix = dice_mix(secret_from_seed(4), {{"axis", std::string(32, 'x')}, {"allies", std::string(32, 'z')}});
  EXPECT_EQ(sealed.mix_commitment(), mix_commitment(mix));
  EXPECT_EQ(sealed.seats_size(), 2);
  EXPECT_TRUE(sealed.begun_by().empty());
  // Nothing rolled before the seal; the opening (the deck's shuffle, the first cards) after it.
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(out.events[static_cast<std::size_t>(i)].rng_draws(), 0u);
    EXPECT_EQ(out.events[static_cast<std::size_t>(i)].dice_size(), 0);
  }
  EXPECT_TRUE(out.events[2].has_payload());
  EXPECT_TRUE(s.game->state().dice_sealed);
  EXPECT_EQ(s.game->state().deck_seed, deck_seed_of(mix));
  EXPECT_EQ(s.game->execute(entropy("allies", 'w')).rejection.code(), "DICE_ALREADY_SEALED");
  EXPECT_FALSE(s.game->waiting_for().empty());
  EXPECT_EQ(s.game->view("axis").dice().mix_commitment(), sealed.mix_commitment());
  // The log replays to the same game.
  std::string error;
  auto again = Game::from_log(*s.rules, s.log, &error);
  ASSERT_TRUE(again) << error;
  EXPECT_TRUE(MessageDifferencer::Equals(again->save(), s.game->save()));
}

// The randomness really feeds the dice: the same secret with another seat's bytes deals another deck.
TEST(DiceMix, AnotherSeatsRandomnessGivesOtherCards) {
  Seated a = seated("bg/village-assault.json", {"axis", "allies"});
  Seated b = seated("bg/village-assault.json", {"axis", "allies"});
  run(a, entropy("axis", 'x'));
  run(b, entropy("axis", 'x'));
  const Outcome oa = run(a, entropy("allies", 'z'));
  const Outcome ob = run(b, entropy("allies", 'q'));
  ASSERT_TRUE(oa.accepted && ob.accepted);
  EXPECT_NE(a.game->state().deck_seed, b.game->state().deck_seed);
  EXPECT_NE(a.game->state().rng, b.game->state().rng);
}

// The GM may begin without a seat that has not joined; a bot's seat is never waited for.
TEST(DiceMix, TheGmBeginsWithoutWaitingAndABotSeatIsNotAwaited) {
  Seated s = seated("pw/meeting-engagement.json", {"blue", "red"});
  run(s, entropy("blue", 'b'));
  pb::Command not_gm = gm_command([](pb::GmCommand& g) { g.mutable_begin(); });
  not_gm.set_seat("red");
  EXPECT_EQ(s.game->execute(not_gm).rejection.code(), "GM_ONLY");
  Outcome out = run(s, gm_command([](pb::GmCommand& g) { g.mutable_begin(); }));
  ASSERT_TRUE(out.accepted) << out.rejection.message();
  ASSERT_TRUE(out.events[0].has_dice_sealed());
  EXPECT_EQ(out.events[0].dice_sealed().begun_by(), "gm");
  EXPECT_EQ(out.events[0].dice_sealed().seats_size(), 1);
  EXPECT_EQ(s.game->execute(gm_command([](pb::GmCommand& g) { g.mutable_begin(); })).rejection.code(), "ALREADY_BEGUN");
  EXPECT_EQ(s.game->execute(entropy("red", 'r')).rejection.code(), "DICE_ALREADY_SEALED");

  Seated t = seated("pw/meeting-engagement.json", {"blue", "red"});
  run(t, entropy("blue", 'b'));
  out = run(t, gm_command([](pb::GmCommand& g) {
    auto* e = g.mutable_edit();
    e->set_reason("red plays by computer");
    e->mutable_seat_bot()->set_side("red");
    e->mutable_seat_bot()->set_bot(true);
  }));
  ASSERT_TRUE(out.accepted) << out.rejection.message();
  EXPECT_TRUE(t.game->state().dice_sealed) << "with red a bot, nobody is awaited";
  // A GM edit of the table waits for the table to be set out.
  Seated u = seated("pw/meeting-engagement.json", {"blue", "red"});
  const Outcome pause = run(u, gm_command([](pb::GmCommand& g) { g.mutable_pause()->set_reason("tea"); }));
  EXPECT_TRUE(pause.accepted) << pause.rejection.message();
  EXPECT_FALSE(u.game->state().dice_sealed);
}

// The GM may look at the secret during the game: the log says so to everyone, and only the GM's
// View carries it; the end reveals it to all.
TEST(DiceMix, TheGmsLookAtTheSecretIsLoggedAndTheEndRevealsIt) {
  Seated s = seated("pw/meeting-engagement.json", {});
  EXPECT_TRUE(s.game->state().dice_sealed) << "nobody awaited: sealed at the start";
  ASSERT_GE(s.log.size(), 2u);
  EXPECT_TRUE(s.log[1].has_dice_sealed());
  Outcome out = run(s, gm_command([](pb::GmCommand& g) { g.mutable_show_secret(); }));
  ASSERT_TRUE(out.accepted) << out.rejection.message();
  ASSERT_TRUE(out.events[0].has_secret_shown());
  EXPECT_EQ(s.game->log_line_for(out.events[0], "blue")->text(), "The game master looked at the dice secret.");
  const std::string secret_hex = hex(secret_from_seed(4));
  EXPECT_EQ(s.game->view("gm").dice().secret(), secret_hex);
  EXPECT_TRUE(s.game->view("blue").dice().secret().empty());
  EXPECT_TRUE(s.game->view("spectator").dice().secret().empty());
  EXPECT_EQ(s.game->execute(gm_command([](pb::GmCommand& g) { g.mutable_show_secret(); })).rejection.code(),
            "SECRET_ALREADY_SHOWN");
  out = run(s, gm_command([](pb::GmCommand& g) { g.mutable_end_game()->set_reason("time"); }));
  ASSERT_TRUE(out.accepted);
  EXPECT_EQ(out.events.back().game_ended().secret(), secret_from_seed(4));
  EXPECT_NE(s.game->log_line_for(out.events.back(), "red")->text().find("The dice secret was " + secret_hex), std::string::npos);
  EXPECT_EQ(s.game->view("red").dice().secret(), secret_hex);

  // A seed game has no secret to show.
  std::vector<pb::Event> log;
  std::string error;
  auto old = Game::start(*s.rules, s.scenario, StartOptions{4}, &log, &error);
  ASSERT_TRUE(old);
  EXPECT_FALSE(old->view("gm").has_dice());
  EXPECT_EQ(old->execute(gm_command([](pb::GmCommand& g) { g.mutable_show_secret(); })).rejection.code(), "NO_SECRET");
}

// A snapshot taken while seats are awaited, and after the seal, loads back to the same game.
TEST(DiceMix, SnapshotsKeepTheMix) {
  const std::string first = load_scenario_file("rookie/farm-assault.json").sides(0).id();
  Seated t = seated("rookie/farm-assault.json", {first});
  ASSERT_FALSE(t.game->state().dice_sealed);
  std::string error;
  auto loaded = Game::load(builtin_registry(), t.log[0], t.game->save(), &error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_TRUE(MessageDifferencer::Equals(loaded->save(), t.game->save()));
  run(t, entropy(first, 'e'));
  ASSERT_TRUE(t.game->state().dice_sealed);
  loaded = Game::load(builtin_registry(), t.log[0], t.game->save(), &error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_TRUE(MessageDifferencer::Equals(loaded->save(), t.game->save()));
  EXPECT_EQ(loaded->state().deck_seed, t.game->state().deck_seed);
  EXPECT_EQ(loaded->state().rng, t.game->state().rng);
}

pb::GameExport scheme_two_bot_game(const std::string& file, std::uint64_t seed) {
  const pb::Scenario s = load_scenario_file(file);
  AutoplayOptions o;
  o.seed = seed;
  o.secret = secret_from_seed(seed);
  for (const auto& side : s.sides()) o.entropy_from.push_back(side.id());
  const AutoplayResult r = autoplay(*builtin_registry().find(s.ruleset()), s, o);
  EXPECT_TRUE(r.finished) << file << ": " << r.error;
  return export_of(r.log, r.orders);
}

// Bot games of every rule set under scheme 2 verify from the secret, the seats' randomness and the
// orders; the file may carry the secret only at the end; each tampering is caught.
TEST(DiceMix, SchemeTwoGamesVerifyAndTamperingIsCaught) {
  for (const char* file : {"pw/meeting-engagement.json", "bg/crossroads.json", "oh/village-attack.json", "rookie/farm-assault.json"}) {
    const pb::GameExport g = scheme_two_bot_game(file, 7);
    VerifyResult r = verify_game(builtin_registry(), g);
    ASSERT_TRUE(r.ok) << file << ": " << r.summary << " / " << r.expected << " / " << r.found;
    EXPECT_EQ(r.scheme, "sandtable-dice/2");
    EXPECT_NE(r.summary.find("the seats' own randomness"), std::string::npos) << r.summary;

    pb::GameExport end_only = g;
    end_only.mutable_events(0)->mutable_game_started()->clear_secret();
    EXPECT_TRUE(verify_game(builtin_registry(), end_only).ok) << file;

    pb::GameExport no_secret = end_only;
    for (auto& e : *no_secret.mutable_events()) {
      if (e.has_game_ended()) e.mutable_game_ended()->clear_secret();
    }
    r = verify_game(builtin_registry(), no_secret);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.summary.find("does not hold the dice secret"), std::string::npos) << r.summary;

    pb::GameExport two_secrets = g;
    for (auto& e : *two_secrets.mutable_events()) {
      if (e.has_game_ended()) e.mutable_game_ended()->set_secret(secret_from_seed(8));
    }
    r = verify_game(builtin_registry(), two_secrets);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.summary.find("is not the secret the game started with"), std::string::npos) << r.summary;

    // Another secret, the same at the start and the end: not the one committed to.
    pb::GameExport other_secret = g;
    for (auto& e : *other_secret.mutable_events()) {
      if (e.has_game_started()) e.mutable_game_started()->set_secret(secret_from_seed(8));
      if (e.has_game_ended()) e.mutable_game_ended()->set_secret(secret_from_seed(8));
    }
    r = verify_game(builtin_registry(), other_secret);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.summary.find("not the one committed to at the start"), std::string::npos) << r.summary;

    // A seat's randomness changed in the log and in its order: the mix no longer matches its
    // commitment, which was in the log before the first roll.
    pb::GameExport other_entropy = g;
    std::uint64_t sealed_seq = 0;
    bool changed = false;
    for (auto& e : *other_entropy.mutable_events()) {
      if (e.has_entropy_added() && !changed) {
        e.mutable_entropy_added()->set_entropy(std::string(32, '!'));
        changed = true;
      }
      if (e.has_dice_sealed()) sealed_seq = e.seq();
    }
    for (auto& o : *other_entropy.mutable_orders()) {
      if (o.command().has_add_entropy()) {
        o.mutable_command()->mutable_add_entropy()->set_entropy(std::string(32, '!'));
        break;
      }
    }
    r = verify_game(builtin_registry(), other_entropy);
    EXPECT_FALSE(r.ok) << file;
    EXPECT_EQ(r.first_bad_seq, sealed_seq) << file << ": " << r.summary;
  }
}

}  // namespace
}  // namespace sandtable
