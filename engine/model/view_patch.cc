#include "engine/model/view_patch.h"

#include <cstdint>
#include <algorithm>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/model/list_diff.h"
#include "engine/model/view_patch_parts.h"
#include "engine/model/wire_fields.h"

namespace sandtable {

using patch_parts::field_changes;
using patch_parts::menu_change;
using patch_parts::places_of_sent;

namespace {

// A length, then the bytes: parts of different lengths never run together.
void append_part(std::string& out, const std::string& s) {
  const auto n = static_cast<std::uint32_t>(s.size());
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
  out += s;
}

// The room's part of the static table (TableParts.room), to a sink: once to measure it, once to
// write it.
template <class Sink>
void walk_room_table(const pb::View& v, Sink& t) {
  t.part(v.seed_hash());
  // The dice mix changes as seats join and once when sealed: rare enough to send a whole View.
  t.mark(v.has_dice() ? 'm' : '-');
  if (v.has_dice()) t.part(v.dice());
  t.mark(v.table_dice() ? 'd' : '-');
  t.part(v.spectators());
}

// The scenario's part of the static table (TableParts.scenario), in the same way.
template <class Sink>
void walk_table(const pb::View& v, Sink& t) {
  t.part(v.ruleset());  // the viewer is compared apart (ViewBytes.viewer)
  t.part(v.scenario_id());
  t.part(v.scenario_name());
  t.part(v.ruleset_title());
  t.mark(static_cast<char>('0' + v.board_case() % 10));
  if (v.has_grid()) t.part(v.grid());
  if (v.has_table()) t.part(v.table());
  t.mark(v.has_briefing() ? 'b' : '-');
  if (v.has_briefing()) t.part(v.briefing());
  for (const auto& x : v.terrain()) t.part(x);
  t.mark('|');
  for (const auto& x : v.options()) t.part(x);
}

// Sizes each message (and caches the size for the writing pass).
struct MeasureTable {
  std::size_t bytes = 0;
  void part(const google::protobuf::MessageLite& m) { bytes += sizeof(std::uint32_t) + m.ByteSizeLong(); }
  void part(const std::string& s) { bytes += sizeof(std::uint32_t) + s.size(); }
  void mark(char) { ++bytes; }
};

struct WriteTable {
  std::string& out;
  // The size MeasureTable worked out: AppendPartialToString would walk the message for it again.
  void part(const google::protobuf::MessageLite& m) {
    const auto n = static_cast<std::uint32_t>(m.GetCachedSize());
    out.append(reinterpret_cast<const char*>(&n), sizeof n);
    const std::size_t at = out.size();
    out.resize(at + n);
    m.SerializeWithCachedSizesToArray(reinterpret_cast<std::uint8_t*>(out.data() + at));
  }
  void part(const std::string& s) { append_part(out, s); }
  void mark(char c) { out += c; }
};

// Measured first, so the bytes take one allocation of their exact size: a table is often held
// for the rest of the game (every seat of a room sharing one), and growing it by doubling left
// up to half of it unused.
template <class Walk>
std::string table_part(const pb::View& v, Walk walk) {
  MeasureTable size;
  walk(v, size);
  std::string t;
  t.reserve(size.bytes);
  WriteTable write{t};
  walk(v, write);
  return t;
}

TableBytes table_bytes(const pb::View& v) {
  return std::make_shared<const TableParts>(
      TableParts{table_part(v, [](const pb::View& view, auto& sink) { walk_room_table(view, sink); }),
                 std::make_shared<const std::string>(table_part(v, [](const pb::View& view, auto& sink) { walk_table(view, sink); }))});
}

// A set message's bytes; an unset one is marked apart from a set empty one.
template <class M>
std::string field_bytes(bool has, const M& m) {
  std::string out;
  if (!has) return out;
  out.push_back('+');
  m.AppendPartialToString(&out);
  return out;
}

// Moves `fresh` into the patch when it differs from `held`; false when fresh is unset and held
// is set (a patch sets fields, it never unsets them).
template <class M>
bool diff_field(const std::string& held, const std::string& fresh_bytes, M* fresh, M* (pb::ViewPatch::*mut)(),
                pb::ViewPatch& patch) {
  if (fresh_bytes.empty()) return held.empty();
  if (held != fresh_bytes) (patch.*mut)()->Swap(fresh);
  return true;
}

using Labels = std::vector<std::pair<std::string, std::string>>;

const std::string* label_in(const Labels& labels, std::string_view key) {
  for (const auto& [k, label] : labels) {
    if (k == key) return &label;
  }
  return nullptr;
}

// The markers of a unit or side (`Whole`) changed by key, when that is smaller than the fresh
// markers' bytes (`fresh`, the field's entries); `held` is the held markers' bytes. `labels` are
// the held View's (PieceBytes.labels).
template <class Whole>
bool marker_change(std::string_view held, std::string_view fresh, const Whole& fresh_whole, const Labels& labels, pb::MarkerChange& out) {
  const auto he = wire_entries(held), fe = wire_entries(fresh);
  const auto& markers = fresh_whole.markers();
  Whole held_whole;
  if (!he || !fe || std::ssize(*fe) != markers.size() || !held_whole.ParseFromArray(held.data(), static_cast<int>(held.size())) ||
      std::ssize(*he) != held_whole.markers_size()) {
    return false;
  }
  const auto& held_markers = held_whole.markers();
  const auto d = diff_list(
      held_markers.size(), [&](int i) { return std::string_view(held_markers.Get(i).key()); }, markers.size(),
      [&](int i) { return std::string_view(markers.Get(i).key()); },
      [&](int h, int f) { return (*he)[static_cast<std::size_t>(h)].second == (*fe)[static_cast<std::size_t>(f)].second; });
  if (!d) return false;
  std::size_t keys_bytes = 0, places_bytes = 0;  // of the values' keys, and of their places instead
  for (const auto& [f, h] : d->changed) {
    const auto& m = markers.Get(f);
    // A marker has a key, a label and a value (ViewPatch.KnowsEveryFieldOfMarker): the same key
    // and label leave the value as what changed.
    if (h >= 0 && held_markers.Get(h).label() == m.label()) {
      auto* v = out.add_values();
      v->set_key(m.key());
      v->set_value(m.value());
      out.add_value_at(static_cast<std::uint32_t>(h));
      keys_bytes += m.key().empty() ? 0 : 2 + m.key().size();
      places_bytes += h < 128 ? 1 : 2;
      continue;
    }
    // A marker the held View shows elsewhere under the same words ("Moved" on the unit that moved
    // before) goes without them; the client takes them from its View (view.proto MarkerChange).
    const std::string* known = label_in(labels, m.key());
    if (m.label().empty() && known && !known->empty()) return false;  // no label would read as that one
    auto* e = out.add_markers();
    e->set_key(m.key());
    if (!known || *known != m.label()) e->set_label(m.label());
    e->set_value(m.value());
  }
  // Places (a packed field: its tag and length once) when shorter than the keys.
  if (out.value_at_size() == 0 || places_bytes + 2 >= keys_bytes) {
    out.clear_value_at();
  } else {
    for (auto& v : *out.mutable_values()) v.clear_key();
  }
  // Gone markers by their places when shorter than their keys, as the values'.
  std::size_t gone_keys = 0, gone_places = 0;
  for (const auto& key : d->gone) {
    gone_keys += 2 + key.size();
    const auto held_at = std::find_if(held_markers.begin(), held_markers.end(), [&](const pb::Marker& m) { return m.key() == key; });
    const auto h = static_cast<std::uint32_t>(held_at - held_markers.begin());
    out.add_gone_at(h);
    gone_places += h < 128 ? 1 : 2;
  }
  if (out.gone_at_size() == 0 || gone_places + 2 >= gone_keys) {
    out.clear_gone_at();
    for (const auto& key : d->gone) out.add_gone(std::string(key));
  }
  if (d->reordered) {
    std::vector<std::string_view> held_keys, fresh_keys, sent;
    for (const auto& m : held_markers) held_keys.push_back(m.key());
    for (const auto& m : markers) fresh_keys.push_back(m.key());
    for (const auto& m : out.markers()) sent.push_back(m.key());
    if (const auto at = places_of_sent(held_keys, fresh_keys, d->gone, sent)) {
      for (const auto a : *at) out.add_at(a);
    } else {
      for (const auto& m : markers) out.mutable_order()->add_ids(m.key());
    }
  }
  if (out.ByteSizeLong() + 2 < fresh.size()) return true;
  out.Clear();
  return false;
}

// The fresh figures (`fresh`, the whole unit) as the held ones (`held`, the bytes of the unit's
// figures field) moved by one shift, when that gives each exactly: same figures, in order, each
// moved by the same dx, dy in doubles.
bool figures_shift(std::string_view held, const pb::UnitView& fresh, pb::Point& out) {
  pb::UnitView h;
  if (!h.ParseFromArray(held.data(), static_cast<int>(held.size())) || h.figures_size() != fresh.figures_size() ||
      h.figures_size() == 0) {
    return false;
  }
  const double dx = fresh.figures(0).position().x() - h.figures(0).position().x();
  const double dy = fresh.figures(0).position().y() - h.figures(0).position().y();
  for (int i = 0; i < h.figures_size(); ++i) {
    pb::FigureView moved = h.figures(i);
    auto* p = moved.mutable_position();
    p->set_x(p->x() + dx);
    p->set_y(p->y() + dy);
    if (moved.SerializeAsString() != fresh.figures(i).SerializeAsString()) return false;
  }
  out.set_x(dx);
  out.set_y(dy);
  return true;
}

// A unit or side that changed goes as a change of some fields (its markers by key, a unit's
// figures by how far they moved) when that is smaller, else whole.
// `held_at` is its place in the held View: the change names it by that when it is shorter than its id.
template <class Change, class Whole>
void add_changed(std::string_view held_bytes, std::string_view fresh_bytes, Whole* fresh, int held_at, const Labels& labels,
                 google::protobuf::RepeatedPtrField<Change>* changes, google::protobuf::RepeatedPtrField<Whole>* wholes) {
  if (const auto fields = field_changes(held_bytes, fresh_bytes)) {
    Change c;
    std::string value;
    for (const auto& f : *fields) {
      if (f.number == Whole::kMarkersFieldNumber && !f.held.empty() && !f.fresh.empty() &&
          marker_change(f.held, f.fresh, *fresh, labels, *c.mutable_markers())) {
        continue;
      }
      if constexpr (std::is_same_v<Whole, pb::UnitView>) {
        if (f.number == pb::UnitView::kFiguresFieldNumber && !f.held.empty() && !f.fresh.empty() &&
            figures_shift(f.held, *fresh, *c.mutable_figures_shift())) {
          continue;
        }
        if (f.number == pb::UnitView::kFiguresFieldNumber) c.clear_figures_shift();
      }
      if (f.number == Whole::kMarkersFieldNumber) c.clear_markers();
      c.add_fields(f.number);
      value.append(f.fresh);
    }
    if (c.mutable_value()->ParseFromString(value)) {
      if (value.empty()) c.clear_value();  // only its markers changed, or fields cleared
      if (1 + (held_at < 128 ? 1 : 2) < 2 + fresh->id().size() && held_at < 16384) {
        c.set_at(static_cast<std::uint32_t>(held_at));
      } else {
        c.set_id(fresh->id());
      }
      if (c.ByteSizeLong() < fresh_bytes.size()) {
        changes->Add(std::move(c));
        return;
      }
    }
  }
  wholes->Add()->Swap(fresh);
}

void diff_units(const PieceBytes& hb, pb::View& fresh, const PieceBytes& fb, pb::ViewPatch& patch) {
  const auto d = diff_list(
      std::ssize(hb.unit_ids), [&](int i) { return std::string_view(hb.unit_ids[static_cast<std::size_t>(i)]); },
      std::ssize(fb.unit_ids), [&](int i) { return std::string_view(fb.unit_ids[static_cast<std::size_t>(i)]); },
      [&](int h, int f) { return hb.units[static_cast<std::size_t>(h)] == fb.units[static_cast<std::size_t>(f)]; });
  if (!d) return;  // diff_views refused repeated ids before
  for (const auto& id : d->gone) patch.add_units_gone(std::string(id));
  if (d->reordered) {
    auto* ids = patch.mutable_unit_order();
    for (const auto& id : fb.unit_ids) ids->add_ids(id);
  }
  for (const auto& [i, held] : d->changed) {
    if (held < 0) {
      patch.add_units()->Swap(fresh.mutable_units(i));
    } else {
      add_changed(hb.units[static_cast<std::size_t>(held)], fb.units[static_cast<std::size_t>(i)], fresh.mutable_units(i), held, hb.labels,
                  patch.mutable_unit_changes(), patch.mutable_units());
    }
  }
}

void diff_sides(const PieceBytes& hb, pb::View& fresh, const PieceBytes& fb, pb::ViewPatch& patch) {
  for (std::size_t i = 0; i < fb.sides.size(); ++i) {
    if (hb.sides[i] != fb.sides[i]) {
      add_changed(hb.sides[i], fb.sides[i], fresh.mutable_sides(static_cast<int>(i)), static_cast<int>(i), hb.labels, patch.mutable_side_changes(),
                  patch.mutable_sides());
    }
  }
}

// The fresh turn as the fields that changed in the held one, when that is smaller than the whole.
// Both are set: `held` and `fresh` are their bytes after the set-mark.
std::optional<pb::TurnChange> turn_change(std::string_view held, std::string_view fresh) {
  const auto fields = field_changes(held, fresh);
  if (!fields) return std::nullopt;
  std::string value;
  for (const auto& f : *fields) value.append(f.fresh);
  if (value.size() + 2 * fields->size() + 4 >= fresh.size()) return std::nullopt;
  pb::TurnChange c;
  if (!c.mutable_value()->ParseFromString(value)) return std::nullopt;
  if (value.empty()) c.clear_value();  // only cleared fields
  for (const auto& f : *fields) c.add_fields(f.number);
  return c;
}

// The fresh extra as the fields that changed in the held one (ExtraChange), when its type is the
// same and that is smaller. Both are set: their bytes after the set-mark, each an Any.
std::optional<pb::ExtraChange> extra_change(std::string_view held, std::string_view fresh) {
  // An Any's type (field 1) and the payload of its value (field 2).
  const auto parts = [](std::string_view any) -> std::optional<std::pair<std::string_view, std::string_view>> {
    const auto e = wire_fields(any);
    if (!e || e->size() != 2 || (*e)[0].first != 1 || (*e)[1].first != 2) return std::nullopt;
    const auto value = wire_payload((*e)[1].second);
    if (!value) return std::nullopt;
    return std::pair{(*e)[0].second, *value};
  };
  const auto h = parts(held), f = parts(fresh);
  if (!h || !f || h->first != f->first) return std::nullopt;
  const auto fields = field_changes(h->second, f->second);
  if (!fields) return std::nullopt;
  pb::ExtraChange c;
  std::string value;
  for (const auto& x : *fields) {
    // A repeated field that gained entries at its end: only those. (Bytes that start with all of
    // the held field's and go on can only be more entries of it.)
    if (!x.held.empty() && x.fresh.size() > x.held.size() && x.fresh.substr(0, x.held.size()) == x.held) {
      c.add_appended(x.number);
      value.append(x.fresh.substr(x.held.size()));
    } else {
      c.add_fields(x.number);
      value.append(x.fresh);
    }
  }
  if (value.size() + 2 * fields->size() + 4 >= fresh.size()) return std::nullopt;
  c.set_value(std::move(value));
  // Applied as a client will: anything but the fresh bytes, and the extra travels whole.
  const auto merged = merge_fields(h->second, c);
  if (!merged || *merged != f->second) return std::nullopt;
  return c;
}

}  // namespace

namespace patch_parts {

std::optional<std::vector<FieldChange>> field_changes(std::string_view held, std::string_view fresh) {
  const auto h = wire_fields(held), f = wire_fields(fresh);
  if (!h || !f) return std::nullopt;
  std::vector<FieldChange> out;
  std::size_t i = 0, j = 0;
  while (i < h->size() || j < f->size()) {
    if (j == f->size() || (i < h->size() && (*h)[i].first < (*f)[j].first)) {
      out.push_back({(*h)[i].first, (*h)[i].second, {}});  // set before, unset now
      ++i;
    } else if (i == h->size() || (*f)[j].first < (*h)[i].first) {
      out.push_back({(*f)[j].first, {}, (*f)[j].second});
      ++j;
    } else {
      if ((*h)[i].second != (*f)[j].second) out.push_back({(*f)[j].first, (*h)[i].second, (*f)[j].second});
      ++i;
      ++j;
    }
  }
  return out;
}

std::optional<std::vector<std::uint32_t>> places_of_sent(const std::vector<std::string_view>& held, const std::vector<std::string_view>& fresh,
                                                         const std::vector<std::string_view>& gone, const std::vector<std::string_view>& sent) {
  const auto in = [](const std::vector<std::string_view>& ids, std::string_view id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); };
  std::vector<std::string_view> held_rest, fresh_rest;
  for (const auto id : held) {
    if (!in(gone, id) && !in(sent, id)) held_rest.push_back(id);
  }
  for (const auto id : fresh) {
    if (!in(sent, id)) fresh_rest.push_back(id);
  }
  if (held_rest != fresh_rest) return std::nullopt;
  std::vector<std::uint32_t> at;
  for (const auto id : sent) at.push_back(static_cast<std::uint32_t>(std::find(fresh.begin(), fresh.end(), id) - fresh.begin()));
  return at;
}

}  // namespace patch_parts

