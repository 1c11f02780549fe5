#include "engine/model/wire_fields.h"

#include <algorithm>
#include <cstdint>

namespace sandtable {

namespace {

bool read_varint(std::string_view bytes, std::size_t& at, std::uint64_t& v) {
  v = 0;
  for (int shift = 0; shift < 64 && at < bytes.size(); shift += 7) {
    const auto b = static_cast<unsigned char>(bytes[at++]);
    v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
    if (!(b & 0x80)) return true;
  }
  return false;
}

bool named(const google::protobuf::RepeatedField<std::int32_t>& numbers, int n) {
  return std::find(numbers.begin(), numbers.end(), n) != numbers.end();
}

}  // namespace

std::optional<std::vector<WireEntry>> wire_entries(std::string_view bytes) {
  std::vector<WireEntry> out;
  std::size_t at = 0;
  while (at < bytes.size()) {
    const std::size_t start = at;
    std::uint64_t tag = 0, len = 0;
    if (!read_varint(bytes, at, tag) || (tag >> 3) == 0) return std::nullopt;
    switch (tag & 7) {
      case 0:
        if (!read_varint(bytes, at, len)) return std::nullopt;
        break;
      case 1: at += 8; break;
      case 2:
        if (!read_varint(bytes, at, len) || len > bytes.size() - at) return std::nullopt;
        at += static_cast<std::size_t>(len);
        break;
      case 5: at += 4; break;
      default: return std::nullopt;
    }
    if (at > bytes.size()) return std::nullopt;
    out.emplace_back(static_cast<int>(tag >> 3), bytes.substr(start, at - start));
  }
  return out;
}

std::optional<std::vector<WireEntry>> wire_fields(std::string_view bytes) {
  auto entries = wire_entries(bytes);
  if (!entries) return std::nullopt;
  std::vector<WireEntry> out;
  for (const auto& [number, slice] : *entries) {
    if (!out.empty() && out.back().first == number) {
      // The next entry of a repeated field, right after the one before.
      const char* begin = out.back().second.data();
      out.back().second = std::string_view(begin, static_cast<std::size_t>(slice.data() + slice.size() - begin));
      continue;
    }
    if (!out.empty() && number < out.back().first) return std::nullopt;
    out.emplace_back(number, slice);
  }
  return out;
}

std::optional<std::string_view> wire_payload(std::string_view entry) {
  std::size_t at = 0;
  std::uint64_t tag = 0, len = 0;
  if (!read_varint(entry, at, tag) || (tag & 7) != 2 || !read_varint(entry, at, len) || len != entry.size() - at) return std::nullopt;
  return entry.substr(at);
}

std::optional<std::string> merge_fields(std::string_view held, const ::sandtable::v1::ExtraChange& change) {
  const auto h = wire_fields(held), v = wire_fields(change.value());
  if (!h || !v) return std::nullopt;
  for (const auto& [number, slice] : *v) {
    if (!named(change.fields(), number) && !named(change.appended(), number)) return std::nullopt;
  }
  // Both lists are in number order: merge them, the held entries of a replaced field left out.
  std::string out;
  out.reserve(held.size() + change.value().size());
  std::size_t i = 0, j = 0;
  while (i < h->size() || j < v->size()) {
    if (j == v->size() || (i < h->size() && (*h)[i].first < (*v)[j].first)) {
      if (!named(change.fields(), (*h)[i].first)) out.append((*h)[i].second);
      ++i;
    } else if (i == h->size() || (*v)[j].first < (*h)[i].first) {
      out.append((*v)[j].second);
      ++j;
    } else {
      if (named(change.appended(), (*h)[i].first)) out.append((*h)[i].second);
      out.append((*v)[j].second);
      ++i;
      ++j;
    }
  }
  return out;
}

}  // namespace sandtable
