#pragma once
// The processes the load generator measures: starting one pinned to a CPU (the server or the echo
// server), reading its memory and CPU time from /proc, and stopping it.
#include <sys/types.h>

#include <string>
#include <vector>

namespace sandtable::load {

// Starts args[0] with args[1..] pinned to CPU `cpu` (none if cpu < 0; the pinning is inherited
// by its threads), waits for its "listening on http://127.0.0.1:PORT" line on stdout and sets
// `port`; throws if it exits without one.
pid_t spawn_pinned(const std::vector<std::string>& args, int cpu, unsigned short& port);
// SIGTERM, then waits for it.
void stop_process(pid_t pid);

// A field of /proc/PID/status in kB ("VmRSS", "VmHWM"), or -1.
long proc_status_kb(int pid, const std::string& field);
// The CPU time of a process (all threads, user + system) in seconds, or -1.
double proc_cpu_seconds(int pid);
// This process's user + system CPU time in seconds.
double self_cpu_seconds();

// The kernel memory that grows with open sockets, machine-wide, in kB: the slab caches (socket,
// inode, file and epoll structures; /proc/meminfo Slab) plus the TCP buffers (/proc/net/sockstat
// "TCP: ... mem", in pages). -1 if either cannot be read.
long kernel_socket_memory_kb();

}  // namespace sandtable::load