void PartList::add_sized(const google::protobuf::MessageLite& m) {
  const std::size_t at = bytes_.size();
  bytes_.resize(at + static_cast<std::size_t>(m.GetCachedSize()));
  m.SerializeWithCachedSizesToArray(reinterpret_cast<std::uint8_t*>(bytes_.data() + at));
  ends_.push_back(static_cast<std::uint32_t>(bytes_.size()));
}

std::vector<std::pair<std::string, std::string>> marker_labels(const pb::View& view) {
  Labels out;
  const auto add = [&out](const auto& markers) {
    for (const auto& m : markers) {
      if (!label_in(out, m.key())) out.emplace_back(m.key(), m.label());
    }
  };
  for (const auto& u : view.units()) add(u.markers());
  for (const auto& s : view.sides()) add(s.markers());
  return out;
}

namespace {

// bytes_of, with the pieces (units, sides) left unset when `pieces` is false: the View was built
// without them, and they are another seat's. `table`, when set, is the View's static table (it
// was built without one, Game::view_without_table).
ViewBytes bytes_of(const pb::View& v, bool pieces, const TableBytes& table) {
  ViewBytes b;
  b.table = table ? table : table_bytes(v);
  b.viewer = v.viewer();
  if (pieces) {
    auto p = std::make_shared<PieceBytes>();
    p->units = PartList::of(v.units());
    p->sides = PartList::of(v.sides());
    p->unit_ids.reserve(static_cast<std::size_t>(v.units_size()));
    for (const auto& u : v.units()) p->unit_ids.push_back(u.id());
    for (const auto& s : v.sides()) p->side_ids.push_back(s.id());
    p->labels = marker_labels(v);
    b.pieces = std::move(p);
  }
  b.decisions = PartList::of(v.decisions());
  b.turn = field_bytes(v.has_turn(), v.turn());
  b.result = field_bytes(v.has_result(), v.result());
  b.menu = field_bytes(v.has_menu(), v.menu());
  if (!b.menu.empty()) {
    // Where each action lies in the menu's bytes, for a diff by action. Left empty (the menu then
    // travels whole) when the bytes do not split as expected.
    if (const auto entries = wire_entries(std::string_view(b.menu).substr(1))) {
      for (const auto& [number, slice] : *entries) {
        if (number != pb::ActionMenu::kActionsFieldNumber) continue;
        b.action_spans.emplace_back(static_cast<std::uint32_t>(slice.data() - b.menu.data()), static_cast<std::uint32_t>(slice.size()));
      }
    }
    if (std::ssize(b.action_spans) == v.menu().actions_size()) {
      b.action_ids.reserve(b.action_spans.size());
      for (const auto& a : v.menu().actions()) b.action_ids.push_back(a.id());
    } else {
      b.action_spans.clear();
      b.action_ids.push_back({});  // a count that matches no spans: never diffed by action
    }
  }
  b.extra = field_bytes(v.has_extra(), v.extra());
  b.paused = v.paused();
  return b;
}

// What refuses a patch whoever's the pieces are: another static table or viewer, a field that
// went from set to unset.
bool seat_refuses(const ViewBytes& hb, const ViewBytes& fb) {
  if (!same_table(hb, fb) || hb.viewer != fb.viewer) return true;
  for (auto [h, f] : {std::pair{&hb.turn, &fb.turn}, {&hb.result, &fb.result}, {&hb.menu, &fb.menu}, {&hb.extra, &fb.extra}}) {
    if (f->empty() && !h->empty()) return true;
  }
  return false;
}

// What refuses a patch in the pieces: a side came or went, two units share an id.
bool pieces_refuse(const PieceBytes& hp, const PieceBytes& fp) {
  if (hp.side_ids != fp.side_ids) return true;
  const auto id_in = [](const std::vector<std::string>& ids) {
    return [&ids](int i) { return std::string_view(ids[static_cast<std::size_t>(i)]); };
  };
  // The held ids need no check of their own when they are the fresh ones (the usual case).
  return repeats(static_cast<int>(fp.unit_ids.size()), id_in(fp.unit_ids)) ||
         (hp.unit_ids != fp.unit_ids && repeats(static_cast<int>(hp.unit_ids.size()), id_in(hp.unit_ids)));
}

// Everything of a patch but the pieces: the turn, result, menu, extra, decisions and pause.
void diff_rest(const ViewBytes& hb, pb::View& fresh, const ViewBytes& fb, pb::ViewPatch& patch) {
  if (!hb.turn.empty() && !fb.turn.empty() && hb.turn != fb.turn) {
    if (auto change = turn_change(std::string_view(hb.turn).substr(1), std::string_view(fb.turn).substr(1))) {
      patch.mutable_turn_change()->Swap(&*change);
    } else {
      patch.mutable_turn()->Swap(fresh.mutable_turn());
    }
  } else {
    diff_field(hb.turn, fb.turn, fresh.mutable_turn(), &pb::ViewPatch::mutable_turn, patch);
  }
  diff_field(hb.result, fb.result, fresh.mutable_result(), &pb::ViewPatch::mutable_result, patch);
  if (!fb.menu.empty() && hb.menu != fb.menu) {
    if (auto change = menu_change(hb, *fresh.mutable_menu(), fb)) {
      patch.mutable_menu_change()->Swap(&*change);
    } else {
      patch.mutable_menu()->Swap(fresh.mutable_menu());
    }
  }
  if (!fb.extra.empty() && hb.extra != fb.extra) {
    auto change = hb.extra.empty() ? std::nullopt : extra_change(std::string_view(hb.extra).substr(1), std::string_view(fb.extra).substr(1));
    if (change) {
      patch.mutable_extra_change()->Swap(&*change);
    } else {
      patch.mutable_extra()->Swap(fresh.mutable_extra());
    }
  }
  if (hb.decisions != fb.decisions) patch.mutable_decisions()->mutable_decisions()->Swap(fresh.mutable_decisions());
  if (hb.paused != fb.paused) patch.set_paused(fb.paused);
}

}  // namespace

