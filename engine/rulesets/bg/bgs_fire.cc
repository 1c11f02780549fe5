// Profile (b)'s small-arms fire (BGM-SA-01..07) and infantry damage (BGM-DMG-01..03, BGM-COV-01/02):
// the group rolls one d20 with its modifiers, the hit table gives hits or a morale check, and each
// hit is a damage roll on the band's column against a figure picked at random (GAP-BGM-SA-01).
#include <algorithm>

#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bgs_skirmish.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

namespace {

mods::SmallArm weapon_of_group(const Unit& u) {
  return small_arm_named(u.bgs ? u.bgs->small_arm : "rifle").value_or(mods::SmallArm::kBoltRifle);
}

bool automatic(mods::SmallArm w) {
  using mods::SmallArm;
  return w == SmallArm::kSmg || w == SmallArm::kAssaultRifle || w == SmallArm::kLmg || w == SmallArm::kMmg || w == SmallArm::kHeavyMg;
}

}  // namespace

// BGM-COV-01 terrain entries as Carroll's terrain kinds read them; only the best counts
// (GAP-BGM-COV-01). Carroll's woods are light woods and its buildings stone.
std::pair<std::string, int> bgs_cover_entry(TerrainKind k) {
  switch (k) {
    case TerrainKind::kBrush: return {"brush", 1};
    case TerrainKind::kCrops: return {"brush", 1};
    case TerrainKind::kWoods: return {"light woods", 2};
    case TerrainKind::kHedge: return {"other light cover", 3};
    case TerrainKind::kFence: return {"other light cover", 3};
    case TerrainKind::kWall: return {"bocage / wall", 5};
    case TerrainKind::kRubble: return {"building rubble", 4};
    case TerrainKind::kBuilding: return {"stone building", 5};
    default: return {"", 0};
  }
}

std::optional<std::pair<std::string, int>> bgs_position_entry(const BgState& st, const Unit& t) {
  if (t.bgs && t.bgs->prone) return std::pair<std::string, int>{"prone", st.options.bgm_prone_protects ? 2 : -2};  // BGM-COV-02
  if (t.bgs && t.bgs->moved_last) return std::pair<std::string, int>{"walking / running", 1};
  return std::nullopt;
}

namespace {

// The damage roll's modifiers for a hit from `from` (positive protects).
std::vector<std::pair<std::string, int>> cover_modifiers(const BgState& st, const Unit& t, Vec2 from, bool assault,
                                                         const Unit* shooter) {
  std::vector<std::pair<std::string, int>> out;
  if (assault) {  // BGM-ASLT-03: only the assault-hit entries
    if (!t.building.empty()) out.push_back({"building", 2});
    else if (t.markers.dug_in) out.push_back({"fighting position", -2});
    else out.push_back({"infantry", -3});
    return out;
  }
  std::pair<std::string, int> best{"", 0};
  for (const Terrain* x : terrain_on_line(st, from, aim_point(st, t))) {
    const auto c = bgs_cover_entry(x->kind);
    if (c.second > best.second) best = c;
  }
  if (t.markers.dug_in && best.second < 5) best = {"prepared position", 5};
  if (best.second > 0) out.push_back(best);
  if (auto p = bgs_position_entry(st, t)) out.push_back(*p);
  // BGM-DMG-03 / GAP-BGM-DMG-03: automatic weapons firing down from a hill or building.
  if (shooter && automatic(weapon_of_group(*shooter)) && plunging(st, *shooter, from, t, aim_point(st, t))) {
    out.push_back({"plunging fire", -3});
  }
  return out;
}

int light_wounds_before(const Unit& t, const std::string& figure, const std::vector<pb::BgsWound>& so_far) {
  int n = 0;
  for (const auto& f : t.figures) {
    if (f.id == figure) n += f.light_wounds;
  }
  for (const auto& w : so_far) n += w.figure_id() == figure && w.result() == "LtW";
  return n;
}

// A fair pick among n men: the smallest die that covers them (d6, d10, d20, percentile), rolled
// again until it names one (at a table, "roll a d6 for which of the four").
int pick(Context& ctx, std::size_t n, const std::string& label, int* shown) {
  if (n <= 1) return 0;
  const pb::DieKind kind = n <= 6 ? pb::DIE_KIND_D6 : n <= 10 ? pb::DIE_KIND_D10 : n <= 20 ? pb::DIE_KIND_D20 : pb::DIE_KIND_PERCENTILE;
  for (int guard = 0; guard < 1000; ++guard) {
    const int r = ctx.roll(kind, label);
    if (r >= 1 && static_cast<std::size_t>(r) <= n) {
      *shown = r;
      return r - 1;
    }
  }
  return 0;
}

void add_modifier(pb::BgsWound* w, const std::string& name, int value) {
  auto* m = w->add_modifiers();
  m->set_name(name);
  m->set_value(value);
}

}  // namespace

