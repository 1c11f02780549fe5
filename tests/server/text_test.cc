// Names players type are kept within their budget without cutting a character in two.
#include "server/text.h"

#include <gtest/gtest.h>

namespace sandtable::server {
namespace {

TEST(Utf8Prefix, NeverCutsACharacterInTwo) {
  const std::string name = std::string(199, 'a') + "\xC3\xA9" + "b";  // 199 bytes, then é (2 bytes)
  EXPECT_EQ(utf8_prefix(name, 200), std::string(199, 'a'));             // é would be cut: left out whole
  EXPECT_EQ(utf8_prefix(name, 201), std::string(199, 'a') + "\xC3\xA9");
  const std::string emoji = "\xF0\x9F\x8E\xB2";  // a 4-byte die
  for (std::size_t n = 0; n < 4; ++n) EXPECT_EQ(utf8_prefix(emoji, n), "") << n;
  EXPECT_EQ(utf8_prefix(emoji, 4), emoji);
  EXPECT_EQ(utf8_prefix("short", 200), "short");
}

}  // namespace
}  // namespace sandtable::server
