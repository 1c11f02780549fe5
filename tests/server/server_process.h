#pragma once
// Starts the real server binary on an ephemeral port with a given database, reads the
// "listening on http://127.0.0.1:PORT" line, and stops it (SIGTERM) or kills it (SIGKILL).
#include <sys/types.h>

#include <string>
#include <vector>

namespace sandtable::testing {

class ServerProcess {
 public:
  ServerProcess(const std::string& binary, const std::string& db, std::vector<std::string> extra = {});
  ~ServerProcess();  // stop()
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  unsigned short port() const { return port_; }
  pid_t pid() const { return pid_; }
  const std::vector<std::string>& stdout_lines() const { return lines_; }
  void kill9();
  int stop();  // SIGTERM and wait; the exit status

 private:
  pid_t pid_ = -1;
  unsigned short port_ = 0;
  std::vector<std::string> lines_;
};

// A fresh temporary directory (removed by the caller's TempDir).
struct TempDir {
  TempDir();
  ~TempDir();
  std::string path;
};

}  // namespace sandtable::testing
