// The catalogue of bad input (issue 14; docs/RELIABILITY.md "The catalogue"): each hostile or
// malformed input an outside client can send, over HTTP, the WebSocket and protobuf, in the lobby
// and in a seat, with the answer it must get and what becomes of its connection. After all of
// them the room is checked from the GM's seat: the same sequence and the same table. With
// SANDTABLE_PRINT_CATALOGUE=1 the test prints the table the document holds.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

using namespace std::chrono_literals;

enum class Fate { kOpen, kClosed };

struct Answer {
  std::string said;  // an Error or rejection code, an HTTP status, or the reply's kind
  bool closed = false;
};

struct Rig {
  unsigned short port = 0;
  pb::RoomCreated room, other;
  std::string revoked;  // a spectator token the GM revoked before the probes
};

// What an envelope answers, in one word.
std::string said_by(const pb::Envelope& e) {
  if (e.has_error()) return e.error().code();
  if (e.has_order_rejected()) return e.order_rejected().rejection().code();
  if (e.has_query_reply() && e.query_reply().answer().has_refusal()) return e.query_reply().answer().refusal().code();
  if (e.has_scenario_checked()) return "ScenarioChecked";
  if (e.has_snapshot()) return "Snapshot";
  if (e.has_pong()) return "Pong";
  return e.ShortDebugString();
}

// Waits for an answer (an error, a rejection, or the reply to `id`), then sees whether the
// connection stays open: it is open if a ping still gets its pong.
Answer settle(WsClient& c, std::uint64_t id = 0) {
  Answer a;
  try {
    const auto e = c.expect([&](const pb::Envelope& x) {
      return x.has_error() || x.has_order_rejected() || (id != 0 && x.request_id() == id);
    });
    a.said = said_by(e);
  } catch (const std::exception&) {
    a.said = c.closed() ? "closed" : "no answer";
  }
  try {
    pb::Envelope ping;
    ping.mutable_ping()->set_nonce(7);
    const auto pong_id = c.send(ping);
    c.expect([&](const pb::Envelope& x) { return x.request_id() == pong_id && x.has_pong(); }, 2000ms);
  } catch (const std::exception&) {
    a.closed = true;
  }
  return a;
}

Answer send(WsClient& c, pb::Envelope env) {
  if (env.request_id() == 0) env.set_request_id(900);
  const auto id = c.send(env);
  return settle(c, id);
}

Answer on_fresh(Rig& r, const pb::Envelope& env) {
  WsClient c(r.port);
  return send(c, env);
}

Answer raw_frame(Rig& r, const std::string& bytes, bool binary = true) {
  WsClient c(r.port);
  try {
    c.send_raw(bytes, binary);
  } catch (const std::exception&) {
    // The server may hang up before a frame it refuses (over 64 KiB) is wholly written.
  }
  return settle(c);
}

// A joined seat's connection, the probe sent on it.
Answer as_seat(Rig& r, const std::string& seat, const std::function<pb::Envelope(Seat&)>& make) {
  Seat s(r.port, token_of(r.room, seat));
  return send(s.client, make(s));
}

pb::Envelope order_of(std::uint64_t seq, const pb::Command& command) {
  pb::Envelope env;
  env.mutable_order()->set_seq(seq);
  *env.mutable_order()->mutable_command() = command;
  return env;
}

