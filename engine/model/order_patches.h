#pragma once
// One order's patches for the seats of a room. Seats that see the same units and sides
// (Game::pieces_key) and held the same ones (one shared PieceBytes) get them built, serialized
// and compared once an order: the first such seat's diff does it, the others take its pieces part.
// The static table likewise: a seat whose table key (Game::table_key) a seat before it had, and
// that held the table that seat found unchanged, gets a View built without one.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/model/game.h"
#include "engine/model/view_patch.h"

namespace sandtable {

class OrderPatches {
 public:
  // `game` is the game after the order; it must outlive this.
  explicit OrderPatches(const Game& game) : game_(game) {}

  // The patch that moves `seat` from the View whose bytes are `held` to its View now, or nullopt
  // with `whole` set to that View (a patch cannot say it). `fresh_bytes` gets the bytes the seat
  // holds next.
  std::optional<pb::ViewPatch> patch(const std::string& seat, const ViewBytes& held, ViewBytes& fresh_bytes, pb::View& whole);

  const Game& game() const { return game_; }
  // How many patches took another seat's pieces part.
  int shared() const { return shared_; }
  // How many seats' Views were built without their static table.
  int tables_shared() const { return tables_shared_; }

 private:
  const Game& game_;
  std::vector<std::pair<std::string, PiecesPatch>> alike_;  // by pieces key, the first seat's
  // By table key, the table the first seat with it held and found unchanged.
  std::vector<std::pair<std::string, TableBytes>> tables_;
  int shared_ = 0;
  int tables_shared_ = 0;
};

}  // namespace sandtable
