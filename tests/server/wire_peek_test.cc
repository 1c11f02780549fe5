// The load generator's quick reader (server/load/wire_peek.h) against the server's own frames: a
// batch splits into the envelopes it was made of, and each is peeked like a frame of its own.
#include "server/load/wire_peek.h"

#include <gtest/gtest.h>

#include "sandtable/v1/protocol.pb.h"
#include "server/frame_batch.h"

namespace sandtable::testing {
namespace {

namespace pb = ::sandtable::v1;

server::Frame frame(const pb::Envelope& e) { return std::make_shared<const std::string>(e.SerializeAsString()); }

TEST(WirePeek, ABatchSplitsIntoItsEnvelopesAndEachIsPeeked) {
  pb::Envelope delta;
  delta.mutable_delta()->set_from_seq(41);
  delta.mutable_delta()->set_seq(44);
  delta.mutable_delta()->add_events()->set_text(std::string(300, 'x'));
  pb::Envelope accepted;
  accepted.set_request_id(9);
  accepted.mutable_order_accepted()->set_seq(44);
  const auto batch = server::batch_of({frame(delta), frame(accepted)});

  std::vector<std::string_view> parts;
  ASSERT_TRUE(load::batch_parts(batch->data(), batch->size(), parts));
  ASSERT_EQ(parts.size(), 2u);
  load::Peek p;
  ASSERT_TRUE(load::peek(parts[0].data(), parts[0].size(), p));
  EXPECT_EQ(p.body, load::kDelta);
  EXPECT_EQ(p.from_seq, 41u);
  EXPECT_EQ(p.seq, 44u);
  ASSERT_TRUE(load::peek(parts[1].data(), parts[1].size(), p));
  EXPECT_EQ(p.body, load::kOrderAccepted);
  EXPECT_EQ(p.request_id, 9u);
  EXPECT_EQ(p.seq, 44u);

  // A frame that is not a batch has no parts; a cut batch is not well formed.
  const auto plain = frame(accepted);
  ASSERT_TRUE(load::batch_parts(plain->data(), plain->size(), parts));
  EXPECT_TRUE(parts.empty());
  EXPECT_FALSE(load::batch_parts(batch->data(), batch->size() - 5, parts));
}

}  // namespace
}  // namespace sandtable::testing
