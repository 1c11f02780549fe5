// The engine-purity guard: nothing under engine/ may include or call anything that does I/O or
// depends on the machine (sockets, threads, clocks, files, SQLite, logging, iostreams, <random>),
// and the engine library links nothing but the generated proto library. The scanners work on
// strings so that they are themselves tested on snippets that must and must not be caught.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

// Headers the engine must never include: exact names, and prefixes for library folders.
const std::vector<std::string> kForbiddenHeaders = {
    "thread", "mutex", "shared_mutex", "condition_variable", "future", "chrono", "ctime", "time.h",
    "fstream", "iostream", "cstdio", "stdio.h", "random", "filesystem", "sqlite3.h"};
const std::vector<std::string> kForbiddenHeaderPrefixes = {"boost/asio", "boost/beast", "spdlog/", "spdlog."};
// Calls: a bare name followed by "(" (not a member call, not part of a longer identifier).
const std::vector<std::string> kForbiddenCalls = {"time", "clock", "rand", "srand", "fopen"};
// Names that are forbidden wherever they appear in code.
const std::vector<std::string> kForbiddenNames = {"std::random_device", "std::chrono", "fopen"};

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Removes comments and the contents of string and character literals (keeping line breaks and
// #include lines' header names), so that a comment saying "never call time()" is not a finding.
std::string strip_comments_and_literals(std::string_view src) {
  std::string out;
  out.reserve(src.size());
  std::size_t i = 0;
  bool line_is_include = false;
  std::size_t line_start = 0;
  while (i < src.size()) {
    const char c = src[i];
    if (c == '\n') {
      out += c;
      ++i;
      line_start = out.size();
      line_is_include = false;
      continue;
    }
    if (!line_is_include && c == '#') {
      // An #include keeps its "header" in quotes: that is the thing we scan.
      std::string_view rest = src.substr(i + 1);
      const std::size_t k = rest.find_first_not_of(" \t");
      line_is_include = k != std::string_view::npos && rest.substr(k).starts_with("include") &&
                        std::all_of(out.begin() + static_cast<std::ptrdiff_t>(line_start), out.end(),
                                    [](char x) { return x == ' ' || x == '\t'; });
    }
    if (c == '/' && i + 1 < src.size() && src[i + 1] == '/') {
      while (i < src.size() && src[i] != '\n') ++i;
      continue;
    }
    if (c == '/' && i + 1 < src.size() && src[i + 1] == '*') {
      i += 2;
      while (i + 1 < src.size() && !(src[i] == '*' && src[i + 1] == '/')) {
        if (src[i] == '\n') out += '\n';
        ++i;
      }
      i += 2;
      continue;
    }
    if ((c == '"' || c == '\'') && !line_is_include) {
      const char quote = c;
      out += quote;
      ++i;
      while (i < src.size() && src[i] != quote && src[i] != '\n') {
        if (src[i] == '\\') ++i;
        ++i;
      }
      out += quote;
      ++i;
      continue;
    }
    out += c;
    ++i;
  }
  return out;
}

// One finding per forbidden include or call, as "line N: what".
std::vector<std::string> scan_source(std::string_view source) {
  std::vector<std::string> findings;
  const std::string code = strip_comments_and_literals(source);
  std::istringstream lines(code);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    const std::string at = "line " + std::to_string(number) + ": ";
    // #include <x> or #include "x"
    const std::size_t hash = line.find_first_not_of(" \t");
    if (hash != std::string::npos && line[hash] == '#') {
      const std::size_t inc = line.find("include", hash);
      const std::size_t open = line.find_first_of("<\"", inc == std::string::npos ? line.size() : inc);
      if (inc != std::string::npos && open != std::string::npos) {
        const std::size_t close = line.find_first_of(">\"", open + 1);
        const std::string header = line.substr(open + 1, close == std::string::npos ? std::string::npos : close - open - 1);
        const bool banned =
            std::find(kForbiddenHeaders.begin(), kForbiddenHeaders.end(), header) != kForbiddenHeaders.end() ||
            std::any_of(kForbiddenHeaderPrefixes.begin(), kForbiddenHeaderPrefixes.end(),
                        [&](const std::string& p) { return header.starts_with(p); });
        if (banned) findings.push_back(at + "includes <" + header + ">");
        continue;
      }
    }
    for (const std::string& name : kForbiddenNames) {
      for (std::size_t p = line.find(name); p != std::string::npos; p = line.find(name, p + 1)) {
        const bool starts_word = p == 0 || !ident_char(line[p - 1]);
        const bool ends_word = p + name.size() >= line.size() || !ident_char(line[p + name.size()]);
        if (starts_word && ends_word) {
          findings.push_back(at + "uses " + name);
          break;
        }
      }
    }
    for (const std::string& name : kForbiddenCalls) {
      for (std::size_t p = line.find(name); p != std::string::npos; p = line.find(name, p + 1)) {
        if (p > 0 && (ident_char(line[p - 1]) || line[p - 1] == '.' || line[p - 1] == '>')) continue;
        std::size_t q = p + name.size();
        while (q < line.size() && (line[q] == ' ' || line[q] == '\t')) ++q;
        if (q < line.size() && line[q] == '(') {
          findings.push_back(at + "calls " + name + "(");
          break;
        }
      }
    }
  }
  return findings;
}

