#pragma once
// The Portable Wargame's words for the briefing, the sides' standing, the viewer's task and
// the deciding events (pw_view_words.cc); fill_view adds them to every view (the briefing's rules
// with the static table, the rest with fill_view_words).
#include <string>
#include <vector>

#include "engine/rulesets/pw/pw_state.h"
#include "sandtable/v1/view.pb.h"

namespace sandtable::pw {

namespace pb = ::sandtable::v1;

std::vector<std::string> briefing_rules(const PwState& st);
std::string standing_words(const SideState& s);
std::string task_words(const PwState& st, const std::string& viewer);
std::vector<std::string> deciding_words(const PwState& st);
// The standing, the task and the deciding events.
void fill_view_words(const PwState& st, const std::string& viewer, pb::View& view);

}  // namespace sandtable::pw