// Raw bytes over TCP; the response's status line, or "closed" when none came before the close.
Answer http(Rig& r, const std::string& request, bool whole = false) {
  boost::asio::io_context io;
  boost::asio::ip::tcp::socket s(io);
  s.connect({boost::asio::ip::make_address("127.0.0.1"), r.port});
  timeval tv{3, 0};
  setsockopt(s.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  boost::system::error_code ec;
  boost::asio::write(s, boost::asio::buffer(request), ec);
  std::string got;
  char buf[4096];
  for (;;) {
    const auto n = ::recv(s.native_handle(), buf, sizeof buf, 0);
    if (n <= 0) break;
    got.append(buf, static_cast<std::size_t>(n));
    if (!whole && got.find("\r\n") != std::string::npos) break;
  }
  Answer a;
  a.closed = true;  // every HTTP answer here ends its exchange
  a.said = got.empty() ? "closed" : got.substr(got.find(' ') + 1, 3);
  if (got.find("the secret") != std::string::npos) a.said = "the file outside leaked";
  return a;
}

std::string get(const std::string& target, const std::string& headers = "") {
  return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "\r\n";
}
const std::string kUpgrade = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n";
const std::string kKey = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";

struct Probe {
  const char* area;
  std::string input;
  const char* want;
  Fate fate;
  std::function<Answer(Rig&)> run;
};

pb::Envelope with_create(const std::function<void(pb::CreateRoom&)>& f) {
  pb::Envelope env;
  env.mutable_create_room()->set_scenario_id("counter-duel");
  f(*env.mutable_create_room());
  return env;
}

std::vector<Probe> catalogue() {
  std::vector<Probe> p;
  auto add = [&](const char* area, std::string input, const char* want, Fate fate, std::function<Answer(Rig&)> run) {
    p.push_back({area, std::move(input), want, fate, std::move(run)});
  };
  // ---- HTTP ----
  add("HTTP", "a path climbing out of the web folder (`/../secret.txt`)", "400", Fate::kClosed,
      [](Rig& r) { return http(r, get("/../secret.txt")); });
  add("HTTP", "a path climbing out, percent-encoded (`/%2e%2e/secret.txt`): the single page, never the file", "200",
      Fate::kClosed, [](Rig& r) { return http(r, get("/%2e%2e/secret.txt", "Connection: close\r\n"), true); });
  add("HTTP", "a backslash in the path", "400", Fate::kClosed, [](Rig& r) { return http(r, get("/a\\b")); });
  add("HTTP", "POST with a body", "405", Fate::kClosed,
      [](Rig& r) { return http(r, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc"); });
  add("HTTP", "DELETE", "405", Fate::kClosed, [](Rig& r) { return http(r, "DELETE / HTTP/1.1\r\nHost: x\r\n\r\n"); });
  add("HTTP", "a 20 KB header line", "closed", Fate::kClosed,
      [](Rig& r) { return http(r, get("/", "X-Big: " + std::string(20000, 'a') + "\r\n")); });
  add("HTTP", "a body announced at 1 MB", "closed", Fate::kClosed,
      [](Rig& r) { return http(r, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n" + std::string(70000, 'a')); });
  add("HTTP", "a game file announced at 9 MB to the verify page's `/api/verify`", "413", Fate::kClosed,
      [](Rig& r) { return http(r, "POST /api/verify HTTP/1.1\r\nHost: x\r\nContent-Length: 9000000\r\n\r\n"); });
  add("HTTP", "`GET /api/verify`", "405", Fate::kClosed, [](Rig& r) { return http(r, get("/api/verify")); });
  add("HTTP", "something that is not a game file posted to `/api/verify`", "400", Fate::kClosed,
      [](Rig& r) { return http(r, "POST /api/verify HTTP/1.1\r\nHost: x\r\nContent-Length: 8\r\n\r\n{\"x\": 1}"); });
  add("HTTP", "HTTP/1.0 without a Host", "200", Fate::kClosed, [](Rig& r) { return http(r, "GET /healthz HTTP/1.0\r\n\r\n"); });
  add("HTTP", "a TLS ClientHello on the plain port", "closed", Fate::kClosed,
      [](Rig& r) { return http(r, std::string("\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03", 11) + std::string(64, '\0') + "\r\n\r\n"); });
  add("HTTP", "not HTTP at all", "closed", Fate::kClosed, [](Rig& r) { return http(r, "hello there\r\n\r\n"); });
  add("HTTP", "a WebSocket upgrade without a key", "400", Fate::kClosed, [](Rig& r) { return http(r, get("/ws", kUpgrade)); });
  add("HTTP", "a WebSocket upgrade with a malformed key", "400", Fate::kClosed,
      [](Rig& r) { return http(r, get("/ws", kUpgrade + "Sec-WebSocket-Key: abc\r\n")); });
  add("HTTP", "a WebSocket upgrade from another site's page (Origin)", "403", Fate::kClosed,
      [](Rig& r) { return http(r, get("/ws", kUpgrade + kKey + "Origin: https://evil.example\r\n")); });
  add("HTTP", "a WebSocket version other than 13", "426", Fate::kClosed,
      [](Rig& r) { return http(r, get("/ws", "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 99\r\n" + kKey)); });
  add("HTTP", "/metrics through a proxy (X-Forwarded-For)", "403", Fate::kClosed,
      [](Rig& r) { return http(r, get("/metrics", "X-Forwarded-For: 203.0.113.9\r\n")); });
  // ---- WebSocket frames and protobuf ----
  add("WebSocket", "a text frame", "TEXT_FRAME", Fate::kOpen, [](Rig& r) { return raw_frame(r, "{\"hello\":{}}", false); });
  add("WebSocket", "an empty binary frame", "UNKNOWN_MESSAGE", Fate::kOpen, [](Rig& r) { return raw_frame(r, ""); });
  add("WebSocket", "a frame over 64 KiB", "closed", Fate::kClosed, [](Rig& r) { return raw_frame(r, std::string(70 * 1024, 'x')); });
  add("protobuf", "bytes that are no protobuf", "MALFORMED", Fate::kOpen,
      [](Rig& r) { return raw_frame(r, std::string("\xff\xff\xff\xff garbage", 13)); });
  add("protobuf", "an envelope cut short", "MALFORMED", Fate::kOpen, [](Rig& r) {
    pb::Envelope hello;
    hello.mutable_hello()->set_token(std::string(64, 'a'));
    const std::string bytes = hello.SerializeAsString();
    return raw_frame(r, bytes.substr(0, bytes.size() - 5));
  });
  add("protobuf", "messages nested 200 deep (batches in batches)", "MALFORMED", Fate::kOpen, [](Rig& r) {
    std::string bytes;
    for (int i = 0; i < 200; ++i) {  // field 60 (batch), length-delimited, around the rest
      std::string wrapped = "\xe2\x03";
      std::size_t n = bytes.size();
      do {
        wrapped.push_back(static_cast<char>((n & 0x7f) | (n > 0x7f ? 0x80 : 0)));
        n >>= 7;
      } while (n);
      bytes = wrapped + bytes;
    }
    return raw_frame(r, bytes);
  });
  add("protobuf", "a known field with the wrong wire type (read as an unknown field)", "UNKNOWN_MESSAGE", Fate::kOpen,
      [](Rig& r) { return raw_frame(r, std::string("\x50\x01", 2)); });  // field 10 as a varint
  add("protobuf", "a string field that is not UTF-8", "MALFORMED", Fate::kOpen, [](Rig& r) {
    pb::Envelope hello;
    hello.mutable_hello()->set_token("ok");
    std::string bytes = hello.SerializeAsString();
    bytes[bytes.size() - 1] = '\xff';
    return raw_frame(r, bytes);
  });
  add("protobuf", "unknown fields beside a ping", "Pong", Fate::kOpen, [](Rig& r) {
    pb::Envelope ping;
    ping.set_request_id(900);
    ping.mutable_ping()->set_nonce(3);
    WsClient c(r.port);
    c.send_raw(ping.SerializeAsString() + std::string("\xa0\x3e\x05", 3));  // field 999 = 5
    return settle(c, 900);
  });
  add("protobuf", "a body from a newer protocol (unknown field only)", "UNKNOWN_MESSAGE", Fate::kOpen,
      [](Rig& r) { return raw_frame(r, std::string("\xa0\x3e\x05", 3)); });
  const std::pair<const char*, std::function<void(pb::Envelope&)>> server_only[] = {
      {"Welcome", [](pb::Envelope& e) { e.mutable_welcome()->set_seat("gm"); }},
      {"Snapshot", [](pb::Envelope& e) { e.mutable_snapshot()->set_seq(1); }},
      {"Delta", [](pb::Envelope& e) { e.mutable_delta()->set_seq(1); }},
      {"Pong", [](pb::Envelope& e) { e.mutable_pong()->set_nonce(1); }},
      {"OrderAccepted", [](pb::Envelope& e) { e.mutable_order_accepted()->set_seq(1); }},
      {"Error", [](pb::Envelope& e) { e.mutable_error()->set_code("X"); }},
      {"RoomCreated", [](pb::Envelope& e) { e.mutable_room_created()->set_room_id("x"); }},
      {"SeatRevoked", [](pb::Envelope& e) { e.mutable_seat_revoked()->mutable_link()->set_seat("blue"); }},
  };
  for (const auto& [name, fill] : server_only) {
    add("protobuf", std::string("a message only the server sends (") + name + ")", "UNEXPECTED_MESSAGE", Fate::kOpen, [fill = fill](Rig& r) {
      pb::Envelope e;
      fill(e);
      return on_fresh(r, e);
    });
  }
  // ---- before joining ----
  add("join", "an order before Hello", "NOT_JOINED", Fate::kOpen, [](Rig& r) { return on_fresh(r, order_of(2, pb::Command())); });
  add("join", "a chat line before Hello", "NOT_JOINED", Fate::kOpen, [](Rig& r) {
    pb::Envelope e;
    e.mutable_chat_send()->set_text("hi");
    return on_fresh(r, e);
  });
  add("join", "a catch-up before Hello", "NOT_JOINED", Fate::kOpen, [](Rig& r) {
    pb::Envelope e;
    e.mutable_resync()->set_since_seq(0);
    return on_fresh(r, e);
  });
  add("join", "a revocation before Hello", "NOT_JOINED", Fate::kOpen, [](Rig& r) {
    pb::Envelope e;
    e.mutable_revoke_seat()->set_seat("blue");
    return on_fresh(r, e);
  });
  add("join", "a what-if branch before Hello", "NOT_JOINED", Fate::kOpen, [](Rig& r) {
    pb::Envelope e;
    e.mutable_branch_request()->set_step(1);
    return on_fresh(r, e);
  });
  add("join", "a query before Hello", "NOT_JOINED", Fate::kOpen, [](Rig& r) {
    pb::Envelope e;
    e.mutable_query_request();
    return on_fresh(r, e);
  });
  auto hello = [](const std::string& token, const std::string& room = "") {
    pb::Envelope e;
    e.mutable_hello()->set_token(token);
    e.mutable_hello()->set_room_id(room);
    return e;
  };
  add("join", "Hello with no token", "BAD_TOKEN", Fate::kOpen, [hello](Rig& r) { return on_fresh(r, hello("")); });
  add("join", "Hello with a guessed token of the right length", "BAD_TOKEN", Fate::kOpen,
      [hello](Rig& r) { return on_fresh(r, hello(std::string(64, 'a'))); });
  add("join", "Hello with a 32 KB token", "BAD_TOKEN", Fate::kOpen,
      [hello](Rig& r) { return on_fresh(r, hello(std::string(32 * 1024, 'a'))); });
  add("join", "Hello with another room's token for this room", "BAD_TOKEN", Fate::kOpen,
      [hello](Rig& r) { return on_fresh(r, hello(token_of(r.other, "blue"), r.room.room_id())); });
  add("join", "Hello naming a room that is not here", "UNKNOWN_ROOM", Fate::kOpen,
      [hello](Rig& r) { return on_fresh(r, hello(token_of(r.room, "blue"), "0000000000000000")); });
  add("join", "Hello with a revoked token", "TOKEN_REVOKED", Fate::kOpen, [hello](Rig& r) { return on_fresh(r, hello(r.revoked)); });
  add("join", "a second Hello on a joined connection", "ALREADY_JOINED", Fate::kOpen,
      [hello](Rig& r) { return as_seat(r, "blue", [&](Seat&) { return hello(token_of(r.room, "red")); }); });
  // ---- the lobby ----
  add("lobby", "a room from a scenario that does not exist", "UNKNOWN_SCENARIO", Fate::kOpen,
      [](Rig& r) { return on_fresh(r, with_create([](pb::CreateRoom& c) { c.set_scenario_id("no-such"); })); });
  add("lobby", "a room from a scenario file that is not JSON", "BAD_SCENARIO", Fate::kOpen,
      [](Rig& r) { return on_fresh(r, with_create([](pb::CreateRoom& c) { c.set_scenario_json("{"); })); });
  add("lobby", "a room from a scenario of a rule set this server lacks", "BAD_SCENARIO", Fate::kOpen, [](Rig& r) {
    return on_fresh(r, with_create([](pb::CreateRoom& c) {
      c.set_scenario_json(R"({"id":"x","name":"x","ruleset":"chess","sides":[{"id":"a"},{"id":"b"}]})");
    }));
  });
  add("lobby", "a room whose option the rule set refuses", "BAD_SCENARIO", Fate::kOpen,
      [](Rig& r) { return on_fresh(r, with_create([](pb::CreateRoom& c) { (*c.mutable_options())["target"] = "abc"; })); });
  add("lobby", "a room with a host key too short to be secret", "BAD_HOST_KEY", Fate::kOpen,
      [](Rig& r) { return on_fresh(r, with_create([](pb::CreateRoom& c) { c.set_host_key("short"); })); });
  add("lobby", "a room with no scenario at all", "BAD_SCENARIO", Fate::kOpen, [](Rig& r) {
    pb::Envelope e;
    e.mutable_create_room();
    return on_fresh(r, e);
  });
  add("lobby", "a GM's room list with a token that is none", "BAD_TOKEN", Fate::kOpen, [](Rig& r) {
    pb::Envelope e;
    e.mutable_list_rooms()->set_token("nope");
    return on_fresh(r, e);
  });
  add("lobby", "a GM's room list with a player's token", "BAD_TOKEN", Fate::kOpen, [](Rig& r) {
    pb::Envelope e;
    e.mutable_list_rooms()->set_token(token_of(r.room, "blue"));
    return on_fresh(r, e);
  });
  add("lobby", "a scenario check of a file that is not JSON", "ScenarioChecked", Fate::kOpen, [](Rig& r) {
    pb::Envelope e;
    e.mutable_check_scenario()->set_scenario_json("{{{");
    return on_fresh(r, e);
  });
  // ---- a seat's orders ----
  auto decision_of = [](Seat& s) { return answer(*s.my_decision()); };
  add("seat", "an order against an old sequence", "STALE_SEQUENCE", Fate::kOpen,
      [decision_of](Rig& r) { return as_seat(r, "blue", [&](Seat& s) { return order_of(1, decision_of(s)); }); });
  add("seat", "an order against a sequence not reached", "STALE_SEQUENCE", Fate::kOpen,
      [decision_of](Rig& r) { return as_seat(r, "blue", [&](Seat& s) { return order_of(999999, decision_of(s)); }); });
  add("seat", "an empty order", "EMPTY_COMMAND", Fate::kOpen,
      [](Rig& r) { return as_seat(r, "blue", [](Seat& s) { return order_of(s.seq, pb::Command()); }); });
  add("seat", "an answer to a decision that does not exist", "NO_SUCH_DECISION", Fate::kOpen, [decision_of](Rig& r) {
    return as_seat(r, "blue", [&](Seat& s) {
      auto c = decision_of(s);
      c.mutable_answer()->set_decision_id(4242);
      return order_of(s.seq, c);
    });
  });
  add("seat", "an answer that is not one of the choices", "NOT_A_CHOICE", Fate::kOpen, [decision_of](Rig& r) {
    return as_seat(r, "blue", [&](Seat& s) {
      auto c = decision_of(s);
      c.mutable_answer()->set_choice_id("everything");
      return order_of(s.seq, c);
    });
  });
  add("seat", "an answer to the other side's decision", "NOT_YOUR_DECISION", Fate::kOpen, [](Rig& r) {
    Seat blue(r.port, token_of(r.room, "blue"));
    const pb::Command c = answer(*blue.my_decision());
    return as_seat(r, "red", [&](Seat& s) { return order_of(s.seq, c); });
  });
  add("seat", "an order claiming another seat (`seat: red`)", "NOT_YOUR_DECISION", Fate::kOpen, [](Rig& r) {
    Seat blue(r.port, token_of(r.room, "blue"));
    pb::Command c = answer(*blue.my_decision());
    c.set_seat("blue");  // red claims to be blue: the server takes the seat from red's token
    return as_seat(r, "red", [&](Seat& s) { return order_of(s.seq, c); });
  });
  add("seat", "a referee's command from a player", "GM_ONLY", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "blue", [](Seat& s) {
      pb::Command c;
      c.mutable_gm()->mutable_pause()->set_reason("mine now");
      return order_of(s.seq, c);
    });
  });
  add("seat", "a rule set's order of an unknown type while a question waits", "DECISION_PENDING", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "blue", [](Seat& s) {
      pb::Command c;
      c.mutable_payload()->set_type_url("type.googleapis.com/not.a.Message");
      c.mutable_payload()->set_value("\x01\x02");
      return order_of(s.seq, c);
    });
  });
  add("seat", "a seat's randomness for the dice once they are sealed", "DICE_ALREADY_SEALED", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "blue", [](Seat& s) {
      pb::Command c;
      c.mutable_add_entropy()->set_entropy(std::string(32, 'e'));
      return order_of(s.seq, c);
    });
  });
  add("seat", "the GM's begin of a game that has begun", "ALREADY_BEGUN", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "gm", [](Seat& s) {
      pb::Command c;
      c.mutable_gm()->mutable_begin();
      return order_of(s.seq, c);
    });
  });
  add("seat", "the GM's look at the dice secret of a game of the older 64-bit seed", "NO_SECRET", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "gm", [](Seat& s) {
      pb::Command c;
      c.mutable_gm()->mutable_show_secret();
      return order_of(s.seq, c);
    });
  });
  add("seat", "an order over 16 KB", "ORDER_TOO_LARGE", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "blue", [](Seat& s) {
      pb::Command c;
      c.mutable_payload()->set_value(std::string(20000, 'x'));
      return order_of(s.seq, c);
    });
  });
  add("seat", "an order from a spectator", "SPECTATOR_CANNOT_ORDER", Fate::kOpen, [](Rig& r) {
    Seat blue(r.port, token_of(r.room, "blue"));
    const pb::Command c = answer(*blue.my_decision());
    return as_seat(r, "spectator", [&](Seat& s) { return order_of(s.seq, c); });
  });
  add("seat", "a side's menu order given by the GM", "NOT_ON_MENU", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "gm", [](Seat& s) {
      pb::Command c;
      c.mutable_play()->set_action("move:b1");
      return order_of(s.seq, c);
    });
  });
  add("seat", "an empty chat line", "BAD_CHAT", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "blue", [](Seat&) {
      pb::Envelope e;
      e.mutable_chat_send()->set_text("");
      return e;
    });
  });
  add("seat", "a chat line over 1,000 bytes", "BAD_CHAT", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "blue", [](Seat&) {
      pb::Envelope e;
      e.mutable_chat_send()->set_text(std::string(1001, 'a'));
      return e;
    });
  });
  add("seat", "a revocation from a player", "GM_ONLY", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "blue", [](Seat&) {
      pb::Envelope e;
      e.mutable_revoke_seat()->set_seat("red");
      return e;
    });
  });
  add("seat", "a revocation of a seat that does not exist", "UNKNOWN_SEAT", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "gm", [](Seat&) {
      pb::Envelope e;
      e.mutable_revoke_seat()->set_seat("nobody");
      return e;
    });
  });
  add("seat", "an empty query", "EMPTY_QUERY", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "blue", [](Seat&) {
      pb::Envelope e;
      e.mutable_query_request();
      return e;
    });
  });
  add("seat", "a what-if branch asked by a player", "BRANCH_GM_ONLY", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "blue", [](Seat&) {
      pb::Envelope e;
      e.mutable_branch_request()->set_step(0);
      return e;
    });
  });
  add("seat", "a what-if branch from a step the replay does not have", "BRANCH_NOT_HERE", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "gm", [](Seat&) {
      pb::Envelope e;
      e.mutable_branch_request()->set_step(4'000'000'000u);
      return e;
    });
  });
  add("seat", "a catch-up from a sequence not reached", "Snapshot", Fate::kOpen, [](Rig& r) {
    return as_seat(r, "blue", [](Seat&) {
      pb::Envelope e;
      e.mutable_resync()->set_since_seq(1ull << 60);
      return e;
    });
  });
  add("seat", "a flood of 400 frames at once", "RATE_LIMITED", Fate::kClosed, [](Rig& r) {
    Seat s(r.port, token_of(r.room, "blue"));
    pb::Envelope ping;
    ping.mutable_ping()->set_nonce(1);
    try {
      for (int i = 0; i < 400; ++i) s.client.send(ping);
    } catch (const std::exception&) {
    }
    Answer a = settle(s.client);
    while (s.client.recv(2000ms)) {
    }
    a.closed = s.client.closed();
    return a;
  });
  return p;
}

