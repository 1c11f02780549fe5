// sandtable-cli: play a game from an orders file, replay an event log, or run bot games.
// See docs/cli.md.
#include <cstdint>
#include <cstring>
#include <iostream>
#include <map>
#include <string>

#include "cli/commands.h"

namespace {

void usage() {
  std::cerr << "usage:\n"
               "  sandtable-cli play --scenario FILE --orders FILE [--seed N] [--dice FILE]\n"
               "  sandtable-cli replay FILE [--viewer SEAT]\n"
               "  sandtable-cli bots --ruleset R --scenario FILE --games N --seed S [--log FILE] [--orders FILE]\n"
               "  sandtable-cli rulesets\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage();
    return 64;
  }
  const std::string verb = argv[1];
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
  usage();
  return 64;
}