ViewBytes bytes_of(const pb::View& v) { return bytes_of(v, true, nullptr); }

bool same_table(const ViewBytes& a, const ViewBytes& b) {
  if (a.table == b.table) return true;
  return a.table && b.table && *a.table == *b.table;
}

void share_alike(ViewBytes& bytes, const ViewBytes& other) {
  if (bytes.table != other.table && same_table(bytes, other)) bytes.table = other.table;
  if (bytes.pieces != other.pieces && bytes.pieces && other.pieces && *bytes.pieces == *other.pieces) bytes.pieces = other.pieces;
}

std::optional<pb::ViewPatch> diff_views(const pb::View& held, const pb::View& fresh) {
  pb::View copy = fresh;
  ViewBytes fresh_bytes;
  return diff_views(bytes_of(held), copy, fresh_bytes);
}

std::optional<pb::ViewPatch> diff_views(const ViewBytes& hb, pb::View& fresh, ViewBytes& fb, const TableBytes& table) {
  fb = bytes_of(fresh, true, table);
  // Checked before anything is moved out of `fresh`, so that a refusal leaves it whole.
  if (!hb.pieces || seat_refuses(hb, fb) || pieces_refuse(*hb.pieces, *fb.pieces)) return std::nullopt;
  fb.table = hb.table;  // the same bytes: the next diff and the room's other seats share one copy
  pb::ViewPatch patch;
  diff_units(*hb.pieces, fresh, *fb.pieces, patch);
  diff_sides(*hb.pieces, fresh, *fb.pieces, patch);
  diff_rest(hb, fresh, fb, patch);
  return patch;
}

