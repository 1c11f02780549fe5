#pragma once
// What a room keeps of the View each seat was last sent (the bytes a diff compares, not the View),
// and the Delta that brings each seat from there to the game now: a patch against its View when one can say the change (engine/model/view_patch.h),
// else the whole View, leaving the static table out when the seat holds it already. Only seats
// with someone connected are kept (forget() the rest): a seat nobody holds is not brought up to
// date, and a View kept for it would go stale.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/model/game.h"
#include "engine/model/view_patch.h"
#include "sandtable/v1/protocol.pb.h"

namespace sandtable::server {

class SeatViews {
 public:
  // The Delta for `seat` after the game moved from `from_seq` to game.seq() with `events`. Every
  // member of the seat must be sent it (each holds the seat's last View).
  void delta(const Game& game, const std::string& seat, std::uint64_t from_seq, const std::vector<pb::Event>& events,
             pb::Delta& out);
  // The seat's View now: the one kept when it is current, else built and kept.
  const pb::View& current(const Game& game, const std::string& seat);
  // A whole View of the game now was sent to the seat (a Snapshot or catch-up): its table is held.
  void sent_whole(const std::string& seat, const pb::View& view);
  void forget(const std::string& seat);
  void clear();

 private:
  struct Held {
    std::uint64_t seq = 0;
    ViewBytes bytes;  // of the seat's View at seq, what the next diff compares
    bool has_bytes = false;
    pb::View view;  // the seat's View at seq, when one was built whole for a catch-up
    bool has_view = false;
    std::string table;  // the static table (static_table.h) the seat's members hold
  };
  std::map<std::string, Held> held_;
};

}  // namespace sandtable::server