std::string band_words(mods::SaBand b) {
  switch (b) {
    case mods::SaBand::kPointBlank: return "point blank";
    case mods::SaBand::kEffective: return "effective";
    case mods::SaBand::kLong: return "long";
    case mods::SaBand::kExtreme: return "extreme";
  }
  return "effective";
}

Check check_bgs_target(const BgState& st, const Unit& u, const Unit& t) {
  if (!t.on_table || t.destroyed || (t.hidden && t.side != u.side) || t.side == u.side) {
    return refusal("BG_NO_TARGET", "BG-FIRE-10", label(u) + " has no enemy unit '" + t.id + "' to fire at.");
  }
  if (u.bgs && u.bgs->jammed) {
    return refusal("BGM_JAMMED", "BGM-GEN-05", label(u) + "'s weapon jammed on a natural 20; clearing it (Unjam) takes an action.");
  }
  if (fighters(u).empty()) return refusal("BG_NO_SHOOTERS", "BGM-SA-01", label(u) + " has no man left to fire.");
  const double range = geom::distance(aim_point(st, u), aim_point(st, t));
  const mods::SmallArm w = weapon_of_group(u);
  if (!mods::sa_band(w, range)) {
    return refusal("BGM_OUT_OF_RANGE", "BGM-SA-07", label(t) + " is " + inches(range) + " from " + label(u) +
                                                        ", beyond the extreme range of its " + small_arm_words(w) + ".");
  }
  // BG-LOS-05 (Carroll's table stays): infantry fire to its front unless dug in or in a building.
  if (u.building.empty() && !u.markers.dug_in && !geom::in_front(com(u), u.facing, aim_point(st, t))) {
    return refusal("BG_NOT_IN_FRONT", "BG-LOS-05", label(t) + " is not in front of " + label(u) + ".");
  }
  if (auto b = los_blocker(st, u, t)) {
    return refusal("BG_NO_LOS", "BG-LOS-01", label(u) + " cannot see " + label(t) + ": " + *b + " blocks the line.");
  }
  return std::nullopt;
}

bool crew_served(const Unit& u) {
  const mods::SmallArm w = weapon_of_group(u);
  return w == mods::SmallArm::kMmg || w == mods::SmallArm::kHeavyMg;  // autocannons fire as the latter
}

