// The rules-coverage table (docs/rules-coverage.md) is kept true by this test: every rule ID of
// a covered rule set's catalogue (../shared/rules/) has a row, and every test a row names exists
// in this binary. A rule set is "covered" once its section appears in the table.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Without spaces and backticks. (No std::regex: GCC 12 warns falsely inside it under -O2.)
std::string strip(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c != ' ' && c != '`') out.push_back(c);
  }
  return out;
}

// Rule and gap IDs of a catalogue file: bold IDs at the start of a line, e.g. **PW-MOVE-02**.
std::set<std::string> catalogue_ids(const std::string& text, const std::string& prefix) {
  std::set<std::string> ids;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("**", 0) != 0) continue;
    const auto end = line.find("**", 2);
    if (end == std::string::npos) continue;
    const std::string id = line.substr(2, end - 2);
    const bool ours = id.rfind(prefix + "-", 0) == 0 || id.rfind("GAP-" + prefix + "-", 0) == 0;
    const bool shaped = std::all_of(id.begin(), id.end(), [](char c) {
      return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
    });
    if (ours && shaped && std::count(id.begin(), id.end(), '-') >= 2) ids.insert(id);
  }
  return ids;
}

struct Row {
  std::string id;
  std::vector<std::string> tests;
};

std::vector<Row> coverage_rows(const std::string& text) {
  std::vector<Row> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("| ", 0) != 0 || line.rfind("| ID", 0) == 0) continue;
    std::vector<std::string> cells;
    std::stringstream ls(line.substr(1));
    std::string cell;
    while (std::getline(ls, cell, '|')) cells.push_back(cell);
    if (cells.size() < 3) continue;
    Row r;
    r.id = strip(cells[0]);
    std::stringstream ts(cells[2]);
    std::string t;
    while (std::getline(ts, t, ',')) {
      t = strip(t);
      if (!t.empty()) r.tests.push_back(t);
    }
    rows.push_back(r);
  }
  return rows;
}

std::set<std::string> registered_tests() {
  std::set<std::string> names;
  const auto* unit = ::testing::UnitTest::GetInstance();
  for (int i = 0; i < unit->total_test_suite_count(); ++i) {
    const auto* suite = unit->GetTestSuite(i);
    for (int j = 0; j < suite->total_test_count(); ++j) {
      names.insert(std::string(suite->name()) + "." + suite->GetTestInfo(j)->name());
    }
  }
  return names;
}

const std::string kSrc = SANDTABLE_SOURCE_DIR;

// Every rule and gap ID of `catalogue` (more than `at_least` of them) has a row in the table.
void expect_every_id_has_a_row(const std::string& catalogue_file, const std::string& prefix, std::size_t at_least) {
  const std::string catalogue = slurp(kSrc + "/../shared/rules/" + catalogue_file);
  ASSERT_FALSE(catalogue.empty()) << "the rules catalogue is expected at ../shared/rules beside the checkout";
  const auto ids = catalogue_ids(catalogue, prefix);
  ASSERT_GT(ids.size(), at_least);
  std::set<std::string> covered;
  for (const auto& r : coverage_rows(slurp(kSrc + "/docs/rules-coverage.md"))) covered.insert(r.id);
  for (const auto& id : ids) EXPECT_TRUE(covered.count(id)) << id << " has no row in docs/rules-coverage.md";
}

TEST(RulesCoverage, EveryRowNamesTestsThatExist) {
  const auto rows = coverage_rows(slurp(kSrc + "/docs/rules-coverage.md"));
  ASSERT_GT(rows.size(), 50u);
  const auto tests = registered_tests();
  for (const auto& r : rows) {
    EXPECT_FALSE(r.tests.empty()) << r.id << " names no test";
    for (const auto& t : r.tests) EXPECT_TRUE(tests.count(t)) << r.id << " names " << t << ", which is not a test";
  }
}

TEST(RulesCoverage, EveryPortableWargameIdHasARow) { expect_every_id_has_a_row("portable-wargame-19c.md", "PW", 60); }

TEST(RulesCoverage, EveryBattlegroundIdHasARow) { expect_every_id_has_a_row("battleground.md", "BG", 200); }

TEST(RulesCoverage, EveryOneHourWargamesIdHasARow) { expect_every_id_has_a_row("one-hour-ww2.md", "OH", 60); }

TEST(RulesCoverage, EveryRookieRulesIdHasARow) { expect_every_id_has_a_row("rookie-rules.md", "RR", 100); }

// Joe Shaffer's modifications (issue 19): every BGM and GAP-BGM ID, both profiles.
TEST(RulesCoverage, EveryShafferIdHasARow) { expect_every_id_has_a_row("battleground-mods.md", "BGM", 100); }

TEST(RulesCoverage, NoIdHasTwoRows) {
  std::map<std::string, int> seen;
  for (const auto& r : coverage_rows(slurp(kSrc + "/docs/rules-coverage.md"))) {
    EXPECT_EQ(++seen[r.id], 1) << r.id << " has more than one row: merge them";
  }
}

TEST(RulesCoverage, ParserReadsRowsAndIds) {
  const auto rows = coverage_rows("| ID | code | test |\n|---|---|---|\n| PW-X-01 | `a.cc` | A.B, C.D |\n");
  ASSERT_EQ(rows.size(), 1u);  // the header and separator rows are not rows
  EXPECT_EQ(rows[0].id, "PW-X-01");
  EXPECT_EQ(rows[0].tests, (std::vector<std::string>{"A.B", "C.D"}));
  const auto ids = catalogue_ids("**PW-MOVE-02** — x\n**GAP-PW-ART-07** — y\ntext **PW-NO-01**\n", "PW");
  EXPECT_EQ(ids, (std::set<std::string>{"PW-MOVE-02", "GAP-PW-ART-07"}));
}

}  // namespace
