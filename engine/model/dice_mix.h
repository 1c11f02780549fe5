#pragma once
// The dice scheme "sandtable-dice/2" (docs/fair-play.md, "How the dice are made"): a 256-bit
// server secret committed to at the start, each seat's own randomness mixed in before the first
// roll, and every die and card drawn from the mix. Each hash input begins with its own label and
// a zero byte (a domain separator), so no hash of one kind can stand for another.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/rng.h"

namespace sandtable {

inline constexpr std::string_view kDiceSchemeV2 = "sandtable-dice/2";
inline constexpr std::size_t kSecretBytes = 32;
inline constexpr std::size_t kMinEntropyBytes = 16;
inline constexpr std::size_t kMaxEntropyBytes = 64;

// (seat, its bytes), in the order added.
using EntropyList = std::vector<std::pair<std::string, std::string>>;

// Hex SHA-256("sandtable-dice/2 secret" 0x00 secret): published at the start.
std::string secret_commitment(std::string_view secret);
// The mix, 32 bytes: SHA-256("sandtable-dice/2 mix-input" 0x00 secret, then for each entropy
// in order: the seat's length as 4 bytes big-endian, the seat, the entropy's length the same way,
// the entropy).
std::string dice_mix(std::string_view secret, const EntropyList& entropy);
// Hex SHA-256("sandtable-dice/2 mix" 0x00 mix): in the log (DiceSealed) before the first roll.
std::string mix_commitment(std::string_view mix);
// The dice: PCG32 seeded with the mix's bytes 0-7 and stream bytes 8-15 (little-endian).
Pcg32 dice_generator(std::string_view mix);
// The card decks' seed: the mix's bytes 16-23 (little-endian); each deck adds its own stream.
std::uint64_t deck_seed_of(std::string_view mix);
// A secret from a number, for games whose secret need not be secret (the CLI's bot games, tests
// that must repeat): SHA-256("sandtable-dice/2 seed" 0x00, the seed's 8 bytes little-endian).
std::string secret_from_seed(std::uint64_t seed);

}  // namespace sandtable
