// Boxed<T> stands in for std::optional<T> in rule sets' states (engine/core/boxed.h): a state is
// copied for every order, so a copy must never share the boxed value with its original.
#include "engine/core/boxed.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace sandtable {
namespace {

struct Part {
  std::string name;
  std::vector<int> values;
};

TEST(Boxed, EmptyUntilSetLikeAnOptional) {
  Boxed<Part> b;
  EXPECT_FALSE(b.has_value());
  EXPECT_FALSE(b);
  b = Part{"gun", {1, 2}};
  ASSERT_TRUE(b);
  EXPECT_EQ(b->name, "gun");
  EXPECT_EQ((*b).values.size(), 2u);
  b = std::nullopt;
  EXPECT_FALSE(b);
  b.emplace(Part{"hull", {}});
  EXPECT_EQ(b->name, "hull");
  b.reset();
  EXPECT_FALSE(b.has_value());
}

TEST(Boxed, ACopyOwnsItsOwnValue) {
  Boxed<Part> a = Part{"gun", {1}};
  Boxed<Part> b = a;
  b->values.push_back(2);
  b->name = "changed";
  EXPECT_EQ(a->name, "gun");
  EXPECT_EQ(a->values, std::vector<int>{1});
  EXPECT_EQ(b->values, (std::vector<int>{1, 2}));

  Boxed<Part> c;
  c = a;  // into an empty box
  a->name = "after";
  EXPECT_EQ(c->name, "gun");
  c = b;  // into a full box
  EXPECT_EQ(c->name, "changed");
  b->name = "again";
  EXPECT_EQ(c->name, "changed");

  const Boxed<Part> empty;
  c = empty;  // an empty copy empties
  EXPECT_FALSE(c);
  Boxed<Part> d = empty;
  EXPECT_FALSE(d);
}

TEST(Boxed, ACopyOfAStructHoldingBoxesIsDeep) {
  struct Holder {
    int id = 0;
    Boxed<Part> part;
  };
  std::vector<Holder> units(2);
  units[1].part = Part{"tank", {4}};
  std::vector<Holder> copy = units;
  copy[1].part->values[0] = 9;
  EXPECT_EQ(units[1].part->values[0], 4);
  EXPECT_FALSE(copy[0].part);

  Boxed<Part> moved = std::move(copy[1].part);
  EXPECT_EQ(moved->values[0], 9);
}

}  // namespace
}  // namespace sandtable
