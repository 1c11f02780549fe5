// Battleground's action menu (engine/rulesets/bg/bg_menu*.cc): in bot games of every demo
// scenario, every entry of every seat's menu is accepted when sent as offered (through a copy of
// the game), picks off the menu are refused with the state unchanged, and no menu names a unit
// its seat may not see (BG-UNIT-09).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "engine/model/autoplay.h"
#include "engine/rulesets/bg/bg_actions.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_special.h"
#include "tests/engine/bg_test_util.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

using bg::BgState;
using bgtest::pt;

const char* const kScenarios[] = {"crossroads", "village-assault", "combined-arms"};

struct Counts {
  int states = 0, picks = 0, moves = 0, moves_not_ahead = 0, hidden_states = 0, retreats = 0, retreat_previews = 0, trapped = 0;
};

// What a retreat entry's label says (BG-UNIT-05): the unit may only go away from the enemy.
constexpr const char* kOnlyAway = "non-standing: only away from the enemy";

pb::Command pick(const std::string& seat, const std::string& action, const std::string& target = "") {
  pb::Command c;
  c.set_seat(seat);
  c.mutable_play()->set_action(action);
  c.mutable_play()->set_target(target);
  return c;
}

std::string refusal_of(const Game& game, const pb::Command& c) {
  Game g2(game);
  const Outcome o = g2.execute(c);
  return o.accepted ? "" : o.rejection.code() + ": " + o.rejection.message();
}

// The 1" path of a move entry in its first mode, facing kept: straight ahead first, else the
// first of the eight compass points the handler accepts (a wall or the table edge ahead).
// Returns the first refusal when no direction is accepted.
// A path is drawn as the label says: an entry that says the unit may only go away from the
// enemy (BG-UNIT-05) is drawn straight away from the closest enemy its side sees first, then
// along the compass points that lead no nearer to it, never toward it.
std::string send_move(const Game& game, const std::string& seat, const pb::Action& a, Counts& n) {
  const auto& st = static_cast<const BgState&>(game.state());
  const bg::Unit& u = *st.find(a.unit_id());
  const bg::Vec2 from = u.infantry_like() ? bg::com(u) : u.position;
  std::string first;
  // BG-MEL-14: a flee uses its whole roll, away from the charger: drawn longer than the roll
  // (walked as far as it goes), facing the way it goes (no facing cost), in 16 directions.
  const bool flee = a.move().modes(0) == "flee";
  const bool only_away = a.label().find(kOnlyAway) != std::string::npos;
  const bg::Unit* enemy = only_away ? bg::enemy_to_retreat_from(st, u.side, from) : nullptr;
  n.retreats += only_away;
  if (enemy && a.move().modes(0) != "dig_in") {
    // The preview of a pick against the label (a short step straight toward that enemy) is
    // refused with the entry's own rule, as the order would be.
    const bg::Vec2 to = bg::com(*enemy);
    const double step = std::min(1.0, geom::distance(from, to) / 2);
    if (step > 0.05) {
      pb::Query q;
      q.mutable_preview()->set_action(a.id());
      q.mutable_preview()->set_mode(a.move().modes(0));
      q.mutable_preview()->set_facing_deg(bg::facing_degrees(u.facing));
      *q.mutable_preview()->add_path() = bg::to_point(from + (to - from) * (step / geom::distance(from, to)));
      const pb::QueryAnswer answer = game.query(seat, q);
      EXPECT_FALSE(answer.ok()) << a.label();
      EXPECT_EQ(answer.refusal().rule_id(), a.rule_id()) << a.label() << ": " << answer.text();
      EXPECT_EQ(answer.refusal().code(), "BG_NON_STANDING_ADVANCE") << a.label() << ": " << answer.text();
      ++n.retreat_previews;
    }
  }
  for (int k = -1; k < (flee ? 16 : 8); ++k) {
    bg::Facing dir = k < 0 ? u.facing : flee ? bg::Facing::from_half_degrees(k * 45) : bg::Facing::from_degrees(k * 45);
    if (enemy) {
      const bg::Vec2 away = from - bg::com(*enemy);
      if (k < 0 && !geom::negligible(geom::length(away))) {
        dir = bg::Facing::along(away);
      }
      if (geom::dot(dir.forward(), away) < 0) continue;  // toward the enemy: not what the label offers
    }
    pb::Command c = pick(seat, a.id());
    c.mutable_play()->set_mode(a.move().modes(0));
    c.mutable_play()->set_facing_deg(bg::facing_degrees(flee ? dir : u.facing));
    const double len = flee ? 2 * a.move().max_inches() + 2 : 1.0;
    if (a.move().modes(0) != "dig_in") *c.mutable_play()->add_path() = bg::to_point(from + dir.forward() * len);
    const std::string why = refusal_of(game, c);
    if (why.empty()) {
      n.moves_not_ahead += k >= 0;
      return "";
    }
    if (first.empty()) first = why;
  }
  return first.empty() ? "no direction drawn" : first;
}

