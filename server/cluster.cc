#include "server/cluster.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <set>

namespace sandtable::server {

namespace net = boost::asio;

ClusterNode::ClusterNode(net::io_context& io, Rooms& rooms, CommitQueue& commits, std::chrono::milliseconds ttl)
    : rooms_(rooms), commits_(commits), ttl_(ttl), timer_(io) {}

void ClusterNode::start() { tick(); }

void ClusterNode::stop() {
  net::post(timer_.get_executor(), [this] {
    stopped_ = true;
    timer_.cancel();
  });
}

void ClusterNode::tick() {
  if (stopped_) return;
  commits_.read([self = this](Storage& storage) {
    Leases* leases = storage.leases();
    if (!leases) return;
    try {
      auto r = leases->renew();
      // Which rooms here it no longer holds, worked out on this thread: adopt() and room creation
      // add rooms on it too, so none can come between the renewal and this list.
      const std::set<std::string> held(r.held.begin(), r.held.end());
      std::vector<std::string> lost;
      for (auto& id : self->rooms_.ids()) {
        if (!held.count(id)) lost.push_back(std::move(id));
      }
      net::post(self->timer_.get_executor(), [self, r = std::move(r), lost = std::move(lost)]() mutable {
        self->renewed(std::move(r), std::move(lost));
      });
    } catch (const std::exception& e) {
      // The database is away: nothing can be written anyway; leases run out on their own and the
      // next renewal, if in time, keeps them.
      spdlog::warn("leases not renewed: {}", e.what());
    }
  });
  timer_.expires_after(ttl_ / 3);
  timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) tick();
  });
}

void ClusterNode::renewed(Leases::Renewal r, std::vector<std::string> lost) {
  if (stopped_) return;
  const std::set<std::string> held(r.held.begin(), r.held.end());
  for (const auto& id : lost) {
    // Another node claimed it after this node's lease ran out (this node was paused or cut off):
    // that node has the room's every write since; this copy must not answer anyone.
    spdlog::warn("room={} lease lost; the room is served elsewhere now", id);
    rooms_.evict(id, "This game has moved to another server; reconnecting.", [] {});
  }
  for (const auto& id : r.hand_back) {
    if (!held.count(id)) continue;
    spdlog::info("room={} handed back to its home node", id);
    rooms_.evict(id, "This game is going back to its own server; reconnecting.", [self = this, id] {
      // After the room's members are gone: orders already queued commit first (the queue keeps
      // order), and any later commit for it fails the lease check.
      self->commits_.read([id](Storage& storage) {
        try {
          if (Leases* l = storage.leases()) l->release(id);
        } catch (const std::exception& e) {
          spdlog::warn("room={} lease not released ({}); it runs out on its own", id, e.what());
        }
      });
    });
  }
}

}  // namespace sandtable::server
