// Orders that name what the seat may not know (BG-UNIT-09 hidden set-up, BG-UNIT-10 units not yet
// arrived, BG-MINE-02 secret minefields, BG-ART-01 scheduled strikes): Battleground::handle
// replaces each such name by a stand-in that names nothing before any handler runs, so the
// order's own checks answer it exactly as the same order naming nothing (same code, rule and
// sentence, in the same state: a card not open is still the first thing said), and it changes
// nothing a missing name would not. The refusal's sentence then gets the name back as given.
//
// Which fields hold which kind of name is one table, walked by protobuf reflection through every
// message inside the order (BgShoot.also, BgShot, BgMineStrip...). A table rather than a naming
// convention: the names do not share a suffix (combine_with, vehicle_id, to_unit_id, building,
// minefield_id, mission_id, strike_id), so a suffix rule would miss some; and a test
// (BgUnseen.EveryStringFieldOfAnOrderIsClassified) walks the descriptors so a new string field
// fails until it is classified here. Until then it is checked as a unit id: leaking is worse.
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

#include <algorithm>
#include <functional>

#include "engine/rulesets/bg/bg_internal.h"

namespace sandtable::bg {

namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

constexpr char kMark = '\x1f';  // the unit separator: never in an id or a sentence

struct Entry {
  const Descriptor* (*message)();
  const char* field;
  Named kind;
};

// Every string field of every message a BgCommand can hold (bg.proto), and what it names.
const Entry kFields[] = {
    {pb::BgMove::descriptor, "unit_id", Named::kUnit},
    {pb::BgMove::descriptor, "combine_with", Named::kUnit},
    {pb::BgMove::descriptor, "building", Named::kTerrain},  // a secret minefield is terrain too
    {pb::BgFigurePlace::descriptor, "figure_id", Named::kNoSecret},  // looked up in the moving unit
    {pb::BgMount::descriptor, "unit_id", Named::kUnit},
    {pb::BgMount::descriptor, "vehicle_id", Named::kUnit},
    {pb::BgDismount::descriptor, "unit_id", Named::kUnit},
    {pb::BgCavalry::descriptor, "unit_id", Named::kUnit},
    {pb::BgCavalry::descriptor, "horse_holder", Named::kNoSecret},  // a figure of the unit itself
    {pb::BgVehicleMove::descriptor, "unit_id", Named::kUnit},
    {pb::BgVehicleMove::descriptor, "overrun_weapon_id", Named::kNoSecret},  // the vehicle's own weapon
    {pb::BgShot::descriptor, "target_id", Named::kUnit},
    {pb::BgShot::descriptor, "weapon_id", Named::kNoSecret},  // the shooter's own weapon
    {pb::BgShoot::descriptor, "unit_id", Named::kUnit},
    {pb::BgCharge::descriptor, "unit_id", Named::kUnit},
    {pb::BgCharge::descriptor, "target_id", Named::kUnit},
    {pb::BgFlee::descriptor, "unit_id", Named::kUnit},
    // Melees and prisoner groups are fought and taken in the open, with units of both sides.
    {pb::BgMeleeOrder::descriptor, "melee_id", Named::kNoSecret},
    {pb::BgMeleeOrder::descriptor, "figure_ids", Named::kNoSecret},
    {pb::BgMeleeFight::descriptor, "melee_id", Named::kNoSecret},
    {pb::BgPrisoners::descriptor, "group_id", Named::kNoSecret},
    {pb::BgPrisoners::descriptor, "guard_figure_ids", Named::kNoSecret},
    {pb::BgSurrender::descriptor, "unit_id", Named::kUnit},
    {pb::BgSurrender::descriptor, "to_unit_id", Named::kUnit},
    {pb::BgHeal::descriptor, "unit_id", Named::kUnit},
    {pb::BgHeal::descriptor, "medic_figure_id", Named::kNoSecret},  // a figure of the unit itself
    {pb::BgHeal::descriptor, "dead_figure_id", Named::kNoSecret},   // looked up among the side's own
    {pb::BgMineStrip::descriptor, "minefield_id", Named::kTerrain},
    {pb::BgClearMines::descriptor, "unit_id", Named::kUnit},
    {pb::BgCallFire::descriptor, "mission_id", Named::kMission},
    {pb::BgLaySmoke::descriptor, "unit_id", Named::kUnit},
    {pb::BgLaunchFlare::descriptor, "unit_id", Named::kUnit},
    {pb::BgPlanStrike::descriptor, "strike_id", Named::kMission},
    {pb::BgDispute::descriptor, "question", Named::kNoSecret},  // free text
    {pb::BgUnjam::descriptor, "unit_id", Named::kUnit},
    {pb::BgUnjam::descriptor, "weapon_id", Named::kNoSecret},  // the vehicle's own gun
    {pb::BgsStance::descriptor, "unit_id", Named::kUnit},
    {pb::BgsReact::descriptor, "unit_id", Named::kUnit},
    {pb::BgsAssault::descriptor, "unit_id", Named::kUnit},
    {pb::BgsAssault::descriptor, "target_id", Named::kUnit},
};

// Whether `name` names something of this kind that exists and the seat may not know.
bool unknown_to(const BgState& st, const Seer& seer, Named kind, const std::string& name) {
  if (name.empty()) return false;
  switch (kind) {
    case Named::kUnit: {
      const Unit* u = st.find(name);
      return u && !knows_unit(*u, seer);
    }
    case Named::kTerrain: {
      const Terrain* t = st.terrain_named(name);
      return t && !knows_terrain(st, *t, seer);
    }
    case Named::kMission: {
      // Unknown when some mission has this id and the seat knows none of them.
      bool some = false;
      for (const auto& m : st.missions) {
        if (m.id != name) continue;
        if (knows_mission(m, seer)) return false;
        some = true;
      }
      return some;
    }
    case Named::kNoSecret: return false;
  }
  return false;
}

bool names_anything(const BgState& st, const std::string& name) {
  return st.find(name) || st.terrain_named(name) ||
         std::any_of(st.missions.begin(), st.missions.end(), [&](const FireMission& m) { return m.id == name; });
}

// Calls `f` on every string field of `m` and of the messages inside it; `f` may rewrite it.
void each_name(Message& m, const std::function<void(Named, std::string&)>& f) {
  const Descriptor* d = m.GetDescriptor();
  const auto* r = m.GetReflection();
  for (int i = 0; i < d->field_count(); ++i) {
    const FieldDescriptor* fd = d->field(i);
    if (fd->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
      if (fd->is_repeated()) {
        for (int j = 0; j < r->FieldSize(m, fd); ++j) each_name(*r->MutableRepeatedMessage(&m, fd, j), f);
      } else if (r->HasField(m, fd)) {
        each_name(*r->MutableMessage(&m, fd), f);
      }
      continue;
    }
    if (fd->cpp_type() != FieldDescriptor::CPPTYPE_STRING) continue;
    const Named kind = named_by(*fd).value_or(Named::kUnit);
    if (kind == Named::kNoSecret) continue;
    if (fd->is_repeated()) {
      for (int j = 0; j < r->FieldSize(m, fd); ++j) {
        std::string v = r->GetRepeatedString(m, fd, j);
        const std::string before = v;
        f(kind, v);
        if (v != before) r->SetRepeatedString(&m, fd, j, v);
      }
    } else {
      std::string v = r->GetString(m, fd);
      const std::string before = v;
      f(kind, v);
      if (v != before) r->SetString(&m, fd, v);
    }
  }
}

}  // namespace

