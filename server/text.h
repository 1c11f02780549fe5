#pragma once
// Text a player typed, kept within a byte budget without cutting a character in two (a cut
// UTF-8 sequence made the browser's protobuf decoder throw on the room's Welcome).
#include <string>
#include <string_view>

namespace sandtable::server {

// The longest prefix of the UTF-8 `text` of at most `max_bytes` bytes that ends on a character
// boundary.
inline std::string utf8_prefix(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t end = max_bytes;
  // Step back over continuation bytes (10xxxxxx) to the start of the character cut in two.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return std::string(text.substr(0, end));
}

}  // namespace sandtable::server
