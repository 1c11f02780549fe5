// Battleground log lines (Battleground::describe), read through Game::event_for so the whole path
// a viewer's copy takes is tested. Rule IDs: /work/shared/rules/battleground.md.
#include <google/protobuf/descriptor.h>

#include <cstdlib>
#include <iostream>

#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "tests/engine/bg_fire_util.h"
#include "tests/engine/bg_melee_test_util.h"
#include "tests/support/scenario_file.h"

namespace sandtable::bgtest {
namespace {

using Lines = std::vector<std::string>;

const char* const kViewers[] = {"gm", "axis", "allies", "spectator"};

// A BgEvent inside the shared Event's payload.
pb::Event wrap(const pb::BgEvent& body) { return event_of(body); }

// Named sides, as a scenario writer gives them.
Sc named(Sc s) {
  s.s.mutable_sides(0)->set_name("Germans");
  s.s.mutable_sides(1)->set_name("British");
  return s;
}

// The lines `viewer` reads for the events of one order, as its Delta carries them (events it may
// not see, and those with no line of their own, give none).
Lines lines(const TG& t, const Outcome& o, const std::string& viewer) {
  Lines out;
  for (const auto& e : o.events) {
    if (auto seen = t.g->log_line_for(e, viewer)) out.push_back(seen->text());
  }
  return out;
}

// The marker keys `viewer`'s View shows on a unit.
std::vector<std::string> markers_of(const TG& t, const std::string& viewer, const std::string& unit_id) {
  std::vector<std::string> out;
  const pb::View v = t.g->view(viewer);
  for (const auto& u : v.units()) {
    if (u.id() != unit_id) continue;
    for (const auto& m : u.markers()) out.push_back(m.key());
  }
  return out;
}

bool has(const Lines& l, const std::string& line) { return std::find(l.begin(), l.end(), line) != l.end(); }

// Every BgEvent body gets words of its own, for every viewer: a body added later without a
// line reads "Something happened." and fails here. The one body with no line of its own is a
// unit's use of its action on the card (BgDescribe.BG_CARD_03_...).
TEST(BgDescribe, EveryEventBodyHasALine) {
  Sc sc = named(Sc());
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "b", 4, 40, 30);
  TG t(sc.s);
  const auto* body = pb::BgEvent::descriptor()->FindOneofByName("body");
  ASSERT_TRUE(body);
  ASSERT_GE(body->field_count(), 40);
  for (int i = 0; i < body->field_count(); ++i) {
    const auto* field = body->field(i);
    pb::BgEvent b;
    b.GetReflection()->MutableMessage(&b, field);  // sets the case
    ASSERT_EQ(static_cast<int>(b.body_case()), field->number()) << field->name();
    const pb::Event e = wrap(b);
    for (const char* viewer : kViewers) {
      const auto seen = t.g->event_for(e, viewer);
      ASSERT_TRUE(seen) << field->name();
      if (field->name() == "unit_acted") {
        EXPECT_EQ(seen->text(), "") << viewer;
        continue;
      }
      EXPECT_FALSE(seen->text().empty()) << field->name() << " for " << viewer;
      EXPECT_NE(seen->text(), "Something happened.") << field->name() << " for " << viewer;
    }
  }
}

Sc two_units() {
  Sc sc = named(Sc());
  sc.inf(0, "a", 4, 10, 10).set_name("1st Squad");
  sc.inf(1, "b", 4, 10, 20, 1, 0, "C", 180).set_name("Rifles");
  return sc;
}

// BG-CARD-02/03/04/06/07/08: each card says whose it is and what it lets them do.
TEST(BgDescribe, BG_CARD_CardsSayWhatTheyAllow) {
  TG t(two_units().s);
  EXPECT_EQ(lines(t, t.draw(card(C, 7)), "spectator").front(), "Clubs 7: Germans to shoot, every unit once (BG-CARD-03).");
  t.end_action("axis");
  EXPECT_EQ(lines(t, t.draw(card(C, 1)), "allies").front(),
            "Clubs Ace: Germans to shoot with one unit once more, even one that has already acted (BG-CARD-08).");
  t.end_action("axis");
  EXPECT_EQ(lines(t, t.draw(card(C, 9)), "axis").front(),
            "Clubs 9: no effect, clubs have already been played this turn (BG-CARD-04).");
  EXPECT_EQ(lines(t, t.draw(card(D, 1), "allies"), "axis").front(),
            "Diamonds Ace: British to move with one unit only; no more diamonds this turn (BG-CARD-07).");
  t.end_action("allies");
  EXPECT_EQ(lines(t, t.draw(make_joker(1)), "gm").front(),
            "Joker: the card play ends at once; suits not yet drawn give nothing this turn (BG-CARD-06).");
}

// BG-MOVE-05/06: a run rolls 2D6 and marks the unit as having run.
TEST(BgDescribe, BG_MOVE_06_ARunWithItsDiceAndInches) {
  TG t(two_units().s);
  t.draw(card(S, 9));
  const Outcome o = t.ok(move("axis", "a", pb::BG_MOVE_RUN, {{4, 12}}, 0), {3, 5});
  EXPECT_EQ(lines(t, o, "allies"), (Lines{
                                       "1st Squad runs 6.32\" to its mark at (4, 12) (rolled 3+5 = 8, 7\" to spend) "
                                       "[facing change -1\"].",
                                       "Moving ends for Germans: no unit of the side is left to act on this card.",
                                   }));
}

// BG-CARD-03, BG-MOVE-06: a unit's one action on its card, and the ran mark of a run, have no line
// of their own: the move or shot line says what the unit did, and every viewer's View marks it.
// A mark the move line does not say (a dug-in unit moving off) keeps its line.
TEST(BgDescribe, BG_CARD_03_TheActionOnTheCardIsAMarkerNotALine) {
  Sc sc = two_units();
  sc.inf(0, "c", 4, 30, 10).set_name("2nd Squad");  // so the card's action goes on after 1st Squad's run
  TG t(sc.s);
  t.draw(card(S, 9));
  const Outcome o = t.ok(move("axis", "a", pb::BG_MOVE_RUN, {{4, 12}}, 0), {3, 5});
  int acted = 0, ran = 0;
  for (const auto& e : o.events) {
    const auto& b = bg_of(e);
    acted += b.has_unit_acted() ? 1 : 0;
    ran += b.has_markers() && b.markers().added_size() == 1 && b.markers().added(0) == "ran" ? 1 : 0;
    if (!b.has_unit_acted() && !b.has_markers()) continue;
    for (const char* viewer : kViewers) EXPECT_FALSE(t.g->log_line_for(e, viewer)) << viewer << ": " << e.ShortDebugString();
  }
  EXPECT_EQ(acted, 1);
  EXPECT_EQ(ran, 1);
  for (const char* viewer : kViewers) {
    const auto marks = markers_of(t, viewer, "a");
    EXPECT_NE(std::find(marks.begin(), marks.end(), "ran"), marks.end()) << viewer;
    EXPECT_NE(std::find(marks.begin(), marks.end(), "acted"), marks.end()) << viewer;
    const auto other = markers_of(t, viewer, "c");
    EXPECT_EQ(std::find(other.begin(), other.end(), "acted"), other.end()) << viewer;
  }
  // Under the skirmish rules a unit has two actions on its card, and the line counts them.
  Sc skirmish = two_units();
  skirmish.option("bg.mods", "skirmish");
  TG s(skirmish.s);
  pb::BgEvent b;
  b.mutable_unit_acted()->set_unit_id("a");
  const auto line = s.g->log_line_for(wrap(b), "allies");
  ASSERT_TRUE(line);
  EXPECT_EQ(line->text(), "1st Squad has taken an action (two on its card, BGM-GEN-02).");
}

// BG-FIRE-01..05, BG-FIRE-07: the pool with every face rolled and what it came to; BG-DMG-01/02:
// the casualty roll picks the leader, who saves on a 5 (grade C), and a rifle dies instead.
TEST(BgDescribe, BG_FIRE_05_AShotWithItsPoolAndCasualty) {
  TG t(two_units().s);
  t.draw(card(C, 9));
  // 3 white: 2 for 4 figures, 1 for the leader; 6 and 5 hit, the 1 cancels: 1 net hit. The
  // casualty D6 1 picks the leader b-f0, its save 5 passes, a D6 of 2 picks b-f2 instead.
  const Outcome o = t.ok(shoot_cmd("axis", "a", "b"), {6, 5, 1, 1, 5, 2});
  EXPECT_EQ(lines(t, o, "allies"),
            (Lines{
                "1st Squad fires at Rifles at 10\": 3 white (6 5 1), hitting on 5-6; 2 hits, 1 cancel: 1 net hit.",
                "Rifles: a leader is hit but saves on a 5, and a rifleman falls in its place (BG-DMG-02).",
                "Shooting ends for Germans: no unit of the side is left to act on this card.",
            }));
}

// BG-EX-09 (Arnhem): 7 Germans charge 5 British paratroopers dug in in a house; the charge test
// (BG-MEL-01), the distance (BG-MEL-03) and the first melee round (BG-MEL-06/07).
TEST(BgDescribe, BG_MEL_06_ChargeAndMeleeRound) {
  Sc sc = named(Sc());
  sc.option("bg.melee_pairing", "listed");  // the listed pairs (the sides' choice: BgMeleeChoice)
  sc.inf(0, "g", 7, 10, 10, 1).set_name("Grenadiers");
  auto& b = sc.inf(1, "b", 5, 10, 20, 1, 0, "A", 180);
  b.set_name("Paras");
  b.add_attributes("dug_in");
  sc.area("house", "Oosterbeek house", 7, 17, 13, 23);
  TG t(sc.s);
  t.draw(card(S, 9));
  const Outcome charge_o = t.ok(charge("axis", "g", "b"), {5, 2, 3, 4, 2, 3, 4, 5});
  const Lines c = lines(t, charge_o, "allies");
  ASSERT_GE(c.size(), 2u);
  EXPECT_EQ(c[0],
            "Grenadiers tests its charge at Paras (BG-MEL-01): 5 white (5 2 3 4 2), 3 red (3 4 5), grade C; 1 hit, "
            "0 cancels: 1 net hit.");
  EXPECT_EQ(c[1], "Grenadiers declares a charge at Paras: it needs 1 net hit and passes (BG-MEL-01).");
  const Outcome answer_o = t.ok(answer(t, "allies", "none"), {6, 6, 6});
  const Lines a = lines(t, answer_o, "axis");
  EXPECT_TRUE(has(a, "Paras stands and awaits the charge (BG-MEL-12).")) << ::testing::PrintToString(a);
  EXPECT_TRUE(has(a, "Grenadiers charges home into Paras (rolled 6+6+6 = 18): they are locked in melee (BG-MEL-04)."))
      << ::testing::PrintToString(a);
  t.draw(make_joker(1));
  const Outcome f = t.ok(fight("axis", t.st().melees[0].id), {6, 1, 6, 1, 6, 1, 6, 1, 1, 6});
  const Lines r = lines(t, f, "spectator");
  ASSERT_FALSE(r.empty());
  // British: +1 dug in/building (first round), +1 better grade, +1 for their leader.
  EXPECT_EQ(r[0],
            "Melee round 1, Grenadiers against Paras: g-f0 (leader) 6+1 v b-f0 (leader) 1+3: b-f0 falls; "
            "g-f1 6 v b-f1 1+2: b-f1 falls; g-f2 6 v b-f2 1+2: b-f2 falls; g-f3 6 v b-f3 1+2: b-f3 falls; "
            "g-f4 1 v b-f4 6+2: g-f4 falls; g-f5 and g-f6 wait (BG-MEL-06).");
  EXPECT_TRUE(has(r, "Paras: a leader and 3 riflemen fall in the melee (no saves, BG-DMG-03)."))
      << ::testing::PrintToString(r);
}

// BG-UNIT-09: a hidden unit's move is its own side's secret; when it walks into a minefield (the
// explosions are public, BG-MINE-04) the other side reads of mines going off, not who set them off.
TEST(BgDescribe, BG_UNIT_09_HiddenUnitIsNotNamedToTheOtherSide) {
  Sc sc = named(Sc());
  sc.inf(0, "a", 4, 36, 4).set_name("1st Squad");
  auto& h = sc.inf(1, "h", 4, 40, 20, 1, 0, "C", 180);
  h.set_name("Hidden Patrol");
  h.add_attributes("hidden");
  sc.area("minefield", "Crossroads mines", 38, 12, 44, 16, "axis");
  TG t(sc.s);
  t.draw(card(D, 9), "allies");
  // Walk 6" south into the axis minefield; 4 white dice at 6 only (BG-MINE-05): 2 2 3 4, no hit.
  const Outcome o = t.ok(move("allies", "h", pb::BG_MOVE_WALK, {{40, 14}}, 180), {6, 2, 2, 3, 4});
  ASSERT_TRUE(t.u("h").hidden);
  const Lines axis = lines(t, o, "axis");
  EXPECT_EQ(axis, (Lines{
                      "An unseen unit enters Crossroads mines: the mines explode (BG-MINE-04).",
                      "Moving ends for British: no unit of the side is left to act on this card.",
                  }));
  EXPECT_EQ(lines(t, o, "spectator"), axis);
  const Lines allies = lines(t, o, "allies");
  EXPECT_TRUE(has(allies, "Hidden Patrol enters Crossroads mines: the mines explode (BG-MINE-04)."))
      << ::testing::PrintToString(allies);
  EXPECT_TRUE(has(allies, "Mines explode under Hidden Patrol (BG-MINE-05): 4 white (2 2 3 4), hitting on 6; "
                          "0 hits, 0 cancels: no net hit."))
      << ::testing::PrintToString(allies);
  for (const auto& l : lines(t, o, "gm")) EXPECT_EQ(l.find("unseen"), std::string::npos) << l;  // the GM sees all
  // Once it shoots it is revealed to everyone, by name.
  t.draw(card(H, 9), "allies");
  const Outcome shot = t.ok(shoot_cmd("allies", "h", "a"), {2, 2, 2});
  EXPECT_EQ(lines(t, shot, "axis").front(), "Hidden Patrol is revealed: it opened fire (BG-UNIT-09).");
}

// BG-MINE-02/03: a secret minefield is named only to those who know it: a failed detection roll
// is told to the owner alone, and the strip an engineer clears reads "a minefield" to a spectator.
TEST(BgDescribe, BG_MINE_03_SecretMinefieldNamedOnlyToThoseWhoKnowIt) {
  Sc sc = named(Sc());
  sc.inf(0, "a1", 4, 10, 10).set_name("Pioneers");
  sc.inf(1, "b1", 4, 40, 30);
  sc.area("minefield", "Orchard mines", 8, 20, 14, 24, "allies");
  TG t(sc.s);
  t.draw(card(S, 3));
  const Outcome o = t.ok(move("axis", "a1", pb::BG_MOVE_WALK, {{10, 10}, {10, 15.6875}}), {6, 3});
  EXPECT_TRUE(has(lines(t, o, "allies"), "Pioneers passes within 4\" of Orchard mines without spotting it (rolled 3, BG-MINE-03)."));
  for (const char* viewer : {"axis", "spectator"}) {
    for (const auto& l : lines(t, o, viewer)) EXPECT_EQ(l.find("Orchard"), std::string::npos) << viewer << ": " << l;
  }
  // The words guard a public event's fields too: a strip cleared through it, read by each viewer.
  pb::BgEvent cleared;
  cleared.mutable_mines_cleared()->set_minefield_id("Orchard mines");
  cleared.mutable_mines_cleared()->set_by_unit("a1");
  const pb::Event e = wrap(cleared);
  EXPECT_EQ(t.g->event_for(e, "spectator")->text(), "Pioneers clears a strip through a minefield (BG-MINE-10).");
  EXPECT_EQ(t.g->event_for(e, "axis")->text(), "Pioneers clears a strip through a minefield (BG-MINE-10).");
  EXPECT_EQ(t.g->event_for(e, "allies")->text(), "Pioneers clears a strip through Orchard mines (BG-MINE-10).");
}

// BG-ART-01: a strike's written orders reach only its side (and the GM), aim points included;
// the words never give the aim to anyone else even if such an event reached them.
TEST(BgDescribe, BG_ART_01_StrikeAimsOnlyForItsSide) {
  Sc sc = named(Sc());
  sc.inf(0, "a1", 4, 10, 10);
  sc.inf(1, "b1", 4, 40, 30);
  sc.add_strike("stuka", "axis", 0, "dive_bomb");
  TG t(sc.s);
  BgOrder c = cmd("axis");
  auto* p = c.mutable_bg()->mutable_plan_strike();
  p->set_strike_id("stuka");
  p->set_turn(3);
  *p->add_aim_points() = pt(40, 30);
  const Outcome o = t.ok(c);
  EXPECT_EQ(lines(t, o, "axis"), (Lines{"Strike stuka of Germans is written down for turn 3, aimed at (40, 30) (BG-ART-01)."}));
  EXPECT_EQ(lines(t, o, "gm"), lines(t, o, "axis"));
  EXPECT_TRUE(lines(t, o, "allies").empty());
  EXPECT_TRUE(lines(t, o, "spectator").empty());
  ASSERT_EQ(o.events.size(), 1u);
  EXPECT_EQ(rules().describe(t.g->state(), o.events[0], "allies"), "Strike stuka of Germans is written down for turn 3 (BG-ART-01).");
}

// BG-MOR-02/04 (BG-OPT-07): losing half of its figures to one shot, the unit tests, fails and
// routs 2D6" away; on its side's move card it tries to rally.
TEST(BgDescribe, BG_MOR_02_RoutAndRally) {
  Sc sc = named(Sc());
  sc.inf(0, "a", 6, 10, 10).set_name("1st Squad");
  sc.inf(1, "e", 6, 10, 18, 0, 0, "C", 180).set_name("Rifles");
  sc.option("bg.morale", "on");
  TG t(sc.s);
  t.draw(card(C, 9));
  // 4 white 5 6 6 2: 3 net hits; casualty picks 1 1 1; the rout test die 2 fails; 2D6 3+3.
  const Lines shot = lines(t, t.ok(shoot_cmd("axis", "a", "e"), {5, 6, 6, 2, 1, 1, 1, 2, 3, 3}), "allies");
  EXPECT_TRUE(has(shot, "Rifles takes a rout test (rolled 2) and routs 6\" away, at (9.95, 24.17) (BG-MOR-02/04)."))
      << ::testing::PrintToString(shot);
  BgOrder x = cmd("allies");
  *x.mutable_bg()->mutable_draw_card()->mutable_card() = card(D, 7);
  const Lines rally = lines(t, t.ok(x, {5}), "axis");
  EXPECT_TRUE(has(rally, "Rifles rallies (rolled 5) and stops routing (BG-MOR-04).")) << ::testing::PrintToString(rally);
}

// ---- bot games ------------------------------------------------------------------------------

// Whole-word search, so "g1" is found in "g1-3" (a figure of g1) but not in "g10".
bool mentions(const std::string& text, const std::string& word) {
  if (word.size() < 2) return false;
  auto wc = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const std::size_t end = at + word.size();
    if ((at == 0 || !wc(text[at - 1])) && (end >= text.size() || !wc(text[end]))) return true;
  }
  return false;
}

