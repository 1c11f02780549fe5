#include "server/load/fsync_probe.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

namespace sandtable::load {

FsyncLatency measure_fsync(const std::string& dir, int samples) {
  FsyncLatency out;
  const std::string path = dir + "/sandtable-load-fsync-" + std::to_string(getpid()) + ".tmp";
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0600);
  if (fd < 0) {
    out.error = path + ": " + std::strerror(errno);
    return out;
  }
  std::vector<char> block(4096, 'x');
  std::vector<double> ms;
  for (int i = 0; i < samples; ++i) {
    const auto t = std::chrono::steady_clock::now();
    if (write(fd, block.data(), block.size()) != static_cast<ssize_t>(block.size()) || fsync(fd) != 0) {
      out.error = path + ": " + std::strerror(errno);
      break;
    }
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count());
  }
  close(fd);
  unlink(path.c_str());
  if (ms.empty()) return out;
  std::sort(ms.begin(), ms.end());
  auto at = [&](double p) { return ms[std::min(ms.size() - 1, static_cast<std::size_t>(p * static_cast<double>(ms.size())))]; };
  out.samples = static_cast<int>(ms.size());
  out.p50_ms = at(0.50);
  out.p99_ms = at(0.99);
  out.max_ms = ms.back();
  return out;
}

}  // namespace sandtable::load
