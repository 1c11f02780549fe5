// The scenario editor's palettes and check (docs/engine.md "Scenario editor"): every template a
// rule set offers, placed on its blank table, passes that rule set's own validation; every
// option value it lists is accepted; and check_scenario says what a room's creation would say.
#include <gtest/gtest.h>

#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "engine/model/scenario_check.h"
#include "engine/model/scenario_io.h"
#include "engine/registry/builtin_registry.h"

namespace sandtable {
namespace {

namespace pb = ::sandtable::v1;

// The template moved to a place, as the editor does it: its square or point at the place, its
// figures (relative to the origin) moved by as much, ids made unique with the unit's.
pb::UnitSetup placed(const pb::PaletteUnit& t, const std::string& id, int col, int row, double x, double y) {
  pb::UnitSetup u = t.unit();
  u.set_id(id);
  u.set_name(t.label());
  if (u.has_square()) {
    u.mutable_square()->set_col(col);
    u.mutable_square()->set_row(row);
  }
  if (u.has_position()) {
    u.mutable_position()->set_x(x);
    u.mutable_position()->set_y(y);
  }
  for (auto& f : *u.mutable_figures()) {
    f.set_id(id + "-" + f.id());
    f.mutable_position()->set_x(f.position().x() + x);
    f.mutable_position()->set_y(f.position().y() + y);
  }
  return u;
}

struct Board {
  int cols = 0, rows = 0;
  double w = 0, h = 0;
};

Board board_of(const pb::Scenario& s) {
  return s.has_grid() ? Board{s.grid().cols(), s.grid().rows(), 0, 0} : Board{0, 0, s.table().width(), s.table().height()};
}

// The blank with four of the palette's first unit on each side, the sides far apart: a small
// playable battle ("first-0" and "first-1" lead each side).
pb::Scenario playable(const pb::ScenarioPalette& p) {
  pb::Scenario s = p.blank();
  const Board b = board_of(s);
  for (int k = 0; k < 4; ++k) {
    std::string n;
    if (k > 0) n.append(1, '-').append(std::to_string(k));  // not "-" + ...: GCC 12's false -Wrestrict
    *s.mutable_sides(0)->add_units() = placed(p.units(0), "first-0" + n, b.cols / 2 - 2 + k, 1, b.w * (k + 1) / 5, b.h / 5);
    *s.mutable_sides(1)->add_units() =
        placed(p.units(0), "first-1" + n, b.cols / 2 - 2 + k, b.rows - 2, b.w * (k + 1) / 5, b.h * 4 / 5);
  }
  return s;
}

class PaletteTest : public ::testing::TestWithParam<const RuleSet*> {};

TEST_P(PaletteTest, TheBlankIsTheRuleSetsOwnAndNeedsOnlyUnits) {
  const RuleSet& rules = *GetParam();
  const pb::ScenarioPalette p = rules.palette();
  EXPECT_EQ(p.ruleset(), rules.id());
  EXPECT_EQ(p.blank().ruleset(), rules.id());
  ASSERT_FALSE(p.units().empty());
  ASSERT_FALSE(p.terrain().empty());
  // Empty, it is refused for want of units, if at all (Battleground lets a side start with none).
  const auto empty = rules.validate(p.blank());
  if (empty) {
    EXPECT_NE(empty->find("units"), std::string::npos) << *empty;
  }
  const auto small = rules.validate(playable(p));
  EXPECT_FALSE(small.has_value()) << *small;
}

TEST_P(PaletteTest, EveryUnitTemplatePlacedOnTheBlankIsValid) {
  const RuleSet& rules = *GetParam();
  const pb::ScenarioPalette p = rules.palette();
  const Board b = board_of(p.blank());
  for (int i = 0; i < p.units_size(); ++i) {
    pb::Scenario s = playable(p);
    *s.mutable_sides(0)->add_units() = placed(p.units(i), std::string("t").append(std::to_string(i)), b.cols / 2, b.rows / 2, b.w / 2, b.h / 2);
    const auto problem = rules.validate(s);
    EXPECT_FALSE(problem.has_value()) << p.units(i).label() << ": " << *problem;
    for (const auto& q : p.qualities()) {
      s.mutable_sides(0)->mutable_units()->rbegin()->set_quality(q);
      const auto with_quality = rules.validate(s);
      EXPECT_FALSE(with_quality.has_value()) << p.units(i).label() << " quality " << q << ": " << *with_quality;
    }
  }
}

TEST_P(PaletteTest, EveryTerrainTemplateLaidOnTheBlankIsValid) {
  const RuleSet& rules = *GetParam();
  const pb::ScenarioPalette p = rules.palette();
  const Board b = board_of(p.blank());
  for (const auto& t : p.terrain()) {
    pb::Scenario s = playable(p);
    pb::TerrainFeature f = t.feature();
    if (s.has_grid()) {
      auto* q = f.add_squares();  // a square no unit stands on
      q->set_col(0);
      q->set_row(b.rows / 2);
    }
    for (auto* pts : {f.mutable_polygon(), f.mutable_polyline()}) {
      for (auto& pt : *pts) {
        pt.set_x(pt.x() + b.w / 2);
        pt.set_y(pt.y() + b.h / 2);
      }
    }
    *s.add_terrain() = f;
    const auto problem = rules.validate(s);
    EXPECT_FALSE(problem.has_value()) << t.label() << ": " << *problem;
  }
}

TEST_P(PaletteTest, EveryOptionValueIsAccepted) {
  const RuleSet& rules = *GetParam();
  pb::CheckScenario req;
  *req.mutable_scenario() = playable(rules.palette());
  const Registry& registry = builtin_registry();
  const pb::ScenarioChecked checked = check_scenario(req, nullptr, registry);
  ASSERT_EQ(checked.problem(), "");
  for (const auto& o : checked.palette().options()) {
    EXPECT_FALSE(o.per_side() && o.key().back() == '.') << o.key() << ": a per-side option left unexpanded";
    std::vector<std::string> values(o.values().begin(), o.values().end());
    if (o.side()) {
      for (const auto& side : req.scenario().sides()) values.push_back(side.id());
    }
    ASSERT_FALSE(values.empty()) << o.key();
    for (const auto& v : values) {
      pb::Scenario s = req.scenario();
      auto* x = s.add_options();
      x->set_key(o.key());
      x->set_value(v);
      const auto problem = rules.validate(s);
      EXPECT_FALSE(problem.has_value()) << o.key() << "=" << v << ": " << *problem;
    }
  }
}

std::vector<const RuleSet*> all_rules() {
  static const Registry& registry = builtin_registry();
  return registry.all();
}

INSTANTIATE_TEST_SUITE_P(EveryRuleSet, PaletteTest, ::testing::ValuesIn(all_rules()),
                         [](const auto& info) {
                           std::string name(info.param->id());
                           for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

// ---- check_scenario ----

TEST(ScenarioCheck, ABlankTableIsDrawnAndSaysWhatItLacks) {
  const Registry& registry = builtin_registry();
  pb::CheckScenario req;
  req.set_ruleset("portable-wargame-19c");
  const pb::ScenarioChecked out = check_scenario(req, nullptr, registry);
  EXPECT_EQ(out.problem(), "sides[0].units: a side needs at least one unit");
  EXPECT_EQ(out.scenario().ruleset(), "portable-wargame-19c");
  EXPECT_EQ(out.preview().grid().cols(), out.scenario().grid().cols());
  EXPECT_EQ(out.preview().sides_size(), 2);
  EXPECT_TRUE(out.preview().units().empty());
  EXPECT_FALSE(out.palette().units().empty());
  EXPECT_NE(out.json().find("\"ruleset\": \"portable-wargame-19c\""), std::string::npos) << out.json();
}

TEST(ScenarioCheck, APlayableScenarioPreviewsTheGmsOpeningWithTheScenariosIds) {
  const Registry& registry = builtin_registry();
  for (const RuleSet* rules : registry.all()) {
    pb::CheckScenario req;
    *req.mutable_scenario() = playable(rules->palette());
    const pb::ScenarioChecked out = check_scenario(req, nullptr, registry);
    ASSERT_EQ(out.problem(), "") << rules->id();
    EXPECT_EQ(out.preview().viewer(), "gm");
    EXPECT_FALSE(out.preview().has_menu()) << "the editor acts from no menu";
    std::vector<std::string> ids;
    for (const auto& u : out.preview().units()) ids.push_back(u.id());
    EXPECT_NE(std::find(ids.begin(), ids.end(), "first-0"), ids.end()) << rules->id();
    EXPECT_NE(std::find(ids.begin(), ids.end(), "first-1"), ids.end()) << rules->id();
    // What it saves is what the lobby takes.
    const ScenarioParse back = parse_scenario(out.json(), registry);
    EXPECT_TRUE(back.scenario.has_value()) << rules->id() << ": " << back.error;
  }
}

TEST(ScenarioCheck, AnUnplayableScenarioStillDrawsWhatItHolds) {
  const Registry& registry = builtin_registry();
  const pb::ScenarioPalette p = registry.find("one-hour-ww2")->palette();
  pb::CheckScenario req;
  *req.mutable_scenario() = playable(p);
  req.mutable_scenario()->mutable_sides(0)->mutable_units(0)->set_type("zeppelin");
  const pb::ScenarioChecked out = check_scenario(req, nullptr, registry);
  EXPECT_NE(out.problem().find("sides[0].units[0].type"), std::string::npos) << out.problem();
  ASSERT_EQ(out.preview().units_size(), 8);
  EXPECT_EQ(out.preview().units(0).id(), "first-0");
  EXPECT_EQ(out.preview().units(0).type(), "zeppelin");
  EXPECT_FALSE(out.json().empty()) << "a half-built scenario can still be saved";
}

TEST(ScenarioCheck, FilesBuiltInsAndUnknownsAreAnsweredInWords) {
  const Registry& registry = builtin_registry();
  pb::CheckScenario bad;
  bad.set_scenario_json("{ not json");
  EXPECT_EQ(check_scenario(bad, nullptr, registry).problem().rfind("The file is not a scenario", 0), 0u);
  pb::CheckScenario unknown;
  unknown.set_ruleset("chess");
  EXPECT_EQ(check_scenario(unknown, nullptr, registry).problem(), "There is no rule set 'chess' on this server.");
  pb::CheckScenario missing;
  missing.set_scenario_id("nowhere");
  EXPECT_EQ(check_scenario(missing, nullptr, registry).problem(), "There is no built-in scenario 'nowhere'.");
  pb::CheckScenario nothing;
  EXPECT_FALSE(check_scenario(nothing, nullptr, registry).problem().empty());
  // A file is read as it is, its problem named, so a half-built battle can be opened again.
  pb::CheckScenario blank;
  blank.set_ruleset("rookie-rules");
  const pb::ScenarioChecked saved = check_scenario(blank, nullptr, registry);
  pb::CheckScenario file;
  file.set_scenario_json(saved.json());
  const pb::ScenarioChecked opened = check_scenario(file, nullptr, registry);
  EXPECT_EQ(opened.problem(), saved.problem());
  EXPECT_EQ(opened.scenario().SerializeAsString(), saved.scenario().SerializeAsString());
  // A built-in is handed in by the caller (the server's catalogue) and read like any other.
  pb::CheckScenario builtin;
  builtin.set_scenario_id("mine");
  pb::Scenario mine = saved.scenario();
  mine.set_name("Mine");
  EXPECT_EQ(check_scenario(builtin, &mine, registry).scenario().name(), "Mine");
}

TEST(ScenarioCheck, PerSideOptionsAreListedForTheScenariosOwnSides) {
  const Registry& registry = builtin_registry();
  pb::CheckScenario req;
  req.set_ruleset("rookie-rules");
  pb::ScenarioChecked out = check_scenario(req, nullptr, registry);
  *req.mutable_scenario() = out.scenario();
  req.mutable_scenario()->mutable_sides(0)->set_id("soviets");
  req.mutable_scenario()->mutable_sides(0)->set_name("Soviets");
  out = check_scenario(req, nullptr, registry);
  std::vector<std::string> keys;
  for (const auto& o : out.palette().options()) keys.push_back(o.key() + "|" + o.label());
  EXPECT_NE(std::find(keys.begin(), keys.end(), "rr.level.soviets|Command level: Soviets"), keys.end());
  EXPECT_EQ(std::count_if(keys.begin(), keys.end(), [](const std::string& k) { return k.rfind("rr.level.", 0) == 0; }), 2);
}

}  // namespace
}  // namespace sandtable
