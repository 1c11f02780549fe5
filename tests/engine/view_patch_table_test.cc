// The static table a diff keeps (ViewBytes.table): shared between the Views that have the same
// one, compared apart from the viewer, and never patched.
#include <gtest/gtest.h>

#include <string>

#include "engine/model/view_patch.h"

namespace sandtable {
namespace {

pb::View table_view(const std::string& viewer) {
  pb::View v;
  v.set_ruleset("test");
  v.set_viewer(viewer);
  v.mutable_grid()->set_cols(8);
  v.add_terrain()->set_kind("wood");
  for (const char* s : {"blue", "red"}) v.add_sides()->set_id(s);
  v.add_units()->set_id("a");
  return v;
}

TEST(ViewPatchTable, AnUnchangedTableIsTheHeldOnesCopyAfterADiff) {
  const ViewBytes held = bytes_of(table_view("blue"));
  pb::View fresh = table_view("blue");
  fresh.mutable_units(0)->set_strength(2);
  ViewBytes fresh_bytes;
  ASSERT_TRUE(diff_views(held, fresh, fresh_bytes));
  EXPECT_EQ(fresh_bytes.table, held.table);  // one copy, not an equal second one
}

TEST(ViewPatchTable, SeatsWithTheSameTableHaveEqualTableBytesWhateverTheViewer) {
  const ViewBytes blue = bytes_of(table_view("blue"));
  const ViewBytes spectator = bytes_of(table_view("spectator"));
  EXPECT_NE(blue.table, spectator.table);
  EXPECT_TRUE(same_table(blue, spectator));
  pb::View other = table_view("blue");
  other.mutable_terrain(0)->set_kind("town");
  EXPECT_FALSE(same_table(blue, bytes_of(other)));
  EXPECT_TRUE(same_table(ViewBytes{}, ViewBytes{}));
  EXPECT_FALSE(same_table(blue, ViewBytes{}));
}

// The viewer is out of the table's bytes but still compared: a View for another viewer is never a
// patch of the held one.
TEST(ViewPatchTable, AnotherViewerIsNoPatchEvenWithTheSameTable) {
  const ViewBytes held = bytes_of(table_view("blue"));
  pb::View fresh = table_view("red");
  const std::string before = fresh.SerializeAsString();
  ViewBytes fresh_bytes;
  EXPECT_FALSE(diff_views(held, fresh, fresh_bytes));
  EXPECT_EQ(fresh.SerializeAsString(), before);  // left whole to send
  pb::View changed_table = table_view("blue");
  changed_table.mutable_grid()->set_cols(9);
  EXPECT_FALSE(diff_views(held, changed_table, fresh_bytes));
}

}  // namespace
}  // namespace sandtable
