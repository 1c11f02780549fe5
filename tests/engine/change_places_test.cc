// A unit or side change names what it changes by its place in the held View when that is shorter
// than its id, and a marker whose value alone changed, or that is gone, by its place in the held
// list when that is shorter than its key (view.proto UnitChange.at, SideChange.at,
// MarkerChange.value_at and gone_at). Every
// case is applied and compared with the fresh View byte for byte (tests/support/patch_check.h).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/model/view_patch.h"
#include "tests/support/patch_check.h"

namespace sandtable {
namespace {

void add_marker(google::protobuf::RepeatedPtrField<pb::Marker>& markers, const std::string& key, const std::string& label,
                const std::string& value) {
  auto* m = markers.Add();
  m->set_key(key);
  m->set_label(label);
  m->set_value(value);
}

// Two sides, three units with the ids a rule set gives them, each with a name and a marker.
pb::View table() {
  pb::View v;
  v.set_ruleset("test");
  v.set_viewer("gm");
  v.mutable_grid()->set_cols(8);
  for (const char* s : {"blue", "red"}) {
    auto* side = v.add_sides();
    side->set_id(s);
    side->set_name(std::string(s) + " army");
    add_marker(*side->mutable_markers(), "activations_left", "Activations left", "6");
  }
  for (const char* id : {"b-inf-1", "r-inf-1", "r-inf-2"}) {
    auto* u = v.add_units();
    u->set_id(id);
    u->set_side(id[0] == 'b' ? "blue" : "red");
    u->set_name(std::string("11th Line ") + id);
    u->mutable_square()->set_col(2);
    u->mutable_square()->set_row(3);
    add_marker(*u->mutable_markers(), "quality", "Quality", "veteran");
  }
  return v;
}

std::vector<std::uint32_t> places(const google::protobuf::RepeatedField<std::uint32_t>& at) { return {at.begin(), at.end()}; }

TEST(ChangePlaces, AMovedUnitIsNamedByItsPlace) {
  const pb::View held = table();
  pb::View fresh = held;
  fresh.mutable_units(2)->mutable_square()->set_row(5);
  const auto p = patch_and_apply(held, fresh);
  ASSERT_EQ(p.unit_changes_size(), 1);
  EXPECT_TRUE(p.unit_changes(0).has_at());
  EXPECT_EQ(p.unit_changes(0).at(), 2u) << "r-inf-2, third";
  EXPECT_TRUE(p.unit_changes(0).id().empty()) << "not its id besides";
}

// The place is the held View's, before units leave: r-inf-2 is third although r-inf-1 is gone.
TEST(ChangePlaces, APlaceIsTheHeldViewsBeforeUnitsLeave) {
  const pb::View held = table();
  pb::View fresh = held;
  fresh.mutable_units(2)->mutable_square()->set_row(5);
  fresh.mutable_units()->DeleteSubrange(1, 1);
  const auto p = patch_and_apply(held, fresh);
  ASSERT_EQ(p.units_gone_size(), 1);
  ASSERT_EQ(p.unit_changes_size(), 1);
  EXPECT_EQ(p.unit_changes(0).at(), 2u);
}

TEST(ChangePlaces, ACountDownIsNamedByItsPlaceAndItsSideByHers) {
  pb::View held = table();
  add_marker(*held.mutable_sides(1)->mutable_markers(), "exhaustion_point", "Exhaustion point", "12");
  held.mutable_sides(1)->mutable_markers()->SwapElements(0, 1);
  pb::View fresh = held;
  fresh.mutable_sides(1)->mutable_markers(1)->set_value("5");
  const auto p = patch_and_apply(held, fresh);
  ASSERT_EQ(p.side_changes_size(), 1);
  const auto& c = p.side_changes(0);
  EXPECT_EQ(c.at(), 1u) << "red, second";
  EXPECT_TRUE(c.id().empty());
  ASSERT_EQ(c.markers().values_size(), 1);
  EXPECT_TRUE(c.markers().values(0).key().empty()) << "the key stays home";
  EXPECT_EQ(c.markers().values(0).value(), "5");
  EXPECT_EQ(places(c.markers().value_at()), (std::vector<std::uint32_t>{1}));
}

// The place of a value is in the held list, before a marker in front of it goes.
TEST(ChangePlaces, AValuesPlaceIsTheHeldListsBeforeMarkersGo) {
  pb::View held = table();
  auto& markers = *held.mutable_units(0)->mutable_markers();
  add_marker(markers, "activated", "Activated", "");
  add_marker(markers, "ammunition_left", "Ammunition left", "3");
  pb::View fresh = held;
  auto& now = *fresh.mutable_units(0)->mutable_markers();
  now.Mutable(2)->set_value("2");
  now.DeleteSubrange(1, 1);
  const auto p = patch_and_apply(held, fresh);
  ASSERT_EQ(p.unit_changes_size(), 1);
  const auto& m = p.unit_changes(0).markers();
  EXPECT_EQ(places(m.gone_at()), (std::vector<std::uint32_t>{1})) << "activated, by its place";
  EXPECT_EQ(m.gone_size(), 0);
  EXPECT_EQ(places(m.value_at()), (std::vector<std::uint32_t>{2}));
}

// The end of a turn takes the same markers off every unit: each goes by its place.
TEST(ChangePlaces, MarkersGoneGoByTheirPlaces) {
  pb::View held = table();
  for (auto& u : *held.mutable_units()) {
    add_marker(*u.mutable_markers(), "activated", "Activated", "");
    add_marker(*u.mutable_markers(), "moved", "Moved", "");
  }
  pb::View fresh = held;
  for (auto& u : *fresh.mutable_units()) u.mutable_markers()->DeleteSubrange(1, 2);
  const auto p = patch_and_apply(held, fresh);
  ASSERT_EQ(p.unit_changes_size(), 3);
  for (const auto& c : p.unit_changes()) {
    EXPECT_EQ(places(c.markers().gone_at()), (std::vector<std::uint32_t>{1, 2}));
    EXPECT_EQ(c.markers().gone_size(), 0);
  }
}

// A key no longer than its place costs travels as the key.
TEST(ChangePlaces, AShortKeyTravelsAsItself) {
  pb::View held = table();
  held.mutable_sides(0)->mutable_markers(0)->set_key("n");
  pb::View fresh = held;
  fresh.mutable_sides(0)->mutable_markers(0)->set_value("5");
  const auto p = patch_and_apply(held, fresh);
  ASSERT_EQ(p.side_changes_size(), 1);
  EXPECT_EQ(p.side_changes(0).markers().value_at_size(), 0);
  EXPECT_EQ(p.side_changes(0).markers().values(0).key(), "n");
}

// Places the held View does not have, or a place for some values only, are refused: the client
// asks for a fresh View.
TEST(ChangePlaces, ApplyRefusesAPlaceItDoesNotHold) {
  const auto refused = [](const pb::ViewPatch& p) {
    pb::View v = table();
    return !apply_patch(v, p, 8);
  };
  pb::ViewPatch unit;
  unit.add_unit_changes()->set_at(3);
  EXPECT_TRUE(refused(unit)) << "a unit past the last";
  pb::ViewPatch side;
  side.add_side_changes()->set_at(2);
  EXPECT_TRUE(refused(side)) << "a side past the last";
  pb::ViewPatch value;
  auto* c = value.add_side_changes();
  c->set_at(0);
  c->mutable_markers()->add_values()->set_value("5");
  c->mutable_markers()->add_value_at(1);
  EXPECT_TRUE(refused(value)) << "a marker past the last";
  pb::ViewPatch uneven = value;
  uneven.mutable_side_changes(0)->mutable_markers()->set_value_at(0, 0);
  uneven.mutable_side_changes(0)->mutable_markers()->add_values()->set_value("4");
  EXPECT_TRUE(refused(uneven)) << "two values, one place";
  pb::ViewPatch gone;
  auto* g = gone.add_unit_changes();
  g->set_at(0);
  g->mutable_markers()->add_gone_at(1);
  EXPECT_TRUE(refused(gone)) << "a gone marker past the last";
  pb::ViewPatch fits = value;
  fits.mutable_side_changes(0)->mutable_markers()->set_value_at(0, 0);
  pb::View v = table();
  ASSERT_TRUE(apply_patch(v, fits, 8));
  EXPECT_EQ(v.sides(0).markers(0).value(), "5");
  EXPECT_EQ(v.sides(0).markers(0).label(), "Activations left");
}

}  // namespace
}  // namespace sandtable
