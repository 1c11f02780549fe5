#include "engine/model/order_patches.h"

#include <algorithm>

namespace sandtable {

std::optional<pb::ViewPatch> OrderPatches::patch(const std::string& seat, const ViewBytes& held, ViewBytes& fresh_bytes, pb::View& whole) {
  const std::string key = game_.pieces_key(seat);
  const auto it = key.empty() ? alike_.end() : std::find_if(alike_.begin(), alike_.end(), [&](const auto& a) { return a.first == key; });
  const bool alike = it != alike_.end() && held.pieces == it->second.held;
  const std::string table_key = game_.table_key(seat);
  const auto t = table_key.empty() ? tables_.end() : std::find_if(tables_.begin(), tables_.end(), [&](const auto& a) { return a.first == table_key; });
  // The table this seat's View would have: the one it holds, which another seat found unchanged.
  const TableBytes table = t != tables_.end() && held.table == t->second ? held.table : nullptr;
  // Diffs `fresh`, keeping the first patch's pieces part for the seats with its pieces key.
  const auto diff = [&](pb::View& fresh, bool with_pieces, const TableBytes& given) {
    if (!with_pieces) return diff_views_alike(held, fresh, fresh_bytes, it->second, given);
    if (key.empty() || it != alike_.end()) return diff_views(held, fresh, fresh_bytes, given);
    PiecesPatch keep;
    auto p = diff_views(held, fresh, fresh_bytes, keep, given);
    if (p) alike_.emplace_back(key, std::move(keep));
    return p;
  };
  std::optional<pb::ViewPatch> p;
  if (alike || table) {
    pb::View fresh = table ? game_.view_without_table(seat, !alike) : game_.view_without_pieces(seat);
    p = diff(fresh, !alike, table);
  }
  if (!p) {
    whole = game_.view(seat);
    p = diff(whole, true, nullptr);
  } else {
    shared_ += alike ? 1 : 0;
    tables_shared_ += table ? 1 : 0;
  }
  // A patch says the table is the one held (a diff refuses a changed one).
  if (p && !table_key.empty() && t == tables_.end()) tables_.emplace_back(table_key, held.table);
  return p;
}

}  // namespace sandtable
