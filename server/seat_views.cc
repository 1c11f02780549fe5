#include "server/seat_views.h"

#include <set>

#include "engine/model/view_patch.h"
#include "server/line_seqs.h"
#include "server/static_table.h"

namespace sandtable::server {

void SeatViews::delta(OrderPatches& order, const std::string& seat, std::uint64_t from_seq,
                      const std::vector<pb::Event>& events, pb::Delta& out) {
  const Game& game = order.game();
  out.set_from_seq(from_seq);
  out.set_seq(game.seq());
  for (const auto& e : events) {
    if (auto seen = game.log_line_for(e, seat)) *out.add_events() = std::move(*seen);
  }
  leave_out_following_seqs(out);
  pb::View fresh;
  const auto it = held_.find(seat);
  std::optional<pb::ViewPatch> patch;
  ViewBytes fresh_bytes;
  if (it != held_.end() && it->second.seq == from_seq) {
    patch = order.patch(seat, it->second.bytes, fresh_bytes, fresh);  // `fresh` is set only without a patch
  } else {
    fresh = game.view(seat);
    fresh_bytes = bytes_of(fresh);
  }
  if (patch) {
    *out.mutable_patch() = std::move(*patch);
  } else {
    // The table the seat's members hold is the one of the View they were last sent (a patch never
    // changes it), so a whole View leaves it out when it is that one.
    const bool same_table = it != held_.end() && sandtable::same_table(it->second.bytes, fresh_bytes);
    out.mutable_view()->Swap(&fresh);
    if (same_table) {
      strip_static_table(*out.mutable_view());
      out.set_same_table(true);
    }
  }
  share_alike(fresh_bytes);
  Held& h = it != held_.end() ? it->second : held_[seat];
  h.seq = game.seq();
  h.bytes = std::move(fresh_bytes);
}

void SeatViews::share_alike(ViewBytes& bytes) const {
  for (const auto& entry : held_) sandtable::share_alike(bytes, entry.second.bytes);
  // Held by these bytes alone: a table just built (a seat's first View, or its table changed). An
  // unchanged one is the held copy (diff_views keeps it), so the shelf is asked only then, for the
  // scenario's part; the room's part (its seed, its dice) is its own.
  if (tables_ && bytes.table && bytes.table.use_count() == 1) {
    auto shelved = tables_->share(*bytes.table->scenario, bytes.table->scenario);
    if (shelved != bytes.table->scenario) bytes.table = std::make_shared<const TableParts>(TableParts{bytes.table->room, std::move(shelved)});
  }
}

pb::View SeatViews::whole(const Game& game, const std::string& seat) {
  pb::View v = game.view(seat);
  ViewBytes bytes = bytes_of(v);
  share_alike(bytes);
  Held& h = held_[seat];
  h.seq = game.seq();
  h.bytes = std::move(bytes);
  return v;
}

std::size_t SeatViews::tables_held() const {
  std::set<const TableParts*> tables;
  for (const auto& entry : held_) tables.insert(entry.second.bytes.table.get());
  return tables.size();
}

const ViewBytes* SeatViews::held(const std::string& seat) const {
  const auto it = held_.find(seat);
  return it == held_.end() ? nullptr : &it->second.bytes;
}

std::size_t SeatViews::pieces_held() const {
  std::set<const PieceBytes*> pieces;
  for (const auto& entry : held_) pieces.insert(entry.second.bytes.pieces.get());
  return pieces.size();
}

void SeatViews::forget(const std::string& seat) { held_.erase(seat); }

void SeatViews::clear() { held_.clear(); }

}  // namespace sandtable::server
