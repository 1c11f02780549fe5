#include "engine/model/order_patches.h"

#include <algorithm>

namespace sandtable {

std::optional<pb::ViewPatch> OrderPatches::patch(const std::string& seat, const ViewBytes& held, ViewBytes& fresh_bytes, pb::View& whole) {
  const std::string key = game_.pieces_key(seat);
  auto it = key.empty() ? alike_.end() : std::find_if(alike_.begin(), alike_.end(), [&](const auto& a) { return a.first == key; });
  if (it != alike_.end() && held.pieces == it->second.held) {
    pb::View fresh = game_.view_without_pieces(seat);
    if (auto p = diff_views_alike(held, fresh, fresh_bytes, it->second)) {
      ++shared_;
      return p;
    }
  }
  whole = game_.view(seat);
  if (key.empty()) return diff_views(held, whole, fresh_bytes);
  PiecesPatch keep;
  auto p = diff_views(held, whole, fresh_bytes, keep);
  if (p && it == alike_.end()) alike_.emplace_back(key, std::move(keep));
  return p;
}

}  // namespace sandtable
