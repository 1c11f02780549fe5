#include "server/load/process.h"

#include <sched.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

namespace sandtable::load {

pid_t spawn_pinned(const std::vector<std::string>& args, int cpu, unsigned short& port) {
  int out[2];
  if (pipe(out) != 0) throw std::runtime_error("pipe failed");
  std::vector<std::string> copy = args;
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    if (cpu >= 0) {
      cpu_set_t set;
      CPU_ZERO(&set);
      CPU_SET(cpu, &set);
      sched_setaffinity(0, sizeof set, &set);  // inherited by exec and by the child's threads
    }
    dup2(out[1], 1);
    close(out[0]);
    close(out[1]);
    std::vector<char*> argv;
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(copy[0].c_str(), argv.data());
    _exit(127);
  }
  close(out[1]);
  FILE* in = fdopen(out[0], "r");
  char line[4096];
  const std::string prefix = "listening on http://127.0.0.1:";
  port = 0;
  while (fgets(line, sizeof line, in)) {
    const std::string l(line);
    if (l.rfind(prefix, 0) == 0) {
      port = static_cast<unsigned short>(std::stoi(l.substr(prefix.size())));
      break;
    }
  }
  fclose(in);
  if (port == 0) {
    stop_process(pid);
    throw std::runtime_error("did not start: " + args[0]);
  }
  return pid;
}

void stop_process(pid_t pid) {
  kill(pid, SIGTERM);
  waitpid(pid, nullptr, 0);
}

long kernel_socket_memory_kb() {
  long slab_kb = -1;
  {
    std::ifstream in("/proc/meminfo");
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("Slab:", 0) == 0) slab_kb = std::stol(line.substr(5));
    }
  }
  long tcp_pages = -1;
  {
    std::ifstream in("/proc/net/sockstat");
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("TCP:", 0) != 0) continue;
      const auto at = line.find(" mem ");
      if (at != std::string::npos) tcp_pages = std::stol(line.substr(at + 5));
    }
  }
  if (slab_kb < 0 || tcp_pages < 0) return -1;
  return slab_kb + tcp_pages * (sysconf(_SC_PAGESIZE) / 1024);
}

long proc_status_kb(int pid, const std::string& field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(field + ":", 0) == 0) return std::stol(line.substr(field.size() + 1));
  }
  return -1;
}

double proc_cpu_seconds(int pid) {
  // The process's CPU clock (all its threads, in ns); utime + stime in /proc/PID/stat counts in
  // 10 ms ticks, too coarse for a few seconds of an echo server at a few per cent of a core.
  clockid_t clock;
  timespec ts{};
  if (clock_getcpuclockid(pid, &clock) == 0 && clock_gettime(clock, &ts) == 0) {
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
  }
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto close = text.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream rest(text.substr(close + 2));
  std::string skip;
  for (int i = 3; i <= 13; ++i) rest >> skip;  // fields 3..13
  double utime = 0, stime = 0;
  rest >> utime >> stime;
  return (utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double self_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

}  // namespace sandtable::load