// What a viewer's line must not name: the other side's hidden units (and their figures) and
// secret minefields it has not found. Empty when nothing leaks. A minefield named with a plain
// word the lines use anyway (crossroads' "mines") cannot be told apart and is not checked.
std::string leak(const BgState& st, const std::string& viewer, const std::string& text) {
  if (viewer == "gm") return {};
  const int me = st.side_index(viewer);
  for (const auto& u : st.units) {
    if (!u.hidden || u.side == me) continue;
    if (mentions(text, u.id) || mentions(text, bg::label(u))) return "hidden unit " + u.id;
    for (const auto& f : u.figures) {
      if (mentions(text, f.id)) return "hidden figure " + f.id;
    }
  }
  for (const auto& m : st.minefields) {
    const bg::Terrain* t = st.terrain_named(m.terrain);
    if (!t || t->owner.empty() || t->owner == viewer || m.terrain == "mines") continue;
    const bool known = me >= 0 ? m.known_to[static_cast<std::size_t>(me)]
                               : std::all_of(m.known_to.begin(), m.known_to.end(), [](bool b) { return b; });
    if (!known && mentions(text, m.terrain)) return "secret minefield " + m.terrain;
  }
  return {};
}

TEST(BgDescribe, LeakCheckerFindsAHiddenUnitsNameAndFigure) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "h1", 4, 40, 20).add_attributes("hidden");
  TG t(sc.s);
  EXPECT_EQ(leak(t.st(), "axis", "An unseen unit moves."), "");
  EXPECT_NE(leak(t.st(), "axis", "h1 moves."), "");
  EXPECT_NE(leak(t.st(), "axis", "h1-f2 falls."), "");
  EXPECT_EQ(leak(t.st(), "axis", "h10 moves."), "");
  EXPECT_EQ(leak(t.st(), "allies", "h1 moves."), "");
}

