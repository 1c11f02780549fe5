// ListRooms: a GM's rooms, the ones created with the same host key as the room of the GM link
// given. Each room's summary is read on its own strand (a room's game is touched nowhere else)
// and the answer goes out when the last one is in.
#include <algorithm>
#include <boost/asio/post.hpp>
#include <mutex>

#include "server/room.h"
#include "server/rooms.h"

namespace sandtable::server {

namespace net = boost::asio;

namespace {

// One sentence for every token that is not a live GM link, so the answer tells nothing about
// which tokens exist.
constexpr const char* kNotGm = "This is not a game master's link on this server.";

struct Gather {
  std::mutex mu;
  std::vector<pb::RoomSummary> got;
  std::size_t left = 0;
  std::function<void(pb::Envelope)> done;
};

}  // namespace

void Room::summarize(std::function<void(pb::RoomSummary)> done) {
  net::post(strand_, guarded([self = shared_from_this(), done = std::move(done)] {
    const Game& g = *self->game_;
    if (self->summary_seq_ == g.seq() && g.seq() > 0) return done(self->summary_);
    const GameState& st = g.state();
    pb::RoomSummary s;
    s.set_room_id(self->info_.id);
    s.set_name(self->info_.name);
    s.set_scenario_name(st.scenario ? st.scenario->name() : std::string());
    s.set_ruleset(std::string(g.rules().id()));
    s.set_created_unix_ms(self->info_.created_ms);
    s.set_origin(self->info_.origin);
    s.set_seq(g.seq());
    s.set_over(g.over());
    // The winner as the players know it: the side's name, not its id.
    std::string winner = st.winner;
    if (st.scenario) {
      for (const auto& side : st.scenario->sides()) {
        if (side.id() == st.winner && !side.name().empty()) winner = side.name();
      }
    }
    s.set_winner(winner);
    // Only the rule set knows the turn; it writes it into every view.
    s.set_turn(g.view("gm").turn().turn());
    self->summary_ = s;
    self->summary_seq_ = g.seq();
    done(std::move(s));
  }));
}

void Rooms::list(const std::string& token, std::function<void(pb::Envelope)> done) const {
  const auto ref = tokens_.find(token_hash(token));
  const std::shared_ptr<Room> own =
      ref && !ref->revoked && ref->role == pb::ROLE_GM ? find(ref->room_id) : std::shared_ptr<Room>();
  if (!own) {
    pb::Envelope env;
    env.mutable_error()->set_code("BAD_TOKEN");
    env.mutable_error()->set_message(kNotGm);
    return done(std::move(env));
  }
  std::vector<std::shared_ptr<Room>> mine;
  const std::string& key = own->info().host_key_hash;
  if (key.empty()) {
    mine.push_back(own);
  } else {
    std::lock_guard lock(mu_);
    for (const auto& [id, room] : rooms_) {
      if (room->info().host_key_hash == key) mine.push_back(room);
    }
  }
  std::sort(mine.begin(), mine.end(), [](const auto& a, const auto& b) {
    if (a->info().created_ms != b->info().created_ms) return a->info().created_ms > b->info().created_ms;
    return a->id() < b->id();
  });
  if (mine.size() > kMaxListed) mine.resize(kMaxListed);
  auto g = std::make_shared<Gather>();
  g->got.resize(mine.size());
  g->left = mine.size();
  g->done = std::move(done);
  for (std::size_t i = 0; i < mine.size(); ++i) {
    mine[i]->summarize([g, i](pb::RoomSummary s) {
      bool last = false;
      {
        std::lock_guard lock(g->mu);
        g->got[i] = std::move(s);
        last = --g->left == 0;
      }
      if (!last) return;
      pb::Envelope env;
      for (auto& r : g->got) *env.mutable_room_list()->add_rooms() = std::move(r);
      g->done(std::move(env));
    });
  }
}

}  // namespace sandtable::server
