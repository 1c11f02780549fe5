// The secrets scan through the real server (issue 14): bot games of every demo scenario that
// hides something, played through sandtable-server over WebSockets with both players, a
// spectator and the GM connected; every envelope each connection receives is kept as the bytes
// that crossed the wire (inside a batch, the slice of the WebSocket message that carried it) and
// searched for what that seat may not know at that moment (tests/server/secrets_scan.h says what
// that is). Zero hits are required.
//
// How a game runs: the lobby creates the room with a fixed seed; a local engine Game with the
// same scenario and seed is the oracle, the bot chooses each order from it and the player whose
// turn it is sends it. After each order the oracle works out what each seat may not know (from
// the GM's View and the seat's, as the server sends them after that commit). An envelope spans
// the moments from the sequence its connection held before it (a catch-up: from where it starts)
// to the one it brought; it may not carry what was hidden at every one of those moments (the
// Delta that hides a unit again names it among the units gone). A log line naming what was hidden
// before and after its order is checked event by event: the order that revealed the thing and
// hid it again may name it. On the way, players measure and preview now and then (query replies
// are scanned too), the spectator asks for a catch-up from some orders back, one seat rejoins
// mid-game from an older sequence, and the spectator reads only every 48 orders, so that its
// envelopes queue on the server and come as batches (as the mover's Delta and OrderAccepted
// always do).
//
// Besides: no log line of an event hidden from a seat (as the seats that see it read it) reaches
// that seat, unless the seat's own lines say the same words; and the seed reaches every seat in
// the message that ends the game, which shows the search finds it where it is.
//
// SANDTABLE_SECRETS_GAMES=<n>: games per rule set (spread over its scenarios); unset, two games
// of each scenario (Battleground: one with its own bot, one with the random bot).
// SANDTABLE_SECRETS_GAME=<scenario id>:<game>: only that game, as a hit names it.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

#include "engine/core/cards.h"
#include "engine/core/rng.h"
#include "engine/model/scenario_io.h"
#include "engine/model/view_patch.h"
#include "engine/registry/builtin_registry.h"
#include "engine/rulesets/bg/bg_actions.h"
#include "engine/rulesets/bg/bg_state.h"
#include "sandtable/rulesets/bg/bg.pb.h"
#include "server/static_table.h"
#include "tests/server/secrets_client.h"
#include "tests/server/secrets_scan.h"
#include "tests/server/server_process.h"

