#include "server/room.h"

#include "server/chat_channels.h"
#include "server/frame_batch.h"
#include "server/frame_of.h"
#include "server/line_seqs.h"
#include "server/static_table.h"
#include "server/wall_clock.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <chrono>

namespace sandtable::server {

namespace net = boost::asio;

namespace {

constexpr const char* kGm = "gm";
constexpr const char* kSpectator = "spectator";

}  // namespace

Room::Room(Strand strand, RoomInfo info, std::unique_ptr<Game> game, std::vector<pb::Event> log,
           std::vector<pb::ChatMessage> chat, CommitQueue& commits, TokenIndex& tokens, Metrics& metrics)
    : strand_(std::move(strand)),
      info_(std::move(info)),
      game_(std::move(game)),
      log_(std::move(log)),
      commits_(commits),
      tokens_(tokens),
      metrics_(metrics) {
  // The log kept in memory serves catch-ups their log lines: GameStarted's scenario (the game
  // holds it, the database the whole event) is cut to what its line says there. The rest of the
  // event is kept apart for replays, which start the game again from it with the game's scenario
  // (whole_game_started).
  if (!log_.empty() && log_.front().has_game_started()) {
    auto* started = log_.front().mutable_game_started();
    pb::Scenario named;
    named.set_id(started->scenario().id());
    named.set_name(started->scenario().name());
    started->mutable_scenario()->Swap(&named);
    pb::Event kept = log_.front();
    kept.mutable_game_started()->clear_scenario();
    started->clear_start_state();  // a branch's table: the replay's copy has it
    game_started_ = std::make_shared<const pb::Event>(std::move(kept));
  }
  for (auto& m : chat) {
    next_chat_id_ = std::max(next_chat_id_, m.id() + 1);
    chat_.push_back(std::move(m));
  }
  while (chat_.size() > kChatKept) chat_.pop_front();
  delay_.advance(nullptr, *game_);  // a room created delayed shows its spectators the start
}

Room::Member* Room::member(const Subscriber* who) {
  for (auto& m : members_) {
    if (m.who.get() == who) return &m;
  }
  return nullptr;
}

void Room::send(Member& m, const pb::Envelope& env) { m.who->deliver(frame_of(env)); }

void Room::send_error(Member& m, std::uint64_t request_id, const std::string& code, const std::string& message) {
  pb::Envelope env;
  env.set_request_id(request_id);
  auto* e = env.mutable_error();
  e->set_code(code);
  e->set_message(message);
  e->set_request_id(request_id);
  metrics_.error_sent(code);
  send(m, env);
}

void Room::reject(Member& m, std::uint64_t request_id, pb::Rejection r) {
  metrics_.order_rejected(r.code());
  spdlog::debug("room={} seq={} seat={} order rejected: {}", info_.id, game_->seq(), m.seat, r.code());
  pb::Envelope env;
  env.set_request_id(request_id);
  *env.mutable_order_rejected()->mutable_rejection() = std::move(r);
  env.mutable_order_rejected()->set_room_seq(game_->seq());
  send(m, env);
}

void Room::fail(const std::string& what) {
  if (failed_) return spdlog::error("room={} internal error again: {}", info_.id, what);
  failed_ = true;
  ++metrics_.rooms_failed;
  spdlog::error("room={} seq={} internal error, the room is closed until the server restarts (its log is intact): {}",
                info_.id, game_ ? game_->seq() : 0, what);
  for (auto& m : members_) {
    m.who->kick("ROOM_UNAVAILABLE", "The server met an internal error in this game and closed it; nothing acknowledged "
                                    "is lost. It opens again when the server restarts.");
  }
  members_.clear();
  waiting_.clear();
}

void Room::join(std::shared_ptr<Subscriber> who, const SeatRef& seat, const std::string& token_hash,
                std::uint64_t last_seq, std::uint64_t request_id) {
  net::post(strand_, guarded([self = shared_from_this(), who = std::move(who), seat, token_hash, last_seq, request_id] {
    if (self->failed_) {
      who->kick("ROOM_UNAVAILABLE", "This game met an internal error and is closed until the server restarts.");
      return;
    }
    if (self->moved_) {
      who->kick("ROOM_MOVING", self->resting_ ? "This game was put away while nobody was at the table; reconnecting."
                                              : "This game has moved to another server; reconnecting.");
      return;
    }
    // The token may have been revoked between the index lookup and now.
    if (auto now = self->tokens_.find(token_hash); !now || now->revoked) {
      who->kick("TOKEN_REVOKED", "This link has been revoked by the game master; ask for a new one.");
      return;
    }
    self->members_.push_back(Member{who, seat.seat, seat.role, token_hash});
    Member& m = self->members_.back();
    pb::Envelope env;
    env.set_request_id(request_id);
    auto* w = env.mutable_welcome();
    w->set_room_id(self->info_.id);
    w->set_seat(seat.seat);
    w->set_role(seat.role);
    w->set_seq(self->seen_by(seat.seat).seq());
    w->set_ruleset(std::string(self->game_->rules().id()));
    w->set_room_name(self->info_.name);
    w->set_read_only(self->read_only());
    if (self->game_started_ && self->game_started_->game_started().has_branch()) {
      *w->mutable_branch() = self->game_started_->game_started().branch();
    }
    self->send(m, env);
    self->catch_up(m, 0, last_seq);
    for (const auto& c : self->chat_) {
      if (!reads_channel(m.role, c.channel())) continue;
      pb::Envelope ce;
      *ce.mutable_chat() = c;
      self->send(m, ce);
    }
    if (self->clocks_.on()) self->send(m, self->clock_envelope());
    spdlog::info("room={} seq={} seat={} joined (last_seq={}, {} members)", self->info_.id, self->game_->seq(),
                 m.seat, last_seq, self->members_.size());
    self->play_bots();  // a room recovered while the game waited on a bot
  }));
}

void Room::leave(std::shared_ptr<Subscriber> who) {
  net::post(strand_, guarded([self = shared_from_this(), who] {
    auto& ms = self->members_;
    auto it = std::find_if(ms.begin(), ms.end(), [&](const Member& m) { return m.who == who; });
    if (it == ms.end()) return;
    const std::string seat = it->seat;
    ms.erase(it);
    if (ms.empty()) self->empty_since_ = std::chrono::steady_clock::now();
    // A seat nobody holds is not kept up to date, so its cached View goes with its last member.
    if (std::none_of(ms.begin(), ms.end(), [&](const Member& m) { return m.seat == seat; })) {
      self->views_.forget(seat);
      self->notify_waiting();
    }
  }));
}

// A Delta with every event since `since_seq` when the gap is known and not too long, else a
// Snapshot.
void Room::catch_up(Member& m, std::uint64_t request_id, std::uint64_t since_seq) {
  const Game& game = seen_by(m.seat);
  const std::uint64_t seq = game.seq();
  pb::Envelope env;
  env.set_request_id(request_id);
  if (since_seq > 0 && since_seq <= seq && seq - since_seq <= kMaxDeltaEvents) {
    auto* d = env.mutable_delta();
    d->set_from_seq(since_seq);
    d->set_seq(seq);
    for (std::uint64_t s = since_seq + 1; s <= seq; ++s) {
      if (auto e = game.log_line_for(log_[s - 1], m.seat)) *d->add_events() = std::move(*e);
    }
    leave_out_following_seqs(*d);
    *d->mutable_view() = views_.whole(game, m.seat);  // a catch-up carries the whole view
  } else {
    auto* s = env.mutable_snapshot();
    s->set_seq(seq);
    *s->mutable_view() = views_.whole(game, m.seat);
    if (since_seq == 0) {
      // A page that holds no log (a new device, a GM or spectator arriving mid-game) is shown the
      // latest lines, not an empty log; the replay has the rest.
      std::vector<pb::Event> lines;
      const std::uint64_t oldest = seq > kSnapshotLogEvents ? seq - kSnapshotLogEvents + 1 : 1;
      for (std::uint64_t at = seq; at >= oldest && lines.size() < kSnapshotLogLines; --at) {
        if (auto e = game.log_line_for(log_[at - 1], m.seat)) lines.push_back(std::move(*e));
      }
      for (auto it = lines.rbegin(); it != lines.rend(); ++it) *s->add_events() = std::move(*it);
    }
  }
  send(m, env);
}

void Room::resync(std::shared_ptr<Subscriber> who, std::uint64_t request_id, std::uint64_t since_seq) {
  net::post(strand_, guarded([self = shared_from_this(), who, request_id, since_seq] {
    if (Member* m = self->member(who.get())) self->catch_up(*m, request_id, since_seq);
  }));
}

void Room::order(std::shared_ptr<Subscriber> who, std::uint64_t request_id, pb::Order order) {
  net::post(strand_, guarded([self = shared_from_this(), who, request_id, order = std::move(order)]() mutable {
    if (self->committing_) {
      Member* m = self->member(who.get());
      if (!m) return;
      if (self->waiting_.size() >= kMaxQueuedOrders) {
        pb::Rejection r;
        r.set_code("ROOM_BUSY");
        r.set_rule_id("SERVER");
        r.set_message("Too many orders are waiting in this room; try again in a moment.");
        self->reject(*m, request_id, std::move(r));
        return;
      }
      self->waiting_.push_back([self, who, request_id, order = std::move(order)]() mutable {
        self->run_order(who, request_id, std::move(order));
      });
      return;
    }
    self->run_order(who, request_id, std::move(order));
  }));
}

void Room::run_order(std::shared_ptr<Subscriber> who, std::uint64_t request_id, pb::Order order) {
  Member* m = member(who.get());
  if (!m) return next_queued();  // the sender left while its order waited
  pb::Rejection r;
  r.set_rule_id("SERVER");
  if (read_only()) {
    r.set_code("READ_ONLY_ROOM");
    r.set_message("This room replays an imported game: it takes no orders. Open the replay to step through it.");
    reject(*m, request_id, std::move(r));
    return next_queued();
  }
  if (m->role == pb::ROLE_SPECTATOR) {
    r.set_code("SPECTATOR_CANNOT_ORDER");
    r.set_message("Spectators watch; they cannot give orders.");
    reject(*m, request_id, std::move(r));
    return next_queued();
  }
  if (order.seq() != game_->seq()) {
    r.set_code("STALE_SEQUENCE");
    r.set_message("The order was given against sequence " + std::to_string(order.seq()) + " but the game is at " +
                  std::to_string(game_->seq()) + "; look at the table again and reissue it.");
    reject(*m, request_id, std::move(r));
    return next_queued();
  }
  // The seat comes from the token, never from the client.
  pb::Command command = order.command();
  command.set_seat(m->seat);
  if (game_->state().bot_plays(m->seat)) {
    r.set_code("BOT_SEAT");
    r.set_message("The computer plays this side now; the game master can give the seat back.");
    reject(*m, request_id, std::move(r));
    return next_queued();
  }
  if (!commit(who, request_id, command)) return next_queued();
}

bool Room::commit(std::shared_ptr<Subscriber> who, std::uint64_t request_id, const pb::Command& command) {
  Outcome out;
  auto next = game_->next(command, out);
  if (!next) {
    if (Member* m = who ? member(who.get()) : nullptr) reject(*m, request_id, std::move(out.rejection));
    return false;
  }
  committing_ = true;
  Write w;
  w.events_room = info_.id;
  w.events = out.events;
  // With the seed, the orders re-run the game (sandtable-cli verify); one that changed nothing
  // produced no event and is not needed.
  if (!out.events.empty()) w.orders.push_back(StoredOrder{out.events.front().seq(), command});
  committing_start_ = OrderStart{out.events.empty() ? 0 : out.events.front().seq(), command.seat()};
  const std::uint64_t from = game_->seq();
  if (from / kSnapshotEvery != next->seq() / kSnapshotEvery || next->over()) {
    w.snapshot =
        StoredSnapshot{info_.id, next->seq(), next->view(kGm).SerializeAsString(), next->save().SerializeAsString()};
  }
  const auto started = std::chrono::steady_clock::now();
  auto shared_next = std::make_shared<std::unique_ptr<Game>>(std::move(next));
  auto events = std::make_shared<std::vector<pb::Event>>(std::move(out.events));
  commits_.submit(std::move(w), [self = shared_from_this(), who, request_id, shared_next, events, started](
                                    bool ok, const std::string& error) {
    net::post(self->strand_, self->guarded([self, who, request_id, shared_next, events, started, ok, error] {
      self->finish_order(who, request_id, std::move(*shared_next), std::move(*events), ok, error, started);
    }));
  });
  return true;
}

void Room::play_bots() {
  if (committing_ || game_->over() || game_->state().paused) return;
  for (const auto& seat : game_->waiting_for()) {
    if (!game_->state().bot_plays(seat)) continue;
    if (!bot_) bot_ = game_->rules().make_bot();
    auto command = bot_->choose(*game_, seat, bot_rng_);
    if (!command) continue;
    command->set_seat(seat);
    if (commit(nullptr, 0, *command)) return;  // the next one comes after this commit
    spdlog::warn("room={} seq={} the bot's order for {} was refused", info_.id, game_->seq(), seat);
  }
}

void Room::finish_order(std::shared_ptr<Subscriber> who, std::uint64_t request_id, std::unique_ptr<Game> next,
                        std::vector<pb::Event> events, bool ok, const std::string& error,
                        std::chrono::steady_clock::time_point started) {
  committing_ = false;
  if (!ok) {
    spdlog::error("room={} seq={} commit failed: {}", info_.id, game_->seq(), error);
    if (Member* m = member(who.get())) {
      pb::Rejection r;
      r.set_code("STORAGE_ERROR");
      r.set_rule_id("SERVER");
      r.set_message("The server could not save the order, so it did not happen; try again.");
      reject(*m, request_id, std::move(r));
    }
    return next_queued();
  }
  metrics_.observe_commit_latency(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  ++metrics_.orders_accepted;
  const std::uint64_t from = game_->seq();
  // Spectators of a delayed room stay on their own game (SpectatorDelay); they are brought along
  // apart from everyone else whenever it moves, or the delay starts or ends.
  const Game* shown_before = delay_.shown();
  const std::uint64_t spectators_from = shown_before ? shown_before->seq() : from;
  std::shared_ptr<const Game> before(std::move(game_));
  game_ = std::move(next);
  log_.insert(log_.end(), events.begin(), events.end());
  if (committing_start_.first_seq != 0) order_starts_.push_back(std::move(committing_start_));
  const bool spectators_moved = delay_.advance(std::move(before), *game_);
  const bool spectators_apart = shown_before || delay_.shown();
  spdlog::debug("room={} seq={} order committed ({} events)", info_.id, game_->seq(), events.size());
  Frame accepted;
  if (member(who.get())) {
    pb::Envelope env;
    env.set_request_id(request_id);
    env.mutable_order_accepted()->set_seq(game_->seq());
    env.mutable_order_accepted()->set_event_count(static_cast<std::uint32_t>(events.size()));
    accepted = frame_of(env);
  }
  broadcast(from, events, who.get(), accepted, spectators_apart);
  if (spectators_apart && spectators_moved) send_spectators(spectators_from);
  if (game_->over()) spdlog::info("room={} seq={} game over: {}", info_.id, game_->seq(), game_->state().end_reason);
  next_queued();
  play_bots();
  notify_waiting();
  clocks_moved();
}

// One Delta per distinct seat (views differ by seat), shared by every member in that seat. The
// sender's Delta and its OrderAccepted go as one message: one write and one send, not two.
void Room::broadcast(std::uint64_t from_seq, const std::vector<pb::Event>& events, const Subscriber* sender,
                     const Frame& accepted, bool skip_spectators) {
  std::vector<std::pair<std::string, Frame>> by_seat;
  OrderPatches order(*game_);
  for (auto& m : members_) {
    if (skip_spectators && m.role == pb::ROLE_SPECTATOR) continue;
    auto it = std::find_if(by_seat.begin(), by_seat.end(), [&](const auto& p) { return p.first == m.seat; });
    if (it == by_seat.end()) {
      pb::Envelope env;
      views_.delta(order, m.seat, from_seq, events, *env.mutable_delta());
      by_seat.emplace_back(m.seat, frame_of(env));
      it = by_seat.end() - 1;
    }
    if (accepted && m.who.get() == sender) {
      m.who->deliver(batch_of({it->second, accepted}));
    } else {
      m.who->deliver(it->second);
    }
  }
}

const Game& Room::seen_by(const std::string& seat) const {
  const Game* shown = delay_.shown();
  return shown && seat == kSpectator ? *shown : *game_;
}

void Room::send_spectators(std::uint64_t from_seq) {
  const Game& shown = seen_by(kSpectator);
  if (shown.seq() < from_seq) return;  // never backwards: a late delay switched on holds them where they are
  const std::vector<pb::Event> events(log_.begin() + static_cast<std::ptrdiff_t>(from_seq),
                                      log_.begin() + static_cast<std::ptrdiff_t>(shown.seq()));
  Frame frame;
  OrderPatches order(shown);
  for (auto& m : members_) {
    if (m.role != pb::ROLE_SPECTATOR) continue;
    if (!frame) {
      pb::Envelope env;
      views_.delta(order, m.seat, from_seq, events, *env.mutable_delta());
      frame = frame_of(env);
    }
    m.who->deliver(frame);
  }
}

void Room::next_queued() {
  while (!committing_ && !waiting_.empty()) {
    auto job = std::move(waiting_.front());
    waiting_.pop_front();
    job();
  }
}

void Room::query(std::shared_ptr<Subscriber> who, std::uint64_t request_id, pb::QueryRequest request) {
  net::post(strand_, guarded([self = shared_from_this(), who, request_id, request = std::move(request)] {
    Member* m = self->member(who.get());
    if (!m) return;
    pb::Envelope env;
    env.set_request_id(request_id);
    auto* reply = env.mutable_query_reply();
    reply->set_seq(self->game_->seq());
    if (request.query().has_preview() && m->role == pb::ROLE_SPECTATOR) {
      // Previews are of orders, which spectators cannot give (as an Order would be answered).
      auto* r = reply->mutable_answer()->mutable_refusal();
      r->set_code("SPECTATOR_CANNOT_ORDER");
      r->set_rule_id("SERVER");
      r->set_message("Spectators watch; they cannot give orders, so there is none to preview.");
      reply->mutable_answer()->set_text(r->message());
    } else {
      // The seat is the member's, from its token: never one the client names.
      *reply->mutable_answer() = self->game_->query(m->seat, request.query());
    }
    ++self->metrics_.queries_answered;
    self->send(*m, env);
  }));
}

void Room::revoke(std::shared_ptr<Subscriber> who, std::uint64_t request_id, std::string seat) {
  net::post(strand_, guarded([self = shared_from_this(), who, request_id, seat = std::move(seat)] {
    Member* m = self->member(who.get());
    if (!m) return;
    if (m->role != pb::ROLE_GM) {
      self->send_error(*m, request_id, "GM_ONLY", "Only the game master can revoke a link.");
      return;
    }
    pb::Role role = pb::ROLE_PLAYER;
    if (seat == kGm) {
      role = pb::ROLE_GM;
    } else if (seat == "spectator") {
      role = pb::ROLE_SPECTATOR;
    } else if (!self->game_->state().is_side(seat)) {
      self->send_error(*m, request_id, "UNKNOWN_SEAT", "There is no seat called '" + seat + "' in this room.");
      return;
    }
    Write w;
    w.revoke_hashes = self->seat_hashes_[seat];  // every live token of the seat
    const std::string token = new_token();
    StoredSeat fresh;
    fresh.token_hash = token_hash(token);
    fresh.room_id = self->info_.id;
    fresh.seat = seat;
    fresh.role = role;
    fresh.created_ms = unix_ms();
    w.seats.push_back(fresh);
    self->commits_.submit(std::move(w), [self, who, request_id, seat, role, token, fresh](bool ok,
                                                                                         const std::string& error) {
      net::post(self->strand_, self->guarded([self, who, request_id, seat, role, token, fresh, ok, error] {
        Member* gm = self->member(who.get());
        if (!ok) {
          if (gm) self->send_error(*gm, request_id, "STORAGE_ERROR", "The revocation could not be saved: " + error);
          return;
        }
        auto& hashes = self->seat_hashes_[seat];
        for (const auto& h : hashes) self->tokens_.mark_revoked(h);
        self->tokens_.put(fresh.token_hash, SeatRef{self->info_.id, seat, role, false});
        spdlog::info("room={} seq={} seat={} token revoked", self->info_.id, self->game_->seq(), seat);
        // Close the connections that used a revoked token (the GM's own included, if it
        // revoked its own seat: the new link is in the reply it gets first).
        std::vector<std::shared_ptr<Subscriber>> kicked;
        if (gm) {
          pb::Envelope env;
          env.set_request_id(request_id);
          auto* link = env.mutable_seat_revoked()->mutable_link();
          link->set_seat(seat);
          link->set_role(role);
          link->set_token(token);
          link->set_url(self->info_.base_url + "/?room=" + self->info_.id + "&token=" + token);
          self->send(*gm, env);
        }
        auto& ms = self->members_;
        for (auto it = ms.begin(); it != ms.end();) {
          if (std::find(hashes.begin(), hashes.end(), it->token_hash) != hashes.end()) {
            kicked.push_back(it->who);
            it = ms.erase(it);
          } else {
            ++it;
          }
        }
        hashes = {fresh.token_hash};
        for (auto& k : kicked) k->kick("TOKEN_REVOKED", "This link has been revoked by the game master.");
      }));
    });
  }));
}

}  // namespace sandtable::server
