#pragma once
// Dice statistics: how often each face of each kind of die came up, by the seat whose order rolled
// it, against what fair dice give — so a player who feels unlucky can look (docs/fair-play.md).
// The verifier counts every die of a file; a replay counts the dice its seat saw.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sandtable/v1/common.pb.h"

namespace sandtable {

namespace pb = ::sandtable::v1;

// The dice of one kind someone's orders rolled: how often each face came up.
struct DiceTally {
  std::map<int, std::uint64_t> faces;
  std::uint64_t rolls = 0;
  void add(int face) {
    ++faces[face];
    ++rolls;
  }
};

// Seat ("start" for the game's opening) -> kind -> tally.
using DiceBySeat = std::map<std::string, std::map<pb::DieKind, DiceTally>>;

// One tally set against fair dice: every face the kind has, in order, with its count and the
// count fair dice give for as many rolls; the mean against the fair mean; Pearson's chi-square on
// faces - 1 degrees of freedom (above about twice that is already rare).
struct DiceSummary {
  std::vector<int> faces;
  std::vector<std::uint64_t> counts;
  std::vector<double> expected;
  std::uint64_t rolls = 0;
  double mean = 0, expected_mean = 0, chi_square = 0;
};

// Nullopt for a tally with no rolls or a kind whose fair faces are unknown.
std::optional<DiceSummary> summarize_dice(pb::DieKind kind, const DiceTally& tally);

// A line per seat and kind: "allies d6: 412 rolls, mean 3.49 (expected 3.50), chi-square 4.1 on
// 5 degrees of freedom".
std::vector<std::string> dice_lines(const DiceBySeat& dice);

}  // namespace sandtable
