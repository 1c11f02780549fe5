// End to end: a Battleground seat never receives what it may not see. Bot games of every demo
// scenario with hidden things (a hidden set-up section, a reinforcement, secret minefields and
// a secret dummy, scheduled strikes); for every event each seat receives (Game::event_for,
// GameStarted included) and every view after each command (menus included), the serialized
// copy must not contain, while the seat may not know them:
//   - the other side's hidden or not yet arrived units: ids, names, figure ids (BG-UNIT-09/10);
//   - the names of secret minefields it has not found, and the word "dummy_minefield" unless it
//     is the dummy's owner (BG-MINE-02: dummies look like minefields until entered);
//   - the other side's scheduled strikes: ids and aim points (BG-ART-01).
// What a seat may know is bg_view.cc's knows_unit / knows_terrain / knows_mission, taken after
// each event (a shadow game applies the events one by one), so the event that reveals a thing
// may name it. Copies are searched as JSON (names and ids as whole words; aim points among the
// aim points written, "aim" and "aimPoints") and as binary (tokens of five characters or more).
// An aim point written under a mission the seat knows (its "missionId" / "strikeId": a public
// mission, say a mortar the other side aimed at the very place of its secret strike) is what the
// seat saw, not the strike's; the same point written under the secret strike or under no mission
// is a leak (BgSecrets.TheSearchFindsALeakedStrike... checks the search still catches it).
// The games are played by the rule set's own bot (RuleSet::make_bot).
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include <cmath>
#include <iostream>
#include <map>
#include <set>

#include "engine/model/game.h"
#include "engine/model/payload.h"
#include "engine/registry/builtin_registry.h"
#include "tests/engine/bg_test_util.h"
#include "tests/support/scenario_file.h"

