#include "tests/server/cluster_support.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <glob.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>

namespace sandtable::testing {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

// A shell-quoted word.
std::string shell_word(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

void run(const std::string& command) {
  if (std::system(command.c_str()) != 0) throw std::runtime_error("failed: " + command);
}

bool listening(unsigned short port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const bool ok = connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  close(fd);
  return ok;
}

std::string postgres_bin() {
  glob_t g{};
  std::string found;
  if (glob("/usr/lib/postgresql/*/bin/initdb", 0, nullptr, &g) == 0 && g.gl_pathc > 0) {
    found = fs::path(g.gl_pathv[g.gl_pathc - 1]).parent_path().string();
  }
  globfree(&g);
  return found;
}

}  // namespace

unsigned short free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  if (bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
    close(fd);
    throw std::runtime_error("no free port");
  }
  close(fd);
  return ntohs(a.sin_port);
}

std::string cluster_tools_missing() {
  std::string missing;
  if (std::system("command -v haproxy >/dev/null 2>&1") != 0) missing += " haproxy";
  if (postgres_bin().empty()) missing += " postgresql";
  if (missing.empty()) return "";
  return "not installed:" + missing + " (SANDTABLE_WITH_CLUSTER=1 script/bootstrap installs them; script/test does)";
}

Child::Child(std::vector<std::string> args, const std::string& log) {
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
      close(fd);
    }
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    _exit(127);
  }
}

Child::~Child() {
  if (pid_ <= 0) return;
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
}

bool Child::running() { return pid_ > 0 && waitpid(pid_, nullptr, WNOHANG) == 0; }

Haproxy::Haproxy(const std::string& dir, unsigned short port, const std::vector<std::string>& nodes, bool shared)
    : port_(port) {
  const std::string cfg = dir + "/haproxy.cfg";
  std::string command = shell_word(std::string(SANDTABLE_SOURCE_DIR) + "/script/haproxy-config");
  if (shared) command += " --shared";
  command += " --bind 127.0.0.1:" + std::to_string(port);
  for (const auto& n : nodes) command += " " + shell_word(n);
  run(command + " > " + shell_word(cfg));
  // -db: in the foreground, not a daemon, so this process owns it.
  process_ = std::make_unique<Child>(std::vector<std::string>{"haproxy", "-db", "-f", cfg}, dir + "/haproxy.log");
  for (int i = 0; i < 100 && !listening(port); ++i) std::this_thread::sleep_for(50ms);
  if (!listening(port)) throw std::runtime_error("haproxy did not start; see " + dir + "/haproxy.log");
}

Postgres::Postgres() : bin_(postgres_bin()) {
  if (bin_.empty()) throw std::runtime_error("PostgreSQL is not installed");
  std::string tmpl = (fs::temp_directory_path() / "sandtable-pg-XXXXXX").string();
  if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
  dir_ = tmpl;
  // initdb refuses to run as root: the cluster then belongs to the postgres user.
  as_postgres_ = geteuid() == 0;
  const std::string as = as_postgres_ ? "runuser -u postgres -- " : "";
  if (as_postgres_) run("chown postgres " + shell_word(dir_));
  const unsigned short port = free_port();
  const std::string data = dir_ + "/data";
  run(as + shell_word(bin_ + "/initdb") + " -D " + shell_word(data) + " -A trust -U sandtable --no-sync >" +
      shell_word(dir_ + "/initdb.log") + " 2>&1");
  run(as + shell_word(bin_ + "/pg_ctl") + " -D " + shell_word(data) + " -l " + shell_word(dir_ + "/postgres.log") + " -w -o " +
      shell_word("-p " + std::to_string(port) + " -k " + dir_ + " -c listen_addresses=127.0.0.1") + " start >/dev/null");
  url_ = "postgresql://sandtable@127.0.0.1:" + std::to_string(port) + "/postgres";
}

Postgres::~Postgres() {
  const std::string as = as_postgres_ ? "runuser -u postgres -- " : "";
  const std::string cmd = as + shell_word(bin_ + "/pg_ctl") + " -D " + shell_word(dir_ + "/data") + " -m immediate -w stop >/dev/null 2>&1";
  [[maybe_unused]] const int rc = std::system(cmd.c_str());
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

}  // namespace sandtable::testing
