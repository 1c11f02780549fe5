#pragma once
// A refusal as a value: checks return it instead of throwing, so a rule set's menu, bot and
// previews call exactly the checks its handlers use; a handler throws it (refuse) and a preview
// answers with it (refused_answer), so an order and its preview are refused alike.
#include <optional>
#include <string>

#include "engine/model/rejection.h"
#include "sandtable/v1/query.pb.h"

namespace sandtable {

struct Refusal {
  std::string code;     // stable, e.g. "OH_TOO_FAR"
  std::string rule;     // the catalogue rule, e.g. "OH-MOVE-01"
  std::string message;  // the sentence a player reads
};
using Check = std::optional<Refusal>;

// Throws it as a Rejected (engine/model/rejection.h).
[[noreturn]] inline void refuse(const Refusal& r) { reject(r.code, r.rule, r.message); }

// A query's answer refused with this refusal (its sentence is also the text).
inline ::sandtable::v1::QueryAnswer refused_answer(const Refusal& r) {
  ::sandtable::v1::QueryAnswer a;
  a.set_ok(false);
  a.mutable_refusal()->set_code(r.code);
  a.mutable_refusal()->set_rule_id(r.rule);
  a.mutable_refusal()->set_message(r.message);
  a.set_text(r.message);
  return a;
}

inline ::sandtable::v1::QueryAnswer accepted_answer(std::string text) {
  ::sandtable::v1::QueryAnswer a;
  a.set_ok(true);
  a.set_text(std::move(text));
  return a;
}

}  // namespace sandtable
