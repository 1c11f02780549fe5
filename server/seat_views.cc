#include "server/seat_views.h"

#include "engine/model/view_patch.h"
#include "server/static_table.h"

namespace sandtable::server {

void SeatViews::delta(const Game& game, const std::string& seat, std::uint64_t from_seq,
                      const std::vector<pb::Event>& events, pb::Delta& out) {
  out.set_from_seq(from_seq);
  out.set_seq(game.seq());
  for (const auto& e : events) {
    if (auto seen = game.event_for(e, seat)) *out.add_events() = std::move(*seen);
  }
  pb::View fresh = game.view(seat);
  Held& h = held_[seat];
  if (h.seq == from_seq && !h.has_bytes && h.has_view) {
    h.bytes = bytes_of(h.view);
    h.has_bytes = true;
  }
  std::optional<pb::ViewPatch> patch;
  ViewBytes fresh_bytes;
  if (h.seq == from_seq && h.has_bytes) {
    patch = diff_views(h.bytes, fresh, fresh_bytes);  // takes what it sends out of `fresh`
  } else {
    fresh_bytes = bytes_of(fresh);
  }
  if (patch) {
    *out.mutable_patch() = std::move(*patch);
  } else {
    std::string table = static_table_of(fresh);
    out.mutable_view()->Swap(&fresh);
    if (!h.table.empty() && h.table == table) {
      strip_static_table(*out.mutable_view());
      out.set_same_table(true);
    } else {
      h.table = std::move(table);
    }
  }
  // The View itself is not kept: a catch-up at this sequence builds it again (current()).
  h.seq = game.seq();
  h.bytes = std::move(fresh_bytes);
  h.has_bytes = true;
  h.view.Clear();
  h.has_view = false;
}

const pb::View& SeatViews::current(const Game& game, const std::string& seat) {
  Held& h = held_[seat];
  if (h.has_view && h.seq == game.seq()) return h.view;
  if (h.seq != game.seq()) h.has_bytes = false;
  h.view = game.view(seat);
  h.seq = game.seq();
  h.has_view = true;
  return h.view;
}

void SeatViews::sent_whole(const std::string& seat, const pb::View& view) { held_[seat].table = static_table_of(view); }

void SeatViews::forget(const std::string& seat) { held_.erase(seat); }

void SeatViews::clear() { held_.clear(); }

}  // namespace sandtable::server
