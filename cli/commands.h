#pragma once
#include <map>
#include <string>

namespace sandtable::cli {

using Flags = std::map<std::string, std::string>;

int cmd_play(const Flags& flags);
int cmd_replay(const std::string& path, const Flags& flags);
int cmd_bots(const Flags& flags);
int cmd_rulesets();

}  // namespace sandtable::cli
