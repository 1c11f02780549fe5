#include "engine/model/rejection.h"

namespace sandtable {

Rejected::Rejected(std::string code, std::string rule_id, std::string message)
    : std::runtime_error(message) {
  rejection_.set_code(std::move(code));
  rejection_.set_rule_id(std::move(rule_id));
  rejection_.set_message(std::move(message));
}

void reject(std::string code, std::string rule_id, std::string message) {
  throw Rejected(std::move(code), std::move(rule_id), std::move(message));
}

}  // namespace sandtable