// Every target_link_libraries(...) call in a CMake text whose first argument is `target`, as the
// list of its remaining arguments.
std::vector<std::vector<std::string>> link_calls(std::string_view cmake, std::string_view target) {
  std::string text;
  // Drop CMake comments (# to end of line).
  for (std::size_t i = 0; i < cmake.size(); ++i) {
    if (cmake[i] == '#') {
      while (i < cmake.size() && cmake[i] != '\n') ++i;
    }
    if (i < cmake.size()) text += cmake[i];
  }
  std::string lower = text;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  std::vector<std::vector<std::string>> calls;
  const std::string key = "target_link_libraries";
  for (std::size_t p = lower.find(key); p != std::string::npos; p = lower.find(key, p + 1)) {
    if (p > 0 && ident_char(lower[p - 1])) continue;
    std::size_t open = p + key.size();
    while (open < text.size() && std::isspace(static_cast<unsigned char>(text[open]))) ++open;
    if (open >= text.size() || text[open] != '(') continue;
    const std::size_t close = text.find(')', open);
    std::istringstream args(text.substr(open + 1, close - open - 1));
    std::vector<std::string> words;
    for (std::string w; args >> w;) words.push_back(w);
    if (!words.empty() && words.front() == target) calls.emplace_back(words.begin() + 1, words.end());
  }
  return calls;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// --- The scanners catch what they must, and only that --------------------------------------

TEST(NoIoScanner, CatchesForbiddenIncludes) {
  for (const char* snippet : {"#include <thread>", "#include <mutex>", "#include <future>", "#include <chrono>",
                              "#include <ctime>", "#include <fstream>", "#include <iostream>", "#include <cstdio>",
                              "#include <random>", "#include <filesystem>", "#include <sqlite3.h>",
                              "#include \"sqlite3.h\"", "#include <boost/asio.hpp>", "#include <boost/asio/ip/tcp.hpp>",
                              "#include <boost/beast/websocket.hpp>", "#include <spdlog/spdlog.h>",
                              "  #  include <random>", "int x;\n#include <thread>\n"}) {
    EXPECT_EQ(scan_source(snippet).size(), 1u) << snippet;
  }
  EXPECT_EQ(scan_source("int a;\n#include <random>").front(), "line 2: includes <random>");
}

TEST(NoIoScanner, CatchesForbiddenCalls) {
  for (const char* snippet : {"auto t = time(nullptr);", "auto t = std::time(nullptr);", "long c = clock ();",
                              "int r = rand();", "srand(4);", "FILE* f = fopen(\"x\", \"r\");",
                              "std::random_device rd;", "auto now = std::chrono::steady_clock::now();",
                              "using namespace std::chrono;"}) {
    EXPECT_FALSE(scan_source(snippet).empty()) << snippet;
  }
  EXPECT_EQ(scan_source("x;\ny;\nint r = rand();").front(), "line 3: calls rand(");
}

TEST(NoIoScanner, LeavesHarmlessCodeAlone) {
  for (const char* snippet : {"#include <vector>", "#include \"engine/core/rng.h\"", "#include <random_access.h>",
                              "class Rejected : public std::runtime_error {};", "int lifetime(int);",
                              "x.time(3);", "p->clock(1);", "int operand(int);", "int time_left = 3;",
                              "// never call time(nullptr) or #include <random> here",
                              "/* std::chrono would break replay;\n rand() too */", "const char* s = \"rand()\";",
                              "std::string w = \"#include <thread>\";", "char q = '(';", "int strand(int);"}) {
    EXPECT_TRUE(scan_source(snippet).empty()) << snippet << " -> " << scan_source(snippet).front();
  }
}

TEST(NoIoScanner, ReadsTargetLinkLibraries) {
  const char* cmake =
      "# target_link_libraries(sandtable_engine PUBLIC spdlog)\n"
      "add_library(sandtable_engine STATIC ${SRCS})\n"
      "target_link_libraries(sandtable_engine PUBLIC sandtable_proto)\n"
      "TARGET_LINK_LIBRARIES( other PRIVATE sqlite3 )\n"
      "target_link_libraries(sandtable_engine\n  PRIVATE Threads::Threads)\n";
  const auto calls = link_calls(cmake, "sandtable_engine");
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[0], (std::vector<std::string>{"PUBLIC", "sandtable_proto"}));
  EXPECT_EQ(calls[1], (std::vector<std::string>{"PRIVATE", "Threads::Threads"}));
  EXPECT_EQ(link_calls(cmake, "other").front(), (std::vector<std::string>{"PRIVATE", "sqlite3"}));
}

