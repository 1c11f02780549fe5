#pragma once
// One bot game of the secrets scan (secrets_scan_test.cc says how it runs): the room, the oracle,
// the connections, and the search of what each received against what it may not know.
#include <gtest/gtest.h>

#include <functional>

#include "engine/core/sha256.h"
#include "engine/model/autoplay.h"
#include "engine/model/dice_mix.h"
#include "server/spectator_delay.h"
#include "tests/server/secrets_wire.h"

namespace sandtable::testing::scan {

struct Moment {
  std::uint64_t seq = 0;
  std::map<std::string, Secrets> hidden;  // viewer -> its secrets
};

struct Tally {
  long games = 0, orders = 0, events = 0, queries = 0, rejoins = 0, resyncs = 0;
  long gm_edits = 0, rewinds = 0, take_backs = 0, side_spectators = 0, delayed_spectators = 0;
  long delayed_searched = 0;  // (secret, envelope) pairs searched in a delayed spectator's messages
  // The GM's envelopes that carry what a turn-late spectator may not know (the GM sees the live
  // table): the search finds, on real bytes, what a live table sent to those spectators would give.
  long late_control = 0;  // what the GM and the seats did besides
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
      // The first order of the game proper: after the seats' randomness in a scheme-2 room.
      if (opt_.plant && orders_ == 1 + (mixed() ? static_cast<int>(game_->state().sides.size()) : 0)) plant();
      if (!opt_.plant && orders_ % 17 == 9 && game_->state().dice_sealed && !game_->over()) table_act();
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
  // Every third game the spectators see what one side sees (the room's option, as the lobby
  // sets it): the spectator is then searched for that side's secrets. Every third the whole
  // table a turn late: the spectator is then searched for what the live game shows and the game
  // it is shown does not (where units are now, units come since).
  std::string spectators_option() const {
    if (index_ % 3 == 1) return "side:" + load_scenario_file(m_.file).sides(1).id();
    if (index_ % 3 == 2) return "delayed:1";
    return "";
  }

  // The scenario as the room has it: the lobby's option written in as the server writes it.
  pb::Scenario room_scenario() const {
    pb::Scenario s = scenario_of(m_);
    if (const std::string v = spectators_option(); !v.empty()) {
      bool found = false;
      for (auto& o : *s.mutable_options()) {
        if (o.key() == "spectators") {
          o.set_value(v);
          found = true;
        }
      }
      if (!found) {
        auto* o = s.add_options();
        o->set_key("spectators");
        o->set_value(v);
      }
    }
    return s;
  }

