#pragma once
// Refusing a command: rule code throws Rejected; the game catches it, discards the scratch
// state and answers with the rejection, so a refused command never changes anything.
#include <stdexcept>
#include <string>

#include "sandtable/v1/common.pb.h"

namespace sandtable {

class Rejected : public std::runtime_error {
 public:
  Rejected(std::string code, std::string rule_id, std::string message);
  const ::sandtable::v1::Rejection& rejection() const { return rejection_; }

 private:
  ::sandtable::v1::Rejection rejection_;
};

[[noreturn]] void reject(std::string code, std::string rule_id, std::string message);

}  // namespace sandtable
