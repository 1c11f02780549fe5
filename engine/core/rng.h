#pragma once
// PCG32 (PCG-XSH-RR 64/32, M.E. O'Neill 2014): a fully specified generator whose outputs are
// the same on every compiler and standard library. The std distributions are never used
// because their outputs differ between libraries; bounded draws use Lemire's method with
// rejection, so they are unbiased and also fully specified.
#include <cstdint>
#include <optional>

namespace sandtable {

class Pcg32 {
 public:
  static constexpr std::uint64_t kDefaultStream = 0xda3e39cb94b95bdbULL;

  Pcg32() : Pcg32(0) {}
  explicit Pcg32(std::uint64_t seed, std::uint64_t stream = kDefaultStream);

  // The next 32-bit output.
  std::uint32_t next();
  // A uniform value in [0, bound); bound must be > 0. May consume more than one output.
  std::uint32_t below(std::uint32_t bound);
  // Skips `delta` outputs in O(log delta) steps (used when replaying events).
  void advance(std::uint64_t delta);
  // Outputs consumed since construction (including advances).
  std::uint64_t draws() const { return draws_; }

  // The whole generator as three numbers, for snapshots (GameSnapshot.rng): its state, its
  // increment (the stream, always odd) and the outputs drawn. restore() gives back the very
  // same generator, or nullopt for an even increment, which no Pcg32 has.
  std::uint64_t state() const { return state_; }
  std::uint64_t increment() const { return inc_; }
  static std::optional<Pcg32> restore(std::uint64_t state, std::uint64_t increment, std::uint64_t draws);

  bool operator==(const Pcg32&) const = default;

 private:
  std::uint64_t state_ = 0;
  std::uint64_t inc_ = 0;
  std::uint64_t draws_ = 0;
};

}  // namespace sandtable