SaPlan plan_bgs_fire(const BgState& st, const Unit& u, const Unit& t, bool reaction, bool pinning) {
  SaPlan p;
  p.weapon = weapon_of_group(u);
  p.autocannon = u.bgs ? autocannon_mm(u.bgs->small_arm).value_or(0) : 0;
  p.words = p.autocannon ? std::to_string(p.autocannon) + " mm autocannon" : small_arm_words(p.weapon);
  p.range = geom::distance(aim_point(st, u), aim_point(st, t));
  const auto band = mods::sa_band(p.weapon, p.range).value_or(mods::SaBandRow{mods::SaBand::kExtreme, 'H'});
  p.band = band.band;
  p.column = band.column;
  const auto men = fighters(u);
  p.men = static_cast<int>(men.size());
  auto add = [&](const std::string& name, int v) {
    if (v != 0) p.modifiers.push_back({name, v});
  };
  // BGM-SA-04, every line that applies. "Moved in current action" never does: fire is an action
  // of its own (docs/rulesets/battleground-mods.md).
  add(p.men <= 2 ? "1 or 2 men firing" : std::to_string(p.men) + " men firing", mods::men_modifier(p.men));
  if (u.bgs && u.bgs->sniper) add("sniper", -3);
  if (u.bgs && crew_served(u)) {
    if (u.bgs->unqualified) add("crew not qualified on the weapon", 2);
    if (u.bgs->crew > 0 && p.men * 2 <= u.bgs->crew) add("half crew or less", 3);
  }
  if (u.grade == Grade::kD) add("green", 2);
  if (u.grade == Grade::kA) add("elite", -2);
  if (const int lead = leadership_of(u)) add("leadership", -lead);
  add("rate of fire " + std::to_string(mods::rate_of_fire(p.weapon)), -mods::rate_of_fire(p.weapon));
  if (u.bgs && u.bgs->moved_last) add("moved in the previous action", 2);
  else add("did not move this or the last action", -2);
  if (reaction) add("reaction fire", 2);  // BGM-RF-05
  if (pinning) {  // BGM-SFO-04: the rof-based pinning modifier
    const int rof = mods::rate_of_fire(p.weapon);
    add("pinning fire, rof " + std::to_string(rof), rof < 3 ? 4 : rof <= 4 ? 2 : 1);
  }
  if (p.band == mods::SaBand::kPointBlank) add("point-blank range", -4);
  if (p.band == mods::SaBand::kLong) add("long range", 3);
  if (p.band == mods::SaBand::kExtreme) add("extreme range", 5);
  int wounded = 0;
  for (const Figure* f : men) wounded += f->light_wounds > 0;
  if (wounded * 2 >= p.men && wounded > 0) add("lightly wounded", 2);  // GAP-BGM-GEN-02, as a group
  for (const auto& [name, v] : p.modifiers) p.total += v;
  return p;
}

std::string bgs_fire_words(const SaPlan& p) {
  std::string out = p.words + " at " + inches(p.range) + " (" + band_words(p.band) + ", column " +
                    std::string(1, p.column) + "): d20 " + (p.total >= 0 ? "+" : "") + std::to_string(p.total);
  // The naturals that give hits: modified 13 or less (BGM-SA-05), never a natural 20.
  const int best = std::min(19, 13 - p.total);
  out += best >= 1 ? ", hits on 1-" + std::to_string(best) : ", no natural roll hits";
  return out;
}

bool out_already(const Figure& f, const std::vector<pb::BgsWound>& so_far) {
  return std::any_of(so_far.begin(), so_far.end(), [&](const pb::BgsWound& w) { return w.figure_id() == f.id && w.out(); });
}

std::optional<pb::BgsWound> roll_wound(Context& ctx, const BgState& st, const Unit& t, char column, Vec2 from,
                                       bool assault, const std::vector<pb::BgsWound>& so_far, const Unit* shooter) {
  std::vector<const Figure*> left;
  for (const Figure* f : fighters(t)) {
    if (!out_already(*f, so_far)) left.push_back(f);
  }
  if (left.empty()) return std::nullopt;
  int shown = 0;
  const Figure& f = *left[static_cast<std::size_t>(pick(ctx, left.size(), "hit on " + t.id, &shown))];
  pb::BgsWound w = wound_on(ctx, t, f, column, cover_modifiers(st, t, from, assault, shooter), so_far);
  w.set_pick_roll(shown);
  return w;
}

