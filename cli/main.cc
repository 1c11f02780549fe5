// sandtable-cli: play a game from an orders file, replay an event log, run bot games, or export a
// room's game from a server's database and verify a game file.
// See docs/cli.md.
#include <cstdint>
#include <cstring>
#include <iostream>
#include <map>
#include <ostream>
#include <string>

#include "cli/commands.h"

namespace {

constexpr const char* kPlay = "  sandtable-cli play --scenario FILE --orders FILE [--seed N] [--dice FILE]\n";
constexpr const char* kReplay = "  sandtable-cli replay FILE [--viewer SEAT]\n";
constexpr const char* kBots =
    "  sandtable-cli bots --ruleset R --scenario FILE --games N --seed S [--log FILE] [--orders FILE] [--verify yes] [--scheme 2] [--branch-at K]\n";
constexpr const char* kRulesets = "  sandtable-cli rulesets\n";
constexpr const char* kExport = "  sandtable-cli export --db FILE --room ID [--out GAME.json]\n";
constexpr const char* kVerify = "  sandtable-cli verify GAME.json\n";

// The usage of one verb, or of all of them when the verb is not known.
void usage(std::ostream& out, const std::string& verb = "") {
  out << "usage:\n";
  if (verb == "play") {
    out << kPlay;
  } else if (verb == "replay") {
    out << kReplay;
  } else if (verb == "bots") {
    out << kBots;
  } else if (verb == "rulesets") {
    out << kRulesets;
  } else if (verb == "export") {
    out << kExport;
  } else if (verb == "verify") {
    out << kVerify;
  } else {
    out << kPlay << kReplay << kBots << kRulesets << kExport << kVerify;
  }
  out << "See docs/cli.md.\n";
}

bool is_help(const std::string& a) { return a == "--help" || a == "-h" || a == "help"; }

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(std::cerr);
    return 64;
  }
  const std::string verb = argv[1];
  // Asked-for help is an answer, not an error: stdout and exit 0, before any flag is parsed
  // (so `play --help` is not read as a flag missing its value).
  if (is_help(verb)) {
    usage(std::cout, argc > 2 ? argv[2] : "");
    return 0;
  }
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      usage(std::cout, verb);
      return 0;
    }
  }
  std::map<std::string, std::string> flags;
  std::string positional;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--", 0) == 0) {
      if (i + 1 >= argc) {
        std::cerr << a << " needs a value\n";
        return 64;
      }
      flags[a.substr(2)] = argv[++i];
    } else if (positional.empty()) {
      positional = a;
    } else {
      std::cerr << "unexpected argument " << a << "\n";
      return 64;
    }
  }
  using namespace sandtable::cli;
  if (verb == "play") return cmd_play(flags);
  if (verb == "replay") {
    if (positional.empty()) positional = flags["log"];
    return cmd_replay(positional, flags);
  }
  if (verb == "bots") return cmd_bots(flags);
  if (verb == "rulesets") return cmd_rulesets();
  if (verb == "export") return cmd_export(flags);
  if (verb == "verify") return cmd_verify(positional.empty() ? flags["game"] : positional);
  usage(std::cerr);
  return 64;
}
