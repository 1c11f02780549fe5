#pragma once
// SHA-256 (FIPS 180-4) for the dice commitments. Written here because the engine may link
// nothing but the standard library and protobuf; tests pin it to the FIPS test vectors.
#include <string>
#include <string_view>

namespace sandtable {

// The 32-byte digest, and the same as 64 lower-case hex digits.
std::string sha256(std::string_view data);
std::string sha256_hex(std::string_view data);
// Bytes as lower-case hex, two digits each.
std::string hex(std::string_view bytes);

}  // namespace sandtable
