#include "engine/model/dice_mix.h"

#include "engine/core/sha256.h"

namespace sandtable {

namespace {

std::string labelled(std::string_view label) {
  std::string out(kDiceSchemeV2);
  out += ' ';
  out += label;
  out.push_back('\0');
  return out;
}

void append_length(std::string& out, std::size_t n) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<char>((n >> s) & 0xff));
}

std::uint64_t le64(std::string_view bytes, std::size_t at) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < 8 && at + i < bytes.size(); ++i) {
    v |= std::uint64_t{static_cast<unsigned char>(bytes[at + i])} << (8 * i);
  }
  return v;
}

}  // namespace

std::string secret_commitment(std::string_view secret) { return sha256_hex(labelled("secret") + std::string(secret)); }

std::string dice_mix(std::string_view secret, const EntropyList& entropy) {
  std::string in = labelled("mix-input");
  in += secret;
  for (const auto& [seat, bytes] : entropy) {
    append_length(in, seat.size());
    in += seat;
    append_length(in, bytes.size());
    in += bytes;
  }
  return sha256(in);
}

std::string mix_commitment(std::string_view mix) { return sha256_hex(labelled("mix") + std::string(mix)); }

Pcg32 dice_generator(std::string_view mix) { return Pcg32(le64(mix, 0), le64(mix, 8)); }

std::uint64_t deck_seed_of(std::string_view mix) { return le64(mix, 16); }

std::string secret_from_seed(std::uint64_t seed) {
  std::string in = labelled("seed");
  for (int i = 0; i < 8; ++i) in.push_back(static_cast<char>((seed >> (8 * i)) & 0xff));
  return sha256(in);
}

}  // namespace sandtable
