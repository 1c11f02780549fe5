#include "server/ws_session.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <vector>

#include "server/frame_batch.h"

namespace sandtable::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
namespace http = beast::http;

WsSession::WsSession(net::ip::tcp::socket&& socket, ServerContext& ctx, std::shared_ptr<ConnectionSlot> slot)
    : ws_(std::move(socket)),
      ctx_(ctx),
      metrics_(ctx.metrics),
      frames_handler_(ctx, std::move(slot)),
      frames_(ctx.limits.rate_per_second, ctx.limits.rate_burst),
      unjoined_(ws_.get_executor()),
      last_heard_(std::chrono::steady_clock::now()) {}

WsSession::~WsSession() {
  if (accepted_) --metrics_.connections;
}

void WsSession::run(http::request<http::string_body> req) {
  websocket::stream_base::timeout t;
  t.handshake_timeout = ctx_.limits.handshake_timeout;
  t.idle_timeout = ctx_.limits.idle_timeout;
  t.keep_alive_pings = true;
  ws_.set_option(t);
  websocket::permessage_deflate pmd;  // off unless the host turns it on (Limits::deflate_window_bits)
  pmd.client_enable = false;
  pmd.server_enable = ctx_.limits.deflate_window_bits > 0;
  if (pmd.server_enable) {
    pmd.server_max_window_bits = ctx_.limits.deflate_window_bits;
    // The clients' own messages are orders, a few dozen bytes: a small window to inflate them
    // keeps the connection's memory down (honoured when the client offers to limit it, as
    // browsers do).
    pmd.client_max_window_bits = 9;
    pmd.compLevel = 6;
    pmd.memLevel = 4;
    pmd.msg_size_threshold = kDeflateAtLeast;
  }
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
    if (ec || self->closing_ || self->frames_handler_.room()) return;  // joined: the room's members stay as long as they like
    if (std::chrono::steady_clock::now() < self->last_heard_ + self->ctx_.limits.unjoined_timeout) {
      return self->watch_unjoined();  // it spoke since: wait again from then
    }
    self->send_error(0, "IDLE", "This connection joined no room and asked nothing for a while; it is closed. "
                                "Reconnect when you need the server.");
    self->close_after_flush(websocket::close_code::going_away);
  });
}

void WsSession::do_read() {
  ws_.async_read_some(buffer_, kReadStep, beast::bind_front_handler(&WsSession::on_read_step, shared_from_this()));
}

void WsSession::on_read_step(beast::error_code ec, std::size_t) {
  if (!ec && !ws_.is_message_done()) return do_read();  // read_message_max still bounds the whole
  on_read(ec, buffer_.size());
}

void WsSession::on_read(beast::error_code ec, std::size_t bytes) {
  if (ec) {
    // Closed, timed out, reset mid-frame, or a message over read_message_max (Beast answers
    // that with close code 1009 "too big" itself). Either way the room forgets us.
    if (ec == websocket::error::message_too_big) ctx_.metrics.error_sent("MESSAGE_TOO_BIG");
    unjoined_.cancel();  // its wait holds the session (and its connection slot) alive
    closing_ = true;     // a Hello still waiting for its room (post) must not join it now
    frames_handler_.leave(shared_from_this());
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
      frames_handler_.handle(beast::buffers_to_string(buffer_.data()), shared_from_this());
      if (frames_handler_.room()) unjoined_.cancel();  // a room's members stay as long as they like
    }
  }
  buffer_.consume(buffer_.size());
  // The buffer keeps the size of the largest message read (a CreateRoom's scenario is several KB);
  // an idle connection should not hold that, so a grown buffer is given back.
  if (buffer_.capacity() > kKeptReadBuffer) buffer_.shrink_to_fit();
  do_read();
}

void WsSession::send_now(Frame frame) { enqueue(std::move(frame)); }

void WsSession::send_error(std::uint64_t request_id, const std::string& code, const std::string& message) {
  frames_handler_.send_error(*this, request_id, code, message);
}

void WsSession::deliver(Frame frame) {
  net::post(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame)]() mutable {
    self->enqueue(std::move(frame));
  });
}

void WsSession::post(std::function<void()> f) {
  net::post(ws_.get_executor(), [self = shared_from_this(), f = std::move(f)] {
    if (!self->closing_) f();
  });
}

void WsSession::kick(const std::string& code, const std::string& message) {
  net::post(ws_.get_executor(), [self = shared_from_this(), code, message] {
    self->send_error(0, code, message);
    self->frames_handler_.forget_room();  // the room has already dropped us
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
    frames_handler_.leave(shared_from_this());
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
