#pragma once
// What every hand-made patch test checks: the patch, applied to the held View, gives the fresh one.
#include <gtest/gtest.h>

#include "engine/model/view_patch.h"

namespace sandtable {

// Patches `held` towards `fresh`, applies it and checks the result is `fresh` byte for byte.
inline pb::ViewPatch patch_and_apply(const pb::View& held, pb::View fresh) {
  fresh.set_seq(held.seq() + 1);
  auto patch = diff_views(held, fresh);
  EXPECT_TRUE(patch.has_value());
  if (!patch) return {};
  pb::View copy = held;
  EXPECT_TRUE(apply_patch(copy, *patch, fresh.seq()));
  EXPECT_EQ(copy.SerializeAsString(), fresh.SerializeAsString());
  return *patch;
}

}  // namespace sandtable
