#include "server/frame_handler.h"

#include <spdlog/spdlog.h>

#include "engine/model/scenario_check.h"
#include "server/frame_of.h"

namespace sandtable::server {

FrameHandler::FrameHandler(ServerContext& ctx, std::shared_ptr<ConnectionSlot> slot)
    : ctx_(ctx), slot_(std::move(slot)), resyncs_(ctx.limits.resyncs_per_second, ctx.limits.resync_burst),
      replays_(ctx.limits.replays_per_second, ctx.limits.replay_burst),
      exports_(ctx.limits.exports_per_second, ctx.limits.export_burst) {}

void FrameHandler::leave(const std::shared_ptr<Subscriber>& self) {
  if (room_) room_->leave(self);
  room_.reset();
}

void FrameHandler::send_error(Connection& self, std::uint64_t request_id, const std::string& code,
                              const std::string& message) {
  ctx_.metrics.error_sent(code);
  pb::Envelope env;
  env.set_request_id(request_id);
  env.mutable_error()->set_code(code);
  env.mutable_error()->set_message(message);
  env.mutable_error()->set_request_id(request_id);
  self.send_now(frame_of(env));
}

std::function<void(pb::Envelope)> FrameHandler::reply_later(const std::shared_ptr<Connection>& self,
                                                            std::uint64_t request_id) {
  return [self, request_id, &metrics = ctx_.metrics](pb::Envelope reply) {
    reply.set_request_id(request_id);
    if (reply.has_error()) {
      reply.mutable_error()->set_request_id(request_id);
      metrics.error_sent(reply.error().code());
    }
    self->deliver(frame_of(reply));
  };
}

void FrameHandler::handle(const std::string& payload, const std::shared_ptr<Connection>& self) {
  pb::Envelope env;
  if (!env.ParseFromString(payload)) {
    send_error(*self, 0, "MALFORMED", "The frame is not a sandtable.v1.Envelope.");
    return;
  }
  // An exception out of a handler is a bug; on the I/O thread it would end the whole server
  // (io_context::run throws), every room with it. It ends this message instead.
  try {
    dispatch(env, self);
  } catch (const std::exception& e) {
    spdlog::error("a message (Envelope field {}) could not be handled: {}", static_cast<int>(env.body_case()), e.what());
    send_error(*self, env.request_id(), "INTERNAL_ERROR", "The server could not handle that message and logged why.");
  }
}

void FrameHandler::dispatch(pb::Envelope& env, const std::shared_ptr<Connection>& self) {
  const std::uint64_t rid = env.request_id();
  switch (env.body_case()) {
    case pb::Envelope::kPing: {
      pb::Envelope out;
      out.set_request_id(rid);
      out.mutable_pong()->set_nonce(env.ping().nonce());
      self->send_now(frame_of(out));
      return;
    }
    case pb::Envelope::kListCatalog: {
      pb::Envelope out;
      out.set_request_id(rid);
      *out.mutable_catalog() = ctx_.rooms.catalog();
      self->send_now(frame_of(out));
      return;
    }
    case pb::Envelope::kCheckScenario: {
      // The scenario editor: pure work on this connection's strand (no room, no storage). Counted
      // by the rate limit like every frame; a scenario's size is bounded by the frame limit.
      pb::Envelope out;
      out.set_request_id(rid);
      const auto& req = env.check_scenario();
      *out.mutable_scenario_checked() =
          check_scenario(req, req.has_scenario_id() ? ctx_.rooms.builtin(req.scenario_id()) : nullptr, ctx_.rooms.registry());
      self->send_now(frame_of(out));
      return;
    }
    case pb::Envelope::kCreateRoom: {
      if (!ctx_.create_secret.empty() && env.create_room().create_secret() != ctx_.create_secret) {
        send_error(*self, rid, "CREATE_FORBIDDEN", "This server needs the creation secret to open a room.");
        return;
      }
      if (slot_ && !ctx_.addresses.may_create_room(slot_->address())) {
        send_error(*self, rid, "TOO_MANY_ROOMS",
                   "Too many rooms were created from your address lately; try again in a few minutes.");
        return;
      }
      ctx_.rooms.create(env.create_room(), ctx_.allow_fixed_seed, reply_later(self, rid));
      return;
    }
    case pb::Envelope::kListRooms: {
      // A GM's link, so a guess like a Hello's: counted against the address alike.
      if (slot_ && !ctx_.addresses.may_try_token(slot_->address())) {
        send_error(*self, rid, "TOO_MANY_TRIES",
                   "Too many links that are not valid came from your address; wait a minute and try again.");
        return;
      }
      ctx_.rooms.list(env.list_rooms().token(),
                      [reply = reply_later(self, rid), slot = slot_, &addresses = ctx_.addresses](pb::Envelope e) {
                        if (slot && e.has_error() && e.error().code() == "BAD_TOKEN") addresses.token_failed(slot->address());
                        reply(std::move(e));
                      });
      return;
    }
    case pb::Envelope::kHello:
      hello(env, self);
      return;
    case pb::Envelope::kBranchRequest: {
      if (!room_) {
        send_error(*self, rid, "NOT_JOINED", "Send Hello with your link's token first.");
        return;
      }
      // A branch is a new room: the creation budget of the address holds for it as for the lobby's,
      // spent only once the room has said the GM may branch from that step.
      room_->branch(self, rid, env.branch_request(),
                    [&rooms = ctx_.rooms, &addresses = ctx_.addresses, slot = slot_, request = env.branch_request(),
                     reply = reply_later(self, rid)](BranchPoint point) {
                      if (slot && !addresses.may_create_room(slot->address())) {
                        pb::Envelope e;
                        e.mutable_error()->set_code("TOO_MANY_ROOMS");
                        e.mutable_error()->set_message("Too many rooms were created from your address lately; try again in a few minutes.");
                        return reply(std::move(e));
                      }
                      rooms.branch(std::move(point), request, reply);
                    });
      return;
    }
    case pb::Envelope::kOrder:
    case pb::Envelope::kChatSend:
    case pb::Envelope::kResync:
    case pb::Envelope::kRevokeSeat:
    case pb::Envelope::kQueryRequest:
    case pb::Envelope::kReplayRequest:
    case pb::Envelope::kExportRequest:
    case pb::Envelope::kSetClock:
      if (!room_) {
        send_error(*self, rid, "NOT_JOINED", "Send Hello with your link's token first.");
        return;
      }
      if (env.has_order()) {
        room_->order(self, rid, std::move(*env.mutable_order()));
      } else if (env.has_chat_send()) {
        room_->chat(self, rid, std::move(*env.mutable_chat_send()));
      } else if (env.has_query_request()) {
        room_->query(self, rid, std::move(*env.mutable_query_request()));
      } else if (env.has_replay_request()) {
        if (!replays_.take()) {
          send_error(*self, rid, "REPLAY_TOO_FAST", "Replay steps are coming too fast; wait a moment and ask again.");
          return;
        }
        room_->replay(self, rid, env.replay_request());
      } else if (env.has_export_request()) {
        if (!exports_.take()) {
          send_error(*self, rid, "EXPORT_TOO_OFTEN", "The game's file was asked for several times just now; wait a few seconds.");
          return;
        }
        room_->export_game(self, rid);
      } else if (env.has_set_clock()) {
        room_->set_clock(self, rid, std::move(*env.mutable_set_clock()));
      } else if (env.has_resync()) {
        // Each catch-up sends the whole View (a hundred KB on a big table) for a few bytes asked.
        if (!resyncs_.take()) {
          send_error(*self, rid, "RESYNC_TOO_OFTEN",
                     "The table was sent again a moment ago; wait a few seconds before asking again.");
          return;
        }
        room_->resync(self, rid, env.resync().since_seq());
      } else {
        room_->revoke(self, rid, env.revoke_seat().seat());
      }
      return;
    case pb::Envelope::BODY_NOT_SET:
      send_error(*self, rid, "UNKNOWN_MESSAGE", "The envelope carries no message this server knows.");
      return;
    default:
      send_error(*self, rid, "UNEXPECTED_MESSAGE", "Clients do not send that message; it is one the server sends.");
      return;
  }
}

void FrameHandler::hello(const pb::Envelope& env, const std::shared_ptr<Connection>& self) {
  const std::uint64_t rid = env.request_id();
  const auto& hello = env.hello();
  if (room_ || waking_) {
    send_error(*self, rid, "ALREADY_JOINED", "This connection has already joined a room; open another for a second seat.");
    return;
  }
  if (!hello.room_id().empty() && !ctx_.rooms.find(hello.room_id()) && ctx_.rooms.set_aside(hello.room_id()).empty()) {
    if (ctx_.rooms.locate(hello.room_id()) == Rooms::Whereabouts::kMoving) {
      // Another node's room (several nodes, docs/hosting.md): the client reconnects, and the proxy
      // sends it to the node that serves the room by then (this one, once it has taken it over).
      self->kick("ROOM_MOVING", "This game is moving between servers; reconnecting.");
      return;
    }
    // A room put away while nobody was in it is not in memory; its link finds it in storage.
    if (!ctx_.rooms.rests()) {
      send_error(*self, rid, "UNKNOWN_ROOM", "There is no room '" + hello.room_id() + "' on this server.");
      return;
    }
  }
  if (slot_ && !ctx_.addresses.may_try_token(slot_->address())) {
    send_error(*self, rid, "TOO_MANY_TRIES",
               "Too many links that are not valid came from your address; wait a minute and try again.");
    return;
  }
  join(hello, rid, self, std::nullopt);
}

void FrameHandler::join(const pb::Hello& hello, std::uint64_t rid, const std::shared_ptr<Connection>& self,
                        std::optional<Rooms::Woken> woken) {
  const std::string hash = token_hash(hello.token());
  const std::string& named = hello.room_id();
  auto seat = ctx_.tokens.find(hash);
  auto here = [this](const std::string& id) { return ctx_.rooms.find(id) || !ctx_.rooms.set_aside(id).empty(); };
  if (!woken && ctx_.rooms.rests() && (!seat || !here(seat->room_id) || (!named.empty() && !here(named)))) {
    // Not in memory: the link's room, or the room named, may have been put away
    // (server/rooms_rest.cc). Storage is asked on the writer thread, and the Hello goes on on
    // this connection's strand.
    waking_ = true;
    const bool asked = ctx_.rooms.wake(hash, named, [this, self, hello, rid](Rooms::Woken w) {
      self->post([this, self, hello, rid, w] {
        waking_ = false;
        join(hello, rid, self, w);
      });
    });
    if (!asked) {
      // Closed, so that the client reconnects with backoff and says Hello again.
      waking_ = false;
      self->kick("SERVER_BUSY", "The server is opening many games at once; reconnecting.");
    }
    return;
  }
  if (!named.empty() && (woken ? !woken->named_known : !here(named))) {
    // A link storage does not have either counts against the address like any bad link.
    if (slot_ && woken && !woken->token_known) ctx_.addresses.token_failed(slot_->address());
    send_error(*self, rid, "UNKNOWN_ROOM", "There is no room '" + named + "' on this server.");
    return;
  }
  if (!seat || (!named.empty() && seat->room_id != named)) {
    if (slot_) ctx_.addresses.token_failed(slot_->address());
    send_error(*self, rid, "BAD_TOKEN", "This link is not valid on this server.");
    return;
  }
  if (seat->revoked) {
    send_error(*self, rid, "TOKEN_REVOKED", "This link has been revoked by the game master; ask for a new one.");
    return;
  }
  room_ = ctx_.rooms.find(seat->room_id);
  if (!room_ && !ctx_.rooms.set_aside(seat->room_id).empty()) {
    send_error(*self, rid, "ROOM_UNAVAILABLE",
               "This game could not be loaded when the server last started (" + ctx_.rooms.set_aside(seat->room_id) +
                   "). Nothing of it was deleted; ask the server's host to look at it.");
    return;
  }
  if (!room_) {
    // Put away again between the look-up and now (rare): the client reconnects and loads it.
    if (woken) {
      self->kick("ROOM_MOVING", "This game was put away while nobody was at the table; reconnecting.");
      return;
    }
    send_error(*self, rid, "UNKNOWN_ROOM", "The room of this link is not on this server.");
    return;
  }
  room_->join(self, *seat, hash, hello.last_seq(), rid);
}

}  // namespace sandtable::server
