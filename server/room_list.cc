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
  net::post(strand_, guarded([self = shared_from_this(), done = std::move(done)] { done(self->summary_now()); }));
}

pb::RoomSummary Room::summary_now() {
  const Game& g = *game_;
  if (summary_seq_ == g.seq() && g.seq() > 0) return summary_;
  const GameState& st = g.state();
  pb::RoomSummary s;
  s.set_room_id(info_.id);
  s.set_name(info_.name);
  s.set_scenario_name(st.scenario ? st.scenario->name() : std::string());
  s.set_ruleset(std::string(g.rules().id()));
  s.set_created_unix_ms(info_.created_ms);
  s.set_origin(info_.origin);
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
  summary_ = s;
  summary_seq_ = g.seq();
  return s;
}

void Rooms::list(const std::string& token, std::function<void(pb::Envelope)> done) {
  // A GM link of a room that was put away loads it first (its link is not in memory till then).
  if (rests() && !tokens_.find(token_hash(token))) {
    auto again = [this, token, done](Woken) { list_now(token, done); };
    if (wake(token_hash(token), "", again)) return;
    pb::Envelope env;
    env.mutable_error()->set_code("SERVER_BUSY");
    env.mutable_error()->set_message("The server is opening many games at once; ask again in a moment.");
    return done(std::move(env));
  }
  list_now(token, std::move(done));
}

void Rooms::list_now(const std::string& token, std::function<void(pb::Envelope)> done) {
  const auto ref = tokens_.find(token_hash(token));
  const std::shared_ptr<Room> own =
      ref && !ref->revoked && ref->role == pb::ROLE_GM ? find(ref->room_id) : std::shared_ptr<Room>();
  if (!own) {
    pb::Envelope env;
    env.mutable_error()->set_code("BAD_TOKEN");
    env.mutable_error()->set_message(kNotGm);
    return done(std::move(env));
  }
  // Each listed room: a live one (summarized on its strand) or one put away (its summary kept).
  struct Listed {
    std::int64_t created_ms;
    std::string id;
    std::shared_ptr<Room> room;
    pb::RoomSummary kept;
  };
  std::vector<Listed> mine;
  const std::string& key = own->info().host_key_hash;
  if (key.empty()) {
    mine.push_back({own->info().created_ms, own->id(), own, {}});
  } else {
    std::lock_guard lock(mu_);
    for (const auto& [id, room] : rooms_) {
      if (room->info().host_key_hash == key) mine.push_back({room->info().created_ms, id, room, {}});
    }
    for (const auto& [id, r] : resting_) {
      if (r.host_key_hash == key) mine.push_back({r.summary.created_unix_ms(), id, nullptr, r.summary});
    }
  }
  std::sort(mine.begin(), mine.end(), [](const auto& a, const auto& b) {
    if (a.created_ms != b.created_ms) return a.created_ms > b.created_ms;
    return a.id < b.id;
  });
  if (mine.size() > kMaxListed) mine.resize(kMaxListed);
  auto g = std::make_shared<Gather>();
  g->got.resize(mine.size());
  g->left = mine.size();
  g->done = std::move(done);
  auto got = [g](std::size_t i, pb::RoomSummary s) {
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
  };
  for (std::size_t i = 0; i < mine.size(); ++i) {
    if (mine[i].room) {
      mine[i].room->summarize([got, i](pb::RoomSummary s) { got(i, std::move(s)); });
    } else {
      got(i, std::move(mine[i].kept));
    }
  }
}

}  // namespace sandtable::server
