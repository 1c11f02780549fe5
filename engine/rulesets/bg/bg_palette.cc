// The scenario editor's palette (docs/engine.md "Scenario editor"): the unit types, terrain and
// options validate_scenario accepts, read from the same tables (bg_tables.cc, read_options).
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "engine/model/palette_util.h"
#include "engine/rulesets/bg/bg_rules_impl.h"
#include "engine/rulesets/bg/bg_tables.h"

namespace sandtable::bg {

namespace {

// A body of figures in ranks of five, 1" apart, centred on the origin (the editor moves it).
void figures(pb::UnitSetup& u, const std::vector<const char*>& kinds) {
  const int n = static_cast<int>(kinds.size());
  const int per_rank = 5;
  const int ranks = (n + per_rank - 1) / per_rank;
  for (int i = 0; i < n; ++i) {
    auto* f = u.add_figures();
    std::string id = std::to_string(i + 1);
    f->set_id(id.insert(0, 1, 'f'));  // "f" + ... trips GCC 12's false -Wrestrict
    f->set_kind(kinds[static_cast<std::size_t>(i)]);
    const int in_rank = std::min(per_rank, n - (i / per_rank) * per_rank);
    *f->mutable_position() = palette::point((i % per_rank) - (in_rank - 1) / 2.0, (ranks - 1) / 2.0 - i / per_rank);
  }
}

void infantry(pb::ScenarioPalette& p, const char* label, const char* type, const std::vector<const char*>& kinds) {
  auto* x = p.add_units();
  x->set_label(label);
  auto& u = *x->mutable_unit();
  u.set_type(type);
  u.set_quality("C");
  figures(u, kinds);
}

struct TerrainTemplate {
  const char* kind;
  double w, h;  // a rectangle, or a line w long when h is 0
};
// What a GM lays first and then adjusts: usual sizes on a 60" x 36" table. Minefields are the
// 4" x 6" of BG-MINE-01; "clear" is the text's open ground and needs no feature.
constexpr TerrainTemplate kTerrain[] = {
    {"woods", 10, 8},   {"brush", 6, 4},    {"crops", 8, 6},       {"hill", 12, 8},  {"building", 3, 3},
    {"rubble", 3, 3},   {"hedge", 12, 0},   {"wall", 8, 0},        {"fence", 8, 0},  {"river", 30, 0},
    {"ford", 3, 4},     {"bridge", 3, 5},   {"road", 30, 1.5},     {"shale_beach", 12, 4},
    {"water", 8, 6},    {"minefield", 4, 6}, {"dummy_minefield", 4, 6},
};

void add_option(pb::ScenarioPalette& p, const char* key, std::vector<std::string> values, const char* label,
                const char* help) {
  auto* o = p.add_options();
  o->set_key(key);
  o->set_label(label);
  o->set_help(help);
  for (auto& v : values) o->add_values(std::move(v));
}

void options(pb::ScenarioPalette& p) {
  const std::vector<std::string> off_on = {"off", "on"};
  // The variant first: it changes the game most (GAP-BGM-GEN-01).
  add_option(p, "bg.mods", {"off", "vehicles", "skirmish"}, "Shaffer's modifications",
             "\"vehicles\": Battleground + Shaffer vehicles, d20 anti-tank fire, hit location and vehicle damage "
             "(GAP-BGM-GEN-01 profile a); every vehicle names its model. \"skirmish\" (experimental): the recovered "
             "d20 skirmish, a card per unit, two actions, small arms, assault and reaction fire (profile b; infantry only).");
  p.mutable_options(p.options_size() - 1)->add_experimental("skirmish");  // GAP-BGM-GEN-01: profile (b)
  add_option(p, "bg.mods_prone", {"printed", "protects"}, "Shaffer: prone targets",
             "Prone or crawling targets take -2 on the damage roll as printed, or +2 (GAP-BGM-COV-02).");
  add_option(p, "bg.mods_hatches", {"open", "buttoned"}, "Shaffer: hatches",
             "Commanders ride with hatches open (exposed) or buttoned up (+2 on their shots, BGM-AT-08).");
  add_option(p, "bg.grade_b", {"4-6", "5-6"}, "Grade B hits", "What a grade B die hits on (GAP-BG-FIRE-01).");
  add_option(p, "bg.road_bonus", {"floor", "exact"}, "Road bonus", "Thirds rounded down, or exact (GAP-BG-MOVE-07).");
  add_option(p, "bg.shot_declaration", {"one_at_a_time", "declare_all"}, "Shots", "Declared one at a time, or all first (BG-CARD-14).");
  add_option(p, "bg.tracked_turn", {"proportional", "quarters"}, "Tracked vehicles turning", "BG-VMOV-05.");
  add_option(p, "bg.drift_bearing", {"compass", "d12"}, "Artillery drift", "A compass bearing, or a d12 clock (GAP-BG-ART-03).");
  add_option(p, "bg.walk_dice", {"1", "2", "3", "4"}, "Walk dice", "Dice rolled for a walk (GAP-BG-MOVE-05).");
  add_option(p, "bg.run_dice", {"2", "1", "3", "4", "5", "6"}, "Run dice", "Dice rolled for a run (GAP-BG-MOVE-05).");
  add_option(p, "bg.morale", off_on, "Morale", "The optional morale rules (BG-OPT-07).");
  add_option(p, "bg.detailed_armour", off_on, "Detailed armour", "BG-OPT-01.");
  add_option(p, "bg.specialised_hw", off_on, "Specialised heavy weapons", "BG-OPT-02.");
  add_option(p, "bg.short_range_weapons", off_on, "Short-range weapons", "BG-OPT-03.");
  add_option(p, "bg.quality_defence", off_on, "Quality in defence", "BG-OPT-06.");
  add_option(p, "bg.melee_weapons", off_on, "Melee weapons for all", "Every figure gets the melee weapon +1 (BG-MEL-07).");
  add_option(p, "bg.melee_pairing", {"players", "listed"}, "Melee pairing", "Players pair figures, or the listed order is used (BG-MEL-06).");
  add_option(p, "bg.guards", {"players", "listed"}, "Prisoner guards", "Players choose guards, or rifles from the back (BG-PRIS-01).");
  add_option(p, "bg.random_artillery", off_on, "Random artillery", "The artillery deck (BG-ART-08).");
  add_option(p, "bg.artillery_per_turn", off_on, "Artillery every turn", "BG-ART-09.");
  add_option(p, "bg.night", off_on, "Night", "Sight is limited at night (BG-LOS-06).");
  add_option(p, "bg.objective_vehicles", {"hold", "contest"}, "Vehicles at objectives", "Vehicles hold objectives, or only contest them.");
  add_option(p, "bg.cavalry_road", {"on", "off"}, "Cavalry road bonus", "BG-CAV-03.");
  add_option(p, "bg.stands", {"off", "track", "all_or_nothing"}, "Stands", "Multi-figure stands and how losses are taken.");
  auto* axis = p.add_options();
  axis->set_key("bg.axis_side");
  axis->set_label("Axis side");
  axis->set_help("The side that plays the Axis cards (default: the first side).");
  axis->set_side(true);
}

}  // namespace

pb::ScenarioPalette Battleground::palette() const {
  pb::ScenarioPalette p;
  p.set_ruleset(std::string(id()));
  *p.mutable_blank() = palette::blank(id(), {{"axis", "Germans"}, {"allies", "Allies"}}, 8,
                                      "Hold the objectives at the end of the last turn.");
  p.mutable_blank()->mutable_table()->set_width(60);  // BG-GEN-04: a 5' x 3' table
  p.mutable_blank()->mutable_table()->set_height(36);
  infantry(p, "Rifle squad", "infantry",
           {"leader", "rifle", "rifle", "rifle", "rifle", "leader", "heavy_weapon", "rifle", "rifle", "rifle"});
  infantry(p, "Weapons team", "infantry", {"leader", "heavy_weapon", "rifle", "rifle"});
  infantry(p, "Engineer squad", "infantry", {"leader", "engineer", "engineer", "engineer", "rifle", "rifle"});
  infantry(p, "Squad with medic", "infantry", {"leader", "rifle", "rifle", "medic", "leader", "rifle", "rifle", "rifle"});
  infantry(p, "Cavalry troop", "cavalry", {"leader", "rifle", "rifle", "rifle", "rifle", "rifle"});
  for (const auto& row : vehicle_rows()) {
    auto* x = p.add_units();
    x->set_label(palette::label(row.type));
    x->mutable_unit()->set_type(row.type);
    x->mutable_unit()->set_quality("C");
    *x->mutable_unit()->mutable_position() = palette::point(0, 0);  // the hull's centre, facing north
  }
  for (const char* type : {"mg_nest", "pillbox", "gun_emplacement", "bunker"}) {
    auto* x = p.add_units();
    x->set_label(palette::label(type));
    x->mutable_unit()->set_type(type);
    x->mutable_unit()->set_quality("C");
    *x->mutable_unit()->mutable_position() = palette::point(0, 0);
  }
  for (const char* q : {"A", "B", "C", "D"}) p.add_qualities(q);  // BG-UNIT-07
  for (const auto& t : kTerrain) *p.add_terrain() = palette::area_or_line(t.kind, palette::label(t.kind), t.w, t.h);
  options(p);
  p.set_objectives(true);
  p.set_objective_owner(true);
  p.set_unit_points(true);
  return p;
}

}  // namespace sandtable::bg
