#pragma once
// SHA-256 (FIPS 180-4) for the seed commitment. Written here because the engine may link
// nothing but the standard library and protobuf; tests pin it to the FIPS test vectors.
#include <string>
#include <string_view>

namespace sandtable {

std::string sha256_hex(std::string_view data);

}  // namespace sandtable
