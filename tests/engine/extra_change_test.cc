// A rule set's extra changed field by field (ViewPatch.extra_change, engine/model/wire_fields.h):
// the patch carries the fields that changed, or only the entries a repeated field gained, and
// applying it gives the fresh extra byte for byte. The extra's type here is ActionMenu only
// because it has repeated and plain fields; a patch never reads the type.
#include <gtest/gtest.h>

#include <string>

#include "engine/model/view_patch.h"
#include "tests/support/patch_check.h"
#include "engine/model/wire_fields.h"
#include "sandtable/v1/menu.pb.h"

namespace sandtable {
namespace {

pb::ActionMenu long_menu() {
  pb::ActionMenu m;
  for (int i = 0; i < 6; ++i) {
    auto* a = m.add_actions();
    a->set_id("move:u" + std::to_string(i));
    a->set_label("Move the unit called number " + std::to_string(i) + " up to six inches");
  }
  m.add_gm_phases("card play");
  return m;
}

pb::View with_extra(const google::protobuf::Message& extra) {
  pb::View v;
  v.set_ruleset("test");
  v.set_seq(3);
  v.mutable_extra()->PackFrom(extra);
  return v;
}

TEST(ExtraChange, AChangedFieldTravelsAloneNotTheWholeExtra) {
  const pb::ActionMenu held_menu = long_menu();
  pb::ActionMenu fresh_menu = held_menu;
  fresh_menu.set_gm_phases(0, "movement");
  const auto p = patch_and_apply(with_extra(held_menu), with_extra(fresh_menu));
  EXPECT_FALSE(p.has_extra());
  ASSERT_TRUE(p.has_extra_change());
  EXPECT_EQ(std::vector<int>(p.extra_change().fields().begin(), p.extra_change().fields().end()),
            std::vector<int>{pb::ActionMenu::kGmPhasesFieldNumber});
  EXPECT_TRUE(p.extra_change().appended().empty());
  pb::ActionMenu value;
  ASSERT_TRUE(value.ParseFromString(p.extra_change().value()));
  EXPECT_EQ(value.actions_size(), 0) << "the unchanged actions stay with the client";
  EXPECT_LT(p.ByteSizeLong(), held_menu.ByteSizeLong() / 4);
}

TEST(ExtraChange, ARepeatedFieldThatGrewSendsOnlyItsNewEntries) {
  const pb::ActionMenu held_menu = long_menu();
  pb::ActionMenu fresh_menu = held_menu;
  fresh_menu.add_actions()->set_id("end");
  const auto p = patch_and_apply(with_extra(held_menu), with_extra(fresh_menu));
  ASSERT_TRUE(p.has_extra_change());
  EXPECT_TRUE(p.extra_change().fields().empty());
  ASSERT_EQ(p.extra_change().appended_size(), 1);
  EXPECT_EQ(p.extra_change().appended(0), pb::ActionMenu::kActionsFieldNumber);
  pb::ActionMenu value;
  ASSERT_TRUE(value.ParseFromString(p.extra_change().value()));
  ASSERT_EQ(value.actions_size(), 1);
  EXPECT_EQ(value.actions(0).id(), "end");
}

TEST(ExtraChange, AClearedFieldIsNamedWithNoValue) {
  const pb::ActionMenu held_menu = long_menu();
  pb::ActionMenu fresh_menu = held_menu;
  fresh_menu.clear_gm_phases();
  const auto p = patch_and_apply(with_extra(held_menu), with_extra(fresh_menu));
  ASSERT_TRUE(p.has_extra_change());
  EXPECT_EQ(p.extra_change().fields_size(), 1);
  EXPECT_TRUE(p.extra_change().value().empty());
}

TEST(ExtraChange, AnotherTypeTravelsWhole) {
  const pb::ActionMenu held_menu = long_menu();
  pb::TurnView turn;
  turn.set_turn(2);
  EXPECT_TRUE(patch_and_apply(with_extra(held_menu), with_extra(turn)).has_extra()) << "the type changed";
  // Every field changed: still a change (the type's name stays home), and still exact.
  pb::ActionMenu other;
  other.add_actions()->set_id("x");
  const auto p = patch_and_apply(with_extra(held_menu), with_extra(other));
  ASSERT_TRUE(p.has_extra_change());
  EXPECT_EQ(p.extra_change().fields_size(), 2);
}

TEST(ExtraChange, ApplyRefusesAChangeItCannotMake) {
  const pb::ActionMenu held_menu = long_menu();
  pb::ActionMenu fresh_menu = held_menu;
  fresh_menu.set_gm_phases(0, "movement");
  const auto patch = diff_views(with_extra(held_menu), with_extra(fresh_menu));
  ASSERT_TRUE(patch && patch->has_extra_change());
  pb::View no_extra;
  EXPECT_FALSE(apply_patch(no_extra, *patch, 4)) << "a View without an extra has nothing to change";

  // A value with a field neither list names, or bytes that are not a message.
  pb::ExtraChange c = patch->extra_change();
  c.clear_fields();
  EXPECT_FALSE(merge_fields(held_menu.SerializeAsString(), c).has_value());
  c.add_fields(pb::ActionMenu::kGmPhasesFieldNumber);
  EXPECT_FALSE(merge_fields("\xff\xff", c).has_value());
  c.set_value("\x0a\x10");  // a length past the end
  EXPECT_FALSE(merge_fields(held_menu.SerializeAsString(), c).has_value());
}

TEST(WireFields, ReadsEntriesAndGroupsARepeatedFieldInARow) {
  const std::string bytes = long_menu().SerializeAsString();
  const auto entries = wire_entries(bytes);
  ASSERT_TRUE(entries.has_value());
  EXPECT_EQ(entries->size(), 7u);
  const auto fields = wire_fields(bytes);
  ASSERT_TRUE(fields.has_value());
  ASSERT_EQ(fields->size(), 2u);
  EXPECT_EQ((*fields)[0].first, pb::ActionMenu::kActionsFieldNumber);
  EXPECT_EQ((*fields)[1].first, pb::ActionMenu::kGmPhasesFieldNumber);
  // A field seen again after a later one is not how this code writes messages.
  EXPECT_FALSE(wire_fields(bytes + std::string((*entries)[0].second)).has_value());
  EXPECT_EQ(wire_payload((*fields)[1].second), std::optional<std::string_view>("card play"));
  EXPECT_FALSE(wire_payload(std::string("\x08\x01", 2)).has_value()) << "a varint has no payload";
}

}  // namespace
}  // namespace sandtable
