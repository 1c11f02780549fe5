#include "server/ws_session.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <vector>

#include "engine/model/scenario_check.h"
#include "server/frame_batch.h"

namespace sandtable::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
namespace http = beast::http;

WsSession::WsSession(net::ip::tcp::socket&& socket, ServerContext& ctx, std::shared_ptr<ConnectionSlot> slot)
    : ws_(std::move(socket)),
      ctx_(ctx),
      slot_(std::move(slot)),
      frames_(ctx.limits.rate_per_second, ctx.limits.rate_burst),
      resyncs_(ctx.limits.resyncs_per_second, ctx.limits.resync_burst),
      unjoined_(ws_.get_executor()),
      last_heard_(std::chrono::steady_clock::now()) {}

WsSession::~WsSession() {
  if (accepted_) --ctx_.metrics.connections;
}

void WsSession::run(http::request<http::string_body> req) {
  websocket::stream_base::timeout t;
  t.handshake_timeout = ctx_.limits.handshake_timeout;
  t.idle_timeout = ctx_.limits.idle_timeout;
  t.keep_alive_pings = true;
  ws_.set_option(t);
  websocket::permessage_deflate pmd;  // off: compressing every frame costs more CPU than it saves
  pmd.server_enable = false;
  pmd.client_enable = false;
  ws_.set_option(pmd);
  ws_.read_message_max(ctx_.limits.read_message_max);
  ws_.binary(true);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(http::field::server, "sandtable-server"); }));
  ws_.async_accept(req, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
}

void WsSession::on_accept(beast::error_code ec) {
  if (ec) {
    spdlog::debug("websocket handshake failed: {}", ec.message());
    return;
  }
  accepted_ = true;
  ++ctx_.metrics.connections;
  ++ctx_.metrics.connections_total;
  last_heard_ = std::chrono::steady_clock::now();
  watch_unjoined();
  do_read();
}

void WsSession::watch_unjoined() {
  const auto quiet_until = last_heard_ + ctx_.limits.unjoined_timeout;
  unjoined_.expires_at(quiet_until);
  unjoined_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->closing_ || self->room_) return;  // joined: the room's members stay as long as they like
    if (std::chrono::steady_clock::now() < self->last_heard_ + self->ctx_.limits.unjoined_timeout) {
      return self->watch_unjoined();  // it spoke since: wait again from then
    }
    self->send_error(0, "IDLE", "This connection joined no room and asked nothing for a while; it is closed. "
                                "Reconnect when you need the server.");
    self->close_after_flush(websocket::close_code::going_away);
  });
}

void WsSession::do_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
}

void WsSession::on_read(beast::error_code ec, std::size_t bytes) {
  if (ec) {
    // Closed, timed out, reset mid-frame, or a message over read_message_max (Beast answers
    // that with close code 1009 "too big" itself). Either way the room forgets us.
    if (ec == websocket::error::message_too_big) ctx_.metrics.error_sent("MESSAGE_TOO_BIG");
    unjoined_.cancel();  // its wait holds the session (and its connection slot) alive
    if (room_) room_->leave(shared_from_this());
    room_.reset();
    return;
  }
  ++ctx_.metrics.frames_in;
  ctx_.metrics.bytes_in += bytes;
  last_heard_ = std::chrono::steady_clock::now();
  if (!closing_) {
    if (!ws_.got_binary()) {
      send_error(0, "TEXT_FRAME", "Frames must be binary protobuf Envelopes; text frames are not read.");
    } else if (!frames_.take()) {
      // Refusals count within a window, so a client bursting now and then under the average rate
      // is never hung up on, while a flood is within a second.
      const auto now = std::chrono::steady_clock::now();
      if (now - strikes_at_ > ctx_.limits.strike_window) {
        strikes_ = 0;
        strikes_at_ = now;
      }
      if (++strikes_ > ctx_.limits.rate_strikes) {
        send_error(0, "RATE_LIMITED", "Too many frames; the connection is closed.");
        close_after_flush(websocket::close_code::policy_error);
      } else {
        send_error(0, "RATE_LIMITED", "Too many frames; this one was not read. Slow down.");
      }
    } else {
      handle(beast::buffers_to_string(buffer_.data()));
    }
  }
  buffer_.consume(buffer_.size());
  // The buffer keeps the size of the largest message read (a CreateRoom's scenario is several KB);
  // an idle connection should not hold that, so a grown buffer is given back.
  if (buffer_.capacity() > kKeptReadBuffer) buffer_.shrink_to_fit();
  do_read();
}