namespace sandtable::bgtest {
namespace {

using bg::FireMission;
using bg::Seer;
using bg::Terrain;
using bg::Unit;

struct Secret {
  std::string kind;  // "unit", "minefield", "dummy", "strike", "aim"
  std::string token;
  std::string what;  // for the failure message
  bg::Vec2 at{};     // "aim": the point
};

// What `seat` may not know, and the missions it does know (whose aims it saw).
struct Secrets {
  std::vector<Secret> items;
  std::set<std::string> known_missions;
};

std::string json_of(const google::protobuf::Message& m) {
  std::string out;
  const auto status = google::protobuf::util::MessageToJsonString(m, &out);
  EXPECT_TRUE(status.ok()) << status.ToString();
  return out;
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }

bool contains_word(const std::string& hay, const std::string& word) {
  for (std::size_t at = hay.find(word); at != std::string::npos; at = hay.find(word, at + 1)) {
    const bool left = at == 0 || !word_char(hay[at - 1]);
    const bool right = at + word.size() >= hay.size() || !word_char(hay[at + word.size()]);
    if (left && right) return true;
  }
  return false;
}

// What `seat` may not know in `st` now.
Secrets secrets_of(const BgState& st, const std::string& seat) {
  const Seer seer{st.side_index(seat), false};
  Secrets all;
  std::vector<Secret>& out = all.items;
  for (const Unit& u : st.units) {
    if (bg::knows_unit(u, seer)) continue;
    const std::string what = "unit " + u.id + (u.on_table ? " (hidden, BG-UNIT-09)" : " (not arrived, BG-UNIT-10)");
    out.push_back({"unit", u.id, what});
    out.push_back({"unit", u.name, what + " name"});
    for (const auto& f : u.figures) out.push_back({"unit", f.id, what + " figure"});
  }
  for (const Terrain& t : st.terrain) {
    if (!bg::knows_terrain(st, t, seer)) out.push_back({"minefield", t.name, "secret minefield " + t.name + " (BG-MINE-02)"});
    const bg::Minefield* m = st.minefield(t.name);
    if (t.kind == bg::TerrainKind::kDummyMinefield && t.owner != seat && !(m && m->entered)) {
      out.push_back({"dummy", "dummy_minefield", "the kind of dummy " + t.name + " (BG-MINE-02)"});
    }
  }
  for (const FireMission& m : st.missions) {
    if (bg::knows_mission(m, seer)) {
      all.known_missions.insert(m.id);
      continue;
    }
    out.push_back({"strike", m.id, "scheduled strike " + m.id + " (BG-ART-01)"});
    for (const auto& a : m.aims) out.push_back({"aim", json_of(bg::to_point(a)), "aim of strike " + m.id, a});
  }
  return all;
}

struct Tally {
  long events = 0, views = 0, secrets_checked = 0;
  std::map<std::string, long> kinds;  // secret kind -> (secret, event copy) pairs searched
};

// An aim point written in a copy ("aimPoints":[...] of strikes and orders, "aim":{...} of
// blasts) and the mission it is written under: the "missionId" or "strikeId" of the object that
// holds it ("" when none). An aim is often a unit's place (the bot aims at enemy units), so a
// secret aim is looked for among these only.
struct AimSeen {
  std::string owner;
  bg::Vec2 at;
};

void collect_aims(const google::protobuf::Value& v, std::vector<AimSeen>& out);

void collect_aims(const google::protobuf::Struct& s, std::vector<AimSeen>& out) {
  std::string owner;
  for (const char* key : {"missionId", "strikeId"}) {
    const auto it = s.fields().find(key);
    if (it != s.fields().end() && it->second.has_string_value()) owner = it->second.string_value();
  }
  auto add = [&](const google::protobuf::Value& p) {
    if (!p.has_struct_value()) return;
    const auto& f = p.struct_value().fields();
    auto coord = [&](const char* k) { return f.count(k) ? f.at(k).number_value() : 0.0; };  // 0 is left out
    out.push_back({owner, bg::Vec2{coord("x"), coord("y")}});
  };
  if (const auto it = s.fields().find("aim"); it != s.fields().end()) add(it->second);
  if (const auto it = s.fields().find("aimPoints"); it != s.fields().end() && it->second.has_list_value()) {
    for (const auto& p : it->second.list_value().values()) add(p);
  }
  for (const auto& [key, value] : s.fields()) collect_aims(value, out);
}

void collect_aims(const google::protobuf::Value& v, std::vector<AimSeen>& out) {
  if (v.has_struct_value()) collect_aims(v.struct_value(), out);
  if (v.has_list_value()) {
    for (const auto& e : v.list_value().values()) collect_aims(e, out);
  }
}

std::vector<AimSeen> aims_in(const std::string& json) {
  google::protobuf::Struct s;
  const auto status = google::protobuf::util::JsonStringToMessage(json, &s);
  EXPECT_TRUE(status.ok()) << status.ToString();
  std::vector<AimSeen> out;
  collect_aims(s, out);
  return out;
}

// The secrets of `seat` the copy carries, each as the failure message names it.
std::vector<std::string> leaks(const google::protobuf::Message& copy, const Secrets& secrets, Tally& tally) {
  const std::string json = json_of(copy);
  const std::string bin = copy.SerializeAsString();
  const std::vector<AimSeen> aims = aims_in(json);
  std::vector<std::string> out;
  for (const auto& s : secrets.items) {
    ++tally.secrets_checked;
    bool hit = false;
    if (s.kind == "aim") {
      for (const auto& a : aims) {
        // The same point under a mission the seat knows is that mission's aim, which it saw.
        const bool same = std::abs(a.at.x - s.at.x) < 1e-9 && std::abs(a.at.y - s.at.y) < 1e-9;
        if (same && secrets.known_missions.contains(a.owner)) ++tally.kinds["aim also a known mission's"];
        hit = hit || (same && !secrets.known_missions.contains(a.owner));
      }
    } else {
      hit = contains_word(json, s.token) || (s.token.size() >= 5 && bin.find(s.token) != std::string::npos);
    }
    if (!hit) continue;
    const std::size_t at = json.find(s.token);
    out.push_back(s.what + " ('" + s.token + "'): ..." +
                  (at == std::string::npos ? std::string("(in the binary copy)") : json.substr(at > 160 ? at - 160 : 0, 320)) +
                  "...");
  }
  return out;
}

// Every secret of `seat` in the copy; a failure names the first few.
void search(const google::protobuf::Message& copy, const Secrets& secrets, const std::string& where, Tally& tally) {
  const auto found = leaks(copy, secrets, tally);
  for (std::size_t i = 0; i < found.size() && i < 3; ++i) ADD_FAILURE() << where << " carries " << found[i];
}

const std::vector<std::string> kSeats = {"axis", "allies", "spectator"};

// One bot game: GameStarted and the first views, then every command's events and views.
void play_and_search(const RuleSet& rules, const pb::Scenario& scenario, std::uint64_t seed, Tally& tally) {
  std::vector<pb::Event> started;
  std::string error;
  StartOptions start;
  start.seed = seed;
  auto game = Game::start(rules, scenario, start, &started, &error);
  ASSERT_TRUE(game) << error;
  auto state = [](const Game& g) -> const BgState& { return static_cast<const BgState&>(g.state()); };
  // The shadow applies the events one by one: what a seat knows just after each event.
  std::vector<pb::Event> none;
  auto shadow = Game::start(rules, scenario, start, &none, &error);
  ASSERT_TRUE(shadow);
  for (const auto& seat : kSeats) {
    for (const auto& e : started) {
      if (auto copy = game->event_for(e, seat)) {
        ++tally.events;
        search(*copy, secrets_of(state(*game), seat), seat + "'s copy of event " + std::to_string(e.seq()), tally);
      }
    }
    ++tally.views;
    search(game->view(seat), secrets_of(state(*game), seat), seat + "'s first view", tally);
  }
  auto bot = rules.make_bot();
  Pcg32 rng(seed, 0x5ec2e7);
  for (int n = 0; !game->over() && n < 20000 && !::testing::Test::HasFailure(); ++n) {
    const auto seats = game->waiting_for();
    ASSERT_FALSE(seats.empty());
    auto command = bot->choose(*game, seats.front(), rng);
    ASSERT_TRUE(command) << seats.front();
    const Outcome out = game->execute(*command);
    ASSERT_TRUE(out.accepted) << out.rejection.ShortDebugString();
    for (const auto& e : out.events) {
      shadow->apply(e);
      for (const auto& seat : kSeats) {
        auto copy = game->event_for(e, seat);
        if (!copy) continue;
        ++tally.events;
        const auto secrets = secrets_of(state(*shadow), seat);
        for (const auto& s : secrets.items) ++tally.kinds[s.kind];
        search(*copy, secrets, seat + "'s copy of event " + std::to_string(e.seq()) + " (" + copy->text() + ")", tally);
      }
    }
    for (const auto& seat : kSeats) {
      ++tally.views;
      search(game->view(seat), secrets_of(state(*game), seat), seat + "'s view at seq " + std::to_string(game->seq()), tally);
    }
  }
  EXPECT_TRUE(game->over() || ::testing::Test::HasFailure()) << "the game did not end";
}

TEST(BgSecrets, NoSeatReceivesWhatItMayNotSeeInBotGamesBG_UNIT_09_BG_UNIT_10_BG_MINE_02_BG_ART_01) {
  const RuleSet* rules = builtin_registry().find("battleground");
  ASSERT_NE(rules, nullptr);
  Tally tally;
  for (const char* file : {"bg/village-assault.json", "bg/crossroads.json", "bg/combined-arms.json"}) {
    const pb::Scenario scenario = load_scenario_file(file);
    for (std::uint64_t seed : {31u, 32u, 33u, 34u}) {
      SCOPED_TRACE(std::string(file) + " seed " + std::to_string(seed));
      play_and_search(*rules, scenario, seed, tally);
      if (::testing::Test::HasFailure()) return;
    }
  }
  std::cout << "[secrets] " << tally.events << " event copies, " << tally.views << " views, " << tally.secrets_checked
            << " searches;";
  for (const auto& [k, n] : tally.kinds) std::cout << " " << k << ": " << n;
  std::cout << "\n";
  // Each kind of secret was really there to be leaked.
  for (const char* kind : {"unit", "minefield", "dummy", "strike", "aim"}) EXPECT_GT(tally.kinds[kind], 0) << kind;
}

// The search itself: once a side has written a secret strike, the strike's own line (the
// BgStrikePlanned its side receives, or the same aims under no mission, or a blast under the
// strike's id) sent to the other side is a leak; the same point under a public mission the other
// side knows (its blast's aim) is not.
TEST(BgSecrets, TheSearchFindsALeakedStrikeButNotAPublicMissionsAim_BG_ART_01) {
  const RuleSet* rules = builtin_registry().find("battleground");
  ASSERT_NE(rules, nullptr);
  StartOptions start;
  start.seed = 31;
  std::string error;
  auto game = Game::start(*rules, load_scenario_file("bg/combined-arms.json"), start, nullptr, &error);
  ASSERT_TRUE(game) << error;
  auto bot = rules->make_bot();
  Pcg32 rng(31, 0x5ec2e7);
  Tally tally;
  bool checked = false;
  int real_lines = 0;
  for (int n = 0; !game->over() && n < 20000 && !checked; ++n) {
    const auto seats = game->waiting_for();
    ASSERT_FALSE(seats.empty());
    auto command = bot->choose(*game, seats.front(), rng);
    ASSERT_TRUE(command);
    const Outcome out = game->execute(*command);
    ASSERT_TRUE(out.accepted) << out.rejection.ShortDebugString();
    const auto& st = static_cast<const BgState&>(game->state());
    // The strike a side writes during play (its BgStrikePlanned, told to that side only).
    std::string written;
    for (const auto& e : out.events) {
      if (has_bg(e) && bg_of(e).has_strike_planned()) written = bg_of(e).strike_planned().strike_id();
    }
    for (const FireMission& strike : st.missions) {
      if (strike.id != written || strike.aims.empty() || strike.done || strike.awaiting_aim) continue;
      const std::string owner = st.sides[static_cast<std::size_t>(strike.side)];
      const std::string other = st.sides[static_cast<std::size_t>(1 - strike.side)];
      const Secrets secrets = secrets_of(st, other);
      auto found = [&](const google::protobuf::Message& copy, const std::string& what) {
        for (const auto& f : leaks(copy, secrets, tally)) {
          if (f.find(what) != std::string::npos) return true;
        }
        return false;
      };
      const std::string aim_of = "aim of strike " + strike.id;
      // The strike's line as its side receives it.
      for (const auto& e : out.events) {
        auto copy = game->event_for(e, owner);
        if (!copy || !payload_of<pb::BgEvent>(*copy).has_strike_planned()) continue;
        EXPECT_TRUE(found(*copy, aim_of)) << copy->ShortDebugString();
        EXPECT_TRUE(found(*copy, "scheduled strike " + strike.id)) << copy->ShortDebugString();
        ++real_lines;
      }
      pb::BgEvent line;
      auto* p = line.mutable_strike_planned();
      p->set_strike_id(strike.id);
      p->set_side(owner);
      p->set_turn(strike.turn);
      for (const auto& a : strike.aims) *p->add_aim_points() = bg::to_point(a);
      EXPECT_TRUE(found(line, aim_of)) << line.ShortDebugString();
      p->clear_strike_id();  // the aims alone, under no mission
      EXPECT_TRUE(found(line, aim_of)) << line.ShortDebugString();
      pb::BgEvent blast;
      blast.mutable_blast()->set_mission_id(strike.id);
      *blast.mutable_blast()->mutable_aim() = bg::to_point(strike.aims.front());
      EXPECT_TRUE(found(blast, aim_of)) << blast.ShortDebugString();
      // The same point as the aim of a mission the other side knows: what it saw, no leak.
      for (const FireMission& m : st.missions) {
        if (!bg::knows_mission(m, Seer{1 - strike.side, false})) continue;
        blast.mutable_blast()->set_mission_id(m.id);
        EXPECT_FALSE(found(blast, aim_of)) << blast.ShortDebugString();
        EXPECT_TRUE(secrets.known_missions.contains(m.id));
        break;
      }
      EXPECT_FALSE(secrets.known_missions.empty()) << "combined-arms has public missions";
      checked = true;
      break;
    }
  }
  EXPECT_TRUE(checked) << "no secret strike was written in the game";
  EXPECT_EQ(real_lines, 1);
}

}  // namespace
}  // namespace sandtable::bgtest
