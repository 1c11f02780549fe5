#pragma once
// A browser's side of the club API (docs/campaigns.md) for the server tests: JSON over HTTP
// with the session cookie kept between calls, as a browser keeps it.
#include <google/protobuf/util/json_util.h>

#include <boost/asio/connect.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <gtest/gtest.h>

#include <string>

#include "sandtable/v1/club.pb.h"
#include "sandtable/v1/protocol.pb.h"

namespace sandtable::testing {

namespace pb = ::sandtable::v1;

struct ClubReply {
  unsigned status = 0;
  std::string body;
  std::string set_cookie;
  std::string error;  // the Error's code when the answer is one
};

struct ClubClient {
  unsigned short port = 0;
  std::string cookie;  // the session cookie's value, as the last Set-Cookie left it
  std::string origin;  // sent as the Origin header when not empty

  ClubReply call(const char* method, const std::string& path, const google::protobuf::Message* body = nullptr) {
    namespace http = boost::beast::http;
    boost::asio::io_context io;
    boost::beast::tcp_stream stream(io);
    stream.connect({boost::asio::ip::make_address("127.0.0.1"), port});
    http::request<http::string_body> req(http::string_to_verb(method), path, 11);
    req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
    if (!cookie.empty()) req.set(http::field::cookie, "other=1; sandtable_session=" + cookie);
    if (!origin.empty()) req.set(http::field::origin, origin);
    if (body) (void)google::protobuf::util::MessageToJsonString(*body, &req.body());
    req.prepare_payload();
    http::write(stream, req);
    boost::beast::flat_buffer buffer;
    http::response_parser<http::string_body> res;
    stream.expires_after(std::chrono::seconds(60));
    http::read(stream, buffer, res);
    ClubReply r{res.get().result_int(), res.get().body(), std::string(res.get()[http::field::set_cookie]), ""};
    if (r.status != 200) {
      pb::Error e;
      if (google::protobuf::util::JsonStringToMessage(r.body, &e).ok()) r.error = e.code();
    }
    // As a browser: a Set-Cookie replaces the cookie, Max-Age=0 removes it.
    if (!r.set_cookie.empty()) {
      const auto eq = r.set_cookie.find('=');
      const auto semi = r.set_cookie.find(';');
      cookie = r.set_cookie.find("Max-Age=0") != std::string::npos ? "" : r.set_cookie.substr(eq + 1, semi - eq - 1);
    }
    return r;
  }

  // The answer read as `T`; a failed test names the status and body otherwise.
  template <class T>
  T ok(const char* method, const std::string& path, const google::protobuf::Message* body = nullptr) {
    const ClubReply r = call(method, path, body);
    T out;
    if (r.status != 200 || !google::protobuf::util::JsonStringToMessage(r.body, &out).ok()) {
      ADD_FAILURE() << method << " " << path << " -> " << r.status << " " << r.body;
    }
    return out;
  }
};

}  // namespace sandtable::testing
