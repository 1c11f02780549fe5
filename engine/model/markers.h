#pragma once
// Labelled values on a unit or a side (pb::Marker): the rule set writes the words, the client
// shows them without knowing the rule behind them.
#include <string>

#include "sandtable/v1/view.pb.h"

namespace sandtable {

namespace pb = ::sandtable::v1;

// Adds a marker with its stable key and the words a player reads; `value` empty for a plain
// marker ("Dug in"), else what the label is worth ("Quality", "elite").
template <class V>
void add_marker(V& view, std::string key, std::string label, std::string value = {}) {
  pb::Marker* m = view.add_markers();
  m->set_key(std::move(key));
  m->set_label(std::move(label));
  m->set_value(std::move(value));
}

// Whether the view carries the marker with this key.
template <class V>
bool has_marker(const V& view, const std::string& key) {
  for (const auto& m : view.markers()) {
    if (m.key() == key) return true;
  }
  return false;
}

}  // namespace sandtable
