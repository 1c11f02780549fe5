#pragma once
// A rule set's own messages travel inside the shared Command, Event, Scenario and View as a
// google.protobuf.Any (docs/protocol.md, "Payloads"). These helpers pack and unpack them, so
// no shared message names a rule set.
#include <string>

#include "sandtable/v1/command.pb.h"
#include "sandtable/v1/event.pb.h"
#include "sandtable/v1/scenario.pb.h"
#include "sandtable/v1/view.pb.h"

namespace sandtable {

namespace pb = ::sandtable::v1;

// The rule set's message a shared message carries, or nullptr when it carries none.
inline const google::protobuf::Any* any_in(const pb::Command& c) { return c.has_payload() ? &c.payload() : nullptr; }
inline const google::protobuf::Any* any_in(const pb::Event& e) { return e.has_payload() ? &e.payload() : nullptr; }
inline const google::protobuf::Any* any_in(const pb::Scenario& s) { return s.has_extra() ? &s.extra() : nullptr; }
inline const google::protobuf::Any* any_in(const pb::View& v) { return v.has_extra() ? &v.extra() : nullptr; }

// A command from `seat` carrying the rule set's own order.
template <class M>
pb::Command order_of(const std::string& seat, const M& body) {
  pb::Command c;
  c.set_seat(seat);
  c.mutable_payload()->PackFrom(body);
  return c;
}

// "type.googleapis.com/<full name of M>", as Any::PackFrom writes it, built once: PackFrom
// looks the descriptor up for every message it packs.
template <class M>
const std::string& type_url_of() {
  static const std::string url = "type.googleapis.com/" + M::descriptor()->full_name();
  return url;
}

// An event carrying the rule set's own event body (not yet stamped). The payload's bytes are
// PackFrom's.
template <class M>
pb::Event event_of(const M& body) {
  pb::Event e;
  auto* any = e.mutable_payload();
  any->set_type_url(type_url_of<M>());
  body.SerializeToString(any->mutable_value());
  return e;
}

// Whether `holder` (a Command, Event, Scenario or View) carries a message of type M.
template <class M, class Holder>
bool carries(const Holder& holder) {
  const google::protobuf::Any* any = any_in(holder);
  return any && any->template Is<M>();
}

// The M that `holder` carries, or an empty M when it carries none (or another type).
template <class M, class Holder>
M payload_of(const Holder& holder) {
  M m;
  if (carries<M>(holder) && !any_in(holder)->UnpackTo(&m)) m.Clear();
  return m;
}

}  // namespace sandtable
