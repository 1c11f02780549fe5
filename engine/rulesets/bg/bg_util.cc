// Words, conversions, unit geometry and terrain queries shared by every Battleground area.
#include <cmath>
#include <optional>

#include "engine/model/inches.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

void refuse(const Refusal& r) { reject(r.code, r.rule, r.message); }

std::string label(const Unit& u) { return u.name.empty() ? u.id : u.name; }

const std::string& side_id(const BgState& st, int side) {
  static const std::string none;
  return side >= 0 && side < static_cast<int>(st.sides.size()) ? st.sides[static_cast<std::size_t>(side)] : none;
}

std::string inches(double d) { return inches_text(d); }  // words only (messages, notes)

Vec2 to_vec(const pb::Point& p) { return {p.x(), p.y()}; }

pb::Point to_point(Vec2 v) {
  pb::Point p;
  p.set_x(v.x);
  p.set_y(v.y);
  return p;
}

std::optional<Facing> facing_from_degrees(double deg) {
  if (!std::isfinite(deg) || deg < -7200 || deg > 7200) return std::nullopt;
  const double half = deg * 2;
  if (half != std::floor(half)) return std::nullopt;
  return Facing::from_half_degrees(static_cast<int>(half));
}

double facing_degrees(Facing f) {
  // Display only; rounded to the half degree the engine works in.
  return std::round(f.degrees_for_display() * 2) / 2;
}

Vec2 com(const Unit& u) {
  if (u.kind == UnitKind::kVehicle || u.kind == UnitKind::kEmplacement) return u.position;
  // Summed in figure order as geom::centroid does, without gathering the points first: the bots
  // and the checks ask for a unit's centre thousands of times a game.
  const auto mean_of = [&u](auto counts) {
    Vec2 sum{};
    std::size_t n = 0;
    for (const auto& f : u.figures) {
      if (!counts(f)) continue;
      sum = sum + f.pos;
      ++n;
    }
    return n == 0 ? std::optional<Vec2>{} : std::optional<Vec2>{sum / static_cast<double>(n)};
  };
  // A horse-holder stays with the horses (BG-CAV-05): not part of the unit's CoM.
  if (auto c = mean_of([&u](const Figure& f) { return f.alive && !f.prisoner && !(u.has_horses && f.kind == FigureKind::kHorseHolder); })) return *c;
  if (auto c = mean_of([](const Figure& f) { return f.alive; })) return *c;
  return u.position;
}

bool non_standing(const Unit& u) {
  // BG-UNIT-05: (a) 3 figures, no HW and no leader; (b) 2 figures, no leader; (c) 1 figure.
  if (!u.infantry_like()) return false;
  const int n = u.living_fighters();
  const int leaders = u.count(FigureKind::kLeader);
  const int hw = u.count(FigureKind::kHeavyWeapon);
  if (n <= 1) return true;
  if (n == 2) return leaders == 0;
  if (n == 3) return leaders == 0 && hw == 0;
  return false;
}

const Unit* enemy_to_retreat_from(const BgState& st, int side, Vec2 from) {
  const Unit* best = nullptr;
  double best_d = -1;
  for (const auto& o : st.units) {
    if (o.side == side || !o.on_table || o.destroyed || o.hidden) continue;
    const double d = geom::distance(from, com(o));
    if (best_d < 0 || d < best_d) {
      best_d = d;
      best = &o;
    }
  }
  return best;
}

bool retreats(const BgState& st, int side, Vec2 from, Vec2 to) {
  const Unit* e = enemy_to_retreat_from(st, side, from);
  return !e || !geom::beyond(geom::distance(from, com(*e)), geom::distance(to, com(*e)));
}

int side_grade_penalties(const BgState& st, const Unit& u) {
  // BG-FIRE-01: one grade per penalty: ran (BG-FIRE-06), mounted (BG-CAV-02), passenger (BG-FIRE-14).
  (void)st;
  int p = 0;
  if (u.markers.ran && !(u.kind == UnitKind::kCavalry && u.mounted)) ++p;
  if (u.kind == UnitKind::kCavalry && u.mounted) ++p;
  if (!u.carried_by.empty()) ++p;
  return p;
}

std::vector<const Unit*> side_units(const BgState& st, int side) {
  std::vector<const Unit*> out;
  for (const auto& u : st.units) {
    if (u.side == side && u.on_table && !u.destroyed) out.push_back(&u);
  }
  return out;
}

