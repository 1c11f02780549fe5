#include "server/passwords.h"

#include <sodium.h>

#include <stdexcept>

namespace sandtable::server {

namespace {

void ensure_sodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium could not start");
}

}  // namespace

std::string hash_password(const std::string& password) {
  ensure_sodium();
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0) {
    throw std::runtime_error("the password could not be hashed (out of memory)");
  }
  return out;
}

bool password_matches(const std::string& hashed, const std::string& password) {
  ensure_sodium();
  if (hashed.empty() || hashed.size() >= crypto_pwhash_STRBYTES) return false;
  return crypto_pwhash_str_verify(hashed.c_str(), password.data(), password.size()) == 0;
}

std::string password_problem(const std::string& password) {
  if (password.size() < 10) return "A password needs at least 10 characters.";
  if (password.size() > 200) return "A password may have at most 200 characters.";
  return "";
}

}  // namespace sandtable::server
