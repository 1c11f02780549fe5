#pragma once
#include <map>
#include <string>

namespace sandtable::cli {

using Flags = std::map<std::string, std::string>;

int cmd_play(const Flags& flags);
int cmd_replay(const std::string& path, const Flags& flags);
int cmd_bots(const Flags& flags);
int cmd_rulesets();
int cmd_export(const Flags& flags);       // fair_play.cc
int cmd_verify(const std::string& path);

}  // namespace sandtable::cli
