#include "engine/core/dice.h"

namespace sandtable {

DieRange die_range(pb::DieKind kind) {
  switch (kind) {
    case pb::DIE_KIND_D6: return {1, 6};
    case pb::DIE_KIND_AVERAGE: return {2, 5};
    case pb::DIE_KIND_D10_ZERO: return {0, 9};
    case pb::DIE_KIND_D10: return {1, 10};
    case pb::DIE_KIND_D20: return {1, 20};
    case pb::DIE_KIND_PERCENTILE: return {1, 100};
    case pb::DIE_KIND_D8: return {1, 8};
    default: return {0, -1};
  }
}

std::string die_name(pb::DieKind kind) {
  switch (kind) {
    case pb::DIE_KIND_D6: return "d6";
    case pb::DIE_KIND_AVERAGE: return "average die";
    case pb::DIE_KIND_D10_ZERO: return "d10 (0-9)";
    case pb::DIE_KIND_D10: return "d10";
    case pb::DIE_KIND_D20: return "d20";
    case pb::DIE_KIND_PERCENTILE: return "percentile die";
    case pb::DIE_KIND_D8: return "d8";
    default: return "unknown die";
  }
}

bool die_value_valid(pb::DieKind kind, int value) {
  const DieRange r = die_range(kind);
  return value >= r.lo && value <= r.hi;
}

std::optional<int> RngDice::roll(pb::DieKind kind) {
  switch (kind) {
    case pb::DIE_KIND_AVERAGE: {
      static constexpr int kFaces[6] = {2, 3, 3, 4, 4, 5};
      return kFaces[rng_.below(6)];
    }
    default: {
      const DieRange r = die_range(kind);
      if (r.hi < r.lo) return std::nullopt;
      return r.lo + static_cast<int>(rng_.below(static_cast<std::uint32_t>(r.hi - r.lo + 1)));
    }
  }
}

std::optional<std::string> TableDice::push(pb::DieKind kind, int value) {
  const DieRange r = die_range(kind);
  if (r.hi < r.lo) return "unknown kind of die";
  if (value < r.lo || value > r.hi) {
    return "a " + die_name(kind) + " shows " + std::to_string(r.lo) + " to " + std::to_string(r.hi) +
           ", not " + std::to_string(value);
  }
  pb::DieRoll d;
  d.set_kind(kind);
  d.set_value(value);
  d.set_source(pb::DIE_SOURCE_TABLE);
  queue_.push_back(d);
  return std::nullopt;
}

std::optional<int> TableDice::roll(pb::DieKind kind) {
  wanted_ = kind;
  if (queue_.empty() || queue_.front().kind() != kind) return std::nullopt;
  const int v = queue_.front().value();
  queue_.pop_front();
  return v;
}

}  // namespace sandtable
