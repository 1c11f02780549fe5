#include "engine/model/palette_util.h"

namespace sandtable::palette {

pb::Point point(double x, double y) {
  pb::Point p;
  p.set_x(x);
  p.set_y(y);
  return p;
}

pb::PaletteTerrain area_or_line(std::string_view kind, std::string_view label, double w, double h) {
  pb::PaletteTerrain t;
  t.set_label(std::string(label));
  auto& f = *t.mutable_feature();
  f.set_kind(std::string(kind));
  f.set_name(std::string(label));
  if (h == 0) {
    *f.add_polyline() = point(-w / 2, 0);
    *f.add_polyline() = point(w / 2, 0);
    return t;
  }
  for (const auto& [x, y] : {std::pair{-w / 2, -h / 2}, {w / 2, -h / 2}, {w / 2, h / 2}, {-w / 2, h / 2}}) {
    *f.add_polygon() = point(x, y);
  }
  return t;
}

pb::Scenario blank(std::string_view ruleset, const std::vector<std::pair<std::string, std::string>>& sides,
                   int max_turns, std::string_view victory_text) {
  pb::Scenario s;
  s.set_id("new-battle");
  s.set_name("New battle");
  s.set_ruleset(std::string(ruleset));
  for (const auto& [id, name] : sides) {
    auto* side = s.add_sides();
    side->set_id(id);
    side->set_name(name);
  }
  s.mutable_victory()->set_max_turns(max_turns);
  s.mutable_victory()->set_text(std::string(victory_text));
  return s;
}

std::string label(std::string_view words) {
  std::string out;
  out.reserve(words.size());
  for (char c : words) {
    if (c == '_') c = ' ';
    if (out.empty() && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    out.push_back(c);
  }
  return out;
}

}  // namespace sandtable::palette
