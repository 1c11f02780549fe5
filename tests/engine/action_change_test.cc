// A held menu action changed in part (view.proto ActionChange): when a unit moves, its
// neighbours' moves lose the square it took and gain the one it left, and only those targets
// travel; an action whose words alone changed sends those words. Every case is applied and
// compared with the fresh View byte for byte (tests/support/patch_check.h).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/model/view_patch.h"
#include "tests/support/patch_check.h"

namespace sandtable {
namespace {

void add_square(pb::Action& a, int col, int row, int steps) {
  auto* t = a.add_targets();
  t->set_id(std::to_string(col) + "," + std::to_string(row));
  t->set_label("To (" + t->id() + ")");
  t->mutable_square()->set_col(col);
  t->mutable_square()->set_row(row);
  t->set_detail(std::to_string(steps) + (steps == 1 ? " square" : " squares"));
}

// A side's menu: two units' moves over a row of squares, ordered by distance, and the end.
pb::View menu_view() {
  pb::View v;
  v.set_ruleset("test");
  v.set_viewer("blue");
  v.mutable_grid()->set_cols(8);
  v.add_sides()->set_id("blue");
  for (const char* id : {"a", "b"}) {
    auto* a = v.mutable_menu()->add_actions();
    a->set_id(std::string("move:") + id);
    a->set_kind("move");
    a->set_label("Move");
    a->set_unit_id(id);
    a->set_rule_id("PW-MOVE-02");
    for (int col = 0; col < 6; ++col) add_square(*a, col, 2, col / 2 + 1);
    a->add_facings(pb::GRID_FACING_NORTH);
  }
  auto* end = v.mutable_menu()->add_actions();
  end->set_id("end-side");
  end->set_kind("end");
  end->set_label("End your turn");
  end->set_confirm("End your turn with 3 activations unused?");
  return v;
}

std::vector<std::string> ids(const google::protobuf::RepeatedPtrField<std::string>& list) { return {list.begin(), list.end()}; }

TEST(ActionChange, AMoveThatLostATargetSendsItsIdAlone) {
  const pb::View held = menu_view();
  pb::View fresh = held;
  fresh.mutable_menu()->mutable_actions(1)->mutable_targets()->DeleteSubrange(3, 1);
  const auto p = patch_and_apply(held, fresh);
  ASSERT_TRUE(p.has_menu_change());
  const auto& m = p.menu_change();
  EXPECT_EQ(m.actions_size(), 0);
  ASSERT_EQ(m.action_changes_size(), 1);
  const auto& c = m.action_changes(0);
  EXPECT_EQ(c.id(), "move:b");
  EXPECT_EQ(ids(c.targets_gone()), (std::vector<std::string>{"3,2"}));
  EXPECT_EQ(c.targets_size(), 0);
  EXPECT_EQ(c.fields_size(), 0);
  EXPECT_FALSE(c.has_target_order());
  EXPECT_LT(c.ByteSizeLong() * 5, fresh.menu().actions(1).ByteSizeLong()) << c.DebugString();
}

// The square a unit left comes back mid-list: the target travels with its place, not the order.
TEST(ActionChange, ATargetGainedMidListTravelsWithItsPlace) {
  pb::View held = menu_view();
  held.mutable_menu()->mutable_actions(0)->mutable_targets()->DeleteSubrange(2, 1);
  pb::View fresh = menu_view();
  fresh.mutable_menu()->mutable_actions(0)->mutable_targets()->DeleteSubrange(4, 1);  // and one taken
  const auto p = patch_and_apply(held, fresh);
  ASSERT_EQ(p.menu_change().action_changes_size(), 1);
  const auto& c = p.menu_change().action_changes(0);
  EXPECT_EQ(c.id(), "move:a");
  ASSERT_EQ(c.targets_size(), 1);
  EXPECT_EQ(c.targets(0).id(), "2,2");
  EXPECT_EQ(c.targets(0).detail(), "2 squares");
  EXPECT_EQ(std::vector<std::uint32_t>(c.target_at().begin(), c.target_at().end()), (std::vector<std::uint32_t>{2}));
  EXPECT_EQ(ids(c.targets_gone()), (std::vector<std::string>{"4,2"}));
  EXPECT_FALSE(c.has_target_order());

  // Targets kept but reordered go as the whole order.
  pb::View turned = held;
  turned.mutable_menu()->mutable_actions(0)->mutable_targets()->SwapElements(0, 4);
  const auto q = patch_and_apply(held, turned);
  ASSERT_EQ(q.menu_change().action_changes_size(), 1);
  EXPECT_EQ(q.menu_change().action_changes(0).target_order().ids_size(), 5);
  EXPECT_EQ(q.menu_change().action_changes(0).target_at_size(), 0);
}

// A changed target (new words, same id) is put in its place; the action's own fields by number.
TEST(ActionChange, ChangedWordsTravelAsTheFieldsThatChanged) {
  const pb::View held = menu_view();
  pb::View fresh = held;
  fresh.mutable_menu()->mutable_actions(2)->set_confirm("End your turn with 2 activations unused?");
  fresh.mutable_menu()->mutable_actions(0)->mutable_targets(5)->set_detail("4 squares");
  fresh.mutable_menu()->mutable_actions(0)->clear_facings();
  const auto p = patch_and_apply(held, fresh);
  const auto& m = p.menu_change();
  ASSERT_EQ(m.action_changes_size(), 2);
  EXPECT_EQ(m.action_changes(0).id(), "move:a");
  EXPECT_EQ(std::vector<int>(m.action_changes(0).fields().begin(), m.action_changes(0).fields().end()),
            (std::vector<int>{pb::Action::kFacingsFieldNumber}));
  ASSERT_EQ(m.action_changes(0).targets_size(), 1);
  EXPECT_EQ(m.action_changes(0).targets(0).id(), "5,2");
  EXPECT_EQ(m.action_changes(0).target_at_size(), 0);
  EXPECT_EQ(m.action_changes(1).id(), "end-side");
  EXPECT_EQ(m.action_changes(1).value().confirm(), "End your turn with 2 activations unused?");
  EXPECT_TRUE(m.action_changes(1).value().label().empty());
}

// An action whose every target is new travels whole: its change would send the same targets and
// the ids of the gone ones besides (its own fields are cleared here, so only that differs).
TEST(ActionChange, AnActionRemadeTravelsWhole) {
  pb::View held = menu_view();
  auto* h0 = held.mutable_menu()->mutable_actions(0);
  h0->clear_kind();
  h0->clear_label();
  h0->clear_rule_id();
  h0->clear_facings();
  pb::View fresh = held;
  auto* a = fresh.mutable_menu()->mutable_actions(0);
  a->clear_targets();
  for (int col = 0; col < 6; ++col) add_square(*a, col, 5, col + 1);
  const auto p = patch_and_apply(held, fresh);
  ASSERT_EQ(p.menu_change().actions_size(), 1);
  EXPECT_EQ(p.menu_change().actions(0).id(), "move:a");
  EXPECT_EQ(p.menu_change().action_changes_size(), 0);
}

// What the server never sends is refused, and the client asks for a fresh View.
TEST(ActionChange, ApplyRefusesAChangeItCannotMake) {
  const pb::View held = menu_view();
  const auto refused = [&](const pb::ActionChange& c) {
    pb::ViewPatch p;
    *p.mutable_menu_change()->add_action_changes() = c;
    pb::View v = held;
    return !apply_patch(v, p, 9);
  };
  pb::ActionChange unknown;
  unknown.set_id("move:z");
  EXPECT_TRUE(refused(unknown));
  pb::ActionChange id_field;
  id_field.set_id("move:a");
  id_field.add_fields(pb::Action::kIdFieldNumber);
  EXPECT_TRUE(refused(id_field));
  pb::ActionChange targets_field = id_field;
  targets_field.set_fields(0, pb::Action::kTargetsFieldNumber);
  EXPECT_TRUE(refused(targets_field));
  pb::ActionChange place_and_order;
  place_and_order.set_id("move:a");
  place_and_order.add_targets()->set_id("9,9");
  place_and_order.add_target_at(0);
  place_and_order.mutable_target_order()->add_ids("9,9");
  EXPECT_TRUE(refused(place_and_order));
  pb::ActionChange out_of_range;
  out_of_range.set_id("move:a");
  out_of_range.add_targets()->set_id("9,9");
  out_of_range.add_target_at(7);  // six held targets and this one: places 0 to 6
  EXPECT_TRUE(refused(out_of_range));
  pb::ActionChange bad_order;
  bad_order.set_id("move:a");
  bad_order.mutable_target_order()->add_ids("0,2");
  EXPECT_TRUE(refused(bad_order));
  pb::ActionChange fits = out_of_range;
  fits.set_target_at(0, 6);
  EXPECT_FALSE(refused(fits));
}

}  // namespace
}  // namespace sandtable