int games_per_scenario() {
  const char* env = std::getenv("SANDTABLE_BG_DESCRIBE_GAMES");
  return env ? std::max(1, std::atoi(env)) : 4;
}

// Bot games of every demo scenario: every line every viewer reads is written and names nothing
// that viewer may not see. SANDTABLE_BG_DESCRIBE_PRINT=<viewer> prints that viewer's lines (to
// read them); SANDTABLE_BG_DESCRIBE_GAMES sets the games per scenario.
TEST(BgDescribe, BotGamesGiveEveryViewerAWrittenLine) {
  const char* print = std::getenv("SANDTABLE_BG_DESCRIBE_PRINT");
  const RuleSet& rules = *builtin_registry().find("battleground");
  std::uint64_t seed = 500;
  for (const char* name : {"crossroads", "village-assault", "combined-arms"}) {
    const pb::Scenario scenario = load_scenario_file(std::string("bg/") + name + ".json");
    for (int g = 0; g < games_per_scenario(); ++g, ++seed) {
      std::string broken;
      std::size_t checked = 0;
      AutoplayOptions options;
      options.seed = seed;
      options.observer = [&](const Game& game, const std::vector<pb::Event>& events) {
        const auto& st = static_cast<const BgState&>(game.state());
        for (const auto& e : events) {
          for (const char* viewer : kViewers) {
            const auto copy = game.log_line_for(e, viewer);
            if (!copy) continue;
            ++checked;
            const std::string& text = copy->text();
            if (print && std::string(viewer) == print) {
              std::cout << "[" << name << " " << viewer << "] " << text << "\n";
            }
            if (text.empty() || text == "Something happened." || text.find("  ") != std::string::npos) {
              broken = std::string(viewer) + " reads a bad line for event " + std::to_string(e.seq()) + ": '" + text + "'";
            } else if (std::string l = leak(st, viewer, text); !l.empty()) {
              broken = std::string(viewer) + " is told of " + l + ": '" + text + "'";
            }
            if (!broken.empty()) return false;
          }
        }
        return true;
      };
      const AutoplayResult r = autoplay(rules, scenario, options);
      ASSERT_TRUE(broken.empty()) << name << " seed " << seed << ": " << broken;
      ASSERT_TRUE(r.finished) << name << " seed " << seed << ": " << r.error;
      EXPECT_GT(checked, 100u);
    }
  }
}

}  // namespace
}  // namespace sandtable::bgtest
