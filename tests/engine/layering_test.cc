// The engine's layers depend one way: core < geom < model < rulesets/<id> < registry. A file may
// include its own layer and lower ones, never a higher one, and a rule set never includes another
// rule set. The check reads every #include "engine/..." line of every engine source, so a new
// file is covered without being listed.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

// Layer of a path relative to the source root ("engine/model/game.h"), and for rule sets the
// rule set's folder; nullopt for paths outside the engine.
struct Layer {
  int rank = 0;
  std::string ruleset;  // only for rank 3
};

std::optional<Layer> layer_of(const std::string& path) {
  static const std::map<std::string, int> kRanks = {
      {"engine/core/", 0}, {"engine/geom/", 1}, {"engine/model/", 2}, {"engine/rulesets/", 3}, {"engine/registry/", 4}};
  for (const auto& [prefix, rank] : kRanks) {
    if (path.rfind(prefix, 0) != 0) continue;
    Layer layer{rank, ""};
    if (rank == 3) {
      const std::string rest = path.substr(prefix.size());
      layer.ruleset = rest.substr(0, rest.find('/'));
    }
    return layer;
  }
  return std::nullopt;
}

// Why `from` may not include `to`, or empty when it may.
std::string violation(const std::string& from, const std::string& to) {
  const auto a = layer_of(from);
  const auto b = layer_of(to);
  if (!a || !b) return "";
  if (b->rank > a->rank) return from + " includes the higher layer " + to;
  if (a->rank == 3 && b->rank == 3 && a->ruleset != b->ruleset) {
    return from + " (rule set " + a->ruleset + ") includes another rule set's " + to;
  }
  return "";
}

// The engine/ headers a file includes ('#include "engine/..."'). Parsed by hand: GCC 12 warns
// falsely (-Wmaybe-uninitialized) inside std::regex under the ASan build.
std::vector<std::string> includes_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  auto skip = [&](std::size_t i) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    return i;
  };
  while (std::getline(in, line)) {
    std::size_t i = skip(0);
    if (i >= line.size() || line[i] != '#') continue;
    i = skip(i + 1);
    if (line.compare(i, 7, "include") != 0) continue;
    i = skip(i + 7);
    if (line.compare(i, 8, "\"engine/") != 0) continue;
    const std::size_t end = line.find('"', i + 1);
    if (end != std::string::npos) out.push_back(line.substr(i + 1, end - i - 1));
  }
  return out;
}

TEST(Layering, RuleCatchesUpwardAndSidewaysIncludes) {
  EXPECT_NE(violation("engine/model/game.cc", "engine/rulesets/pw/pw_rules.h"), "");
  EXPECT_NE(violation("engine/core/cards.cc", "engine/model/game.h"), "");
  EXPECT_NE(violation("engine/model/game.cc", "engine/registry/builtin_registry.h"), "");
  EXPECT_NE(violation("engine/rulesets/bg/bg_fire.cc", "engine/rulesets/pw/pw_state.h"), "");
  EXPECT_NE(violation("engine/rulesets/bg/bg_fire.cc", "engine/registry/builtin_registry.h"), "");
  EXPECT_EQ(violation("engine/rulesets/bg/bg_fire.cc", "engine/rulesets/bg/bg_state.h"), "");
  EXPECT_EQ(violation("engine/rulesets/bg/bg_fire.cc", "engine/model/context.h"), "");
  EXPECT_EQ(violation("engine/registry/builtin_registry.cc", "engine/rulesets/pw/pw_rules.h"), "");
  EXPECT_EQ(includes_of("#include \"engine/model/game.h\"\n  # include \"engine/core/rng.h\"\n#include <vector>\n"),
            (std::vector<std::string>{"engine/model/game.h", "engine/core/rng.h"}));
}

TEST(Layering, NoEngineFileIncludesAHigherLayerOrAnotherRuleSet) {
  const fs::path root(SANDTABLE_SOURCE_DIR);
  int files = 0;
  std::vector<std::string> problems;
  for (const auto& entry : fs::recursive_directory_iterator(root / "engine")) {
    const auto ext = entry.path().extension();
    if (ext != ".h" && ext != ".cc") continue;
    ++files;
    const std::string rel = fs::relative(entry.path(), root).generic_string();
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    for (const auto& inc : includes_of(text.str())) {
      if (auto why = violation(rel, inc); !why.empty()) problems.push_back(why);
    }
  }
  EXPECT_GT(files, 50);
  for (const auto& p : problems) ADD_FAILURE() << p;
}


// The shared protos (proto/sandtable/v1/) name no rule set, not even in a comment: a rule set's
// messages live in proto/sandtable/rulesets/<id>/ and travel as typed payloads. The names looked
// for are each rule set folder's name and the words its messages and ids start with.
TEST(Layering, NoSharedProtoNamesARuleSet) {
  const fs::path root(SANDTABLE_SOURCE_DIR);
  std::vector<std::string> names;
  for (const auto& dir : fs::directory_iterator(root / "proto" / "sandtable" / "rulesets")) {
    const std::string id = dir.path().filename().string();  // "pw", "bg", ...
    std::string prefix = id;
    prefix[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(prefix[0])));
    names.push_back(prefix);  // message prefix, e.g. "Pw"
  }
  for (const char* word : {"battleground", "Battleground", "portable", "Portable", "Wargame"}) names.emplace_back(word);
  ASSERT_GE(names.size(), 7u);
  int files = 0;
  for (const auto& entry : fs::directory_iterator(root / "proto" / "sandtable" / "v1")) {
    if (entry.path().extension() != ".proto") continue;
    ++files;
    std::ifstream in(entry.path());
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      for (const auto& name : names) {
        const auto at = line.find(name);
        // A message prefix counts when a capital follows it ("PwCommand"), as in a type name.
        const bool hit = at != std::string::npos &&
                         (name.size() > 2 || (at + 2 < line.size() && std::isupper(static_cast<unsigned char>(line[at + 2]))));
        if (hit) ADD_FAILURE() << entry.path().filename().string() << ":" << n << " names " << name << ": " << line;
      }
    }
  }
  EXPECT_GT(files, 5);
}

}  // namespace
}  // namespace sandtable