void WsSession::handle(const std::string& payload) {
  pb::Envelope env;
  if (!env.ParseFromString(payload)) {
    send_error(0, "MALFORMED", "The frame is not a sandtable.v1.Envelope.");
    return;
  }
  const std::uint64_t rid = env.request_id();
  auto self = shared_from_this();
  switch (env.body_case()) {
    case pb::Envelope::kPing: {
      pb::Envelope out;
      out.set_request_id(rid);
      out.mutable_pong()->set_nonce(env.ping().nonce());
      send(out);
      return;
    }
    case pb::Envelope::kListCatalog: {
      pb::Envelope out;
      out.set_request_id(rid);
      *out.mutable_catalog() = ctx_.rooms.catalog();
      send(out);
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
      send(out);
      return;
    }
    case pb::Envelope::kCreateRoom: {
      if (!ctx_.create_secret.empty() && env.create_room().create_secret() != ctx_.create_secret) {
        send_error(rid, "CREATE_FORBIDDEN", "This server needs the creation secret to open a room.");
        return;
      }
      if (slot_ && !ctx_.addresses.may_create_room(slot_->address())) {
        send_error(rid, "TOO_MANY_ROOMS", "Too many rooms were created from your address lately; try again in a few minutes.");
        return;
      }
      ctx_.rooms.create(env.create_room(), ctx_.allow_fixed_seed, reply_later(rid));
      return;
    }
    case pb::Envelope::kListRooms: {
      // A GM's link, so a guess like a Hello's: counted against the address alike.
      if (slot_ && !ctx_.addresses.may_try_token(slot_->address())) {
        send_error(rid, "TOO_MANY_TRIES", "Too many links that are not valid came from your address; wait a minute and try again.");
        return;
      }
      ctx_.rooms.list(env.list_rooms().token(), [reply = reply_later(rid), slot = slot_, &addresses = ctx_.addresses](pb::Envelope e) {
        if (slot && e.has_error() && e.error().code() == "BAD_TOKEN") addresses.token_failed(slot->address());
        reply(std::move(e));
      });
      return;
    }
    case pb::Envelope::kHello: {
      if (room_) {
        send_error(rid, "ALREADY_JOINED", "This connection has already joined a room; open another for a second seat.");
        return;
      }
      if (!env.hello().room_id().empty() && !ctx_.rooms.find(env.hello().room_id()) &&
          ctx_.rooms.set_aside(env.hello().room_id()).empty()) {
        send_error(rid, "UNKNOWN_ROOM", "There is no room '" + env.hello().room_id() + "' on this server.");
        return;
      }
      if (slot_ && !ctx_.addresses.may_try_token(slot_->address())) {
        send_error(rid, "TOO_MANY_TRIES", "Too many links that are not valid came from your address; wait a minute and try again.");
        return;
      }
      auto seat = ctx_.tokens.find(token_hash(env.hello().token()));
      if (!seat || (!env.hello().room_id().empty() && seat->room_id != env.hello().room_id())) {
        if (slot_) ctx_.addresses.token_failed(slot_->address());
        send_error(rid, "BAD_TOKEN", "This link is not valid on this server.");
        return;
      }
      if (seat->revoked) {
        send_error(rid, "TOKEN_REVOKED", "This link has been revoked by the game master; ask for a new one.");
        return;
      }
      room_ = ctx_.rooms.find(seat->room_id);
      if (!room_ && !ctx_.rooms.set_aside(seat->room_id).empty()) {
        send_error(rid, "ROOM_UNAVAILABLE", "This game could not be loaded when the server last started (" +
                                                ctx_.rooms.set_aside(seat->room_id) +
                                                "). Nothing of it was deleted; ask the server's host to look at it.");
        return;
      }
      if (!room_) {
        send_error(rid, "UNKNOWN_ROOM", "The room of this link is not on this server.");
        return;
      }
      unjoined_.cancel();
      room_->join(self, *seat, token_hash(env.hello().token()), env.hello().last_seq(), rid);
      return;
    }
    case pb::Envelope::kOrder:
    case pb::Envelope::kChatSend:
    case pb::Envelope::kResync:
    case pb::Envelope::kRevokeSeat:
    case pb::Envelope::kQueryRequest:
      if (!room_) {
        send_error(rid, "NOT_JOINED", "Send Hello with your link's token first.");
        return;
      }
      if (env.has_order()) {
        room_->order(self, rid, std::move(*env.mutable_order()));
      } else if (env.has_chat_send()) {
        room_->chat(self, rid, std::move(*env.mutable_chat_send()));
      } else if (env.has_query_request()) {
        room_->query(self, rid, std::move(*env.mutable_query_request()));
      } else if (env.has_resync()) {
        // Each catch-up sends the whole View (a hundred KB on a big table) for a few bytes asked.
        if (!resyncs_.take()) {
          send_error(rid, "RESYNC_TOO_OFTEN", "The table was sent again a moment ago; wait a few seconds before asking again.");
          return;
        }
        room_->resync(self, rid, env.resync().since_seq());
      } else {
        room_->revoke(self, rid, env.revoke_seat().seat());
      }
      return;
    case pb::Envelope::BODY_NOT_SET:
      send_error(rid, "UNKNOWN_MESSAGE", "The envelope carries no message this server knows.");
      return;
    default:
      send_error(rid, "UNEXPECTED_MESSAGE", "Clients do not send that message; it is one the server sends.");
      return;
  }
}

