#include "engine/geom/vec.h"

#include <stdexcept>

#include "sandtable/v1/common.pb.h"

namespace sandtable::geom {

Vec2 centroid(std::span<const Vec2> points) {
  if (points.empty()) throw std::invalid_argument("A centre of mass needs at least one figure position.");
  Vec2 sum{};
  for (Vec2 p : points) sum = sum + p;
  return sum / static_cast<double>(points.size());
}

Vec2 from_proto(const sandtable::v1::Point& p) { return {p.x(), p.y()}; }

void to_proto(Vec2 v, sandtable::v1::Point* out) {
  out->set_x(v.x);
  out->set_y(v.y);
}

}  // namespace sandtable::geom
