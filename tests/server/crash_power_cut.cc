#include "tests/server/crash_power_cut.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <utility>

#include "tests/server/test_support.h"

namespace sandtable::testing {

namespace {

namespace fs = std::filesystem;

// Sets environment variables for the child about to be forked, and puts them back after.
class EnvFor {
 public:
  explicit EnvFor(std::vector<std::pair<std::string, std::string>> vars) {
    for (auto& [name, value] : vars) {
      const char* old = std::getenv(name.c_str());
      saved_.emplace_back(name, old ? std::optional<std::string>(old) : std::nullopt);
      ::setenv(name.c_str(), value.c_str(), 1);
    }
  }
  ~EnvFor() {
    for (auto& [name, old] : saved_) {
      if (old) {
        ::setenv(name.c_str(), old->c_str(), 1);
      } else {
        ::unsetenv(name.c_str());
      }
    }
  }
  EnvFor(const EnvFor&) = delete;
  EnvFor& operator=(const EnvFor&) = delete;

 private:
  std::vector<std::pair<std::string, std::optional<std::string>>> saved_;
};

// The AddressSanitizer runtime this process runs with, if any: the server is built alike, and
// ASan insists on coming first in the list of libraries, so it goes before the recorder in
// LD_PRELOAD (its interceptors then reach the recorder's write() and fsync() as the real ones).
std::string asan_runtime() {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line)) {
    const auto slash = line.find('/');
    if (slash != std::string::npos && line.find("/libasan.so", slash) != std::string::npos) return line.substr(slash);
  }
  return "";
}

std::uint64_t size_or_zero(const std::string& path) {
  std::error_code ec;
  const auto n = fs::file_size(path, ec);
  return ec ? 0 : n;
}

struct Range {
  std::uint64_t begin, end;
};

// Sorted, overlapping and touching ranges merged.
std::vector<Range> merged(std::vector<Range> v) {
  std::sort(v.begin(), v.end(), [](const Range& a, const Range& b) { return a.begin < b.begin; });
  std::vector<Range> out;
  for (const auto& r : v) {
    if (!out.empty() && r.begin <= out.back().end) {
      out.back().end = std::max(out.back().end, r.end);
    } else {
      out.push_back(r);
    }
  }
  return out;
}

void write_at(int fd, const std::string& bytes, std::uint64_t at) {
  if (::pwrite(fd, bytes.data(), bytes.size(), static_cast<off_t>(at)) != static_cast<ssize_t>(bytes.size())) {
    throw std::runtime_error("power cut: pwrite failed");
  }
}

}  // namespace

PowerCutDisk::PowerCutDisk(std::string db, std::string dir)
    : db_(std::move(db)), log_(dir + "/sync-records"), stall_(dir + "/stall-sync") {}

std::unique_ptr<ServerProcess> PowerCutDisk::start(const std::vector<std::string>& extra) {
  fs::remove(log_);
  stall(SANDTABLE_SYNC_WAL, false);
  stall(SANDTABLE_SYNC_DB, false);
  start_size_[SANDTABLE_SYNC_DB] = size_or_zero(db_);
  start_size_[SANDTABLE_SYNC_WAL] = size_or_zero(db_ + "-wal");
  std::string preload = asan_runtime();
  if (!preload.empty()) preload += ':';
  preload += SANDTABLE_CRASH_SYNC_LOG;
  EnvFor env({{"LD_PRELOAD", preload},
              {SANDTABLE_SYNC_LOG_ENV, log_},
              {SANDTABLE_SYNC_DB_ENV, db_},
              {SANDTABLE_SYNC_STALL_ENV, stall_}});
  return start_test_server(db_, extra);
}

void PowerCutDisk::stall(std::uint32_t file, bool on) {
  const std::string path = stall_ + (file == SANDTABLE_SYNC_WAL ? "-wal" : "-db");
  if (on) {
    std::ofstream(path) << "a sync waits while this file exists\n";
  } else {
    fs::remove(path);
  }
}