pb::BgsWound wound_on(Context& ctx, const Unit& t, const Figure& f, char column,
                      const std::vector<std::pair<std::string, int>>& modifiers, const std::vector<pb::BgsWound>& so_far) {
  pb::BgsWound w;
  w.set_unit_id(t.id);
  w.set_figure_id(f.id);
  w.set_natural(ctx.roll(pb::DIE_KIND_D20, "damage " + f.id));
  int total = 0;
  for (const auto& [name, v] : modifiers) {
    add_modifier(&w, name, v);
    total += v;
  }
  w.set_modified(w.natural() + total);
  w.set_column(std::string(1, column));
  const mods::Wound r = mods::infantry_damage(column, w.modified());
  w.set_result(std::string(mods::wound_code(r)));
  const bool killed = r == mods::Wound::kKilled || r == mods::Wound::kGruesome;
  const bool second_light = r == mods::Wound::kLightWound && light_wounds_before(t, f.id, so_far) >= 1;
  w.set_killed(killed);
  w.set_out(killed || r == mods::Wound::kHeavyWound || second_light);  // a second LtW is a HW (GAP-BGM-GEN-02)
  return w;
}

void after_wounds(Context& ctx, BgState& st, const std::string& target_id, const std::vector<pb::BgsWound>& wounds) {
  const Unit* t = st.find(target_id);
  if (!t) return;
  bool check = false;
  std::vector<std::string> near;  // GAP-BGM-DMG-01: friends within 2" of a gruesome death
  for (const auto& w : wounds) {
    check = check || w.result() == "MC";
    if (w.result() != "GD") continue;
    Vec2 at{};
    for (const auto& f : t->figures) {
      if (f.id == w.figure_id()) at = f.died_at;
    }
    for (const auto& u : st.units) {
      if (u.side != t->side || !u.bgs || u.destroyed || !u.on_table) continue;
      for (const auto& f : u.figures) {
        if (f.alive && !f.prisoner && geom::within(geom::distance(f.pos, at), 2.0) &&
            std::find(near.begin(), near.end(), u.id) == near.end()) {
          near.push_back(u.id);
        }
      }
    }
  }
  if (check && !t->destroyed && !t->bgs->broken) bgs_morale(ctx, st, Unit(*t), "check", "a morale-check result (BGM-DMG-01)");
  for (const auto& id : near) {
    const Unit* u = st.find(id);
    if (u && !u->destroyed && !u->bgs->broken) bgs_morale(ctx, st, Unit(*u), "check", "a gruesome death within 2\" (GAP-BGM-DMG-01)");
  }
}

void bgs_fire(Context& ctx, BgState& st, const Unit& shooter_ref, const Unit& target_ref, bool reaction, const std::string& special) {
  const Unit u = shooter_ref;  // copies: the events below change the state the references point into
  const Unit t = target_ref;
  if (u.hidden) {  // BG-UNIT-09: firing reveals it
    pb::BgEvent r;
    r.mutable_revealed()->set_unit_id(u.id);
    r.mutable_revealed()->set_reason("it opened fire");
    emit_bg(ctx, r);
  }
  const SaPlan p = plan_bgs_fire(st, u, t, reaction, special == "pinning");
  const int natural = ctx.roll(pb::DIE_KIND_D20, "small arms " + u.id);
  const mods::SaHits r = mods::sa_hits(natural, natural + p.total);
  pb::BgEvent e;
  auto* f = e.mutable_bgs_fire();
  f->set_shooter_id(u.id);
  f->set_target_id(t.id);
  f->set_weapon(p.words);
  f->set_special(special);
  f->set_range(p.range);
  f->set_band(band_words(p.band));
  f->set_column(std::string(1, p.column));
  f->set_men(p.men);
  for (const auto& [name, v] : p.modifiers) {
    auto* m = f->add_modifiers();
    m->set_name(name);
    m->set_value(v);
  }
  f->set_natural(natural);
  f->set_modified(natural + p.total);
  f->set_hits(r.hits);
  f->set_morale_check(r.result == mods::SaResult::kMoraleCheck);
  f->set_jammed(r.jam);
  f->set_reaction(reaction);
  std::vector<pb::BgsWound> wounds;
  const Vec2 from = aim_point(st, u);
  // BGM-SFO-04 (ours, the base game's pinning being lost): pinning hits pin, no damage rolls.
  for (int i = 0; special != "pinning" && i < r.hits; ++i) {
    auto w = roll_wound(ctx, st, t, p.column, from, false, wounds, &u);
    if (!w) break;  // every man is already down
    wounds.push_back(*w);
    // BGM-SA-02: the man an autocannon hits also takes a burst hit, column G under 30 mm, D above.
    const Figure* man = t.figure(w->figure_id());
    if (p.autocannon > 0 && man && !out_already(*man, wounds)) {
      std::vector<std::pair<std::string, int>> mods;
      for (const auto& m : w->modifiers()) mods.push_back({m.name(), m.value()});
      pb::BgsWound burst = wound_on(ctx, t, *man, p.autocannon < 30 ? 'G' : 'D', mods, wounds);
      burst.set_burst(true);
      wounds.push_back(burst);
    }
  }
  for (const auto& w : wounds) *f->add_wounds() = w;
  emit_bg(ctx, e);
  after_wounds(ctx, st, t.id, wounds);
  const Unit* now = st.find(t.id);
  const bool pinned = special == "pinning" && r.hits > 0;
  if ((f->morale_check() || pinned) && now && !now->destroyed && !now->bgs->broken) {
    bgs_morale(ctx, st, Unit(*now), "check", pinned ? "pinning fire (BGM-SFO-04)" : "the hit table's MC (BGM-SA-06)");
  }
}

