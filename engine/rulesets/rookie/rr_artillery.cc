#include "engine/rulesets/rookie/rr_artillery.h"

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <system_error>

namespace sandtable::rr {

namespace {

// Inches for a sentence: at most two decimals, trailing zeros dropped ("42", "8.1", "12.35").
std::string inches(double v) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 2);
  if (ec != std::errc()) return "?";
  std::string s(buf, end);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  s += '"';
  return s;
}

constexpr int index_of(ArtilleryWeapon w) { return static_cast<int>(w); }

// GAP-RR-ART-05: the weapon's own RR-UNIT-04 column, indexed by ArtilleryWeapon.
constexpr std::array<WeaponFfBand, 6> kTemplateBands = {{
    {41, 45},      // light artillery
    {51, 55},      // medium artillery
    {61, kOpenFf}, // heavy artillery
    {21, 25},      // light mortar
    {36, 40},      // medium mortar
    {51, 55},      // heavy mortar
}};

// RR-ART-06 (artillery) and RR-ART-07 (mortars): printed minimum ranges, indexed by ArtilleryWeapon.
constexpr std::array<double, 6> kPrintedMinimumRange = {8.1, 8.1, 8.1, 8.1, 25.1, 75.1};
// The band boundary each printed minimum starts past (see printed_minimum_range in the header).
constexpr std::array<double, 6> kMinimumRangeExceeds = {8.0, 8.0, 8.0, 8.0, 25.0, 75.0};

std::string weapon_name(ArtilleryWeapon w) {
  switch (w) {
    case ArtilleryWeapon::kLightArtillery: return "light artillery";
    case ArtilleryWeapon::kMediumArtillery: return "medium artillery";
    case ArtilleryWeapon::kHeavyArtillery: return "heavy artillery";
    case ArtilleryWeapon::kLightMortar: return "a light mortar";
    case ArtilleryWeapon::kMediumMortar: return "a medium mortar";
    case ArtilleryWeapon::kHeavyMortar: return "a heavy mortar";
  }
  return "this weapon";
}

// One written distance: inches ("42", "42\""), feet ("3'") or feet and inches ("3'6\"").
// Advances `pos`; nullopt when no distance starts there.
std::optional<double> read_distance(std::string_view text, std::size_t& pos) {
  auto read_number = [&](double& out) {
    const char* first = text.data() + pos;
    const char* last = text.data() + text.size();
    if (first == last || !((*first >= '0' && *first <= '9') || *first == '-' || *first == '.')) return false;
    auto [ptr, ec] = std::from_chars(first, last, out);
    if (ec != std::errc()) return false;
    pos += static_cast<std::size_t>(ptr - first);
    return true;
  };
  double first = 0;
  if (!read_number(first)) return std::nullopt;
  if (pos < text.size() && text[pos] == '"') {
    ++pos;
    return first;
  }
  if (pos < text.size() && text[pos] == '\'') {
    ++pos;
    double more = 0;
    if (read_number(more)) {
      if (more < 0) return std::nullopt;
      if (pos < text.size() && text[pos] == '"') ++pos;
    }
    return feet_and_inches(first, more);
  }
  return first;
}

bool is_space(char c) { return c == ' ' || c == '\t'; }

}  // namespace

// ---------------------------------------------------------------------------------------------
// Plotting

bool on_table(const TableSize& table, geom::Vec2 p) {
  return geom::is_finite(p) && p.x >= -geom::kEps && p.y >= -geom::kEps && geom::within(p.x, table.length) &&
         geom::within(p.y, table.width);
}

PlotCheck check_plot(const TableSize& table, double along_length, double along_width) {
  PlotCheck out;
  out.point = {along_length, along_width};
  if (!(std::isfinite(table.length) && std::isfinite(table.width) && table.length > 0 && table.width > 0)) {
    out.refusal = "The table has no size, so no point can be plotted on it.";
    return out;
  }
  if (!geom::is_finite(out.point)) {
    out.refusal = "A plotted point needs two distances in inches.";
    return out;
  }
  if (!on_table(table, out.point)) {
    std::string s = "The plotted point (";
    s += inches(along_length);
    s += ", ";
    s += inches(along_width);
    s += ") is off the table: it must be 0 to ";
    s += inches(table.length);
    s += " along the length and 0 to ";
    s += inches(table.width);
    s += " along the width.";
    out.refusal = std::move(s);
  }
  return out;
}

