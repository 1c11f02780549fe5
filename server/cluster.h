#pragma once
// This node's part in a cluster of nodes sharing one PostgreSQL database (docs/hosting.md
// "Several nodes"): every third of a lease's life it renews this node's leases (its heartbeat
// too), sends away the rooms whose lease it lost, and hands back the rooms it took over once
// their home node beats again. The storage work runs on the commit queue's writer thread; what
// it finds is acted on from the io_context.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>
#include <vector>

#include "server/commit_queue.h"
#include "server/rooms.h"

namespace sandtable::server {

// Owned by run_server after the io_context (so destroyed before it) and stopped before the
// commit queue; its handlers hold `this`, never run once the io_context has stopped.
class ClusterNode {
 public:
  ClusterNode(boost::asio::io_context& io, Rooms& rooms, CommitQueue& commits, std::chrono::milliseconds ttl);
  void start();
  void stop();

 private:
  void tick();
  void renewed(Leases::Renewal r, std::vector<std::string> lost);

  Rooms& rooms_;
  CommitQueue& commits_;
  std::chrono::milliseconds ttl_;
  boost::asio::steady_timer timer_;
  bool stopped_ = false;
};

}  // namespace sandtable::server