// Every entry of every seat's menu, sent as offered, is accepted; off-menu picks are refused.
void check_menus(const Game& game, const std::string& where, Counts& n) {
  const auto& st = static_cast<const BgState&>(game.state());
  ++n.states;
  for (const auto& seat : st.sides) {
    const pb::ActionMenu menu = game.menu(seat);
    for (const auto& a : menu.actions()) {
      if (a.kind() == "move") {
        ++n.moves;
        // The entry says when the unit may only retreat (BG-UNIT-05), and only then.
        if (a.id().rfind("move:", 0) == 0) {
          const bool non_standing = bg::non_standing(*st.find(a.unit_id()));
          EXPECT_EQ(a.label().find(kOnlyAway) != std::string::npos, non_standing) << where << " " << a.label();
          EXPECT_EQ(a.label().rfind("Retreat ", 0) == 0, non_standing) << where << " " << a.label();
          if (non_standing) {
            EXPECT_EQ(a.rule_id(), "BG-UNIT-05") << where << " " << a.label();
          }
          // A unit trapped in a known minefield keeps its facing, and the entry says so (BG-MINE-08).
          const bool trapped = bg::trapped_in(st, *st.find(a.unit_id())) != nullptr;
          n.trapped += trapped;
          EXPECT_EQ(a.label().find("trapped in") != std::string::npos, trapped) << where << " " << a.label();
          if (trapped) {
            EXPECT_FALSE(a.move().facing_free()) << where << " " << a.label();
          }
        }
        ASSERT_GT(a.move().modes_size(), 0) << where << " " << a.id();
        ASSERT_GT(a.move().max_inches(), 0) << where << " " << a.id();
        const std::string why = send_move(game, seat, a, n);
        ASSERT_EQ(why, "") << where << " " << seat << " " << a.id() << " (" << a.move().modes(0) << ")";
        continue;
      }
      if (a.targets().empty()) {
        ++n.picks;
        ASSERT_EQ(refusal_of(game, pick(seat, a.id())), "") << where << " " << seat << " " << a.id();
      }
      for (const auto& t : a.targets()) {
        ++n.picks;
        ASSERT_EQ(refusal_of(game, pick(seat, a.id(), t.id())), "") << where << " " << seat << " " << a.id() << " -> " << t.id();
      }
    }
  }
}

// Picks that are not on the menu are refused and change nothing.
void check_off_menu(const Game& game, const std::string& where) {
  const auto& st = static_cast<const BgState&>(game.state());
  for (std::size_t s = 0; s < st.sides.size(); ++s) {
    const std::string& seat = st.sides[s];
    const std::string& other = st.sides[1 - s];
    Game g2(game);
    const auto seq = g2.seq();
    Outcome o = g2.execute(pick(seat, "no-such-action"));
    EXPECT_EQ(o.rejection.code(), "NOT_ON_MENU") << where;
    const pb::ActionMenu menu = game.menu(seat);
    for (const auto& a : menu.actions()) {
      if (!a.targets().empty()) {
        o = g2.execute(pick(seat, a.id(), "no-such-target"));
        EXPECT_EQ(o.rejection.code(), "NOT_A_TARGET") << where << " " << a.id();
      }
      if (!a.unit_id().empty()) {  // a unit's order sent by the other side
        o = g2.execute(pick(other, a.id(), a.targets().empty() ? "" : a.targets(0).id()));
        EXPECT_EQ(o.rejection.code(), "NOT_ON_MENU") << where << " " << other << " sent " << a.id();
      }
    }
    EXPECT_EQ(g2.seq(), seq) << where;
  }
}

