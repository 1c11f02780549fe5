#pragma once
// View patches: what changed between the View a seat was last sent and its View now, so a Delta
// carries the units, sides, turn, decisions, menu and result that changed instead of the whole
// View again (docs/protocol.md "Patches"). Built by comparing two Views field by field, so it is
// the same for every rule set. The browser's store applies patches the same way (state/patch.ts).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sandtable/v1/view.pb.h"

namespace sandtable {

namespace pb = ::sandtable::v1;

// The serialized messages of a repeated field, end to end in one buffer: a View's units cost two
// allocations per seat and order (the bytes and where each ends), not one a unit, and an idle room
// holds two blocks a list.
class PartList {
 public:
  // Every message of `list`, its room taken at once.
  template <class T>
  static PartList of(const google::protobuf::RepeatedPtrField<T>& list) {
    PartList out;
    std::size_t total = 0;
    for (const auto& m : list) total += m.ByteSizeLong();  // also caches each message's size
    out.bytes_.reserve(total);
    out.ends_.reserve(static_cast<std::size_t>(list.size()));
    for (const auto& m : list) out.add_sized(m);
    return out;
  }
  std::size_t size() const { return ends_.size(); }
  std::size_t total_bytes() const { return bytes_.size(); }
  std::string_view operator[](std::size_t i) const {
    const std::size_t from = i == 0 ? 0 : ends_[i - 1];
    return std::string_view(bytes_).substr(from, ends_[i] - from);
  }
  bool operator==(const PartList& other) const = default;

 private:
  void add_sized(const google::protobuf::MessageLite& m);  // after m.ByteSizeLong()

  std::string bytes_;
  std::vector<std::uint32_t> ends_;  // where each part ends in bytes_
};

// The parts of a View that a room's seats mostly see alike: its units and sides (their bytes and
// ids) and the markers' labels.
struct PieceBytes {
  PartList units, sides;
  std::vector<std::string> unit_ids, side_ids;
  // Each marker key's label as the View has it: that of the first marker with the key, units in
  // order, then sides (MarkerChange: an entry whose label is this one goes without it).
  std::vector<std::pair<std::string, std::string>> labels;
  bool operator==(const PieceBytes& other) const = default;
};

// The static table's bytes, which a patch never changes, in two parts. The room's own: the seed's
// commitment, the dice mix, where the dice come from, what spectators see. The scenario's: names,
// board, terrain, options, briefing, the same in every room of a scenario until a GM edits its
// table, so a server's rooms can hold it once (server/shelf.h).
struct TableParts {
  std::string room;
  std::shared_ptr<const std::string> scenario;  // never null
  bool operator==(const TableParts& other) const {
    return room == other.room && (scenario == other.scenario || *scenario == *other.scenario);
  }
};
using TableBytes = std::shared_ptr<const TableParts>;

// What a diff needs of the View a seat holds: the serialized parts it compares and the ids. Kept
// instead of the View itself, so a diff serializes only the fresh View. Serialization of messages
// built by the same code gives the same bytes (View has no map fields), and comparing bytes is
// far cheaper than reflection.
struct ViewBytes {
  // The static table: shared by the Views that have the same one (the next View's of a seat, the
  // room's other seats' mostly), so an idle room holds it about once. Never null in bytes_of's.
  TableBytes table;
  std::string viewer;  // apart from the table, which is then the same for most seats
  // Shared in the same way by the seats that see the units and sides alike (every seat, where
  // nothing is hidden). Never null in bytes_of's.
  std::shared_ptr<const PieceBytes> pieces;
  PartList decisions;
  std::string turn, result, menu, extra;  // empty when unset, else a marker and the bytes
  // The menu's actions: each one's id, and where its bytes (tag and length included) lie in `menu`.
  std::vector<std::string> action_ids;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> action_spans;  // offset, length
  bool paused = false;
};
// The labels of `view` as PieceBytes.labels says; apply_patch and the browser read a held View's
// the same way.
std::vector<std::pair<std::string, std::string>> marker_labels(const pb::View& view);
ViewBytes bytes_of(const pb::View& view);
// Whether two ViewBytes hold the same static table (equal bytes; both unset counts as the same).
bool same_table(const ViewBytes& a, const ViewBytes& b);
// Gives `bytes` the table and pieces of `other` that are the same as its own (equal bytes), so the
// two hold one copy of each.
void share_alike(ViewBytes& bytes, const ViewBytes& other);

// What turns the held View into `fresh`, or nullopt when a patch cannot say it (the static
// table or the viewer changed, a side came or went, a field went from set to unset, two units share an id):
// send `fresh` whole then. `seq` is not compared: applying sets it.
std::optional<pb::ViewPatch> diff_views(const pb::View& held, const pb::View& fresh);
// The same against bytes_of(held). The parts the patch carries are moved out of `fresh` (it is
// left unfit to send; keep `fresh_bytes` for the next diff, which holds the held View's table when
// it is the same); with nullopt `fresh` is untouched.
// `table`, when set, is the fresh View's static table, given because `fresh` was built without
// one (Game::view_without_table: another seat of the order found the same table unchanged).
std::optional<pb::ViewPatch> diff_views(const ViewBytes& held, pb::View& fresh, ViewBytes& fresh_bytes, const TableBytes& table = nullptr);

// The units-and-sides part of one seat's patch, for the seats of the same order that held the
// same pieces (the same PieceBytes, shared) and see the same ones now (Game::pieces_key): their
// patches take these parts instead of building, serializing and comparing the pieces again.
struct PiecesPatch {
  std::shared_ptr<const PieceBytes> held, fresh;
  pb::ViewPatch parts;  // only units, units_gone, unit_order, unit_changes, sides, side_changes
};
// diff_views, which also leaves the patch's pieces part in `keep` when it gives a patch.
std::optional<pb::ViewPatch> diff_views(const ViewBytes& held, pb::View& fresh, ViewBytes& fresh_bytes, PiecesPatch& keep,
                                        const TableBytes& table = nullptr);
// The same for `fresh` built without its units and sides (Game::view_without_pieces) where they
// are `alike.fresh`; held.pieces must be `alike.held`. nullopt as diff_views says, and then the
// seat needs its whole View, pieces included.
std::optional<pb::ViewPatch> diff_views_alike(const ViewBytes& held, pb::View& fresh, ViewBytes& fresh_bytes, const PiecesPatch& alike,
                                              const TableBytes& table = nullptr);

// Applies `patch` to `view` and sets its seq. False (and `view` unusable: resynchronise) when the
// patch names a side the view does not hold or orders units it does not have.
bool apply_patch(pb::View& view, const pb::ViewPatch& patch, std::uint64_t seq);

// The View's field numbers diff_views knows how to compare; a test fails when View gains a
// field missing here, so a new field is never silently left out of patches.
inline constexpr int kViewFieldsPatched[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23};

}  // namespace sandtable
