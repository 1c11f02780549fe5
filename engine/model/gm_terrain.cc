#include "engine/model/gm_terrain.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/wire_format_lite.h>

#include <cmath>
#include <numbers>

namespace sandtable {

namespace {

using google::protobuf::internal::WireFormatLite;

}  // namespace

TerrainList scenario_terrain(const pb::Scenario& scenario) {
  return TerrainList(scenario.terrain().begin(), scenario.terrain().end());
}

void show_terrain(const TerrainList& list, const std::string& viewer, pb::View& view) {
  view.clear_terrain();
  for (const auto& t : list) {
    if (t.owner().empty() || viewer == "gm" || t.owner() == viewer) *view.add_terrain() = t;
  }
}

void append_saved_terrain(std::string& bytes, const TerrainList& list) {
  pb::Scenario holder;  // a message with a repeated TerrainFeature: the list's own bytes
  holder.set_id("gm-terrain");  // present even when the GM removed every feature
  for (const auto& t : list) *holder.add_terrain() = t;
  const std::string inner = holder.SerializeAsString();
  std::string out;
  {
    google::protobuf::io::StringOutputStream raw(&out);
    google::protobuf::io::CodedOutputStream coded(&raw);
    coded.WriteTag(WireFormatLite::MakeTag(kGmTerrainField, WireFormatLite::WIRETYPE_LENGTH_DELIMITED));
    coded.WriteVarint32(static_cast<std::uint32_t>(inner.size()));
    coded.WriteString(inner);
  }
  bytes += out;
}

bool read_saved_terrain(const std::string& bytes, std::optional<TerrainList>* out, std::string* error) {
  out->reset();
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const std::uint8_t*>(bytes.data()),
                                            static_cast<int>(bytes.size()));
  for (std::uint32_t tag = in.ReadTag(); tag != 0; tag = in.ReadTag()) {
    if (WireFormatLite::GetTagFieldNumber(tag) == kGmTerrainField &&
        WireFormatLite::GetTagWireType(tag) == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
      std::string inner;
      std::uint32_t size = 0;
      pb::Scenario holder;
      if (!in.ReadVarint32(&size) || !in.ReadString(&inner, static_cast<int>(size)) || !holder.ParseFromString(inner)) {
        if (error) *error = "its edited terrain cannot be read";
        return false;
      }
      *out = TerrainList(holder.terrain().begin(), holder.terrain().end());
      continue;
    }
    if (!WireFormatLite::SkipField(&in, tag)) {
      if (error) *error = "its state is not a saved state";
      return false;
    }
  }
  return true;
}

void circle_to_polygon(pb::TerrainFeature& feature, int sides) {
  if (!feature.has_circle() || feature.polygon_size() > 0) return;
  const auto c = feature.circle();
  for (int i = 0; i < sides; ++i) {
    const double a = 2.0 * std::numbers::pi * i / sides;
    auto* p = feature.add_polygon();
    // Rounded to a hundredth of an inch: the same vertices on every compiler and CPU.
    p->set_x(std::round((c.centre().x() + c.radius() * std::cos(a)) * 100.0) / 100.0);
    p->set_y(std::round((c.centre().y() + c.radius() * std::sin(a)) * 100.0) / 100.0);
  }
  feature.clear_circle();
}

std::string feature_words(const pb::TerrainFeature& feature) {
  std::string out = feature.kind().empty() ? "terrain" : feature.kind();
  for (auto& ch : out) {
    if (ch == '_') ch = ' ';
  }
  if (!feature.name().empty() && feature.name() != feature.kind()) out += " (" + feature.name() + ")";
  return out;
}

}  // namespace sandtable
