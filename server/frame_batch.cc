#include "server/frame_batch.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include "sandtable/v1/protocol.pb.h"

namespace sandtable::server {

Frame batch_of(const std::vector<Frame>& frames) {
  // Field `batch`, wire type 2 (length-delimited).
  constexpr std::uint32_t kTag = (static_cast<std::uint32_t>(::sandtable::v1::Envelope::kBatchFieldNumber) << 3) | 2;
  std::string out;
  std::size_t size = 0;
  for (const auto& f : frames) size += f->size() + 10;
  out.reserve(size);
  {
    google::protobuf::io::StringOutputStream stream(&out);
    google::protobuf::io::CodedOutputStream coded(&stream);
    for (const auto& f : frames) {
      coded.WriteTag(kTag);
      coded.WriteVarint32(static_cast<std::uint32_t>(f->size()));
      coded.WriteRaw(f->data(), static_cast<int>(f->size()));
    }
  }  // the coded stream trims the string to what was written when it goes
  return std::make_shared<const std::string>(std::move(out));
}

}  // namespace sandtable::server
