#pragma once
// Battleground's words for the briefing, the sides' standing, the viewer's task and the
// deciding events (bg_view_words.cc); fill_view adds them to every view (the briefing's rules
// with the static table, the rest with fill_view_words).
#include <string>
#include <vector>

#include "engine/rulesets/bg/bg_internal.h"
#include "sandtable/v1/view.pb.h"

namespace sandtable::bg {

// A side's losses as one viewer may count them (units it knows, on the table or destroyed).
struct Losses {
  int units = 0;
  int destroyed = 0;
  int figures = 0;       // at the start, prisoners not counted
  int figures_left = 0;  // living fighters
};

std::vector<std::string> briefing_rules(const BgState& st);
Losses side_losses(const BgState& st, int side, const Seer& seer);
std::string standing_words(const Losses& l);
std::string task_words(const BgState& st, const std::string& viewer);
std::vector<std::string> deciding_words(const BgState& st);
// The sides' losses and standing, the task and the deciding events.
void fill_view_words(const BgState& st, const std::string& viewer, const Seer& seer, pb::View& view);

}  // namespace sandtable::bg
