// A room's past, as its seats may see it: the replay of the log step by step, each step the seat's
// own View at that point (docs/fair-play.md), and the game's file (docs/protocol.md "Export"), the
// GM's while the game is played since it shows everything hidden. Each runs on the room's strand.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "server/game_export.h"
#include "server/room.h"

namespace sandtable::server {

namespace net = boost::asio;

void Room::replay(std::shared_ptr<Subscriber> who, std::uint64_t request_id, pb::ReplayRequest request) {
  net::post(strand_, guarded([self = shared_from_this(), who, request_id, step = request.step()] {
    if (Member* m = self->member(who.get())) self->send_replay(*m, request_id, step);
  }));
}

pb::Event Room::whole_game_started() const {
  pb::Event whole = *game_started_;
  // The game's scenario is the one GameStarted carried: Game::start, from_log and load take it from there.
  *whole.mutable_game_started()->mutable_scenario() = *game_->state().scenario;
  return whole;
}

// A replay is of the log as it stands (a cursor opened on it is opened again once the game has
// gone on), up to what the seat is shown now: a delayed room's spectators replay only up to the
// delay. Each step's View is the seat's own at that point, so nothing it could not see then is in
// it; the menu is left out, as a replay gives no orders.
Replay* Room::replay_of(Member& m, std::string* error) {
  if (!m.replay || m.replay->log_size() != log_.size()) {
    std::vector<pb::Event> log = log_;
    if (game_started_ && !log.empty()) log.front() = whole_game_started();
    std::unique_ptr<Replay> opened = Replay::open(game_->rules(), std::move(log), order_starts_, error);
    if (!opened) {
      spdlog::error("room={} seq={} replay does not open: {}", info_.id, game_->seq(), *error);
      return nullptr;
    }
    m.replay = std::move(opened);
  }
  return m.replay.get();
}

void Room::send_replay(Member& m, std::uint64_t request_id, std::uint32_t step) {
  std::string error;
  Replay* opened = replay_of(m, &error);
  if (!opened) return send_error(m, request_id, "REPLAY_UNAVAILABLE", "This game's replay cannot be shown: " + error);
  Replay& r = *opened;
  // Once the GM has opened the finished game, everyone replays all of it as the GM saw it.
  const bool revealed = game_->state().revealed;
  const std::string as = revealed ? std::string("gm") : m.seat;
  const std::size_t last = revealed ? r.steps() - 1 : r.last_step_by(seen_by(m.seat).seq());
  const std::size_t k = std::min<std::size_t>(step, last);
  const Game& g = r.at(k);
  pb::Envelope env;
  env.set_request_id(request_id);
  auto* f = env.mutable_replay_frame();
  f->set_step(static_cast<std::uint32_t>(k));
  f->set_steps(static_cast<std::uint32_t>(last + 1));
  f->set_seq(r.last_seq(k));
  f->set_seat(r.seat_of(k));
  f->set_turn(r.turn_after(k));
  f->set_revealed(revealed);
  *f->mutable_view() = g.view(as);
  f->mutable_view()->clear_menu();
  for (const auto& e : r.events_of(k)) {
    if (auto line = g.log_line_for(e, as)) *f->add_events() = std::move(*line);
  }
  for (const std::uint32_t s : r.turn_starts()) {
    if (s <= last) f->add_turn_starts(s);
  }
  for (const auto& [seat, kinds] : r.dice_seen(g.seen_as(as), last)) {
    for (const auto& [kind, tally] : kinds) {
      const auto s = summarize_dice(kind, tally);
      if (!s) continue;
      auto* d = f->add_dice();
      d->set_seat(seat);
      d->set_kind(kind);
      for (std::size_t i = 0; i < s->faces.size(); ++i) {
        d->add_face(s->faces[i]);
        d->add_count(s->counts[i]);
        d->add_expected(s->expected[i]);
      }
      d->set_rolls(s->rolls);
      d->set_mean(s->mean);
      d->set_expected_mean(s->expected_mean);
      d->set_chi_square(s->chi_square);
    }
  }
  ++metrics_.replays_sent;
  send(m, env);
}

void Room::export_game(std::shared_ptr<Subscriber> who, std::uint64_t request_id) {
  net::post(strand_, guarded([self = shared_from_this(), who, request_id] {
    Member* m = self->member(who.get());
    if (!m) return;
    // The file holds every event, hidden ones included, and the seed (the secret, when shown).
    if (m->role != pb::ROLE_GM && !self->game_->over()) {
      return self->send_error(*m, request_id, "EXPORT_NOT_YET",
                              "The game's file shows everything hidden, so it is the game master's until the game is over.");
    }
    // The dice secret (scheme 2) stays back while the game is played, unless the GM has looked
    // at it in the open (GmShowSecret): a file is no quiet way round that.
    const bool keep_secret = self->game_->over() || self->game_->state().secret_shown;
    self->commits_.read([self, who, request_id, keep_secret](Storage& storage) {
      pb::Envelope env;
      env.set_request_id(request_id);
      std::string error;
      auto game = export_room(storage, self->info_.id, &error);
      if (game && !keep_secret && game->events_size() > 0 && game->events(0).has_game_started()) {
        game->mutable_events(0)->mutable_game_started()->clear_secret();
      }
      if (game) {
        auto* reply = env.mutable_export_reply();
        reply->set_file_name("sandtable-" + self->info_.id + ".json");
        reply->set_json(export_json(*game));
      } else {
        spdlog::error("room={} export failed: {}", self->info_.id, error);
        auto* e = env.mutable_error();
        e->set_code("STORAGE_ERROR");
        e->set_message("The game's file could not be read from the database; try again later.");
        e->set_request_id(request_id);
      }
      net::post(self->strand_, self->guarded([self, who, env = std::move(env)] {
        if (Member* m = self->member(who.get())) self->send(*m, env);
      }));
    });
  }));
}

}  // namespace sandtable::server