PlotCheck parse_plot(const TableSize& table, std::string_view text) {
  std::size_t pos = 0;
  auto skip = [&] {
    while (pos < text.size() && is_space(text[pos])) ++pos;
  };
  auto bad = [] {
    PlotCheck out;
    out.refusal =
        "Write the point as two distances, along the length then along the width: inches such as "
        "42, 36 or feet and inches such as 3'6\" 3'.";
    return out;
  };
  skip();
  std::optional<double> x = read_distance(text, pos);
  if (!x) return bad();
  std::size_t before = pos;
  skip();
  if (pos < text.size() && text[pos] == ',') ++pos;
  skip();
  if (pos == before) return bad();  // the two distances must be separated
  std::optional<double> y = read_distance(text, pos);
  if (!y) return bad();
  skip();
  if (pos != text.size()) return bad();
  return check_plot(table, *x, *y);
}

// ---------------------------------------------------------------------------------------------
// Templates

std::vector<StrikeTemplate> allowed_templates(ArtilleryWeapon weapon) {
  switch (weapon) {
    case ArtilleryWeapon::kHeavyArtillery: return {StrikeTemplate::kA, StrikeTemplate::kB};
    case ArtilleryWeapon::kMediumArtillery:
    case ArtilleryWeapon::kHeavyMortar: return {StrikeTemplate::kC};
    case ArtilleryWeapon::kLightArtillery:
    case ArtilleryWeapon::kLightMortar:
    case ArtilleryWeapon::kMediumMortar: return {StrikeTemplate::kD};
  }
  return {};
}

bool template_is_players_choice(ArtilleryWeapon weapon) { return allowed_templates(weapon).size() > 1; }

std::string template_name(StrikeTemplate t) {
  std::string s = "template ";
  s += static_cast<char>('A' + static_cast<int>(t));
  return s;
}

std::optional<std::string> template_refusal(ArtilleryWeapon weapon, StrikeTemplate chosen) {
  std::vector<StrikeTemplate> ok = allowed_templates(weapon);
  for (StrikeTemplate t : ok) {
    if (t == chosen) return std::nullopt;
  }
  std::string s = "Fire from ";
  s += weapon_name(weapon);
  s += " uses ";
  for (std::size_t i = 0; i < ok.size(); ++i) {
    if (i > 0) s += " or ";
    s += template_name(ok[i]);
  }
  s += ", not ";
  s += template_name(chosen);
  s += '.';
  return s;
}

std::optional<geom::Polygon> template_rectangle(const PlacedTemplate& t) {
  TemplateSize size = template_size(t.kind);
  if (size.round) return std::nullopt;
  return geom::rectangle(t.centre, t.orientation, size.length, size.width);
}

std::optional<geom::Circle> template_circle(const PlacedTemplate& t) {
  TemplateSize size = template_size(t.kind);
  if (!size.round) return std::nullopt;
  return geom::Circle{t.centre, size.length / 2};
}

bool segments_touch(geom::Segment s, geom::Segment t) {
  double d1 = geom::cross(s.b - s.a, t.a - s.a);
  double d2 = geom::cross(s.b - s.a, t.b - s.a);
  double d3 = geom::cross(t.b - t.a, s.a - t.a);
  double d4 = geom::cross(t.b - t.a, s.b - t.a);
  bool straddle_t = (d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0);
  bool straddle_s = (d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0);
  if (straddle_t && straddle_s) return true;
  // Touching, collinear overlap or a near miss within the tolerance: some endpoint is on the other.
  return geom::negligible(geom::distance_to_segment(t.a, s)) || geom::negligible(geom::distance_to_segment(t.b, s)) ||
         geom::negligible(geom::distance_to_segment(s.a, t)) || geom::negligible(geom::distance_to_segment(s.b, t));
}

bool footprints_touch(const geom::Polygon& a, const geom::Polygon& b) {
  geom::Box ba{a.box().lo - geom::Vec2{geom::kEps, geom::kEps}, a.box().hi + geom::Vec2{geom::kEps, geom::kEps}};
  if (!ba.overlaps(b.box())) return false;
  for (geom::Vec2 v : a.vertices()) {
    if (geom::locate(b, v) != geom::Where::kOutside) return true;
  }
  for (geom::Vec2 v : b.vertices()) {
    if (geom::locate(a, v) != geom::Where::kOutside) return true;
  }
  for (int i = 0; i < a.size(); ++i) {
    for (int j = 0; j < b.size(); ++j) {
      if (segments_touch(a.edge(i), b.edge(j))) return true;
    }
  }
  return false;
}