std::optional<Named> named_by(const FieldDescriptor& field) {
  for (const auto& e : kFields) {
    if (field.containing_type() == e.message() && field.name() == e.field) return e.kind;
  }
  return std::nullopt;
}

std::vector<StandIn> replace_unknown_names(const BgState& st, const Seer& seer, pb::BgCommand& order) {
  if (seer.gm) return {};
  // A stand-in is a name no unit, feature or mission has and that the order does not contain,
  // so writing the names back into a refusal touches nothing else (unit separators never
  // appear in ids or sentences).
  const std::string bytes = order.SerializeAsString();
  std::vector<StandIn> out;
  each_name(order, [&](Named kind, std::string& name) {
    if (!unknown_to(st, seer, kind, name)) return;
    const auto same = std::find_if(out.begin(), out.end(), [&](const StandIn& s) { return s.name == name; });
    if (same != out.end()) {
      name = same->stand_in;  // one name, one stand-in: "declared twice" stays true
      return;
    }
    std::string stand_in;
    for (std::size_t marks = 1; stand_in.empty() || bytes.find(stand_in) != std::string::npos || names_anything(st, stand_in);
         ++marks) {
      stand_in.assign(marks, kMark);
      stand_in.append("unseen-").append(std::to_string(out.size() + 1)).push_back(kMark);
    }
    out.push_back({name, stand_in});
    name = stand_in;
  });
  return out;
}

std::string with_names_given(std::string message, const std::vector<StandIn>& stand_ins) {
  // Longest first: a stand-in lengthened to avoid the order's text may contain a shorter one.
  std::vector<StandIn> sorted = stand_ins;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const StandIn& a, const StandIn& b) { return a.stand_in.size() > b.stand_in.size(); });
  for (const auto& s : sorted) {
    for (auto at = message.find(s.stand_in); at != std::string::npos; at = message.find(s.stand_in, at + s.name.size())) {
      message.replace(at, s.stand_in.size(), s.name);
    }
  }
  return message;
}

}  // namespace sandtable::bg
