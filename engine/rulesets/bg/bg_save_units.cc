// Battleground snapshots: one unit (figures, vehicle, emplacement, markers) to its saved
// message and back. Every field of Unit, Figure, Vehicle, Weapon, Emplacement and Markers
// (bg_state.h) is saved; a field added there must be added here and to bg_state.proto.
#include <algorithm>

#include "engine/rulesets/bg/bg_save.h"
#include "engine/rulesets/bg/bgm_models.h"

namespace sandtable::bg {

namespace {

void save_figure(const Figure& f, pb::BgSavedFigure* out) {
  out->set_id(f.id);
  out->set_kind(static_cast<int>(f.kind));
  out->set_hw(static_cast<int>(f.hw));
  save_point(f.pos, out->mutable_pos());
  out->set_alive(f.alive);
  save_point(f.died_at, out->mutable_died_at());
  out->set_died_turn(f.died_turn);
  out->set_prisoner(f.prisoner);
  out->set_prisoner_of(f.prisoner_of);
  out->set_from_unit(f.from_unit);
  out->set_stand(f.stand);
  out->set_melee_weapon(f.melee_weapon);
  out->set_at_weapon(f.at_weapon);
  out->set_at_pen(f.at_pen);
  out->set_light_wounds(f.light_wounds);
  out->set_out_of_action(f.out_of_action);
  out->set_grenades(f.grenades);
}

void save_vehicle(const Vehicle& v, pb::BgSavedVehicle* out) {
  out->set_cls(static_cast<int>(v.cls));
  out->set_wheeled(v.wheeled);
  out->set_armoured(v.armoured);
  out->set_armour(v.armour);
  out->set_armour_front(v.armour_front);
  out->set_armour_side(v.armour_side);
  out->set_armour_rear(v.armour_rear);
  out->set_move_dice(v.move_dice);
  out->set_length(v.length);
  out->set_width(v.width);
  out->set_capacity(v.capacity);
  out->set_mine_clearer(v.mine_clearer);
  out->set_no_forest(v.no_forest);
  out->set_heavy(v.heavy);
  for (const auto& w : v.weapons) {
    auto* x = out->add_weapons();
    x->set_id(w.id);
    x->set_kind(static_cast<int>(w.kind));
    x->set_dice(w.dice);
    x->set_blue(w.blue);
    x->set_range(w.range);
    x->set_bow(w.bow);
    x->set_main_gun(w.main_gun);
  }
  out->set_immobilized(v.immobilized);
  out->set_half_weapons(v.half_weapons);
  for (const auto& p : v.passengers) out->add_passengers(p);
  if (v.bgm) {
    auto* b = out->mutable_bgm();
    b->set_model(v.bgm->model);
    b->set_jammed(v.bgm->jammed);
    b->set_gun_out(v.bgm->gun_out);
    b->set_commander_killed(v.bgm->commander_killed);
    b->set_heavy_damage(v.bgm->heavy_damage);
    b->set_half_movement(v.bgm->half_movement);
    b->set_out_until_turn(v.bgm->out_until_turn);
    b->set_engine_out_until_turn(v.bgm->engine_out_until_turn);
    b->set_moved_turn(v.bgm->moved_turn);
    b->set_moved_inches(v.bgm->moved_inches);
    b->set_last_target(v.bgm->last_target);
    b->set_shots_at_target(v.bgm->shots_at_target);
    b->set_stabilized(v.bgm->stabilized);
    b->set_open_topped(v.bgm->open_topped);
    b->set_special_rounds(v.bgm->special_rounds);
  }
}

std::string load_figure(const pb::BgSavedFigure& in, int sides, Figure* out) {
  if (in.id().empty()) return "a figure has no id";
  if (!in_range(in.kind(), 0, static_cast<int>(FigureKind::kCrew))) return "figure '" + in.id() + "' has no kind";
  if (!in_range(in.hw(), 0, static_cast<int>(HwRole::kFlame))) return "figure '" + in.id() + "' has no weapon role";
  if (!in_range(in.prisoner_of(), -1, sides - 1)) return "figure '" + in.id() + "' is held by no side";
  out->id = in.id();
  out->kind = static_cast<FigureKind>(in.kind());
  out->hw = static_cast<HwRole>(in.hw());
  out->pos = load_point(in.pos());
  out->alive = in.alive();
  out->died_at = load_point(in.died_at());
  out->died_turn = in.died_turn();
  out->prisoner = in.prisoner();
  out->prisoner_of = in.prisoner_of();
  out->from_unit = in.from_unit();
  out->stand = in.stand();
  out->melee_weapon = in.melee_weapon();
  if (!in.at_weapon().empty() && !mods::infantry_weapon(in.at_weapon())) return "figure '" + in.id() + "' has no such anti-tank weapon";
  out->at_weapon = in.at_weapon();
  out->at_pen = in.at_pen();
  out->light_wounds = in.light_wounds();
  out->out_of_action = in.out_of_action();
  out->grenades = in.grenades();
  return {};
}

std::string load_vehicle(const pb::BgSavedVehicle& in, Vehicle* out) {
  if (!in_range(in.cls(), 0, static_cast<int>(VehicleClass::kHeavyTank))) return "it has no vehicle class";
  out->cls = static_cast<VehicleClass>(in.cls());
  out->wheeled = in.wheeled();
  out->armoured = in.armoured();
  out->armour = in.armour();
  out->armour_front = in.armour_front();
  out->armour_side = in.armour_side();
  out->armour_rear = in.armour_rear();
  out->move_dice = in.move_dice();
  out->length = in.length();
  out->width = in.width();
  out->capacity = in.capacity();
  out->mine_clearer = in.mine_clearer();
  out->no_forest = in.no_forest();
  out->heavy = in.heavy();
  for (const auto& w : in.weapons()) {
    if (!in_range(w.kind(), 0, static_cast<int>(WeaponKind::kEmplacement))) return "weapon '" + w.id() + "' has no kind";
    Weapon x;
    x.id = w.id();
    x.kind = static_cast<WeaponKind>(w.kind());
    x.dice = w.dice();
    x.blue = w.blue();
    x.range = w.range();
    x.bow = w.bow();
    x.main_gun = w.main_gun();
    out->weapons.push_back(std::move(x));
  }
  out->immobilized = in.immobilized();
  out->half_weapons = in.half_weapons();
  out->passengers.assign(in.passengers().begin(), in.passengers().end());
  if (in.has_bgm()) {
    const auto& b = in.bgm();
    if (!mods::model(b.model())) return "its model '" + b.model() + "' is not in Shaffer's vehicle tables";
    BgmVehicle x;
    x.model = b.model();
    x.jammed = b.jammed();
    x.gun_out = b.gun_out();
    x.commander_killed = b.commander_killed();
    x.heavy_damage = b.heavy_damage();
    x.half_movement = b.half_movement();
    x.out_until_turn = b.out_until_turn();
    x.engine_out_until_turn = b.engine_out_until_turn();
    x.moved_turn = b.moved_turn();
    x.moved_inches = b.moved_inches();
    x.last_target = b.last_target();
    x.shots_at_target = b.shots_at_target();
    x.stabilized = b.stabilized();
    x.open_topped = b.open_topped();
    x.special_rounds = std::clamp(b.special_rounds(), 0, 99);
    out->bgm = std::move(x);
  }
  return {};
}

}  // namespace

void save_point(Vec2 v, pb::Point* out) { geom::to_proto(v, out); }

Vec2 load_point(const pb::Point& p) { return geom::from_proto(p); }

void save_unit(const Unit& u, pb::BgSavedUnit* out) {
  out->set_id(u.id);
  out->set_name(u.name);
  out->set_side(u.side);
  out->set_kind(static_cast<int>(u.kind));
  out->set_grade(static_cast<int>(u.grade));
  save_point(u.facing.forward(), out->mutable_facing());
  for (const auto& f : u.figures) save_figure(f, out->add_figures());
  auto* m = out->mutable_markers();
  m->set_ran(u.markers.ran);
  m->set_road(u.markers.road);
  m->set_dug_in(u.markers.dug_in);
  m->set_routing(u.markers.routing);
  m->set_melee(u.markers.melee);
  save_point(u.position, out->mutable_position());
  if (u.vehicle) save_vehicle(*u.vehicle, out->mutable_vehicle());
  if (u.emplacement) {
    auto* e = out->mutable_emplacement();
    e->set_red(u.emplacement->red);
    e->set_has_weapon(u.emplacement->has_weapon);
    e->set_hits(u.emplacement->hits);
    e->set_destroyed(u.emplacement->destroyed);
  }
  out->set_mounted(u.mounted);
  out->set_horses_present(u.has_horses);
  save_point(u.horses, out->mutable_horses());
  out->set_horse_holder(u.horse_holder);
  out->set_horses_released(u.horses_released);
  out->set_carried_by(u.carried_by);
  out->set_building(u.building);
  out->set_assault(u.assault);
  out->set_smoke(u.smoke);
  out->set_flares(u.flares);
  out->set_passengers_may_shoot(u.passengers_may_shoot);
  out->set_pair_with(u.pair_with);
  out->set_on_table(u.on_table);
  out->set_arrives_turn(u.arrives_turn);
  out->set_hidden(u.hidden);
  out->set_destroyed(u.destroyed);
  out->set_prisoner_group(u.prisoner_group);
  out->set_escort_vehicle(u.escort_vehicle);
  out->set_guards_from(u.guards_from);
  out->set_moved_card(u.moved_card);
  out->set_shot_card(u.shot_card);
  out->set_charge_short_of(u.charge_short_of);
  if (u.bgs) {
    const SkirmishUnit& k = *u.bgs;
    auto* s = out->mutable_skirmish();
    s->set_activated_turn(k.activated_turn);
    s->set_actions(k.actions);
    s->set_reaction(k.reaction);
    s->set_prone(k.prone);
    s->set_broken(k.broken);
    s->set_suppressed(k.suppressed);
    s->set_jammed(k.jammed);
    s->set_moved_last(k.moved_last);
    s->set_moved_before_last(k.moved_before_last);
    s->set_casualties(k.casualties);
    s->set_small_arm(k.small_arm);
    s->set_leadership(k.leadership);
    s->set_special(k.special);
    s->set_fired_here(k.fired_here);
    s->set_sighted_here(k.sighted_here);
    s->set_friend_fired_near(k.friend_fired_near);
    s->set_sniper(k.sniper);
    s->set_unqualified(k.unqualified);
    s->set_crew(k.crew);
  }
}

std::string load_unit(const pb::BgSavedUnit& in, int sides, Unit* out) {
  const std::string where = "unit '" + in.id() + "'";
  if (in.id().empty()) return "a unit has no id";
  if (!in_range(in.side(), 0, sides - 1)) return where + " belongs to side " + std::to_string(in.side());
  if (!in_range(in.kind(), 0, static_cast<int>(UnitKind::kEmplacement))) return where + " has no kind";
  if (!in_range(in.grade(), static_cast<int>(Grade::kD), static_cast<int>(Grade::kA))) return where + " has no grade";
  const auto facing = Facing::restore(load_point(in.facing()));
  if (!facing) return where + " has no facing (not a unit vector)";
  out->id = in.id();
  out->name = in.name();
  out->side = in.side();
  out->kind = static_cast<UnitKind>(in.kind());
  out->grade = static_cast<Grade>(in.grade());
  out->facing = *facing;
  for (const auto& f : in.figures()) {
    Figure x;
    if (std::string e = load_figure(f, sides, &x); !e.empty()) return where + ": " + e;
    out->figures.push_back(std::move(x));
  }
  out->markers.ran = in.markers().ran();
  out->markers.road = in.markers().road();
  out->markers.dug_in = in.markers().dug_in();
  out->markers.routing = in.markers().routing();
  out->markers.melee = in.markers().melee();
  out->position = load_point(in.position());
  if (in.has_vehicle()) {
    Vehicle v;
    if (std::string e = load_vehicle(in.vehicle(), &v); !e.empty()) return where + ": " + e;
    out->vehicle = std::move(v);
  }
  if (in.has_emplacement()) {
    Emplacement e;
    e.red = in.emplacement().red();
    e.has_weapon = in.emplacement().has_weapon();
    e.hits = in.emplacement().hits();
    e.destroyed = in.emplacement().destroyed();
    out->emplacement = e;
  }
  if (in.has_skirmish()) {
    const auto& s = in.skirmish();
    SkirmishUnit k;
    k.activated_turn = s.activated_turn();
    k.actions = s.actions();
    k.reaction = s.reaction();
    k.prone = s.prone();
    k.broken = s.broken();
    k.suppressed = s.suppressed();
    k.jammed = s.jammed();
    k.moved_last = s.moved_last();
    k.moved_before_last = s.moved_before_last();
    k.casualties = s.casualties();
    k.small_arm = s.small_arm();
    k.leadership = s.leadership();
    k.special = s.special();
    k.fired_here = s.fired_here();
    k.sighted_here = s.sighted_here();
    k.friend_fired_near = s.friend_fired_near();
    k.sniper = s.sniper();
    k.unqualified = s.unqualified();
    k.crew = std::clamp(s.crew(), 0, 1000);
    out->bgs = k;
  }
  out->mounted = in.mounted();
  out->has_horses = in.horses_present();
  out->horses = load_point(in.horses());
  out->horse_holder = in.horse_holder();
  out->horses_released = in.horses_released();
  out->carried_by = in.carried_by();
  out->building = in.building();
  out->assault = in.assault();
  out->smoke = in.smoke();
  out->flares = in.flares();
  out->passengers_may_shoot = in.passengers_may_shoot();
  out->pair_with = in.pair_with();
  out->on_table = in.on_table();
  out->arrives_turn = in.arrives_turn();
  out->hidden = in.hidden();
  out->destroyed = in.destroyed();
  out->prisoner_group = in.prisoner_group();
  out->escort_vehicle = in.escort_vehicle();
  out->guards_from = in.guards_from();
  out->moved_card = in.moved_card();
  out->shot_card = in.shot_card();
  out->charge_short_of = in.charge_short_of();
  return {};
}

}  // namespace sandtable::bg