std::function<void(pb::Envelope)> WsSession::reply_later(std::uint64_t request_id) {
  return [self = shared_from_this(), request_id](pb::Envelope reply) {
    reply.set_request_id(request_id);
    if (reply.has_error()) {
      reply.mutable_error()->set_request_id(request_id);
      self->ctx_.metrics.error_sent(reply.error().code());
    }
    self->deliver(std::make_shared<const std::string>(reply.SerializeAsString()));
  };
}

void WsSession::send(const pb::Envelope& env) { enqueue(std::make_shared<const std::string>(env.SerializeAsString())); }

void WsSession::send_error(std::uint64_t request_id, const std::string& code, const std::string& message) {
  ctx_.metrics.error_sent(code);
  pb::Envelope env;
  env.set_request_id(request_id);
  env.mutable_error()->set_code(code);
  env.mutable_error()->set_message(message);
  env.mutable_error()->set_request_id(request_id);
  send(env);
}

void WsSession::deliver(Frame frame) {
  net::post(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame)]() mutable {
    self->enqueue(std::move(frame));
  });
}

void WsSession::kick(const std::string& code, const std::string& message) {
  net::post(ws_.get_executor(), [self = shared_from_this(), code, message] {
    self->send_error(0, code, message);
    self->room_.reset();  // the room has already dropped us
    self->close_after_flush(websocket::close_code::policy_error);
  });
}

void WsSession::enqueue(Frame frame) {
  if (closing_ || !accepted_) return;
  if (queue_.size() >= ctx_.limits.write_queue_frames || queued_bytes_ + frame->size() > ctx_.limits.write_queue_bytes) {
    // A reader this far behind is dropped rather than buffered without bound; its client
    // reconnects with its last sequence and gets a Delta or a Snapshot.
    ++ctx_.metrics.slow_readers_dropped;
    spdlog::warn("dropping a slow reader ({} frames, {} bytes queued)", queue_.size(), queued_bytes_);
    if (room_) room_->leave(shared_from_this());
    room_.reset();
    closing_ = true;
    beast::get_lowest_layer(ws_).close();  // its pending write fails; nothing more is sent
    return;
  }
  queued_bytes_ += frame->size();
  queue_.push_back(std::move(frame));
  if (!writing_) do_write();
}

void WsSession::do_write() {
  writing_ = true;
  if (queue_.size() > 1) coalesce();
  ws_.async_write(net::buffer(*queue_.front()), beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
}

void WsSession::coalesce() {
  // Frames that queued while the last write was out (under load: Deltas of several commits, or
  // several rooms' pushes) leave as one message, one send, one header: up to a bound, so one
  // message never grows without limit.
  constexpr std::size_t kMaxFrames = 64;
  constexpr std::size_t kMaxBytes = 64 * 1024;
  std::vector<Frame> frames;
  std::size_t bytes = 0;
  while (!queue_.empty() && frames.size() < kMaxFrames && (frames.empty() || bytes + queue_.front()->size() <= kMaxBytes)) {
    bytes += queue_.front()->size();
    frames.push_back(std::move(queue_.front()));
    queue_.pop_front();
  }
  Frame one = frames.size() == 1 ? std::move(frames.front()) : batch_of(frames);
  queued_bytes_ = queued_bytes_ - bytes + one->size();
  queue_.push_front(std::move(one));
}

void WsSession::on_write(beast::error_code ec, std::size_t bytes) {
  writing_ = false;
  if (ec) return;  // the read side notices and cleans up
  ++ctx_.metrics.frames_out;
  ctx_.metrics.bytes_out += bytes;
  queued_bytes_ -= queue_.front()->size();
  queue_.pop_front();
  if (!queue_.empty()) return do_write();
  if (closing_) {
    ws_.async_close(close_code_, [self = shared_from_this()](beast::error_code) {});
  }
}

void WsSession::close_after_flush(websocket::close_code code) {
  if (closing_) return;
  closing_ = true;
  close_code_ = code;
  if (!writing_ && queue_.empty()) ws_.async_close(code, [self = shared_from_this()](beast::error_code) {});
}

}  // namespace sandtable::server