// --- The engine itself ---------------------------------------------------------------------

TEST(NoIo, EngineSourcesIncludeAndCallNothingForbidden) {
  const fs::path engine = fs::path(SANDTABLE_SOURCE_DIR) / "engine";
  ASSERT_TRUE(fs::is_directory(engine)) << engine;
  int scanned = 0;
  for (const auto& entry : fs::recursive_directory_iterator(engine)) {
    if (!entry.is_regular_file()) continue;
    const std::string ext = entry.path().extension().string();
    if (ext != ".h" && ext != ".cc" && ext != ".hpp" && ext != ".cpp" && ext != ".inc") continue;
    ++scanned;
    for (const std::string& finding : scan_source(read_file(entry.path()))) {
      ADD_FAILURE() << fs::relative(entry.path(), SANDTABLE_SOURCE_DIR).string() << " " << finding;
    }
  }
  EXPECT_GT(scanned, 10);  // the walk really found the engine
}

TEST(NoIo, EngineLinksOnlyTheProtoLibrary) {
  const fs::path root(SANDTABLE_SOURCE_DIR);
  const auto calls = link_calls(read_file(root / "engine" / "CMakeLists.txt"), "sandtable_engine");
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls.front(), (std::vector<std::string>{"PUBLIC", "sandtable_proto"}));

  // No other CMake file in the tree adds libraries to the engine behind its back.
  int elsewhere = 0;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    const std::string name = it->path().filename().string();
    if (it->is_directory() && (name.starts_with(".") || name == "build")) {
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file() || (name != "CMakeLists.txt" && it->path().extension() != ".cmake")) continue;
    if (it->path() == root / "engine" / "CMakeLists.txt") continue;
    const auto other = link_calls(read_file(it->path()), "sandtable_engine");
    elsewhere += static_cast<int>(other.size());
    EXPECT_TRUE(other.empty()) << it->path() << " links more into sandtable_engine";
  }
  EXPECT_EQ(elsewhere, 0);
}

}  // namespace
}  // namespace sandtable
