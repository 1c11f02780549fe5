// View patches (engine/model/view_patch.h): a patch applied to the View a seat holds gives
// exactly the seat's fresh View, checked on hand-made Views for each kind of change. The bot games
// that check it after every order are in view_patch_bot_games_test.cc.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <set>
#include <string>

#include "engine/model/list_diff.h"
#include "engine/model/view_patch.h"
#include "tests/support/patch_check.h"

namespace sandtable {
namespace {

pb::UnitView unit(const std::string& id, int strength) {
  pb::UnitView u;
  u.set_id(id);
  u.set_side("blue");
  u.set_strength(strength);
  return u;
}

pb::View base_view() {
  pb::View v;
  v.set_ruleset("test");
  v.set_viewer("blue");
  v.set_seq(7);
  v.mutable_grid()->set_cols(8);
  for (const char* s : {"blue", "red"}) v.add_sides()->set_id(s);
  *v.add_units() = unit("a", 3);
  *v.add_units() = unit("b", 3);
  *v.add_units() = unit("c", 3);
  v.mutable_turn()->set_turn(1);
  v.mutable_menu()->add_actions()->set_id("end");
  v.mutable_result();
  return v;
}

TEST(ViewPatch, KnowsEveryFieldOfView) {
  // A View field the diff does not compare would silently never reach a client through a patch.
  std::set<int> known(std::begin(kViewFieldsPatched), std::end(kViewFieldsPatched));
  const auto* d = pb::View::descriptor();
  std::set<int> fields;
  for (int i = 0; i < d->field_count(); ++i) fields.insert(d->field(i)->number());
  EXPECT_EQ(fields, known);
}

TEST(ViewPatch, KnowsEveryFieldOfMarker) {
  // A marker whose label stayed travels as its key and value (MarkerChange.values); a Marker field
  // besides those three would then be lost.
  const auto* d = pb::Marker::descriptor();
  ASSERT_EQ(d->field_count(), 3);
  EXPECT_EQ(d->field(0)->number(), pb::Marker::kKeyFieldNumber);
  EXPECT_EQ(d->field(1)->number(), pb::Marker::kLabelFieldNumber);
  EXPECT_EQ(d->field(2)->number(), pb::Marker::kValueFieldNumber);
}

// The held units' bytes lie end to end in one buffer: each part must be exactly its message's
// serialization, or a diff would compare (and send) the wrong unit.
TEST(ViewPatch, PartListHoldsEachMessageOnItsOwn) {
  pb::View v;
  for (const char* id : {"a", "bb", "", "dddd"}) {
    auto* u = v.add_units();
    u->set_id(id);
    u->set_strength(static_cast<int>(std::string(id).size()));
  }
  const ViewBytes b = bytes_of(v);
  ASSERT_EQ(b.pieces->units.size(), 4u);
  std::size_t total = 0;
  for (int i = 0; i < v.units_size(); ++i) {
    EXPECT_EQ(b.pieces->units[static_cast<std::size_t>(i)], v.units(i).SerializeAsString()) << i;
    total += v.units(i).ByteSizeLong();
  }
  EXPECT_EQ(b.pieces->units.total_bytes(), total);
  pb::View other = v;
  other.mutable_units(2)->set_strength(7);
  EXPECT_FALSE(bytes_of(other).pieces->units == b.pieces->units);
  EXPECT_TRUE(bytes_of(v).pieces->units == b.pieces->units);
  EXPECT_EQ(bytes_of(pb::View{}).pieces->units.size(), 0u);
}

TEST(ViewPatch, NothingChangedIsAnEmptyPatch) {
  const pb::View v = base_view();
  const auto p = patch_and_apply(v, v);
  EXPECT_EQ(p.ByteSizeLong(), 0u);
}

TEST(ViewPatch, CarriesOnlyTheUnitThatChanged) {
  const pb::View held = base_view();
  pb::View fresh = held;
  fresh.mutable_units(1)->set_strength(2);
  const auto p = patch_and_apply(held, fresh);
  // Whole or as the field that changed, whichever is smaller (here the change, by a byte).
  ASSERT_EQ(p.units_size() + p.unit_changes_size(), 1);
  // A change names the unit by its place in the held View (1: "b") when that is shorter.
  EXPECT_TRUE(p.units_size() == 1 ? p.units(0).id() == "b" : p.unit_changes(0).at() == 1);
  EXPECT_EQ(p.units_gone_size(), 0);
  EXPECT_FALSE(p.has_unit_order());
  EXPECT_FALSE(p.has_turn());
  EXPECT_FALSE(p.has_menu());
}

// A unit with its name and markers that moves, or is unloaded, travels as the fields that
// changed; one whose every field changed, or a small one, goes whole.
TEST(ViewPatch, AMovedUnitTravelsAsTheFieldsThatChanged) {
  pb::View held = base_view();
  auto* u = held.mutable_units(1);
  u->set_name("2nd Battalion, 33rd Foot");
  u->set_type("infantry");
  u->mutable_square()->set_col(2);
  u->mutable_square()->set_row(3);
  u->set_carried_by("wagon-1");
  for (const char* m : {"Quality: veteran", "In line", "Activated"}) u->add_markers()->set_label(m);
  pb::View fresh = held;
  fresh.mutable_units(1)->mutable_square()->set_row(4);
  fresh.mutable_units(1)->clear_carried_by();
  const auto p = patch_and_apply(held, fresh);
  EXPECT_EQ(p.units_size(), 0);
  ASSERT_EQ(p.unit_changes_size(), 1);
  const auto& c = p.unit_changes(0);
  EXPECT_EQ(c.at(), 1u) << "b, by its place";
  EXPECT_EQ(std::vector<int>(c.fields().begin(), c.fields().end()), (std::vector<int>{pb::UnitView::kSquareFieldNumber,
                                                                                      pb::UnitView::kCarriedByFieldNumber}));
  EXPECT_EQ(c.value().square().row(), 4);
  EXPECT_TRUE(c.value().name().empty()) << "the fields that did not change stay home";
  EXPECT_LT(p.ByteSizeLong(), fresh.units(1).ByteSizeLong());

  // A side's loss: its count, not its name and markers.
  pb::View lost = fresh;
  auto* side = lost.mutable_sides(0);
  side->set_name("The King's German Legion");
  side->set_standing("lost 2 of 9: at 9 this side can no longer advance");
  pb::View later = lost;
  later.mutable_sides(0)->set_strength_lost(3);
  const auto q = patch_and_apply(lost, later);
  EXPECT_EQ(q.sides_size(), 0);
  ASSERT_EQ(q.side_changes_size(), 1);
  EXPECT_EQ(q.side_changes(0).fields_size(), 1);
  EXPECT_EQ(q.side_changes(0).fields(0), pb::SideView::kStrengthLostFieldNumber);
}

// A unit whose figures moved in formation sends how far they moved, not each figure again; one
// whose figures moved apart, or were lost, sends them.
TEST(ViewPatch, FiguresMovedTogetherTravelAsOneShift) {
  pb::View held = base_view();
  auto* u = held.mutable_units(0);
  u->mutable_position()->set_x(17.278174593052025);
  u->mutable_position()->set_y(11.278174593052022);
  for (int i = 0; i < 8; ++i) {
    auto* f = u->add_figures();
    f->set_id("a-" + std::to_string(i));
    f->set_kind(i < 2 ? "leader" : "rifle");
    f->mutable_position()->set_x(15.778174593052022 + i % 4);
    f->mutable_position()->set_y(10.778174593052022 + i / 4);
  }
  pb::View fresh = held;
  auto* v = fresh.mutable_units(0);
  v->mutable_position()->set_x(v->position().x() + 0.75);
  v->mutable_position()->set_y(v->position().y() - 2.5);
  for (auto& f : *v->mutable_figures()) {
    f.mutable_position()->set_x(f.position().x() + 0.75);
    f.mutable_position()->set_y(f.position().y() - 2.5);
  }
  const auto p = patch_and_apply(held, fresh);
  ASSERT_EQ(p.unit_changes_size(), 1);
  const auto& c = p.unit_changes(0);
  EXPECT_EQ(std::vector<int>(c.fields().begin(), c.fields().end()), std::vector<int>{pb::UnitView::kPositionFieldNumber});
  ASSERT_TRUE(c.has_figures_shift());
  EXPECT_EQ(c.figures_shift().x(), 0.75);
  EXPECT_EQ(c.figures_shift().y(), -2.5);
  EXPECT_EQ(c.value().figures_size(), 0);
  EXPECT_LT(p.ByteSizeLong(), 60u);

  // One figure left behind, or one lost: the figures travel.
  pb::View apart = fresh;
  apart.mutable_units(0)->mutable_figures(3)->mutable_position()->set_x(40);
  const auto q = patch_and_apply(held, apart);
  ASSERT_EQ(q.unit_changes_size(), 1);
  EXPECT_FALSE(q.unit_changes(0).has_figures_shift());
  EXPECT_EQ(q.unit_changes(0).value().figures_size(), 8);
  pb::View lost = fresh;
  lost.mutable_units(0)->mutable_figures()->RemoveLast();
  const auto r = patch_and_apply(held, lost);
  ASSERT_EQ(r.unit_changes_size(), 1);
  EXPECT_FALSE(r.unit_changes(0).has_figures_shift());
}

// Applying a change with a field number the message lacks, or for a unit it does not hold, fails.
TEST(ViewPatch, ApplyRefusesAChangeItCannotMake) {
  pb::View v = base_view();
  pb::ViewPatch p;
  auto* c = p.add_unit_changes();
  c->set_id("b");
  c->add_fields(99);
  EXPECT_FALSE(apply_patch(v, p, 8));
  pb::View w = base_view();
  pb::ViewPatch q;
  q.add_unit_changes()->set_id("zz");
  EXPECT_FALSE(apply_patch(w, q, 8));
  pb::View x = base_view();
  pb::ViewPatch r;
  r.add_side_changes()->set_id("green");
  EXPECT_FALSE(apply_patch(x, r, 8));
}

TEST(ViewPatch, RemovedAndNewUnits) {
  const pb::View held = base_view();
  pb::View fresh = held;
  fresh.mutable_units()->DeleteSubrange(0, 1);  // a gone
  *fresh.add_units() = unit("d", 1);            // d spotted
  const auto p = patch_and_apply(held, fresh);
  ASSERT_EQ(p.units_gone_size(), 1);
  EXPECT_EQ(p.units_gone(0), "a");
  ASSERT_EQ(p.units_size(), 1);
  EXPECT_EQ(p.units(0).id(), "d");
  EXPECT_FALSE(p.has_unit_order());
}

TEST(ViewPatch, ANewOrderOfUnitsTravelsAsIds) {
  const pb::View held = base_view();
  pb::View fresh = held;
  fresh.mutable_units()->SwapElements(0, 2);
  *fresh.add_units() = unit("d", 1);
  fresh.mutable_units()->SwapElements(0, 3);  // the new unit first
  const auto p = patch_and_apply(held, fresh);
  ASSERT_TRUE(p.has_unit_order());
  EXPECT_EQ(p.unit_order().ids_size(), 4);
}

TEST(ViewPatch, SidesTurnMenuDecisionsResultAndPause) {
  const pb::View held = base_view();
  pb::View fresh = held;
  fresh.mutable_sides(1)->set_strength_lost(2);
  fresh.mutable_turn()->set_turn(2);
  fresh.mutable_menu()->clear_actions();  // an empty menu is a value
  fresh.add_decisions()->set_id(4);
  fresh.mutable_result()->set_over(true);
  fresh.set_paused(true);
  const auto p = patch_and_apply(held, fresh);
  ASSERT_EQ(p.sides_size(), 1);
  EXPECT_EQ(p.sides(0).id(), "red");
  EXPECT_TRUE(p.has_turn());
  EXPECT_TRUE(p.has_menu());
  EXPECT_EQ(p.menu().actions_size(), 0);
  EXPECT_TRUE(p.has_decisions());
  EXPECT_TRUE(p.has_result());
  EXPECT_TRUE(p.has_paused());
}

// A menu of several actions with targets, as the side that acts has.
pb::View with_menu() {
  pb::View v = base_view();
  auto* menu = v.mutable_menu();
  menu->clear_actions();
  for (const char* id : {"a-move", "a-fire", "b-move", "b-fire", "c-move", "end"}) {
    auto* a = menu->add_actions();
    a->set_id(id);
    a->set_kind(std::string(id).substr(2));
    a->set_label(std::string("Order for ") + id);
    a->set_rule_id("PW-MOVE-01");
    for (int t = 0; t < 4; ++t) {
      auto* target = a->add_targets();
      target->set_id(std::string(id) + "-" + std::to_string(t));
      target->set_label("Square C" + std::to_string(t));
    }
  }
  menu->add_gm_phases("move");
  return v;
}

std::vector<std::string> ids_of(const google::protobuf::RepeatedPtrField<std::string>& ids) { return {ids.begin(), ids.end()}; }

// After an activation most of the acting side's menu is as it was: the actions that changed
// travel, with the ids of those gone, not the whole menu again.
TEST(ViewPatch, AChangedMenuTravelsAsTheActionsThatChanged) {
  const pb::View held = with_menu();
  pb::View fresh = held;
  auto* menu = fresh.mutable_menu();
  menu->mutable_actions()->DeleteSubrange(0, 2);                // a acted: its moves are gone
  menu->mutable_actions(0)->mutable_targets()->RemoveLast();    // b-move: a square taken
  menu->add_actions()->set_id("a-rally");                       // a new action, last
  menu->clear_gm_phases();
  const auto p = patch_and_apply(held, fresh);
  EXPECT_FALSE(p.has_menu());
  ASSERT_TRUE(p.has_menu_change());
  const auto& c = p.menu_change();
  EXPECT_EQ(ids_of(c.actions_gone()), (std::vector<std::string>{"a-move", "a-fire"}));
  ASSERT_EQ(c.actions_size(), 1);
  EXPECT_EQ(c.actions(0).id(), "a-rally");
  // b-move lost a target: that target's id travels, not the action (action_change_test.cc).
  ASSERT_EQ(c.action_changes_size(), 1);
  EXPECT_EQ(c.action_changes(0).id(), "b-move");
  EXPECT_EQ(ids_of(c.action_changes(0).targets_gone()), (std::vector<std::string>{"b-move-3"}));
  EXPECT_FALSE(c.has_action_order());
  EXPECT_EQ(std::vector<int>(c.fields().begin(), c.fields().end()), (std::vector<int>{pb::ActionMenu::kGmPhasesFieldNumber}));
  EXPECT_LT(p.ByteSizeLong() * 3, fresh.menu().ByteSizeLong()) << p.DebugString();

  // Only an order that differs from held-less-gone-plus-new travels as ids.
  pb::View shuffled = held;
  shuffled.mutable_menu()->mutable_actions()->SwapElements(0, 5);
  const auto q = patch_and_apply(held, shuffled);
  ASSERT_TRUE(q.has_menu_change());
  EXPECT_EQ(q.menu_change().action_order().ids_size(), 6);
  EXPECT_EQ(q.menu_change().actions_size(), 0);

  // A menu whose every action is new, or whose actions share an id, goes whole.
  pb::View other = held;
  for (auto& a : *other.mutable_menu()->mutable_actions()) a.set_id(a.id() + "-again");
  other.mutable_menu()->set_gm_phases(0, "fire");
  EXPECT_TRUE(patch_and_apply(held, other).has_menu());
  pb::View twins = held;
  twins.mutable_menu()->mutable_actions(1)->set_id("a-move");
  EXPECT_TRUE(patch_and_apply(held, twins).has_menu());
  EXPECT_TRUE(patch_and_apply(twins, held).has_menu());
}

// A unit's or side's markers change by key: "Moved" added and "Activations left" counted down
// do not send the markers that stayed.
TEST(ViewPatch, MarkersChangeByKey) {
  pb::View held = base_view();
  auto add = [](auto* m, const char* key, const char* label, const char* value) {
    auto* x = m->add_markers();
    x->set_key(key);
    x->set_label(label);
    x->set_value(value);
  };
  auto* u = held.mutable_units(1);
  u->set_name("2nd Battalion, 33rd Foot");
  add(u, "quality", "Quality", "veteran");
  add(u, "activated", "Activated", "");
  add(u, "in_river", "In the river", "");
  add(u, "holding_trench", "Holding a trench", "");
  auto* side = held.mutable_sides(0);
  add(side, "exhaustion_point", "Exhaustion point", "12");
  add(side, "activation_dice", "Activation dice", "3");
  add(side, "activations_left", "Activations left", "3");
  pb::View fresh = held;
  auto* fu = fresh.mutable_units(1);
  fu->set_strength(2);
  fu->mutable_markers()->DeleteSubrange(2, 1);  // out of the river
  add(fu, "moved", "Moved", "");
  fresh.mutable_sides(0)->mutable_markers(2)->set_value("2");
  const auto p = patch_and_apply(held, fresh);
  ASSERT_EQ(p.unit_changes_size(), 1);
  const auto& c = p.unit_changes(0);
  EXPECT_EQ(std::vector<int>(c.fields().begin(), c.fields().end()), (std::vector<int>{pb::UnitView::kStrengthFieldNumber}));
  ASSERT_TRUE(c.has_markers());
  EXPECT_EQ(c.markers().gone_size(), 0) << "in_river goes by its place, shorter than its key";
  EXPECT_EQ(std::vector<std::uint32_t>(c.markers().gone_at().begin(), c.markers().gone_at().end()), (std::vector<std::uint32_t>{2}));
  ASSERT_EQ(c.markers().markers_size(), 1);
  EXPECT_EQ(c.markers().markers(0).key(), "moved");
  EXPECT_FALSE(c.markers().has_order());
  ASSERT_EQ(p.side_changes_size(), 1);
  EXPECT_EQ(p.side_changes(0).fields_size(), 0);
  EXPECT_FALSE(p.side_changes(0).has_value()) << "no field changed: no empty value either";
  // A count down keeps its words: the marker's place (activations_left, third) and the new value travel.
  EXPECT_EQ(p.side_changes(0).markers().markers_size(), 0);
  ASSERT_EQ(p.side_changes(0).markers().values_size(), 1);
  EXPECT_EQ(p.side_changes(0).markers().values(0).key(), "");
  EXPECT_EQ(std::vector<std::uint32_t>(p.side_changes(0).markers().value_at().begin(), p.side_changes(0).markers().value_at().end()),
            (std::vector<std::uint32_t>{2}));
  EXPECT_EQ(p.side_changes(0).markers().values(0).label(), "");
  EXPECT_EQ(p.side_changes(0).markers().values(0).value(), "2");
  // New words for a held key travel whole, the value too.
  pb::View relabelled = held;
  relabelled.mutable_sides(0)->mutable_markers(2)->set_label("Orders left");
  const auto l = patch_and_apply(held, relabelled);
  ASSERT_EQ(l.side_changes_size(), 1);
  EXPECT_EQ(l.side_changes(0).markers().values_size(), 0);
  ASSERT_EQ(l.side_changes(0).markers().markers_size(), 1);
  EXPECT_EQ(l.side_changes(0).markers().markers(0).value(), "3");

  // A new order travels as keys; markers that share a key travel as the whole field.
  pb::View moved_up = held;
  moved_up.mutable_units(1)->mutable_markers()->SwapElements(0, 3);
  const auto q = patch_and_apply(held, moved_up);
  ASSERT_EQ(q.unit_changes_size(), 1);
  EXPECT_EQ(q.unit_changes(0).markers().order().ids_size(), 4);
  EXPECT_EQ(q.unit_changes(0).markers().at_size(), 0);
  // A marker added mid-list travels with its place, not with every key in order.
  pb::View inserted = held;
  auto* im = inserted.mutable_units(1)->mutable_markers();
  im->DeleteSubrange(2, 1);  // out of the river
  auto* fired = im->Add();
  fired->set_key("fired");
  fired->set_label("Fired");
  for (int i = im->size() - 1; i > 1; --i) im->SwapElements(i, i - 1);  // quality, fired, activated, holding_trench
  const auto a = patch_and_apply(held, inserted);
  ASSERT_EQ(a.unit_changes_size(), 1);
  const auto& am = a.unit_changes(0).markers();
  ASSERT_EQ(am.markers_size(), 1);
  EXPECT_EQ(am.markers(0).key(), "fired");
  EXPECT_EQ(std::vector<std::uint32_t>(am.at().begin(), am.at().end()), (std::vector<std::uint32_t>{1}));
  EXPECT_FALSE(am.has_order());
  EXPECT_EQ(std::vector<std::uint32_t>(am.gone_at().begin(), am.gone_at().end()), (std::vector<std::uint32_t>{2})) << "in_river";
  pb::View twins = held;
  twins.mutable_units(1)->mutable_markers(3)->set_key("quality");
  const auto r = patch_and_apply(held, twins);
  ASSERT_EQ(r.unit_changes_size(), 1);
  EXPECT_FALSE(r.unit_changes(0).has_markers());
  EXPECT_EQ(std::vector<int>(r.unit_changes(0).fields().begin(), r.unit_changes(0).fields().end()),
            (std::vector<int>{pb::UnitView::kMarkersFieldNumber}));
}

// The GM's rewind points gain the newest in front and lose the oldest: the new point travels,
// with how many held ones stay, not the six again.
TEST(ViewPatch, RewindPointsTravelAsTheNewOnesAndHowManyStay) {
  pb::View held = with_menu();
  auto point = [](pb::ActionMenu* m, std::uint64_t seq) {
    auto* p = m->add_rewind_points();
    p->set_seq(seq);
    p->set_seat(seq % 2 ? "red" : "blue");
  };
  for (std::uint64_t seq : {40, 37, 33, 30, 28, 25}) point(held.mutable_menu(), seq);
  pb::View fresh = held;
  fresh.mutable_menu()->clear_rewind_points();
  for (std::uint64_t seq : {44, 40, 37, 33, 30, 28}) point(fresh.mutable_menu(), seq);
  const auto p = patch_and_apply(held, fresh);
  ASSERT_TRUE(p.has_menu_change());
  const auto& c = p.menu_change();
  EXPECT_TRUE(c.fields().empty());
  ASSERT_EQ(c.rewind_points_new_size(), 1);
  EXPECT_EQ(c.rewind_points_new(0).seq(), 44u);
  EXPECT_EQ(c.rewind_points_kept(), 5u);
  EXPECT_LT(p.ByteSizeLong(), 60u);

  // Points only dropped (the GM rewound): none new, fewer kept.
  pb::View rewound = held;
  rewound.mutable_menu()->mutable_rewind_points()->DeleteSubrange(4, 2);
  const auto q = patch_and_apply(held, rewound);
  ASSERT_TRUE(q.menu_change().has_rewind_points_kept());
  EXPECT_EQ(q.menu_change().rewind_points_kept(), 4u);
  EXPECT_EQ(q.menu_change().rewind_points_new_size(), 0);
  // A list that is no shift of the held one travels as the field.
  pb::View other = held;
  other.mutable_menu()->mutable_rewind_points()->SwapElements(0, 1);
  const auto r = patch_and_apply(held, other);
  EXPECT_FALSE(r.menu_change().has_rewind_points_kept());
  EXPECT_EQ(std::vector<int>(r.menu_change().fields().begin(), r.menu_change().fields().end()),
            (std::vector<int>{pb::ActionMenu::kRewindPointsFieldNumber}));

  // More kept than held, or the field named as well, does not fit.
  pb::View x = held;
  pb::ViewPatch bad;
  bad.mutable_menu_change()->set_rewind_points_kept(7);
  EXPECT_FALSE(apply_patch(x, bad, 8));
  pb::View y = held;
  bad.mutable_menu_change()->set_rewind_points_kept(2);
  bad.mutable_menu_change()->add_fields(pb::ActionMenu::kRewindPointsFieldNumber);
  EXPECT_FALSE(apply_patch(y, bad, 8));
}

// A turn of which a few fields changed (the active unit, the task) travels as those fields.
TEST(ViewPatch, AChangedTurnTravelsAsTheFieldsThatChanged) {
  pb::View held = base_view();
  auto* t = held.mutable_turn();
  t->set_phase("activation");
  t->set_active_side("blue");
  t->set_active_unit("a");
  t->add_waiting_for("blue");
  t->set_first_side("red");
  t->set_task("Your activation: finish with a (then 3 units left)");
  pb::View fresh = held;
  fresh.mutable_turn()->set_active_unit("b");
  fresh.mutable_turn()->clear_task();
  const auto p = patch_and_apply(held, fresh);
  EXPECT_FALSE(p.has_turn());
  ASSERT_TRUE(p.has_turn_change());
  EXPECT_EQ(std::vector<int>(p.turn_change().fields().begin(), p.turn_change().fields().end()),
            (std::vector<int>{pb::TurnView::kActiveUnitFieldNumber, pb::TurnView::kTaskFieldNumber}));
  EXPECT_EQ(p.turn_change().value().active_unit(), "b");
  EXPECT_LT(p.ByteSizeLong(), fresh.turn().ByteSizeLong());
  // A turn whose every field changed goes whole.
  pb::View next = held;
  auto* n = next.mutable_turn();
  n->set_turn(2);
  n->set_phase("artillery fire");
  n->set_active_side("red");
  n->set_active_unit("c");
  n->set_waiting_for(0, "red");
  n->set_first_side("blue");
  n->set_task("Your artillery fire: plan your batteries");
  const auto q = patch_and_apply(held, next);
  EXPECT_TRUE(q.has_turn());
  EXPECT_FALSE(q.has_turn_change());
  // Applied to a View that holds no turn, a turn change does not fit.
  pb::View bare = base_view();
  bare.clear_turn();
  EXPECT_FALSE(apply_patch(bare, p, 8));
}

TEST(ViewPatch, ApplyRefusesAMenuOrMarkerChangeItCannotMake) {
  pb::View v = with_menu();
  pb::ViewPatch p;
  p.mutable_menu_change()->mutable_action_order()->add_ids("end");
  EXPECT_FALSE(apply_patch(v, p, 8)) << "an order that leaves actions out";
  pb::View w = with_menu();
  pb::ViewPatch q;
  q.mutable_menu_change()->add_fields(pb::ActionMenu::kActionsFieldNumber);
  EXPECT_FALSE(apply_patch(w, q, 8)) << "a change naming the actions as a field";
  pb::View x = base_view();
  pb::ViewPatch r;
  auto* c = r.add_unit_changes();
  c->set_id("a");
  c->mutable_markers()->mutable_order()->add_ids("nothing");
  EXPECT_FALSE(apply_patch(x, r, 8)) << "an order of markers the unit does not have";
  pb::View y = base_view();
  pb::ViewPatch s;
  auto* m = s.add_unit_changes();
  m->set_id("a");
  auto* value = m->mutable_markers()->add_values();
  value->set_key("dug_in");
  value->set_value("1");
  EXPECT_FALSE(apply_patch(y, s, 8)) << "a value for a marker the unit does not have";
  // Places for markers: one for each, inside the list, none twice, never beside an order.
  auto placed = [](std::initializer_list<std::uint32_t> at, bool with_order) {
    pb::View v = base_view();
    auto* held = v.mutable_units(0)->add_markers();
    held->set_key("quality");
    held->set_label("Quality");
    pb::ViewPatch p;
    auto* c = p.add_unit_changes();
    c->set_id(v.units(0).id());
    for (const char* key : {"fired", "moved"}) c->mutable_markers()->add_markers()->set_key(key);
    for (auto i : at) c->mutable_markers()->add_at(i);
    if (with_order) {
      for (const char* key : {"fired", "quality", "moved"}) c->mutable_markers()->mutable_order()->add_ids(key);
    }
    const bool ok = apply_patch(v, p, 8);
    std::string keys;
    for (const auto& m : v.units(0).markers()) keys += m.key() + " ";
    return ok ? keys : std::string("refused");
  };
  EXPECT_EQ(placed({2, 0}, false), "moved quality fired ");
  EXPECT_EQ(placed({0, 3}, false), "refused") << "a place past the end";
  EXPECT_EQ(placed({1, 1}, false), "refused") << "a place given twice";
  EXPECT_EQ(placed({1}, false), "refused") << "a place missing";
  EXPECT_EQ(placed({0, 2}, true), "refused") << "places and an order";
}

TEST(ViewPatch, WhatAPatchCannotSayIsRefused) {
  const pb::View held = base_view();
  pb::View table = held;
  table.mutable_grid()->set_cols(9);
  EXPECT_FALSE(diff_views(held, table).has_value()) << "the static table changed";
  pb::View sides = held;
  sides.add_sides()->set_id("green");
  EXPECT_FALSE(diff_views(held, sides).has_value()) << "a side came";
  pb::View unset = held;
  unset.clear_menu();
  EXPECT_FALSE(diff_views(held, unset).has_value()) << "the menu went from set to unset";
  pb::View twins = held;
  *twins.add_units() = unit("a", 1);
  EXPECT_FALSE(diff_views(held, twins).has_value()) << "two units share an id";
  pb::View joined = held;
  joined.mutable_dice()->set_scheme("sandtable-dice/2");
  joined.mutable_dice()->add_added("blue");
  EXPECT_FALSE(diff_views(held, joined).has_value()) << "a seat's randomness came: the dice mix travels whole";
  pb::View sealed = joined;
  sealed.mutable_dice()->set_sealed(true);
  EXPECT_FALSE(diff_views(joined, sealed).has_value()) << "the dice were sealed";
}

TEST(ViewPatch, ApplyRefusesAPatchForAnotherView) {
  pb::View v = base_view();
  pb::ViewPatch p;
  p.add_sides()->set_id("green");
  EXPECT_FALSE(apply_patch(v, p, 8));
  pb::View w = base_view();
  pb::ViewPatch q;
  q.mutable_unit_order()->add_ids("a");
  EXPECT_FALSE(apply_patch(w, q, 8));
}

TEST(ListDiff, RepeatsFindsAnIdUsedTwiceInShortAndLongLists) {
  for (const int n : {0, 1, 2, 5, 48, 49, 200}) {
    std::vector<std::string> ids;
    for (int i = 0; i < n; ++i) ids.push_back("u" + std::to_string(i));
    const auto at = [&ids](int i) { return std::string_view(ids[static_cast<std::size_t>(i)]); };
    EXPECT_FALSE(repeats(static_cast<int>(ids.size()), at)) << n;
    if (n < 2) continue;
    ids.back() = ids.front();
    EXPECT_TRUE(repeats(static_cast<int>(ids.size()), at)) << n;
    ids.back() = "last";
    ids[static_cast<std::size_t>(n / 2)] = ids[static_cast<std::size_t>(n / 2 - 1)];
    EXPECT_TRUE(repeats(static_cast<int>(ids.size()), at)) << n;
  }
}

}  // namespace
}  // namespace sandtable