std::vector<sandtable_sync_record> PowerCutDisk::records() const {
  std::ifstream in(log_, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  const std::string s = bytes.str();
  std::vector<sandtable_sync_record> out(s.size() / sizeof(sandtable_sync_record));
  if (!out.empty()) std::memcpy(out.data(), s.data(), out.size() * sizeof(sandtable_sync_record));
  return out;
}

bool PowerCutDisk::unsynced(std::uint32_t file, std::size_t from) const {
  const auto recs = records();
  bool written = false;
  for (std::size_t i = 0; i < recs.size(); ++i) {
    if (recs[i].file != file) continue;
    if (recs[i].kind == SANDTABLE_SYNC_SYNC) written = false;
    if (recs[i].kind == SANDTABLE_SYNC_WRITE && i >= from) written = true;
  }
  return written;
}

bool PowerCutDisk::wait_for_unsynced(std::uint32_t file, std::size_t from, std::chrono::milliseconds timeout) const {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!unsynced(file, from)) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

LifeCounts PowerCutDisk::counts() const {
  LifeCounts c;
  bool frames = false;       // WAL frames written since its last header
  bool checkpointed = false;  // and the database synced after them
  for (const auto& r : records()) {
    if (r.file == SANDTABLE_SYNC_WAL && r.kind == SANDTABLE_SYNC_WRITE) {
      ++c.wal_writes;
      if (r.a == 0) {
        ++c.wal_headers;
        c.wal_restarts += checkpointed;
        frames = checkpointed = false;
      } else {
        frames = true;
      }
    }
    if (r.file == SANDTABLE_SYNC_WAL && r.kind == SANDTABLE_SYNC_SYNC) ++c.wal_syncs;
    if (r.file == SANDTABLE_SYNC_DB && r.kind == SANDTABLE_SYNC_SYNC) {
      ++c.db_syncs;
      checkpointed = checkpointed || frames;
    }
  }
  return c;
}

CutResult PowerCutDisk::cut(CutKind kind, Pcg32& rng) {
  struct Model {
    std::uint64_t synced = 0;  // size at the last sync (or when the life began)
    std::uint64_t floor = 0;   // the least size the disk may hold: synced, or less after a truncation
    std::vector<Range> dirty;  // written since the last sync
  };
  Model m[2];
  for (int f = 0; f < 2; ++f) m[f].synced = m[f].floor = start_size_[f];
  for (const auto& r : records()) {
    if (r.file > SANDTABLE_SYNC_WAL) throw std::runtime_error("power cut: a record names no file");
    Model& x = m[r.file];
    switch (r.kind) {
      case SANDTABLE_SYNC_WRITE:
        x.dirty.push_back({r.a, r.a + r.b});
        break;
      case SANDTABLE_SYNC_SYNC:
        x.dirty.clear();
        x.synced = x.floor = r.a;
        break;
      case SANDTABLE_SYNC_TRUNCATE:
        if (r.b != r.a) x.floor = std::min(x.floor, r.b);
        break;
      default:
        throw std::runtime_error("power cut: the server changed a file in a way the simulation does not model (kind " +
                                 std::to_string(r.kind) + ")");
    }
  }
  CutResult result;
  const char* names[2] = {"db", "wal"};
  for (int f = 0; f < 2; ++f) {
    const std::string path = f == SANDTABLE_SYNC_DB ? db_ : db_ + "-wal";
    if (!fs::exists(path)) {
      if (!m[f].dirty.empty()) throw std::runtime_error("power cut: " + path + " was written and is gone");
      continue;
    }
    const std::uint64_t current = fs::file_size(path);
    const std::uint64_t lower = std::min(m[f].floor, current);
    std::uint64_t size = lower;
    if (kind == CutKind::kTorn && current > lower) {
      if (current - lower >= 0xffffffffULL) throw std::runtime_error("power cut: a file grew by 4 GB");
      size = lower + rng.below(static_cast<std::uint32_t>(current - lower + 1));
    }
    const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0) throw std::runtime_error("power cut: cannot open " + path);
    std::uint64_t changed = current - size;
    const auto dirty = merged(m[f].dirty);
    for (const auto& d : dirty) {
      const std::uint64_t end = std::min(d.end, size);
      for (std::uint64_t at = d.begin; at < end;) {
        // A piece: up to the next 512-byte boundary (the whole range when dropping everything).
        const std::uint64_t next = kind == CutKind::kLost ? end : std::min(end, (at / 512 + 1) * 512);
        const std::uint32_t fate = kind == CutKind::kLost ? 1 : rng.below(3);  // 0 kept, 1 zeros, 2 garbage
        if (fate != 0) {
          std::string bytes(next - at, '\0');
          if (fate == 2) {
            for (auto& c : bytes) c = static_cast<char>(rng.next());
          }
          write_at(fd, bytes, at);
          changed += next - at;
          if (f == SANDTABLE_SYNC_WAL) result.wal_in_place += next - at;
        }
        at = next;
      }
    }
    if (size != current && ::ftruncate(fd, static_cast<off_t>(size)) != 0) {
      ::close(fd);
      throw std::runtime_error("power cut: ftruncate failed");
    }
    ::close(fd);
    (f == SANDTABLE_SYNC_DB ? result.db_bytes : result.wal_bytes) = changed;
    std::ostringstream t;
    t << names[f] << " " << current << "->" << size << " B (synced " << m[f].synced << ", " << dirty.size()
      << " unsynced ranges, " << changed << " B dropped) ";
    result.text += t.str();
  }
  return result;
}

}  // namespace sandtable::testing