geom::Polygon figure_base(const BgState& st, Vec2 centre, Facing f) {
  return geom::rectangle(centre, f, st.options.base_size, st.options.base_size);
}

geom::Polygon vehicle_hull(const Unit& u) {
  return geom::rectangle(u.position, u.facing, u.vehicle ? u.vehicle->length : 1.0, u.vehicle ? u.vehicle->width : 1.0);
}

std::vector<geom::Polygon> footprints(const BgState& st, const Unit& u) {
  std::vector<geom::Polygon> out;
  if (u.kind == UnitKind::kVehicle || u.kind == UnitKind::kEmplacement) {
    out.push_back(u.vehicle ? vehicle_hull(u) : geom::rectangle(u.position, u.facing, 1.5, 1.5));
    return out;
  }
  if (!u.carried_by.empty()) return out;  // aboard a vehicle: the hull stands for it
  for (const auto& f : u.figures) {
    if (f.alive) out.push_back(figure_base(st, f.pos, u.facing));
  }
  return out;
}

const Terrain* building_at(const BgState& st, std::span<const Vec2> figures) {
  // BG-MOVE-17 / BG-TER-08: a unit occupies a building when every figure stands inside its
  // model or around its base (within 1" of the model's edge).
  if (figures.empty()) return nullptr;
  for (const auto& t : st.terrain) {
    if (t.kind != TerrainKind::kBuilding || !t.area) continue;
    bool all = true;
    for (Vec2 p : figures) {
      if (geom::locate(*t.area, p) == geom::Where::kOutside && geom::beyond(geom::distance_to_boundary(*t.area, p), 1.0)) {
        all = false;
        break;
      }
    }
    if (all) return &t;
  }
  return nullptr;
}

std::vector<const Unit*> units_in_building(const BgState& st, const std::string& name) {
  std::vector<const Unit*> out;
  for (const auto& u : st.units) {
    if (u.on_table && !u.destroyed && u.building == name) out.push_back(&u);
  }
  return out;
}

namespace {

// BG-UNIT-09: the hidden unit an event is about (its `unit_id`, or an attack's `target_id`).
const Unit* hidden_subject(const BgState& st, const pb::BgEvent& body) {
  if (body.has_revealed()) return nullptr;  // the reveal itself is for everyone
  const auto* refl = body.GetReflection();
  const auto* fd = refl->GetOneofFieldDescriptor(body, body.GetDescriptor()->FindOneofByName("body"));
  if (!fd || fd->cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_MESSAGE) return nullptr;
  const auto& m = refl->GetMessage(body, fd);
  for (const char* name : {"unit_id", "target_id"}) {
    const auto* f = m.GetDescriptor()->FindFieldByName(name);
    if (!f || f->is_repeated() || f->cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_STRING) continue;
    const Unit* u = st.find(m.GetReflection()->GetString(m, f));
    if (u && u->hidden) return u;
  }
  return nullptr;
}

}  // namespace

void emit_bg(Context& ctx, pb::BgEvent body, std::vector<std::string> visible_to) {
  // BG-UNIT-09: whatever happens to a hidden unit is told to its own side (and the GM) only; a
  // blast lists only the units everyone can see under its ring.
  const auto& st = static_cast<const BgState&>(ctx.state());
  if (body.has_attack()) {  // a hidden unit that attacks (shoots, charges) is revealed first
    const Unit* a = st.find(body.attack().attacker_id());
    if (a && a->hidden) {
      pb::BgEvent r;
      r.mutable_revealed()->set_unit_id(a->id);
      r.mutable_revealed()->set_reason("it attacked");
      emit_bg(ctx, r);
    }
  }
  if (visible_to.empty()) {
    if (const Unit* u = hidden_subject(st, body)) visible_to.push_back(side_id(st, u->side));
  }
  if (body.has_blast()) {
    auto* units = body.mutable_blast()->mutable_units();
    for (int i = units->size() - 1; i >= 0; --i) {
      const Unit* u = st.find(units->Get(i));
      if (u && u->hidden) units->DeleteSubrange(i, 1);
    }
  }
  pb::Event e = event_of(body);
  for (auto& s : visible_to) e.add_visible_to(std::move(s));
  ctx.emit(std::move(e));
}

}  // namespace sandtable::bg