bool under_template(const PlacedTemplate& t, geom::Vec2 p) {
  if (auto c = template_circle(t)) return geom::within(geom::distance(c->centre, p), c->radius);
  return geom::locate(*template_rectangle(t), p) != geom::Where::kOutside;
}

bool under_template(const PlacedTemplate& t, const geom::Polygon& footprint) {
  if (auto c = template_circle(t)) return geom::overlaps(*c, footprint);
  return footprints_touch(*template_rectangle(t), footprint);
}

// ---------------------------------------------------------------------------------------------
// Impact roll

ImpactReading read_impact_roll(int d10_face, int modifier) {
  if (d10_face < 0 || d10_face > 9) throw std::invalid_argument("A d10 face is 0 to 9.");
  ImpactReading r;
  r.value = (d10_face == 0 ? 10 : d10_face) + modifier;
  if (r.value <= 4) {
    r.on_target = true;  // 1-4, and anything modified below 1 (GAP-RR-ART-04)
  } else if (r.value >= 10) {
    r.sector = 0;  // the "0" sector, and anything modified above 10 (GAP-RR-ART-04)
  } else {
    r.sector = r.value;
  }
  return r;
}

geom::Facing drift_direction(geom::Facing away_from_firer, int sector) {
  int step = 0;  // sixths of a turn clockwise from "away from the firer"
  if (sector >= 5 && sector <= 9) {
    step = sector - 5;
  } else if (sector == 0) {
    step = 5;
  } else {
    throw std::invalid_argument("The drift sectors are 5, 6, 7, 8, 9 and 0.");
  }
  return away_from_firer.turned_half_degrees(step * 120);  // 60 degrees per sector
}

ImpactOutcome resolve_impact(geom::Vec2 aim, geom::Facing away, int d10_face, int modifier, int d6_face) {
  ImpactOutcome out;
  out.reading = read_impact_roll(d10_face, modifier);
  out.point = aim;
  if (out.reading.on_target) return out;
  if (d6_face < 1 || d6_face > 6) throw std::invalid_argument("A d6 face is 1 to 6.");
  out.drift_inches = d6_face;
  out.point = aim + drift_direction(away, out.reading.sector).forward() * static_cast<double>(d6_face);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Effect

WeaponFfBand template_attack_band(ArtilleryWeapon weapon) { return kTemplateBands[index_of(weapon)]; }

bool template_attack_forces_morale(ArtilleryWeapon weapon) { return weapon != ArtilleryWeapon::kLightMortar; }

std::vector<int> units_under(const PlacedTemplate& t, std::span<const UnitStands> units) {
  std::vector<int> out;
  for (std::size_t i = 0; i < units.size(); ++i) {
    for (const geom::Polygon& stand : units[i]) {
      if (under_template(t, stand)) {
        out.push_back(static_cast<int>(i));
        break;  // attacked once however many of its stands are under (RR-ART-05)
      }
    }
  }
  return out;
}

std::vector<TemplateAttack> template_attacks(const PlacedTemplate& t, WeaponFfBand band, bool forces_morale,
                                             std::span<const UnitStands> units) {
  std::vector<TemplateAttack> out;
  for (int i : units_under(t, units)) out.push_back({i, band, forces_morale});
  return out;
}

// ---------------------------------------------------------------------------------------------
// On-table fire

double printed_minimum_range(ArtilleryWeapon weapon) { return kPrintedMinimumRange[index_of(weapon)]; }

double minimum_range_exceeds(ArtilleryWeapon weapon) { return kMinimumRangeExceeds[index_of(weapon)]; }

std::optional<std::string> minimum_range_refusal(ArtilleryWeapon weapon, double range_in) {
  if (!std::isfinite(range_in) || range_in < 0) return "A range is a distance of 0 inches or more.";
  if (geom::beyond(range_in, minimum_range_exceeds(weapon))) return std::nullopt;
  std::string s = "The target is ";
  s += inches(range_in);
  s += " away; ";
  s += weapon_name(weapon);
  s += " on the table has a minimum range of ";
  s += inches(printed_minimum_range(weapon));
  s += '.';
  return s;
}

}  // namespace sandtable::rr