namespace sandtable::testing {
namespace {

namespace pb = ::sandtable::v1;
using namespace std::chrono_literals;
using secrets::Hit;
using secrets::Kind;
using secrets::Secrets;

// autoplay()'s bot stream (engine/model/autoplay.cc).
constexpr std::uint64_t kBotStream = 0xb07b07b07ULL;

struct Match {
  const char* ruleset;
  const char* file;
  const char* scenario_id;
};

// Every demo scenario that hides something beyond the seed (the test checks each did).
const std::vector<Match> kScenarios = {
    {"battleground", "bg/village-assault.json", "bg-village-assault"},
    {"battleground", "bg/combined-arms.json", "bg-combined-arms"},
    {"battleground", "bg/crossroads.json", "bg-crossroads"},
    {"battleground", "bg/hedgerow-raid.json", "bg-hedgerow-raid"},
    {"portable-wargame-19c", "pw/meeting-engagement.json", "pw-meeting-engagement"},
    {"portable-wargame-19c", "pw/entrenched-assault.json", "pw-entrenched-assault"},
    {"one-hour-ww2", "oh/village-attack.json", "oh-village-attack"},
    {"rookie-rules", "rookie/farm-assault.json", "rr-farm-assault"},
    {"rookie-rules", "rookie/crossroads-armour.json", "rr-crossroads-armour"},
};

const RuleSet& rules_of(const Match& m) { return *builtin_registry().find(m.ruleset); }

pb::Scenario scenario_of(const Match& m) {
  std::ifstream in(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/" + m.file);
  std::stringstream text;
  text << in.rdbuf();
  auto parsed = parse_scenario(text.str(), builtin_registry());
  if (!parsed.scenario) throw std::runtime_error(std::string(m.file) + ": " + parsed.error);
  return *parsed.scenario;
}

std::unique_ptr<ServerProcess> start_server(const std::string& db) {
  // No caps that a test playing at full speed from one address would meet; no fsync per commit
  // (durability is not what this test is about); small kernel send buffers, so that messages to a
// reader that pauses queue on the server and leave as batches.
  return std::make_unique<ServerProcess>(
      SANDTABLE_SERVER_BINARY, db,
      std::vector<std::string>{"--scenarios", std::string(SANDTABLE_SOURCE_DIR) + "/scenarios", "--allow-fixed-seed", "--threads", "2",
                               "--max-per-address", "0", "--rooms-per-minute", "0", "--bad-tokens-per-minute", "0", "--rate",
                               "100000", "--burst", "100000", "--sync", "normal", "--send-buffer", "4096"});
}

std::string token_of(const pb::RoomCreated& room, const std::string& seat) {
  for (const auto& l : room.links()) {
    if (l.seat() == seat) return l.token();
  }
  throw std::runtime_error("no link for " + seat);
}

// One envelope as it came, and the room sequences it spans: the one its connection held before it
// (or the catch-up's start) and the one it left it at. Inside a batch, an envelope's bytes are the
// slice of the WebSocket message that carried it, so each is scanned for its own moments.
struct Message {
  std::string bytes;
  std::uint64_t from = 0, to = 0;
  std::size_t frame = 0;  // the WebSocket message, counted from 1
  bool in_batch = false;
};

bool read_varint(std::string_view b, std::size_t& i, std::uint64_t& v) {
  v = 0;
  for (int shift = 0; shift < 64 && i < b.size(); shift += 7) {
    const auto byte = static_cast<unsigned char>(b[i++]);
    v |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return true;
  }
  return false;
}

// The envelopes of one WebSocket message, as the bytes that carried them: a batch's entries
// (Envelope.batch, field 60) are slices of its bytes, and a batch may hold batches.
void split(std::string_view b, std::vector<std::string_view>& out) {
  std::vector<std::string_view> entries;
  std::size_t i = 0;
  while (i < b.size()) {
    std::uint64_t tag = 0, v = 0;
    if (!read_varint(b, i, tag)) throw std::runtime_error("a message cut short");
    switch (tag & 7) {
      case 0:
        if (!read_varint(b, i, v)) throw std::runtime_error("a message cut short");
        break;
      case 1: i += 8; break;
      case 5: i += 4; break;
      case 2:
        if (!read_varint(b, i, v) || v > b.size() - i) throw std::runtime_error("a message cut short");
        if ((tag >> 3) == 60) entries.push_back(b.substr(i, v));
        i += v;
        break;
      default: throw std::runtime_error("a message with a field of wire type " + std::to_string(tag & 7));
    }
  }
  if (entries.empty()) {
    out.push_back(b);
    return;
  }
  for (const auto e : entries) split(e, out);
}

// One connection: it keeps every envelope's bytes, and its seat's sequence and View as a client
// would.
struct Conn {
  Conn(unsigned short port, const std::string& token, std::uint64_t last_seq, std::string kind_, std::string viewer_,
       int receive_buffer = 0)
      : kind(std::move(kind_)), viewer(std::move(viewer_)), client(port, receive_buffer), seq(last_seq) {
    pb::Envelope env;
    env.mutable_hello()->set_token(token);
    env.mutable_hello()->set_last_seq(last_seq);
    const auto rid = client.send(env);
    const auto welcome = reply_to(rid);
    if (!welcome.has_welcome()) throw std::runtime_error("hello refused: " + welcome.ShortDebugString());
    while (catchups == 0) {
      if (!pump(10s)) throw std::runtime_error(viewer + ": no catch-up after the Welcome");
    }
  }

  // Reads one WebSocket message (waiting up to `timeout`); false when none came.
  bool pump(std::chrono::milliseconds timeout) {
    auto bytes = client.recv(timeout);
    if (!bytes) {
      if (client.closed()) throw std::runtime_error(viewer + "'s connection closed");
      return false;
    }
    ++frames;
    frame_bytes += bytes->size();
    std::vector<std::string_view> parts;
    split(*bytes, parts);
    if (parts.size() > 1 || parts.front().size() != bytes->size()) ++batches;
    for (const auto part : parts) {
      pb::Envelope e;
      if (!e.ParseFromArray(part.data(), static_cast<int>(part.size()))) throw std::runtime_error(viewer + " received bytes that are no Envelope");
      if (e.batch_size() > 0) throw std::runtime_error(viewer + ": a batch the split missed");
      Message m;
      m.from = e.has_delta() ? std::min(seq, e.delta().from_seq()) : seq;
      absorb(e);
      m.to = seq;
      m.bytes = std::string(part);
      m.frame = frames;
      m.in_batch = parts.size() > 1 || part.size() != bytes->size();
      messages.push_back(std::move(m));
      if (e.request_id() != 0) replies.push_back(std::move(e));
    }
    return true;
  }

  void drain() {
    while (pump(0ms)) {
    }
  }

  void catch_up(std::uint64_t to) {
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (seq < to) {
      if (std::chrono::steady_clock::now() > deadline) throw std::runtime_error(viewer + " did not reach seq " + std::to_string(to));
      pump(100ms);
    }
  }

  pb::Envelope reply_to(std::uint64_t rid) {
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    for (;;) {
      for (auto it = replies.begin(); it != replies.end(); ++it) {
        if (it->request_id() != rid) continue;
        pb::Envelope out = std::move(*it);
        replies.erase(it);
        return out;
      }
      if (std::chrono::steady_clock::now() > deadline) throw std::runtime_error(viewer + ": no reply to request " + std::to_string(rid));
      pump(100ms);
    }
  }

  void absorb(const pb::Envelope& env) {
    if (env.has_snapshot()) {
      seq = env.snapshot().seq();
      view = env.snapshot().view();
      ++catchups;
    } else if (env.has_delta()) {
      const auto& d = env.delta();
      // A catch-up (joining, Resync) starts where the client asked and carries the whole View.
      if (d.from_seq() != seq && !d.has_view()) {
        throw std::runtime_error(viewer + ": a Delta from " + std::to_string(d.from_seq()) + " at " + std::to_string(seq));
      }
      if (d.has_patch()) {
        if (!apply_patch(view, d.patch(), d.seq())) throw std::runtime_error(viewer + ": a patch that does not fit");
      } else if (d.has_view()) {
        pb::View next = d.view();
        if (d.same_table()) server::copy_static_table(view, next);
        view = std::move(next);
      } else {
        view.set_seq(d.seq());
      }
      seq = d.seq();
      ++catchups;
    }
  }

  std::string kind;    // "player", "spectator", "gm", "lobby"
  std::string viewer;  // whose View: a side, "spectator", "gm"
  RawWsClient client;
  std::uint64_t seq = 0;
  pb::View view;
  int catchups = 0;  // Snapshots and Deltas received
  long frames = 0, batches = 0, frame_bytes = 0;  // WebSocket messages
  std::deque<pb::Envelope> replies;
  std::vector<Message> messages;
};

// What each viewer may not know after the opening and after each order.
struct Moment {
  std::uint64_t seq = 0;
  std::map<std::string, Secrets> hidden;  // viewer -> its secrets
};

struct Tally {
  long games = 0, orders = 0, events = 0, queries = 0, rejoins = 0, resyncs = 0;
  std::map<std::string, long> messages, bytes, batches;  // WebSocket messages, by connection kind
  std::map<std::string, long> envelopes;                  // the envelopes in them
  std::map<std::string, long> searched;                   // secret kind -> (secret, envelope) pairs
  long hits = 0;
  long seed_shown_at_end = 0;  // connections that received the seed with GameEnded
  long deck_control = 0;       // envelopes where the opening's deck order was found (drawn cards)
  long named_while_shown = 0;  // log lines naming a thing an order showed and hid again
  std::vector<std::string> cut_short;  // games stopped by a bot order the rules refused
  std::vector<std::string> shown_examples;  // the first few of named_while_shown
  std::set<std::string> scenarios_with_secrets;
  std::map<std::string, int> games_of;  // by scenario
  double seconds = 0;
};

struct Options {
  // The GM sends the players a chat line after the first order, naming what a player may not
  // know (the test of the scan through the server).
  bool plant = false;
};

struct GameResult {
  std::vector<std::string> hits;  // each as a failure message
  std::set<Kind> hit_kinds;
};

class Harness {
 public:
  Harness(const Match& m, std::uint64_t seed, int index, unsigned short port, Tally& tally, const Options& opt)
      : m_(m), seed_(seed), index_(index), port_(port), tally_(tally), opt_(opt), chaos_(seed, 0xc4a05) {}

  GameResult run() {
    create_room();
    start_oracle();
    for (const auto& side : game_->state().sides) {
      players_[side] = std::make_unique<Conn>(port_, token_of(room_, side), 0, "player", side);
    }
    // The spectator reads only every 48 orders through small buffers (the server's are small too,
    // start_server): its messages queue on the server and leave as batches.
    spectator_ = std::make_unique<Conn>(port_, token_of(room_, "spectator"), 0, "spectator", "spectator", 4096);
    gm_ = std::make_unique<Conn>(port_, token_of(room_, "gm"), 0, "gm", "gm");
    const int rejoin_at = 3 + static_cast<int>(chaos_.below(12));
    const int resync_at = 5 + static_cast<int>(chaos_.below(12));
    while (!game_->over()) {
      if (orders_ >= 5000) throw std::runtime_error("the game does not end");
      if (!play_one()) break;
      if (orders_ == rejoin_at) rejoin();
      if (orders_ == resync_at) resync();
      if (opt_.plant && orders_ == 1) plant();
      gm_->drain();
      if (orders_ % 48 == 0) {
        spectator_measures();
        spectator_->drain();
      }
    }
    const std::uint64_t end = game_->seq();
    for (auto& [id, p] : players_) p->catch_up(end);
    spectator_->catch_up(end);
    gm_->catch_up(end);
    for (auto& [id, p] : players_) p->drain();
    spectator_->drain();
    gm_->drain();
    tally_.orders += orders_;
    tally_.events += static_cast<long>(end);
    ++tally_.games;
    ++tally_.games_of[m_.scenario_id];
    return scan_all();
  }

 private:
  void create_room() {
    lobby_ = std::make_unique<RawWsClient>(port_);
    pb::Envelope env;
    env.mutable_create_room()->set_scenario_id(m_.scenario_id);
    env.mutable_create_room()->set_has_seed(true);
    env.mutable_create_room()->set_seed(seed_);
    const auto rid = lobby_->send(env);
    for (;;) {
      auto bytes = lobby_->recv(10s);
      if (!bytes) throw std::runtime_error("no answer to CreateRoom");
      lobby_messages_.push_back({*bytes, 0, 0});
      pb::Envelope reply;
      if (!reply.ParseFromString(*bytes)) throw std::runtime_error("the lobby's answer is no Envelope");
      if (reply.request_id() != rid) continue;
      if (!reply.has_room_created()) throw std::runtime_error("create failed: " + reply.ShortDebugString());
      room_ = reply.room_created();
      break;
    }
  }

  void start_oracle() {
    StartOptions start;
    start.seed = seed_;
    std::string err;
    std::vector<pb::Event> events;
    game_ = Game::start(rules_of(m_), scenario_of(m_), start, &events, &err);
    if (!game_) throw std::runtime_error(err);
    // Battleground: the random bot in every other game (the smart bot keeps a hidden section
    // still in its house, so its games alone would seldom reveal one); else the rule set's bot.
    random_bot_ = std::string(m_.ruleset) == "battleground" && index_ % 2 == 1;
    bot_ = random_bot_ ? bg::make_bg_random_bot() : rules_of(m_).make_bot();
    bot_rng_ = Pcg32(seed_, kBotStream);
    viewers_ = game_->state().sides;
    viewers_.push_back("spectator");
    viewers_.push_back("gm");
    saw(*game_, events);
    remember(*game_);
  }

  // The moment after the latest commit: each viewer's secrets.
  void remember(const Game& g) {
    Moment moment;
    moment.seq = g.seq();
    const pb::View gm = g.view("gm");
    for (const auto& v : viewers_) moment.hidden[v] = secrets::hidden_from(g, gm, v == "gm" ? gm : g.view(v), v);
    moments_.push_back(std::move(moment));
  }

  // The log lines each viewer is sent of a commit's events, and of those hidden from a viewer,
  // the lines the seats that may see them read.
  void saw(const Game& g, const std::vector<pb::Event>& events) {
    log_.insert(log_.end(), events.begin(), events.end());
    for (const auto& e : events) {
      if (e.has_game_ended()) ended_seq_ = e.seq();
      std::vector<std::string> lines;
      for (const auto& v : viewers_) {
        if (auto line = g.log_line_for(e, v)) {
          own_lines_[v].insert(line->text());
          lines.push_back(line->text());
        }
      }
      for (const auto& v : viewers_) {
        if (g.log_line_for(e, v)) continue;
        for (const auto& text : lines) hidden_lines_[v].insert({text, e.seq()});
      }
    }
  }

  std::string waiting_on() {
    const auto waiting = game_->waiting_for();
    if (waiting.empty()) throw std::runtime_error("the game waits on nobody but is not over");
    const auto& w = players_.begin()->second->view.turn().waiting_for();
    const std::vector<std::string> server(w.begin(), w.end());
    EXPECT_EQ(server, waiting) << m_.scenario_id << " seed " << seed_ << " at seq " << game_->seq();
    return waiting.front();
  }

  // Plays the bot's next order through the server. False when the rules refuse the bot's order
  // (a bot's fault, not the server's): the game stops there and what was sent is scanned.
  bool play_one() {
    for (auto& [id, p] : players_) p->catch_up(game_->seq());
    const std::string who = waiting_on();
    Conn& mover = *players_.at(who);
    if (orders_ % 5 == 2) ask(mover);
    auto command = bot_->choose(*game_, who, bot_rng_);
    if (!command) throw std::runtime_error("the bot for " + who + " found nothing to do");
    auto next = std::make_unique<Game>(*game_);
    const Outcome out = next->execute(*command);
    if (!out.accepted) {
      std::ostringstream why;
      why << m_.scenario_id << " game " << index_ << " (seed " << seed_ << ", " << (random_bot_ ? "random" : "the rule set's") << " bot), order "
          << orders_ + 1 << " of " << who << ": " << out.rejection.code() << " (" << out.rejection.rule_id() << ") "
          << out.rejection.message() << " [" << command->ShortDebugString() << "]";
      tally_.cut_short.push_back(why.str());
      return false;
    }
    saw(*next, out.events);
    remember(*next);
    pb::Envelope env;
    env.mutable_order()->set_seq(mover.seq);
    *env.mutable_order()->mutable_command() = *command;
    const auto reply = mover.reply_to(mover.client.send(env));
    if (!reply.has_order_accepted()) throw std::runtime_error("order " + std::to_string(orders_ + 1) + " refused: " + reply.ShortDebugString());
    EXPECT_EQ(reply.order_accepted().seq(), next->seq());
    game_ = std::move(next);
    ++orders_;
    return true;
  }

  // A measure from one of the mover's units to a random point, and a preview of a random entry
  // of its menu: their answers are scanned like everything else.
  void ask(Conn& c) {
    const pb::View& v = c.view;
    auto query = [&](Conn& who, const pb::Query& q) {
      pb::Envelope env;
      *env.mutable_query_request()->mutable_query() = q;
      who.reply_to(who.client.send(env));
      ++tally_.queries;
    };
    std::vector<const pb::UnitView*> own;
    for (const auto& u : v.units()) {
      if (u.side() == c.viewer) own.push_back(&u);
    }
    if (!own.empty() && v.has_table()) {
      pb::Query q;
      q.mutable_measure()->mutable_from()->set_unit_id(own[chaos_.below(static_cast<std::uint32_t>(own.size()))]->id());
      auto* p = q.mutable_measure()->mutable_to()->mutable_point();
      p->set_x(v.table().width() * chaos_.below(1000) / 1000.0);
      p->set_y(v.table().height() * chaos_.below(1000) / 1000.0);
      query(c, q);
    }
    if (v.menu().actions_size() > 0) {
      const auto& a = v.menu().actions(static_cast<int>(chaos_.below(static_cast<std::uint32_t>(v.menu().actions_size()))));
      pb::Query q;
      auto* play = q.mutable_preview();
      play->set_action(a.id());
      if (a.targets_size() > 0) play->set_target(a.targets(static_cast<int>(chaos_.below(static_cast<std::uint32_t>(a.targets_size())))).id());
      if (a.has_move() && a.move().modes_size() > 0) play->set_mode(a.move().modes(0));
      if (a.has_move() && !a.unit_id().empty()) {
        for (const auto& u : v.units()) {
          if (u.id() != a.unit_id()) continue;
          auto* to = play->add_path();
          to->set_x(u.position().x() + (static_cast<double>(chaos_.below(9)) - 4.0));
          to->set_y(u.position().y() + (static_cast<double>(chaos_.below(9)) - 4.0));
        }
      }
      if (a.has_point() && v.has_table()) {
        play->mutable_point()->set_x(v.table().width() / 2);
        play->mutable_point()->set_y(v.table().height() / 2);
      }
      query(c, q);
    }
  }

  // The spectator measures between two units it sees (reading, on the way, all that waited).
  void spectator_measures() {
    const pb::View& v = spectator_->view;
    if (v.units_size() < 2) return;
    pb::Query q;
    q.mutable_measure()->mutable_from()->set_unit_id(v.units(0).id());
    q.mutable_measure()->mutable_to()->set_unit_id(v.units(v.units_size() - 1).id());
    pb::Envelope env;
    *env.mutable_query_request()->mutable_query() = q;
    spectator_->reply_to(spectator_->client.send(env));
    ++tally_.queries;
  }

  // A seat joins again from a few orders back: its Welcome and catch-up Delta are scanned.
  void rejoin() {
    const std::vector<std::string> seats = {players_.begin()->first, players_.rbegin()->first, "spectator", "gm"};
    const std::string seat = seats[static_cast<std::size_t>(index_) % seats.size()];
    const std::size_t back = std::min<std::size_t>(moments_.size() - 1, 1 + chaos_.below(4));
    const std::uint64_t since = moments_[moments_.size() - 1 - back].seq;
    const std::string kind = seat == "gm" || seat == "spectator" ? seat : "player";
    auto c = std::make_unique<Conn>(port_, token_of(room_, seat), since, kind, seat);
    // A ping's answer comes after all the join sends (the chat history last).
    pb::Envelope ping;
    ping.mutable_ping()->set_nonce(7);
    c->reply_to(c->client.send(ping));
    c->client.abort();
    ++tally_.rejoins;
    done_.push_back(std::move(c));
  }

  // The spectator asks for everything since a few orders back.
  void resync() {
    spectator_->drain();
    const std::size_t back = std::min<std::size_t>(moments_.size() - 1, 2 + chaos_.below(4));
    pb::Envelope env;
    env.mutable_resync()->set_since_seq(moments_[moments_.size() - 1 - back].seq);
    const auto reply = spectator_->reply_to(spectator_->client.send(env));
    if (!reply.has_delta() && !reply.has_snapshot()) throw std::runtime_error("resync: " + reply.ShortDebugString());
    ++tally_.resyncs;
  }

  // The GM tells the players, in a chat line, a hidden unit of one side, the seed and the next
  // cards: what the scan must then find in the other side's messages.
  void plant() {
    const pb::View gm = game_->view("gm");
    std::string text;
    for (const auto& side : game_->state().sides) {
      const pb::View v = game_->view(side);
      for (const auto& u : gm.units()) {
        bool seen = false;
        for (const auto& w : v.units()) seen = seen || w.id() == u.id();
        if (!seen) text += "Beware " + u.id() + ", the " + u.name() + ". ";
      }
    }
    text += "The dice seed is ";
    text += std::to_string(seed_);
    text += '.';
    if (const auto* st = dynamic_cast<const bg::BgState*>(&game_->state())) {
      const auto& pile = st->deck.draw_pile();
      text += " Next cards:";
      for (std::size_t i = 0; i < 4 && i < pile.size(); ++i) {
        text += ' ';
        text += card_name(pile[pile.size() - 1 - i]);
        text += ',';
      }
    }
    pb::Envelope env;
    env.mutable_chat_send()->set_text(text);
    env.mutable_chat_send()->set_channel(pb::CHAT_CHANNEL_PLAYERS);
    gm_->client.send(env);
    for (auto& [id, p] : players_) {
      const auto deadline = std::chrono::steady_clock::now() + 10s;
      bool got = false;
      while (!got && std::chrono::steady_clock::now() < deadline) {
        p->pump(100ms);
        for (const auto& msg : p->messages) got = got || msg.bytes.find("The dice seed is") != std::string::npos;
      }
      if (!got) throw std::runtime_error("the planted chat line did not reach " + id);
    }
  }

  // The moments a message spans: the last one at or before `from`, up to the last one at or
  // before `to`.
  Secrets hidden_during(const std::string& viewer, std::uint64_t from, std::uint64_t to) const {
    const std::size_t a = at_or_before(from), b = at_or_before(to);
    Secrets s = moments_[a].hidden.at(viewer);
    for (std::size_t i = a + 1; i <= b; ++i) s = secrets::common(s, moments_[i].hidden.at(viewer));
    return s;
  }

  // Whether each log line naming the secret belongs to an order that showed it to `viewer`: just
  // after one of the order's events (replayed one at a time) it was not hidden. An order may
  // reveal a unit and hide it again before it ends; its lines may name it.
  bool shown_during(const std::string& viewer, const Hit& h) {
    for (const std::uint64_t seq : h.line_seqs) {
      const std::size_t i = at_or_before(seq == 0 ? 0 : seq - 1);  // the moment before the order
      const std::uint64_t before = moments_[i].seq;
      const std::uint64_t after = i + 1 < moments_.size() ? moments_[i + 1].seq : game_->seq();
      if (!shown_in_order(viewer, h, before, after)) return false;
    }
    return !h.line_seqs.empty();
  }

  bool shown_in_order(const std::string& viewer, const Hit& h, std::uint64_t before, std::uint64_t after) {
    const auto key = std::make_tuple(viewer, static_cast<int>(h.kind), h.needle, before, after);
    if (const auto it = shown_.find(key); it != shown_.end()) return it->second;
    StartOptions start;
    start.seed = seed_;
    std::string err;
    auto shadow = Game::start(rules_of(m_), scenario_of(m_), start, nullptr, &err);
    if (!shadow) throw std::runtime_error(err);
    bool shown = false;
    for (const auto& e : log_) {
      if (e.seq() <= shadow->seq()) continue;  // the opening, already there
      if (e.seq() > after || shown) break;
      shadow->apply(e);
      if (e.seq() <= before) continue;
      const pb::View gm = shadow->view("gm");
      const Secrets s = secrets::hidden_from(*shadow, gm, viewer == "gm" ? gm : shadow->view(viewer), viewer);
      shown = std::none_of(s.items.begin(), s.items.end(),
                           [&](const secrets::Secret& x) { return x.kind == h.kind && x.needle == h.needle; });
    }
    shown_[key] = shown;
    return shown;
  }

  std::size_t at_or_before(std::uint64_t seq) const {
    const auto it = std::upper_bound(moments_.begin(), moments_.end(), seq, [](std::uint64_t q, const Moment& m) { return q < m.seq; });
    return it == moments_.begin() ? std::size_t{0} : static_cast<std::size_t>(it - moments_.begin()) - 1;
  }

  Secrets hidden_lines(const std::string& viewer) const {
    Secrets s;
    const auto it = hidden_lines_.find(viewer);
    if (it == hidden_lines_.end()) return s;
    const auto& own = own_lines_.count(viewer) ? own_lines_.at(viewer) : std::set<std::string>{};
    for (const auto& [text, seq] : it->second) {
      if (text.size() < 12 || own.count(text)) continue;  // the seat's own lines say these words too
      s.add({Kind::kHiddenLine, secrets::Match::kString, text, "the line of hidden event " + std::to_string(seq) + ": '" + text + "'"});
    }
    s.finish();
    return s;
  }

  GameResult scan_all() {
    GameResult result;
    std::vector<Conn*> conns;
    for (auto& [id, p] : players_) conns.push_back(p.get());
    conns.push_back(spectator_.get());
    conns.push_back(gm_.get());
    for (auto& c : done_) conns.push_back(c.get());
    auto report = [&](const Conn& c, const Message& msg, std::size_t n, const Hit& h) {
      if (h.log_line_only && shown_during(c.viewer, h)) {
        if (tally_.named_while_shown++ < 3) {
          tally_.shown_examples.push_back(std::string(m_.scenario_id) + " game " + std::to_string(index_) + ", " + c.viewer + ", seq " +
                                          std::to_string(msg.from) + ".." + std::to_string(msg.to) + ", " + h.what + ": " + h.context);
        }
        return;
      }
      ++tally_.hits;
      result.hit_kinds.insert(h.kind);
      std::ostringstream out;
      out << m_.scenario_id << " game " << index_ << " (seed " << seed_ << "): " << c.kind << " connection of " << c.viewer << ", envelope "
          << n + 1 << " (" << what_is(msg.bytes) << (msg.in_batch ? " in the batch of" : " in") << " WebSocket message " << msg.frame
          << ", seq " << msg.from << ".." << msg.to << ", " << msg.bytes.size() << " bytes) carries "
          << secrets::kind_name(h.kind) << ": " << h.what << " at byte " << h.at << ": " << h.context;
      result.hits.push_back(out.str());
    };
    for (const Conn* c : conns) {
      tally_.messages[c->kind] += c->frames;
      tally_.bytes[c->kind] += c->frame_bytes;
      tally_.batches[c->kind] += c->batches;
      const Secrets lines = hidden_lines(c->viewer);
      bool seed_at_end = false;
      for (std::size_t n = 0; n < c->messages.size(); ++n) {
        const Message& msg = c->messages[n];
        const Secrets s = hidden_during(c->viewer, msg.from, msg.to);
        tally_.envelopes[c->kind] += 1;
        for (int k = 0; k < secrets::kKinds; ++k) {
          const auto n_of = static_cast<long>(s.count(static_cast<Kind>(k)));
          if (n_of > 0) tally_.searched[secrets::kind_name(static_cast<Kind>(k))] += n_of;
        }
        if (s.deck.size() >= 4) tally_.searched["deck order"] += 1;
        tally_.searched["hidden log line"] += static_cast<long>(lines.items.size());
        for (const auto& h : secrets::scan(msg.bytes, s)) report(*c, msg, n, h);
        for (const auto& h : secrets::scan(msg.bytes, lines)) report(*c, msg, n, h);
        if (ended_seq_ != 0 && msg.to >= ended_seq_ && msg.bytes.find(std::to_string(seed_)) != std::string::npos) seed_at_end = true;
        // The deck search on real bytes: cards drawn since the opening follow the opening's
        // order (BgView.turned lists them), so it must find them there.
        if (!moments_.front().hidden.at(c->viewer).deck.empty()) {
          Secrets opening;
          opening.deck = moments_.front().hidden.at(c->viewer).deck;
          if (!secrets::scan(msg.bytes, opening).empty()) ++tally_.deck_control;
        }
      }
      if (game_->over() && !c->client.closed()) {
        EXPECT_TRUE(seed_at_end) << m_.scenario_id << " seed " << seed_ << ": " << c->viewer << " was not shown the seed at the end";
        tally_.seed_shown_at_end += seed_at_end ? 1 : 0;
      }
    }
    // The lobby's answer to CreateRoom (the room's commitment, never the seed).
    Secrets seed_only;
    for (const auto& s : moments_.front().hidden.at("gm").items) {
      if (s.kind == Kind::kSeed) seed_only.add(s);
    }
    seed_only.finish();
    for (std::size_t n = 0; n < lobby_messages_.size(); ++n) {
      const Message& msg = lobby_messages_[n];
      tally_.messages["lobby"] += 1;
      tally_.envelopes["lobby"] += 1;
      tally_.bytes["lobby"] += static_cast<long>(msg.bytes.size());
      for (const auto& h : secrets::scan(msg.bytes, seed_only)) {
        ++tally_.hits;
        result.hit_kinds.insert(h.kind);
        result.hits.push_back(std::string(m_.scenario_id) + " game " + std::to_string(index_) + " (seed " + std::to_string(seed_) +
                              "): the lobby's answer carries " + h.what +
                              ": " + h.context);
      }
    }
    // Did this game hide anything beyond the seed?
    for (const auto& moment : moments_) {
      for (const auto& [viewer, s] : moment.hidden) {
        const bool something = s.deck.size() > 0 || std::any_of(s.items.begin(), s.items.end(), [](const secrets::Secret& x) {
                                 return x.kind != Kind::kSeed && x.kind != Kind::kGenerator;
                               });
        if (something) tally_.scenarios_with_secrets.insert(m_.scenario_id);
      }
    }
    for (const auto& [viewer, lines] : hidden_lines_) {
      if (!lines.empty()) tally_.scenarios_with_secrets.insert(m_.scenario_id);
    }
    return result;
  }

  // What an envelope is, in a word ("delta", "chat").
  static std::string what_is(const std::string& bytes) {
    pb::Envelope env;
    if (!env.ParseFromString(bytes)) return "not an Envelope";
    const auto* field = pb::Envelope::descriptor()->FindFieldByNumber(static_cast<int>(env.body_case()));
    return field ? field->name() : std::string("nothing");
  }

  const Match& m_;
  std::uint64_t seed_;
  int index_;
  unsigned short port_;
  Tally& tally_;
  Options opt_;
  Pcg32 chaos_;
  pb::RoomCreated room_;
  std::unique_ptr<RawWsClient> lobby_;
  std::vector<Message> lobby_messages_;
  std::unique_ptr<Game> game_;
  std::unique_ptr<Bot> bot_;
  bool random_bot_ = false;
  Pcg32 bot_rng_;
  std::vector<std::string> viewers_;
  std::vector<Moment> moments_;
  std::map<std::string, std::set<std::string>> own_lines_;
  std::map<std::string, std::set<std::pair<std::string, std::uint64_t>>> hidden_lines_;
  std::vector<pb::Event> log_;  // every event, the opening's first
  std::map<std::tuple<std::string, int, std::string, std::uint64_t, std::uint64_t>, bool> shown_;
  std::uint64_t ended_seq_ = 0;
  int orders_ = 0;
  std::map<std::string, std::unique_ptr<Conn>> players_;
  std::unique_ptr<Conn> spectator_, gm_;
  std::vector<std::unique_ptr<Conn>> done_;
};

// A game's seed: spread over 64 bits, so that its decimal and hex forms are long and specific.
std::uint64_t seed_for(std::size_t scenario, int game) {
  std::uint64_t z = 0x5ec2e75ca2ULL + (static_cast<std::uint64_t>(scenario) << 32) + static_cast<std::uint64_t>(game);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// SANDTABLE_SECRETS_GAME=<scenario id>:<game>: that one game only (a hit names both).
std::optional<std::pair<std::string, int>> one_game() {
  const char* env = std::getenv("SANDTABLE_SECRETS_GAME");
  if (!env || !*env) return std::nullopt;
  const std::string v(env);
  const auto colon = v.rfind(':');
  if (colon == std::string::npos) return std::nullopt;
  return std::make_pair(v.substr(0, colon), std::atoi(v.c_str() + colon + 1));
}

int games_per_ruleset() {
  const char* env = std::getenv("SANDTABLE_SECRETS_GAMES");
  return env && *env ? std::max(1, std::atoi(env)) : 0;
}

std::set<Kind> kinds_of(const std::vector<Hit>& hits) {
  std::set<Kind> out;
  for (const auto& h : hits) out.insert(h.kind);
  return out;
}

std::string described(const std::vector<Hit>& hits) {
  std::string out;
  for (const auto& h : hits) out += std::string("\n  ") + secrets::kind_name(h.kind) + ": " + h.what + " -- " + h.context;
  return out;
}

// The search itself, on messages made by hand from a real opening: the village assault's Farm
// Section starts hidden from the Axis (BG-UNIT-09).
TEST(SecretsScan, TheSearchFindsEachKindOfSecretAndNothingInTheSeatsOwnView) {
  const Match& m = kScenarios[0];
  ASSERT_EQ(std::string(m.scenario_id), "bg-village-assault");
  const std::uint64_t seed = seed_for(0, 999);
  StartOptions start;
  start.seed = seed;
  std::string err;
  auto game = Game::start(rules_of(m), scenario_of(m), start, nullptr, &err);
  ASSERT_TRUE(game) << err;
  const pb::View gm = game->view("gm");
  const pb::View axis = game->view("axis");
  const Secrets s = secrets::hidden_from(*game, gm, axis, "axis");
  const pb::UnitView* farm = nullptr;
  for (const auto& u : gm.units()) {
    if (u.id() == "b2") farm = &u;
  }
  ASSERT_NE(farm, nullptr);
  for (const auto& u : axis.units()) ASSERT_NE(u.id(), "b2") << "the Farm Section is not hidden from the Axis";
  EXPECT_GT(s.count(Kind::kUnitId), 0u);
  EXPECT_GT(s.count(Kind::kUnitName), 0u);
  EXPECT_GT(s.count(Kind::kFigureId), 0u);
  EXPECT_GT(s.count(Kind::kPosition), 0u);
  EXPECT_EQ(s.count(Kind::kSeed), 5u);
  ASSERT_GE(s.deck.size(), 8u);
  EXPECT_EQ(secrets::hidden_from(*game, gm, gm, "gm").count(Kind::kUnitId), 0u) << "the GM sees every unit";

  // The Axis's own Snapshot carries none of it.
  pb::Envelope snap;
  snap.mutable_snapshot()->set_seq(game->seq());
  *snap.mutable_snapshot()->mutable_view() = axis;
  EXPECT_TRUE(secrets::scan(snap.SerializeAsString(), s).empty()) << described(secrets::scan(snap.SerializeAsString(), s));

  // The hidden unit in the View: its id, name, figures' ids and places.
  pb::Envelope leak = snap;
  *leak.mutable_snapshot()->mutable_view()->add_units() = *farm;
  const std::set<Kind> in_view = kinds_of(secrets::scan(leak.SerializeAsString(), s));
  for (Kind k : {Kind::kUnitId, Kind::kUnitName, Kind::kFigureId, Kind::kPosition}) {
    EXPECT_TRUE(in_view.count(k)) << secrets::kind_name(k);
  }
  // Only its place, in a patch inside a batch.
  pb::Envelope batch;
  pb::UnitView moved;
  moved.set_id("g1");
  *moved.mutable_position() = farm->position();
  *batch.add_batch()->mutable_delta()->mutable_patch()->add_units() = moved;
  batch.add_batch()->mutable_order_accepted()->set_seq(9);
  EXPECT_EQ(kinds_of(secrets::scan(batch.SerializeAsString(), s)), std::set<Kind>{Kind::kPosition});
  // Its id and name in a log line; the id inside a longer word is not it.
  auto line = [](const std::string& text) {
    pb::Envelope e;
    e.mutable_delta()->add_events()->set_text(text);
    return e.SerializeAsString();
  };
  EXPECT_EQ(kinds_of(secrets::scan(line("Allies: b2 fires at 1st Squad."), s)), std::set<Kind>{Kind::kUnitId});
  EXPECT_EQ(kinds_of(secrets::scan(line("The " + farm->name() + " fires."), s)), std::set<Kind>{Kind::kUnitName});
  EXPECT_TRUE(secrets::scan(line("Rolls ab2, b2c and xb2-."), s).empty()) << described(secrets::scan(line("Rolls ab2, b2c and xb2-."), s));
  // A log line may be excused (the event revealed it); the same id in a View may not.
  const auto in_line = secrets::scan(line("Allies: b2 fires at 1st Squad."), s);
  ASSERT_EQ(in_line.size(), 1u);
  EXPECT_TRUE(in_line[0].log_line_only);
  for (const auto& h : secrets::scan(leak.SerializeAsString(), s)) EXPECT_FALSE(h.log_line_only) << h.what;
  // "b2" among the bytes of numbers is no word: a Delta to sequence 98 ('b') whose patch is
  // field 6 ('2'), and a double whose bytes hold "b2".
  pb::Envelope numbers;
  numbers.mutable_delta()->set_from_seq(95);
  numbers.mutable_delta()->set_seq(98);
  numbers.mutable_delta()->mutable_patch();
  double x = 0;
  const char b2[8] = {'\xd1', '\xa8', 'N', '$', '\xe4', 'b', '2', '@'};
  std::memcpy(&x, b2, sizeof x);
  pb::UnitView far;
  far.set_id("g1");
  far.mutable_position()->set_x(x);
  far.mutable_position()->set_y(1.5);
  *numbers.mutable_delta()->mutable_patch()->add_units() = far;
  ASSERT_NE(numbers.SerializeAsString().find("\x10" "b2"), std::string::npos);
  EXPECT_TRUE(secrets::scan(numbers.SerializeAsString(), s).empty()) << described(secrets::scan(numbers.SerializeAsString(), s));

  // The seed, in words, in hex and as its bytes (here inside a View's Any).
  EXPECT_EQ(kinds_of(secrets::scan(line("The dice seed was " + std::to_string(seed) + "."), s)), std::set<Kind>{Kind::kSeed});
  char hex[24];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(seed));
  EXPECT_EQ(kinds_of(secrets::scan(line(std::string("seed ") + hex), s)), std::set<Kind>{Kind::kSeed});
  std::string le;
  for (int i = 0; i < 8; ++i) le.push_back(static_cast<char>((seed >> (8 * i)) & 0xff));
  pb::Envelope any = snap;
  any.mutable_snapshot()->mutable_view()->mutable_extra()->set_value(le);
  EXPECT_EQ(kinds_of(secrets::scan(any.SerializeAsString(), s)), std::set<Kind>{Kind::kSeed});

  // The next four cards, as the card panel lists drawn cards, as words, and the other way round.
  pb::BgView next4;
  for (std::size_t i = 0; i < 4; ++i) *next4.add_turned()->mutable_card() = s.deck[i];
  pb::Envelope cards = snap;
  cards.mutable_snapshot()->mutable_view()->mutable_extra()->PackFrom(next4);
  EXPECT_EQ(kinds_of(secrets::scan(cards.SerializeAsString(), s)), std::set<Kind>{Kind::kDeck});
  std::string words = "Next: ";
  for (std::size_t i = 0; i < 4; ++i) words += card_name(s.deck[i]) + (i == 0 ? " (capital)" : "") + ", ";
  words[6] = static_cast<char>(std::toupper(static_cast<unsigned char>(words[6])));
  EXPECT_EQ(kinds_of(secrets::scan(line(words), s)), std::set<Kind>{Kind::kDeck}) << words;
  std::string backwards;
  for (int i = 7; i >= 4; --i) backwards += card_name(s.deck[static_cast<std::size_t>(i)]) + "; ";
  EXPECT_EQ(kinds_of(secrets::scan(line(backwards), s)), std::set<Kind>{Kind::kDeck}) << backwards;
  // Four cards not in the draw order, or three in it, are no leak.
  std::string mixed;
  for (std::size_t i : {1u, 0u, 2u, 3u}) mixed += card_name(s.deck[i]) + ", ";
  EXPECT_TRUE(secrets::scan(line(mixed), s).empty()) << mixed;
  std::string three;
  for (std::size_t i = 0; i < 3; ++i) three += card_name(s.deck[i]) + ", ";
  EXPECT_TRUE(secrets::scan(line(three), s).empty()) << three;

  // A hidden event's line counts as a whole string only.
  Secrets lines;
  lines.add({Kind::kHiddenLine, secrets::Match::kString, "Allies: the Farm Section moves 4\".", "a line"});
  lines.finish();
  EXPECT_EQ(kinds_of(secrets::scan(line("Allies: the Farm Section moves 4\"."), lines)), std::set<Kind>{Kind::kHiddenLine});
  EXPECT_TRUE(secrets::scan(line("Seen: Allies: the Farm Section moves 4\". Done."), lines).empty());

  // A message spanning two moments: what both hide, and the generator's states of either.
  Secrets earlier, later;
  earlier.add({Kind::kUnitId, secrets::Match::kWord, "b2", "hidden then"});
  earlier.add({Kind::kUnitId, secrets::Match::kWord, "b1", "hidden throughout"});
  earlier.add({Kind::kGenerator, secrets::Match::kBytes, "state-1", "the generator then", true});
  later.add({Kind::kUnitId, secrets::Match::kWord, "b1", "hidden throughout"});
  later.add({Kind::kGenerator, secrets::Match::kBytes, "state-2", "the generator now", true});
  earlier.finish();
  later.finish();
  const Secrets both = secrets::common(earlier, later);
  ASSERT_EQ(both.items.size(), 3u);
  EXPECT_EQ(both.count(Kind::kUnitId), 1u);
  EXPECT_EQ(both.items[0].needle, "b1");
  EXPECT_EQ(both.count(Kind::kGenerator), 2u);
}

// The scan through the server: the GM's chat line to the players names the hidden Farm Section,
// the seed and the next four cards; the Axis's messages must be found to carry them, and
// nothing else may be found anywhere.
TEST(SecretsScan, ALeakPlantedThroughTheServerIsFound) {
  TempDir dir;
  auto server = start_server(dir.path + "/planted.db");
  Tally tally;
  Options opt;
  opt.plant = true;
  Harness h(kScenarios[0], seed_for(0, 998), 0, server->port(), tally, opt);
  const GameResult r = h.run();
  std::map<std::string, int> found;
  for (const auto& line : r.hits) {
    const std::size_t of = line.find("connection of "), carries = line.find(" carries ");
    if (of != std::string::npos && carries != std::string::npos) ++found[line.substr(of + 14, line.find(',', of) - of - 14) + ": " + line.substr(carries + 9, line.find(':', carries + 9) - carries - 9)];
  }
  std::cout << "[ secrets ] the planted line was found:";
  for (const auto& [what, n] : found) std::cout << " " << what << " x" << n << ";";
  std::cout << "\n";
  for (Kind k : {Kind::kUnitId, Kind::kUnitName, Kind::kSeed, Kind::kDeck}) {
    EXPECT_TRUE(r.hit_kinds.count(k)) << "the planted " << secrets::kind_name(k) << " was not found";
  }
  bool axis_hit = false;
  for (const auto& line : r.hits) {
    EXPECT_NE(line.find("chat"), std::string::npos) << "a hit outside the planted chat line: " << line;
    axis_hit = axis_hit || line.find("connection of axis") != std::string::npos;
  }
  EXPECT_TRUE(axis_hit);
  EXPECT_EQ(server->stop(), 0);
}

TEST(SecretsScan, NoSeatReceivesAnotherSidesHiddenThings) {
  const int per_ruleset = games_per_ruleset();
  if (const auto one = one_game()) {
    const auto it = std::find_if(kScenarios.begin(), kScenarios.end(), [&](const Match& m) { return one->first == m.scenario_id; });
    ASSERT_NE(it, kScenarios.end()) << one->first;
    const auto s = static_cast<std::size_t>(it - kScenarios.begin());
    TempDir dir;
    auto server = start_server(dir.path + "/one.db");
    Tally tally;
    Harness h(*it, seed_for(s, one->second), one->second, server->port(), tally, Options{});
    const GameResult r = h.run();
    for (const auto& line : r.hits) ADD_FAILURE() << line;
    std::cout << "[ secrets ] " << one->first << " game " << one->second << ": " << tally.orders << " orders, " << tally.hits
              << " hits, log lines naming a thing while its order showed it " << tally.named_while_shown << "\n";
    for (const auto& why : tally.cut_short) std::cout << "[ secrets ] cut short, the bot's order refused: " << why << "\n";
    for (const auto& e : tally.shown_examples) std::cout << "[ secrets ] a log line naming what its order showed: " << e << "\n";
    EXPECT_EQ(server->stop(), 0);
    return;
  }
  std::map<std::string, std::vector<std::size_t>> by_ruleset;
  for (std::size_t i = 0; i < kScenarios.size(); ++i) by_ruleset[kScenarios[i].ruleset].push_back(i);
  std::map<std::string, Tally> tallies;
  const auto started = std::chrono::steady_clock::now();
  long hits_shown = 0;
  for (const auto& [ruleset, scenarios] : by_ruleset) {
    Tally& tally = tallies[ruleset];
    const auto t0 = std::chrono::steady_clock::now();
    const int games = per_ruleset > 0 ? per_ruleset : 2 * static_cast<int>(scenarios.size());
    std::unique_ptr<TempDir> dir;
    std::unique_ptr<ServerProcess> server;
    for (int g = 0; g < games; ++g) {
      // A fresh server and database every 100 games: rooms stay in memory once played.
      if (g % 100 == 0) {
        server.reset();
        dir = std::make_unique<TempDir>();
        server = start_server(dir->path + "/secrets.db");
      }
      const std::size_t s = scenarios[static_cast<std::size_t>(g) % scenarios.size()];
      const int index = g / static_cast<int>(scenarios.size());
      const std::uint64_t seed = seed_for(s, index);
      GameResult r;
      try {
        Harness h(kScenarios[s], seed, index, server->port(), tally, Options{});
        r = h.run();
      } catch (const std::exception& e) {
        ADD_FAILURE() << kScenarios[s].scenario_id << " game " << index << " (seed " << seed << "): " << e.what();
        continue;
      }
      for (const auto& line : r.hits) {
        if (hits_shown++ < 20) ADD_FAILURE() << line;
      }
    }
    if (server) {
      EXPECT_EQ(server->stop(), 0) << ruleset << ": the server did not stop cleanly";
    }
    tally.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (const std::size_t s : scenarios) {
      if (games >= static_cast<int>(scenarios.size())) {
        EXPECT_TRUE(tally.scenarios_with_secrets.count(kScenarios[s].scenario_id))
            << kScenarios[s].scenario_id << " hid nothing but the seed, so its scan proved little";
      }
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  long total_hits = 0;
  for (const auto& [ruleset, t] : tallies) {
    total_hits += t.hits;
    std::cout << "[ secrets ] " << ruleset << ": " << t.games << " games, " << t.orders << " orders, " << t.events << " events, "
              << t.queries << " queries, " << t.rejoins << " rejoins, " << t.resyncs << " catch-ups asked, " << std::fixed
              << std::setprecision(1) << t.seconds << " s; " << t.cut_short.size() << " cut short; hits " << t.hits << "\n";
    std::cout << "[ secrets ]   games:";
    for (const auto& [id, n] : t.games_of) std::cout << " " << id << " " << n << ";";
    std::cout << "\n";
    for (const auto& [kind, n] : t.messages) {
      const long batches = t.batches.count(kind) ? t.batches.at(kind) : 0;
      std::cout << "[ secrets ]   " << kind << ": " << n << " messages (" << batches << " batches), " << t.envelopes.at(kind) << " envelopes, " << t.bytes.at(kind)
                << " bytes\n";
    }
    std::cout << "[ secrets ]   searched (secret, envelope) pairs:";
    for (const auto& [kind, n] : t.searched) std::cout << " " << kind << " " << n << ";";
    std::cout << " seed shown at the end to " << t.seed_shown_at_end << " connections; drawn cards found in the opening's order in "
              << t.deck_control << " envelopes; log lines naming a thing while its order showed it " << t.named_while_shown << "\n";
  }
  for (const auto& [ruleset, t] : tallies) {
    for (const auto& why : t.cut_short) std::cout << "[ secrets ] cut short, the bot's order refused: " << why << "\n";
    for (const auto& e : t.shown_examples) std::cout << "[ secrets ] a log line naming what its order showed: " << e << "\n";
  }
  std::cout << "[ secrets ] total " << std::fixed << std::setprecision(1) << seconds << " s, " << total_hits << " hits\n";
  EXPECT_EQ(total_hits, 0);
  // The searches had something to find: hidden units and their places, the deck, hidden lines.
  std::map<std::string, long> searched;
  for (const auto& [ruleset, t] : tallies) {
    for (const auto& [kind, n] : t.searched) searched[kind] += n;
  }
  for (const char* kind : {"unit id", "unit name", "position", "seed", "deck order", "hidden log line", "strike", "feature name"}) {
    EXPECT_GT(searched[kind], 0) << "no " << kind << " was ever searched for";
  }
  EXPECT_GT(tallies["battleground"].deck_control, 0) << "the deck search never found the drawn cards in the opening's order";
}

}  // namespace
}  // namespace sandtable::testing
