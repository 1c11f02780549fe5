#include "engine/core/rng.h"

namespace sandtable {

namespace {
constexpr std::uint64_t kMultiplier = 6364136223846793005ULL;
}

Pcg32::Pcg32(std::uint64_t seed, std::uint64_t stream) : inc_((stream << 1u) | 1u) {
  // The reference seeding procedure (pcg32_srandom_r); these steps are not counted as draws.
  state_ = 0;
  next();
  state_ += seed;
  next();
  draws_ = 0;
}

std::optional<Pcg32> Pcg32::restore(std::uint64_t state, std::uint64_t increment, std::uint64_t draws) {
  if ((increment & 1u) == 0) return std::nullopt;
  Pcg32 g;
  g.state_ = state;
  g.inc_ = increment;
  g.draws_ = draws;
  return g;
}

std::uint32_t Pcg32::next() {
  const std::uint64_t old = state_;
  state_ = old * kMultiplier + inc_;
  ++draws_;
  const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
  const auto rot = static_cast<std::uint32_t>(old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

std::uint32_t Pcg32::below(std::uint32_t bound) {
  // Lemire, "Fast Random Integer Generation in an Interval" (2019), with exact rejection.
  std::uint64_t m = static_cast<std::uint64_t>(next()) * bound;
  auto low = static_cast<std::uint32_t>(m);
  if (low < bound) {
    const std::uint32_t threshold = static_cast<std::uint32_t>(-bound) % bound;
    while (low < threshold) {
      m = static_cast<std::uint64_t>(next()) * bound;
      low = static_cast<std::uint32_t>(m);
    }
  }
  return static_cast<std::uint32_t>(m >> 32u);
}

void Pcg32::advance(std::uint64_t delta) {
  // Brown, "Random Number Generation with Arbitrary Strides" (1994), as in pcg_advance_lcg_64.
  std::uint64_t cur_mult = kMultiplier;
  std::uint64_t cur_plus = inc_;
  std::uint64_t acc_mult = 1;
  std::uint64_t acc_plus = 0;
  draws_ += delta;
  while (delta > 0) {
    if (delta & 1u) {
      acc_mult *= cur_mult;
      acc_plus = acc_plus * cur_mult + cur_plus;
    }
    cur_plus = (cur_mult + 1) * cur_plus;
    cur_mult *= cur_mult;
    delta /= 2;
  }
  state_ = acc_mult * state_ + acc_plus;
}

}  // namespace sandtable
