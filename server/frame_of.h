#pragma once
// One Envelope as the Frame a Subscriber is handed (its serialized bytes, shared by every
// connection it goes to).
#include <memory>
#include <string>

#include "sandtable/v1/protocol.pb.h"
#include "server/subscriber.h"

namespace sandtable::server {

namespace pb = ::sandtable::v1;

inline Frame frame_of(const pb::Envelope& env) { return std::make_shared<const std::string>(env.SerializeAsString()); }

}  // namespace sandtable::server