// A string as protobuf writes it (length byte, bytes): finds "b2" without matching "b20".
std::string wire(const std::string& s) { return std::string(1, static_cast<char>(s.size())) + s; }

// BG-UNIT-09 / BG-MINE-02: the other side's hidden units and unfound minefields, if named.
std::string leaked(const BgState& st, int side, const std::string& bytes, Counts& n) {
  bool any = false;
  for (const auto& u : st.units) {
    if (u.side == side || !u.hidden) continue;
    any = true;
    if (bytes.find(wire(u.id)) != std::string::npos) return "hidden unit " + u.id;
  }
  n.hidden_states += any;
  for (const auto& m : st.minefields) {
    const bg::Terrain* t = st.terrain_named(m.terrain);
    if (!t || t->owner.empty() || t->owner == st.sides[static_cast<std::size_t>(side)]) continue;
    if (!m.known_to[static_cast<std::size_t>(side)] && bytes.find(wire(m.terrain)) != std::string::npos) {
      return "secret minefield " + m.terrain;
    }
  }
  return "";
}

void play(const std::string& name, std::uint64_t seed, Counts& n) {
  const pb::Scenario scenario = load_scenario_file("bg/" + name + ".json");
  AutoplayOptions options;
  options.seed = seed;
  options.keep_log = false;
  int step = 0;
  options.observer = [&](const Game& game, const std::vector<pb::Event>&) {
    const std::string where = name + " seed " + std::to_string(seed) + " step " + std::to_string(++step);
    check_menus(game, where, n);
    if (step % 5 == 0 && !game.over()) check_off_menu(game, where);
    const auto& st = static_cast<const BgState&>(game.state());
    for (int side = 0; side < static_cast<int>(st.sides.size()); ++side) {
      const std::string secret = leaked(st, side, game.menu(st.sides[side]).SerializeAsString(), n);
      EXPECT_EQ(secret, "") << where << ": " << st.sides[side] << "'s menu names " << secret;
    }
    return !::testing::Test::HasFailure();
  };
  const AutoplayResult r = autoplay(bgtest::rules(), scenario, options);
  ASSERT_FALSE(::testing::Test::HasFailure());
  ASSERT_TRUE(r.finished) << name << " seed " << seed << ": " << r.error;
}

// BG-CARD-02/03: the side the card names acts, with every entry its menu offers.
TEST(BgMenu, EveryEntryOfEveryMenuIsAcceptedAsOffered_BG_CARD_02) {
  Counts n;
  for (const char* name : kScenarios) {
    for (std::uint64_t seed : {7u, 8u, 9u, 10u, 11u, 12u}) {
      play(name, seed, n);
      if (HasFatalFailure()) return;
    }
  }
  std::cout << "[menu] " << n.states << " states, " << n.picks << " picks, " << n.moves << " moves ("
            << n.moves_not_ahead << " not straight ahead, " << n.retreats << " retreats, " << n.retreat_previews
            << " previews of a step toward the enemy, " << n.trapped << " trapped in a minefield)\n";
  EXPECT_GT(n.retreats, 0) << "the smart bot's games have non-standing units";
  EXPECT_GT(n.picks, 100);
  EXPECT_GT(n.moves, 50);
}

// BG-UNIT-09: the hidden Allied section of village-assault is never on the Axis menu.
TEST(BgMenu, HiddenUnitIsNeverOnTheAxisMenu_BG_UNIT_09) {
  Counts n;
  play("village-assault", 11, n);
  EXPECT_GT(n.hidden_states, 0) << "the scenario should start with a hidden unit";
}

