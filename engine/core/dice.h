#pragma once
// Dice: one interface for the server's generator and for physical dice entered at the table.
#include <cstdint>
#include <deque>
#include <optional>
#include <string>

#include "engine/core/rng.h"
#include "sandtable/v1/common.pb.h"

namespace sandtable {

namespace pb = ::sandtable::v1;

struct DieRange {
  int lo;
  int hi;
};

// The faces a die of this kind can show, lowest and highest.
DieRange die_range(pb::DieKind kind);
// Words for a kind, e.g. "d6", "average die".
std::string die_name(pb::DieKind kind);
bool die_value_valid(pb::DieKind kind, int value);

class DiceSource {
 public:
  virtual ~DiceSource() = default;
  // One die of this kind, or nullopt when no die is available (table dice not yet entered).
  virtual std::optional<int> roll(pb::DieKind kind) = 0;
  virtual pb::DieSource source() const = 0;
  // Generator outputs consumed so far (0 for table dice).
  virtual std::uint64_t draws() const = 0;
};

// Dice drawn from the seeded generator. The average die rolls a d6 and reads 2,3,3,4,4,5.
class RngDice final : public DiceSource {
 public:
  explicit RngDice(Pcg32 rng) : rng_(rng) {}
  std::optional<int> roll(pb::DieKind kind) override;
  pb::DieSource source() const override { return pb::DIE_SOURCE_RNG; }
  std::uint64_t draws() const override { return rng_.draws(); }
  const Pcg32& rng() const { return rng_; }

 private:
  Pcg32 rng_;
};

// Dice rolled at the table and entered from outside, used in the order entered.
class TableDice final : public DiceSource {
 public:
  // Refuses a value the die cannot show; returns the reason, or nullopt when accepted.
  std::optional<std::string> push(pb::DieKind kind, int value);
  std::optional<int> roll(pb::DieKind kind) override;
  pb::DieSource source() const override { return pb::DIE_SOURCE_TABLE; }
  std::uint64_t draws() const override { return 0; }
  std::size_t remaining() const { return queue_.size(); }
  // The kind the next roll asked for when roll() returned nullopt (for the error message).
  pb::DieKind wanted() const { return wanted_; }

 private:
  std::deque<pb::DieRoll> queue_;
  pb::DieKind wanted_ = pb::DIE_KIND_UNSPECIFIED;
};

}  // namespace sandtable
