#pragma once
// Several serialized Envelopes sent as one: an Envelope whose `batch` holds them
// (proto/sandtable/v1/protocol.proto). A repeated message field is, on the wire, each element's
// tag, length and bytes one after the other, so a batch is built by appending the frames as
// they are: nothing is parsed or serialized again.
#include <vector>

#include "server/subscriber.h"

namespace sandtable::server {

Frame batch_of(const std::vector<Frame>& frames);

}  // namespace sandtable::server