TEST(BadInputCatalogue, EveryInputGetsItsAnswerAndTheGameIsUnchanged) {
  TempDir dir;  // the web folder inside it, and beside that a file no path may reach
  const std::string web = dir.path + "/web";
  std::filesystem::create_directory(web);
  std::ofstream(web + "/index.html") << "<!doctype html><title>page</title>";
  std::ofstream(dir.path + "/secret.txt") << "the secret";
  auto server = start_test_server(dir.path + "/t.db", {"--web", web});
  Rig rig;
  rig.port = server->port();
  rig.room = create_counter_room(rig.port, 99);
  rig.other = create_counter_room(rig.port, 98);
  {
    // A revoked link to probe with; spectators in the probes use the fresh one.
    Seat gm(rig.port, token_of(rig.room, "gm"));
    pb::Envelope rv;
    rv.mutable_revoke_seat()->set_seat("spectator");
    const auto reply = gm.client.reply_to(gm.client.send(rv));
    ASSERT_TRUE(reply.has_seat_revoked());
    rig.revoked = token_of(rig.room, "spectator");
    for (auto& l : *rig.room.mutable_links()) {
      if (l.seat() == "spectator") l.set_token(reply.seat_revoked().link().token());
    }
  }
  Seat before(rig.port, token_of(rig.room, "gm"));
  const std::uint64_t seq = before.seq;
  const std::string table = before.view.SerializeAsString();

  const auto probes = catalogue();
  const bool print = std::getenv("SANDTABLE_PRINT_CATALOGUE") != nullptr;
  if (print) std::printf("| # | area | input | answer | connection |\n|---|---|---|---|---|\n");
  int n = 0;
  for (const auto& probe : probes) {
    ++n;
    SCOPED_TRACE(std::string(probe.area) + ": " + probe.input);
    const Answer a = probe.run(rig);
    EXPECT_EQ(a.said, probe.want);
    if (std::string(probe.area) != "HTTP") {
      EXPECT_EQ(a.closed, probe.fate == Fate::kClosed) << "the connection's fate";
    }
    if (print) {
      std::printf("| %d | %s | %s | `%s` | %s |\n", n, probe.area, probe.input.c_str(), probe.want,
                  probe.fate == Fate::kClosed ? "closed" : "stays open");
    }
  }
  EXPECT_GE(probes.size(), 60u) << "the issue asks for at least 60";
  Seat after(rig.port, token_of(rig.room, "gm"));
  EXPECT_EQ(after.seq, seq) << "no bad input moved the game";
  EXPECT_EQ(after.view.SerializeAsString(), table) << "nor changed its table";
}

}  // namespace
}  // namespace sandtable::testing