std::optional<pb::ViewPatch> diff_views(const ViewBytes& hb, pb::View& fresh, ViewBytes& fb, PiecesPatch& keep, const TableBytes& table) {
  auto patch = diff_views(hb, fresh, fb, table);
  if (!patch) return patch;
  keep.held = hb.pieces;
  keep.fresh = fb.pieces;
  keep.parts.Clear();
  *keep.parts.mutable_units() = patch->units();
  *keep.parts.mutable_units_gone() = patch->units_gone();
  if (patch->has_unit_order()) *keep.parts.mutable_unit_order() = patch->unit_order();
  *keep.parts.mutable_unit_changes() = patch->unit_changes();
  *keep.parts.mutable_sides() = patch->sides();
  *keep.parts.mutable_side_changes() = patch->side_changes();
  return patch;
}

std::optional<pb::ViewPatch> diff_views_alike(const ViewBytes& hb, pb::View& fresh, ViewBytes& fb, const PiecesPatch& alike, const TableBytes& table) {
  fb = bytes_of(fresh, false, table);
  fb.pieces = alike.fresh;
  if (!alike.held || hb.pieces != alike.held || seat_refuses(hb, fb)) return std::nullopt;
  fb.table = hb.table;
  pb::ViewPatch patch = alike.parts;
  diff_rest(hb, fresh, fb, patch);
  return patch;
}

}  // namespace sandtable