// The menu's words: shots carry their pool, moves their limits, ending an action is confirmed.
TEST(BgMenu, EntriesSayWhatTheyDo_BG_CARD_03) {
  const pb::Scenario scenario = load_scenario_file("bg/crossroads.json");
  std::string error;
  auto game = Game::start(bgtest::rules(), scenario, {}, nullptr, &error);
  ASSERT_TRUE(game) << error;
  const auto& st = static_cast<const BgState&>(game->state());
  ASSERT_GE(st.action.side, 0);
  const pb::ActionMenu menu = game->menu(st.sides[static_cast<std::size_t>(st.action.side)]);
  bool end = false;
  for (const auto& a : menu.actions()) {
    if (a.id() == "end-action") {
      end = true;
      EXPECT_EQ(a.kind(), "end");
      EXPECT_FALSE(a.confirm().empty()) << "units could still act on the first card";
    }
    if (a.kind() == "move") {
      EXPECT_TRUE(a.id().rfind("move:", 0) == 0 || a.id().rfind("drive:", 0) == 0) << a.id();
      EXPECT_GT(a.move().max_inches(), 0);
      // Each mode says what it allows (BG-MOVE-05: walk 1D6, run 2D6; BG-VMOV-06: reverse at a
      // third), and the largest is max_inches.
      ASSERT_EQ(a.move().mode_max_inches_size(), a.move().modes_size()) << a.id();
      double most = 0;
      for (int i = 0; i < a.move().modes_size(); ++i) {
        const std::string& mode = a.move().modes(i);
        const double inches = a.move().mode_max_inches(i);
        most = std::max(most, inches);
        double want = inches;
        if (mode == "walk") want = 6.0;
        if (mode == "run") want = 12.0;
        if (mode == "dig_in") want = 0.0;
        if (mode.rfind("reverse ", 0) == 0) want = 2.0 * (mode[8] - '0');
        EXPECT_EQ(inches, want) << a.id() << " " << mode;
      }
      EXPECT_EQ(most, a.move().max_inches()) << a.id();
    }
    for (const auto& t : a.targets()) {
      if (a.kind() == "fire") {
        EXPECT_NE(t.detail().find("white"), std::string::npos) << a.id() << " " << t.id();
      }
    }
  }
  EXPECT_TRUE(end);
  // The other side's menu is empty: the game does not wait on it.
  EXPECT_EQ(game->menu(st.sides[static_cast<std::size_t>(1 - st.action.side)]).actions_size(), 0);
}

// BG-CARD-11/12: with a physical deck the card is picked among those that may be turned.
TEST(BgMenu, TableDiceDrawCardOffersTheCardsLeft_BG_CARD_11) {
  bgtest::Sc sc;
  sc.inf(0, "a1", 6, 10, 10);
  sc.inf(1, "b1", 6, 40, 20);
  bgtest::TG t(sc.s);
  ASSERT_TRUE(t.g);
  const pb::ActionMenu menu = t.g->menu("axis");
  ASSERT_EQ(menu.actions_size(), 1);
  const pb::Action& draw = menu.actions(0);
  EXPECT_EQ(draw.id(), "draw-card");
  EXPECT_EQ(draw.targets_size(), 54);
  const std::string first = draw.targets(0).id();
  t.ok(pick("allies", "draw-card", first));
  // The side the card names ends its action; then the next card is asked for.
  for (const std::string seat : {"axis", "allies"}) {
    const pb::ActionMenu menu = t.g->menu(seat);
    for (const auto& a : menu.actions()) {
      if (a.id() == "end-action") t.ok(pick(seat, "end-action"));
    }
  }
  // Once turned, that card is no longer offered (BG-CARD-11), and picking it is refused.
  const pb::ActionMenu next = t.g->menu("axis");
  ASSERT_EQ(next.actions_size(), 1);
  EXPECT_EQ(next.actions(0).id(), "draw-card");
  EXPECT_EQ(next.actions(0).targets_size(), 53);
  const auto seq = t.g->seq();
  EXPECT_EQ(t.refused(pick("axis", "draw-card", first)), "NOT_A_TARGET");
  EXPECT_EQ(t.g->seq(), seq);
}

}  // namespace
}  // namespace sandtable