  void create_room() {
    lobby_ = std::make_unique<WsClient>(port_);
    pb::Envelope env;
    env.mutable_create_room()->set_scenario_id(m_.scenario_id);
    if (const std::string v = spectators_option(); !v.empty()) {
      (*env.mutable_create_room()->mutable_options())["spectators"] = v;
      ++(index_ % 3 == 1 ? tally_.side_spectators : tally_.delayed_spectators);
    }
    env.mutable_create_room()->set_has_seed(true);
    env.mutable_create_room()->set_seed(seed_);
    // Every other game under dice scheme 2 with the seats' randomness (the secret derived from the
    // seed, as a fixed-seed room does): its secret is searched for like the seed.
    env.mutable_create_room()->set_seat_entropy(mixed());
    const auto rid = lobby_->send(env);
    for (;;) {
      auto bytes = lobby_->recv_bytes(10s);
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
    if (mixed()) {
      start.secret = secret_from_seed(seed_);
      const pb::Scenario scenario = room_scenario();
      for (const auto& side : scenario.sides()) start.entropy_from.push_back(side.id());
    }
    std::string err;
    std::vector<pb::Event> events;
    game_ = Game::start(rules_of(m_), room_scenario(), start, &events, &err);
    if (!game_) throw std::runtime_error(err);
    delayed_ = game_->state().spectators.mode() == pb::SPECTATORS_DELAYED;
    if (delayed_) delay_.advance(nullptr, *game_);  // as a room created delayed shows the start
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

  // A viewer's secrets in `g`: a spectator who sees what a side sees has that side's.
  static Secrets hidden_for(const Game& g, const pb::View& gm, const std::string& viewer) {
    const std::string as = g.seen_as(viewer);
    return secrets::hidden_from(g, gm, as == "gm" ? gm : g.view(viewer), as);
  }

  // The moment after the latest commit: each viewer's secrets.
  void remember(const Game& g) {
    Moment moment;
    moment.seq = g.seq();
    const pb::View gm = g.view("gm");
    for (const auto& v : viewers_) moment.hidden[v] = hidden_for(g, gm, v);
    // A delayed room's spectator is shown an older game: by the sequence of that game, what the
    // live one holds then that neither that game nor any shown before it (their Views and the log
    // lines up to them) held. After a rewind the live game may again hold a unit that was gone
    // from the game shown: the spectator saw it earlier, so it is no secret.
    if (delayed_) {
      const Game* shown = delay_.shown();
      const std::uint64_t seq = shown ? shown->seq() : g.seq();
      if (!delayed_moments_.count(seq)) {
        if (!shown) {
          delayed_moments_[seq] = moment.hidden.at("spectator");
        } else {
          know_shown(*shown);
          const Secrets all = secrets::hidden_from(g, gm, shown->view("gm"), "a spectator a turn late");
          Secrets late;
          for (const auto& item : all.items) {
            if (item.sticky || item.kind == Kind::kSeed || shown_bytes_.find(item.needle) == std::string::npos) late.add(item);
          }
          late.deck = all.deck;
          late.finish();
          delayed_moments_[seq] = std::move(late);
          first_shown_at_[g.seq()] = seq;
        }
      }
    }
    moments_.push_back(std::move(moment));
  }

  // What a delayed spectator has been shown: the View of each game shown, and the GM's log lines
  // of the events up to it.
  void know_shown(const Game& shown) {
    shown_bytes_ += shown.view("gm").SerializeAsString();
    for (const auto& e : log_) {
      if (e.seq() <= known_through_ || e.seq() > shown.seq()) continue;
      if (auto line = shown.log_line_for(e, "gm")) shown_bytes_ += line->SerializeAsString();
    }
    known_through_ = std::max(known_through_, shown.seq());
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
  bool mixed() const { return index_ % 2 == 0; }
  // What the end shows everyone: the seed in words, or scheme 2's secret in hex.
  std::string revealed_at_end() const { return mixed() ? hex(secret_from_seed(seed_)) : std::to_string(seed_); }
  bool play_one() {
    for (auto& [id, p] : players_) p->catch_up(game_->seq());
    const std::string who = waiting_on();
    Conn& mover = *players_.at(who);
    if (orders_ % 5 == 2) ask(mover);
    // Before the first roll of a scheme-2 room the seat's randomness is its order.
    auto command = game_->state().dice_sealed ? bot_->choose(*game_, who, bot_rng_) : std::optional<pb::Command>(bot_entropy_order(who, bot_rng_));
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
    if (delayed_) delay_.advance(game_, *next);
    remember(*next);
    pb::Envelope env;
    env.mutable_order()->set_seq(mover.seq);
    *env.mutable_order()->mutable_command() = *command;
    const auto reply = mover.reply_to(mover.client.send(env));
    if (!reply.has_order_accepted()) throw std::runtime_error("order " + std::to_string(orders_ + 1) + " refused: " + reply.ShortDebugString());
    EXPECT_EQ(reply.order_accepted().seq(), next->seq());
    game_ = std::move(next);
    ++orders_;
    last_mover_ = who;
    return true;
  }

  // Now and then something besides the bots' orders changes the table, in turn: the GM edits a
  // unit some side cannot see (its strength, or its place on a free table), the GM rewinds to
  // the oldest point the table can go back to, or the last mover takes back its order where the
  // rules allow it at once. The oracle runs the same command; what it hides is searched for as
  // after any order. A command the rules refuse here is not sent.
  void table_act() {
    const int kind = acts_++ % 3;
    if (kind == 0) {
      const pb::View gm = game_->view("gm");
      std::vector<const pb::UnitView*> hidden, any;
      for (const auto& side : game_->state().sides) {
        const pb::View v = game_->view(side);
        for (const auto& u : gm.units()) {
          any.push_back(&u);
          bool seen = false;
          for (const auto& w : v.units()) seen = seen || w.id() == u.id();
          if (!seen) hidden.push_back(&u);
        }
      }
      const auto& pool = hidden.empty() ? any : hidden;
      if (pool.empty()) return;
      const pb::UnitView& u = *pool[chaos_.below(static_cast<std::uint32_t>(pool.size()))];
      pb::Command edit = gm_edit([&](pb::GmEdit& e) {
        e.mutable_set_strength()->set_unit_id(u.id());
        e.mutable_set_strength()->set_strength(std::max(1, u.strength() - 1));
      });
      pb::Command move = gm_edit([&](pb::GmEdit& e) {
        e.mutable_move_unit()->set_unit_id(u.id());
        e.mutable_move_unit()->mutable_point()->set_x(u.position().x() + 0.5);
        e.mutable_move_unit()->mutable_point()->set_y(u.position().y());
      });
      if (send_other("gm", edit) || (u.has_position() && send_other("gm", move))) ++tally_.gm_edits;
    } else if (kind == 1) {
      const auto& points = game_->rewind_points();
      if (points.empty()) return;
      const std::uint64_t to = points.front().before->seq;
      if (send_other("gm", gm_edit([&](pb::GmEdit& e) { e.mutable_rewind()->set_to_seq(to); }))) ++tally_.rewinds;
    } else if (!last_mover_.empty()) {
      const TakeBackPlan plan = game_->take_back_plan(last_mover_, true);
      if (!plan.point || !plan.consent_from.empty()) return;  // one needing the other's consent is not tried
      pb::Command back;
      back.set_seat(last_mover_);
      back.mutable_take_back();
      if (send_other(last_mover_, back)) ++tally_.take_backs;
    }
  }

  static pb::Command gm_edit(const std::function<void(pb::GmEdit&)>& fill) {
    pb::Command c;
    c.set_seat("gm");
    auto* e = c.mutable_gm()->mutable_edit();
    e->set_reason("the secrets scan");
    fill(*e);
    return c;
  }

  // A command besides the bots' orders, by the GM or a side, when the oracle accepts it.
  bool send_other(const std::string& seat, const pb::Command& command) {
    auto next = std::make_unique<Game>(*game_);
    const Outcome out = next->execute(command);
    if (!out.accepted) return false;
    Conn& c = seat == "gm" ? *gm_ : *players_.at(seat);
    c.catch_up(game_->seq());
    saw(*next, out.events);
    if (delayed_) delay_.advance(game_, *next);
    remember(*next);
    pb::Envelope env;
    env.mutable_order()->set_seq(c.seq);
    *env.mutable_order()->mutable_command() = command;
    const auto reply = c.reply_to(c.client.send(env));
    if (!reply.has_order_accepted()) throw std::runtime_error("the " + seat + "'s " + command.ShortDebugString() + " refused: " + reply.ShortDebugString());
    game_ = std::move(next);
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
    text += mixed() ? "The dice secret is " : "The dice seed is ";
    text += revealed_at_end();
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
        for (const auto& msg : p->messages) got = got || msg.bytes.find(revealed_at_end()) != std::string::npos;
      }
      if (!got) throw std::runtime_error("the planted chat line did not reach " + id);
    }
  }

  // The moments a message spans: the last one at or before `from`, up to the last one at or
  // before `to`.
  Secrets hidden_during(const std::string& viewer, std::uint64_t from, std::uint64_t to) const {
    if (delayed_ && viewer == "spectator") {
      // The shown game's sequence numbers: the secrets of the latest shown at or before `to`.
      auto it = delayed_moments_.upper_bound(to);
      return it == delayed_moments_.begin() ? Secrets{} : std::prev(it)->second;
    }
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
    auto shadow = Game::start(rules_of(m_), room_scenario(), start, nullptr, &err);
    if (!shadow) throw std::runtime_error(err);
    bool shown = false;
    for (const auto& e : log_) {
      if (e.seq() <= shadow->seq()) continue;  // the opening, already there
      if (e.seq() > after || shown) break;
      shadow->apply(e);
      if (e.seq() <= before) continue;
      const pb::View gm = shadow->view("gm");
      const Secrets s = hidden_for(*shadow, gm, viewer);
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
    // The control: the GM's envelope that brought the live game to where a shown game was first
    // shown carries some of what the late spectator might not know then.
    if (delayed_) {
      for (const auto& msg : gm_->messages) {
        const auto it = first_shown_at_.find(msg.to);
        if (it == first_shown_at_.end() || msg.to == 0) continue;
        const Secrets& late = delayed_moments_.at(it->second);
        Secrets places;
        for (const auto& item : late.items) {
          if (item.kind == Kind::kPosition || item.kind == Kind::kUnitId) places.add(item);
        }
        places.finish();
        if (!secrets::scan(msg.bytes, places).empty()) ++tally_.late_control;
      }
    }
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
        if (delayed_ && c->viewer == "spectator") tally_.delayed_searched += static_cast<long>(s.items.size());
        for (int k = 0; k < secrets::kKinds; ++k) {
          const auto n_of = static_cast<long>(s.count(static_cast<Kind>(k)));
          if (n_of > 0) tally_.searched[secrets::kind_name(static_cast<Kind>(k))] += n_of;
        }
        if (s.deck.size() >= 4) tally_.searched["deck order"] += 1;
        tally_.searched["hidden log line"] += static_cast<long>(lines.items.size());
        for (const auto& h : secrets::scan(msg.bytes, s)) report(*c, msg, n, h);
        for (const auto& h : secrets::scan(msg.bytes, lines)) report(*c, msg, n, h);
        if (ended_seq_ != 0 && msg.to >= ended_seq_ && msg.bytes.find(revealed_at_end()) != std::string::npos) seed_at_end = true;
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
  std::unique_ptr<WsClient> lobby_;
  std::vector<Message> lobby_messages_;
  std::shared_ptr<Game> game_;
  bool delayed_ = false;
  server::SpectatorDelay delay_;
  std::map<std::uint64_t, Secrets> delayed_moments_;  // a delayed spectator's, by the shown game's seq
  std::string shown_bytes_;                           // what it has been shown (know_shown)
  std::map<std::uint64_t, std::uint64_t> first_shown_at_;  // live seq -> the shown game's, when that was first shown
  std::uint64_t known_through_ = 0;
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
  int acts_ = 0;
  std::string last_mover_;
  std::map<std::string, std::unique_ptr<Conn>> players_;
  std::unique_ptr<Conn> spectator_, gm_;
  std::vector<std::unique_ptr<Conn>> done_;
};

}  // namespace sandtable::testing::scan
