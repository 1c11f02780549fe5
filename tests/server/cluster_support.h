#pragma once
// What the several-node test starts besides the servers: HAProxy in front of them (configured
// by script/haproxy-config, the same script docs/hosting.md gives hosts) and a throwaway
// PostgreSQL cluster in a temporary folder. Both come from Debian (script/bootstrap installs
// them with SANDTABLE_WITH_CLUSTER=1, as script/test does).
#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

namespace sandtable::testing {

// A TCP port on 127.0.0.1 that was free a moment ago.
unsigned short free_port();

// A child process (args[0] looked up on PATH unless it has a '/'), its output appended to `log`;
// SIGKILLed and reaped when destroyed.
class Child {
 public:
  Child(std::vector<std::string> args, const std::string& log);
  ~Child();
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  bool running();

 private:
  pid_t pid_ = -1;
};

// HAProxy on `port` in front of the named nodes ("n1=127.0.0.1:P1", ...); `shared`: the nodes
// share a database, so a dead node's rooms go to the next node. Waits until it listens.
class Haproxy {
 public:
  Haproxy(const std::string& dir, unsigned short port, const std::vector<std::string>& nodes, bool shared);
  unsigned short port() const { return port_; }

 private:
  unsigned short port_;
  std::unique_ptr<Child> process_;
};

// initdb, start, and at the end stop (immediate) and remove a PostgreSQL cluster on a free
// port. Run as root, its files belong to the postgres user, as initdb requires.
class Postgres {
 public:
  Postgres();
  ~Postgres();
  Postgres(const Postgres&) = delete;
  Postgres& operator=(const Postgres&) = delete;
  const std::string& url() const { return url_; }

 private:
  std::string bin_;
  std::string dir_;
  std::string url_;
  bool as_postgres_ = false;
};

// Whether the tools are installed, and what to do when they are not.
std::string cluster_tools_missing();

}  // namespace sandtable::testing
