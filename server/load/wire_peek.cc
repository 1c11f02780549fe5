#include "server/load/wire_peek.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

namespace sandtable::load {

namespace {

using google::protobuf::internal::WireFormatLite;

// Field number of the sequence inside each body we read, and of Delta.from_seq.
int seq_field(int body) {
  switch (body) {
    case kWelcome:
      return 4;
    case kSnapshot:
    case kOrderAccepted:
      return 1;
    case kDelta:
    case kOrderRejected:
      return 2;
    default:
      return 0;
  }
}

}  // namespace

bool peek(const void* data, std::size_t size, Peek& out) {
  google::protobuf::io::CodedInputStream in(static_cast<const std::uint8_t*>(data), static_cast<int>(size));
  out = Peek{};
  while (const std::uint32_t tag = in.ReadTag()) {
    const int field = WireFormatLite::GetTagFieldNumber(tag);
    const auto type = WireFormatLite::GetTagWireType(tag);
    if (field == 1 && type == WireFormatLite::WIRETYPE_VARINT) {
      if (!in.ReadVarint64(&out.request_id)) return false;
    } else if (field >= 10 && field != kBatch && type == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
      out.body = field;
      std::uint32_t length = 0;
      if (!in.ReadVarint32(&length)) return false;
      const auto limit = in.PushLimit(static_cast<int>(length));
      const int want = seq_field(field);
      while (const std::uint32_t inner = in.ReadTag()) {
        const int f = WireFormatLite::GetTagFieldNumber(inner);
        const bool varint = WireFormatLite::GetTagWireType(inner) == WireFormatLite::WIRETYPE_VARINT;
        if (varint && want != 0 && f == want) {
          if (!in.ReadVarint64(&out.seq)) return false;
        } else if (varint && field == kDelta && f == 1) {
          if (!in.ReadVarint64(&out.from_seq)) return false;
        } else if (!WireFormatLite::SkipField(&in, inner)) {
          return false;
        }
      }
      if (!in.ConsumedEntireMessage()) return false;
      in.PopLimit(limit);
    } else if (!WireFormatLite::SkipField(&in, tag)) {
      return false;
    }
  }
  return in.ConsumedEntireMessage();
}

bool batch_parts(const void* data, std::size_t size, std::vector<std::string_view>& parts) {
  parts.clear();
  const auto* bytes = static_cast<const std::uint8_t*>(data);
  google::protobuf::io::CodedInputStream in(bytes, static_cast<int>(size));
  while (const std::uint32_t tag = in.ReadTag()) {
    if (WireFormatLite::GetTagFieldNumber(tag) == kBatch &&
        WireFormatLite::GetTagWireType(tag) == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
      std::uint32_t length = 0;
      if (!in.ReadVarint32(&length)) return false;
      const int at = in.CurrentPosition();
      if (!in.Skip(static_cast<int>(length))) return false;
      parts.emplace_back(reinterpret_cast<const char*>(bytes + at), length);
    } else if (!WireFormatLite::SkipField(&in, tag)) {
      return false;
    }
  }
  return in.ConsumedEntireMessage();
}

}  // namespace sandtable::load