Check check_bgs_shoot(const BgState& st, int side, const pb::BgShoot& s) {
  const Unit* u = nullptr;
  if (auto c = check_unit_may_act(st, side, s.unit_id(), BgAction::kShoot, &u)) return c;
  if (s.shots_size() != 1 || !s.also().empty()) {
    return refusal("BG_ONE_TARGET", "BGM-SA-01", label(*u) + " fires as one group, at a single target unit.");
  }
  if (!s.shots(0).weapon_id().empty()) {
    return refusal("BG_BAD_WEAPON", "BGM-SA-01", label(*u) + " fires its group's small arms; the order names no weapon.");
  }
  if (s.shots(0).aimed()) return refusal("BGM_NOT_AIMED", "BGM-AT-06", "Only a vehicle's d20 gun shot may be aimed.");
  if (s.shots(0).special_ammo()) return refusal("BGM_NO_SPECIAL", "BGM-VEH-01", "Only a vehicle's d20 gun shot may use a special round.");
  const Unit* t = st.find(s.shots(0).target_id());
  if (!t) return refusal("BG_NO_TARGET", "BG-FIRE-10", label(*u) + " has no enemy unit '" + s.shots(0).target_id() + "' to fire at.");
  return check_bgs_target(st, *u, *t);
}

void do_bgs_shoot(Context& ctx, BgState& st, int side, const pb::BgShoot& s) {
  if (auto c = check_bgs_shoot(st, side, s)) refuse(*c);
  const Unit& u = *st.find(s.unit_id());
  bgs_fire(ctx, st, u, *st.find(s.shots(0).target_id()), false, u.bgs->special == "pinning" ? "pinning" : "");
  unit_acted(ctx, st, *st.find(s.unit_id()), BgAction::kShoot);
}

Check check_bgs_unjam(const BgState& st, int side, const pb::BgUnjam& c) {
  const Unit* u = nullptr;
  if (auto r = check_unit_may_act(st, side, c.unit_id(), BgAction::kShoot, &u)) return r;
  if (!u->bgs->jammed) return refusal("BGM_NOT_JAMMED", "BGM-GEN-05", label(*u) + "'s weapon is not jammed.");
  return std::nullopt;
}

void do_bgs_unjam(Context& ctx, BgState& st, int side, const pb::BgUnjam& c) {
  if (auto r = check_bgs_unjam(st, side, c)) refuse(*r);
  pb::BgEvent e;
  e.mutable_bgm_unjammed()->set_unit_id(c.unit_id());
  emit_bg(ctx, e);
  unit_acted(ctx, st, *st.find(c.unit_id()), BgAction::kShoot);
}

}  // namespace sandtable::bg
