#pragma once
// Test helpers for rule-set payloads (google.protobuf.Any in Command and Event).
//  - payload_ref<M>(x): the M a Command or Event carries, as a reference tests may keep (the
//    unpacked copy is cached by content for the life of the test binary).
//  - OrderBuilder<M>: a Command under construction whose rule-set order is edited in place and
//    packed when it is used as a pb::Command.
#include <map>
#include <memory>
#include <string>

#include "engine/model/payload.h"

namespace sandtable::testing {

template <class M, class Holder>
const M& payload_ref(const Holder& holder) {
  static std::map<std::string, std::unique_ptr<M>> cache;  // serialized Any -> unpacked copy
  static const M empty;
  if (!carries<M>(holder)) return empty;
  const google::protobuf::Any& any = *any_in(holder);
  auto& slot = cache[any.value()];
  if (!slot) slot = std::make_unique<M>(payload_of<M>(holder));
  return *slot;
}

template <class M>
struct OrderBuilder {
  pb::Command command;  // seat and shared parts; the payload is packed from `body` on use
  M body;

  OrderBuilder() = default;
  OrderBuilder(const pb::Command& from) : command(from), body(payload_of<M>(from)) { command.clear_payload(); }  // NOLINT

  void set_seat(const std::string& s) { command.set_seat(s); }
  const std::string& seat() const { return command.seat(); }
  operator pb::Command() const { return packed(); }  // NOLINT: used wherever a Command is
  pb::AnswerDecision* mutable_answer() { return command.mutable_answer(); }
  // An answer built on the same variable stays an answer; otherwise the order is packed.
  pb::Command packed() const {
    pb::Command c = command;
    if (c.body_case() == pb::Command::BODY_NOT_SET || body.ByteSizeLong() > 0) c.mutable_payload()->PackFrom(body);
    return c;
  }
};

}  // namespace sandtable::testing
