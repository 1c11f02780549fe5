#pragma once
// What a room keeps of the View each seat was last sent (the bytes a diff compares, not the View),
// and the Delta that brings each seat from there to the game now: a patch against its View when one
// can say the change (engine/model/view_patch.h), else the whole View, leaving the static table out
// when the seat holds it already. Only seats with someone connected are kept (forget() the rest): a
// seat nobody holds is not brought up to date, and a View kept for it would go stale.
//
// No View object is kept between orders: a seat's serialized parts are a fraction of the memory of
// the View they came from, and an idle room holds only those.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/model/game.h"
#include "engine/model/order_patches.h"
#include "engine/model/view_patch.h"
#include "sandtable/v1/protocol.pb.h"
#include "server/shelf.h"

namespace sandtable::server {

class SeatViews {
 public:
  // The Delta for `seat` after the game moved from `from_seq` to game.seq() with `events`. Every
  // member of the seat must be sent it (each holds the seat's last View).
  // `order` is the order's game (the one the Delta brings the seat to), shared by the seats of one
  // broadcast so that seats seeing the same units and sides have them built once.
  void delta(OrderPatches& order, const std::string& seat, std::uint64_t from_seq, const std::vector<pb::Event>& events,
             pb::Delta& out);
  // The seat's whole View now, static table included, for a Snapshot or a catch-up Delta: the seat
  // holds it from now on (the next Delta is a patch against it). Every member of the seat holds the
  // same View: send it only to a member joining, or to all.
  pb::View whole(const Game& game, const std::string& seat);
  void forget(const std::string& seat);
  // The server's shelf of static tables: a table this room's seats do not share already is held
  // from there, one copy for every room showing it (unset: the room holds its own). Shared, since
  // a room may outlive the Rooms that made it while its last connections close.
  void set_table_shelf(std::shared_ptr<TableShelf> tables) { tables_ = std::move(tables); }
  // The static tables held, and the units and sides (PieceBytes), each counted once however many
  // seats share it.
  std::size_t tables_held() const;
  // What the seat holds of its last View; null when it holds none.
  const ViewBytes* held(const std::string& seat) const;
  std::size_t pieces_held() const;
  void clear();

 private:
  struct Held {
    std::uint64_t seq = 0;
    ViewBytes bytes;  // of the View the seat was last sent, at seq: what the next diff compares
  };
  // Gives `bytes` the static table and the pieces (units, sides) a seat holds where they are the
  // same: the seats of a room mostly see the same, and a room then holds them about once. A table
  // no seat holds comes from the shelf, where rooms of the same scenario hold one.
  void share_alike(ViewBytes& bytes) const;

  std::map<std::string, Held> held_;
  std::shared_ptr<TableShelf> tables_;
};

}  // namespace sandtable::server
