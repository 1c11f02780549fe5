#pragma once
// Checking a game that travelled (docs/fair-play.md): its GameStarted names the scenario, the
// seed and the seed's published commitment; re-running the scenario from that seed with the
// exported orders must give the exported log event for event. Anything else (a die changed, a
// card moved, an order altered, added, dropped or reordered, a seed that is not the one
// committed to) shows as the first event that differs, named in words.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/model/dice_stats.h"
#include "engine/model/registry.h"
#include "sandtable/v1/export.pb.h"

namespace sandtable {

struct VerifyResult {
  bool ok = false;
  std::string summary;        // "every roll and card matches: 12 orders, 340 events, 812 dice"
  std::uint64_t first_bad_seq = 0;  // 0 when ok or when the problem is not one event
  std::string expected;       // the re-run's event there, in the GM's words (when one differs)
  std::string found;          // the file's
  std::uint64_t orders = 0, events = 0, dice = 0;
  std::string scheme;         // the dice scheme checked (empty: the 64-bit seed)
  // Every die checked, by the seat whose order rolled it ("start" for the game's opening) and kind.
  DiceBySeat dice_by_seat;
};

VerifyResult verify_game(const Registry& registry, const pb::GameExport& game);

// What `sandtable-cli verify` prints, and the browser's verify page shows: the verdict, and either
// the dice statistics or the first event that differs, both versions in words. Ends in a newline.
std::string verify_report(const VerifyResult& r);

// The export of a game that played `orders` from `log` (autoplay keeps both), without positions
// for the orders (first_seq 0): what tests and the CLI's own bot games check.
pb::GameExport export_of(const std::vector<pb::Event>& log, const std::vector<pb::Command>& orders);

}  // namespace sandtable
