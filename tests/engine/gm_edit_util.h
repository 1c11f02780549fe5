#pragma once
// What the GM-edit tests share: the GM's order carrying an edit, a laid circle of terrain, and the
// check every one ends with (the game's log replays, and its snapshot loads, to the live game as
// each seat sees it).
#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "engine/model/game.h"
#include "engine/model/registry.h"

namespace sandtable::testing {

inline pb::Command gm_edit(const pb::GmEdit& edit) {
  pb::Command c;
  c.set_seat("gm");
  *c.mutable_gm()->mutable_edit() = edit;
  return c;
}

// "GmTerrain": lay a circle of `kind` (a side's secret when `owner` is set).
inline pb::GmEdit lay_circle(const std::string& kind, double x, double y, double r, const std::string& owner = "") {
  pb::GmEdit e;
  e.set_reason("a wood was missed");
  auto* f = e.mutable_terrain()->mutable_feature();
  f->set_kind(kind);
  f->set_owner(owner);
  f->mutable_circle()->mutable_centre()->set_x(x);
  f->mutable_circle()->mutable_centre()->set_y(y);
  f->mutable_circle()->set_radius(r);
  return e;
}

// The live game's rewind and take-back points are left out: they are the running game's memory,
// neither replayed nor saved.
inline void expect_log_replays(std::unique_ptr<RuleSet> rules, const std::vector<pb::Event>& log, const Game& live,
                           std::initializer_list<std::string> seats = {"gm"}) {
  Registry reg;
  reg.add(std::move(rules));
  std::string error;
  auto replayed = Game::from_log(reg, log, &error);
  ASSERT_TRUE(replayed) << error;
  auto loaded = Game::load(reg, log.front(), live.save(), &error);
  ASSERT_TRUE(loaded) << error;
  for (const auto& seat : seats) {
    pb::View want = live.view(seat);
    want.mutable_menu()->clear_rewind_points();
    want.mutable_menu()->clear_take_back();
    EXPECT_EQ(replayed->view(seat).SerializeAsString(), want.SerializeAsString()) << "replayed, seen by " << seat;
    EXPECT_EQ(loaded->view(seat).SerializeAsString(), want.SerializeAsString()) << "loaded, seen by " << seat;
  }
}

}  // namespace sandtable::testing
