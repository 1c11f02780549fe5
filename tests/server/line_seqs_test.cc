// A Delta's log lines leave out the seqs that follow on (server/line_seqs.h): what a client reads
// back is every line with its own seq, and a line after one hidden from the seat keeps its seq.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "server/line_seqs.h"

namespace sandtable::server {
namespace {

pb::Delta lines(std::uint64_t from, std::vector<std::uint64_t> seqs) {
  pb::Delta d;
  d.set_from_seq(from);
  d.set_seq(seqs.empty() ? from : seqs.back());
  for (auto s : seqs) {
    auto* e = d.add_events();
    e->set_seq(s);
    e->set_text("line " + std::to_string(s));
  }
  return d;
}

std::vector<std::uint64_t> seqs_of(const pb::Delta& d) {
  std::vector<std::uint64_t> out;
  for (const auto& e : d.events()) out.push_back(e.seq());
  return out;
}

TEST(LineSeqs, LinesThatFollowOnGoWithoutTheirSeq) {
  // 22 is hidden from this seat: 23 says its own seq, 24 follows it.
  pb::Delta d = lines(19, {20, 21, 23, 24});
  const auto whole = d.ByteSizeLong();
  leave_out_following_seqs(d);
  EXPECT_EQ(seqs_of(d), (std::vector<std::uint64_t>{0, 0, 23, 0}));
  EXPECT_EQ(whole - d.ByteSizeLong(), 6u) << "two bytes for each seq left out";
  number_lines(d);
  EXPECT_EQ(seqs_of(d), (std::vector<std::uint64_t>{20, 21, 23, 24}));
}

TEST(LineSeqs, AFirstLineAfterAHiddenOneKeepsItsSeq) {
  pb::Delta d = lines(7, {9, 10});
  leave_out_following_seqs(d);
  EXPECT_EQ(seqs_of(d), (std::vector<std::uint64_t>{9, 0}));
  number_lines(d);
  EXPECT_EQ(seqs_of(d), (std::vector<std::uint64_t>{9, 10}));
}

TEST(LineSeqs, ADeltaWithoutLinesIsUntouched) {
  pb::Delta d = lines(7, {});
  leave_out_following_seqs(d);
  number_lines(d);
  EXPECT_EQ(d.events_size(), 0);
  EXPECT_EQ(d.from_seq(), 7u);
}

}  // namespace
}  // namespace sandtable::server
