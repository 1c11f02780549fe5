#include "server/rooms.h"

#include <algorithm>
#include <unordered_map>

#include "server/text.h"

#include <google/protobuf/util/json_util.h>
#include <spdlog/spdlog.h>

#include <boost/asio/strand.hpp>
#include <chrono>
#include <map>

#include "engine/model/dice_mix.h"
#include "engine/model/scenario_io.h"
#include "engine/model/verify.h"
#include "server/recovery.h"
#include "server/wall_clock.h"

namespace sandtable::server {

namespace net = boost::asio;

namespace {

constexpr const char* kGm = "gm";
constexpr const char* kSpectator = "spectator";
constexpr std::size_t kMinHostKey = 16;
constexpr std::size_t kMaxHostKey = 200;

pb::Envelope error(const std::string& code, const std::string& message) {
  pb::Envelope env;
  env.mutable_error()->set_code(code);
  env.mutable_error()->set_message(message);
  return env;
}

}  // namespace

Rooms::Rooms(net::io_context& io, const Registry& registry, CommitQueue& commits, TokenIndex& tokens, Metrics& metrics,
             std::shared_ptr<const ScenarioCatalog> catalog)
    : io_(io), registry_(registry), commits_(commits), tokens_(tokens), metrics_(metrics), catalog_(std::move(catalog)) {}

std::shared_ptr<Room> Rooms::find(const std::string& id) const {
  std::lock_guard lock(mu_);
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

std::string Rooms::set_aside(const std::string& id) const {
  std::lock_guard lock(mu_);
  auto it = set_aside_.find(id);
  return it == set_aside_.end() ? std::string() : it->second;
}

void Rooms::shutdown() {
  std::lock_guard lock(mu_);
  for (auto& [id, room] : rooms_) room->drop_members();
}

std::size_t Rooms::count() const {
  std::lock_guard lock(mu_);
  return rooms_.size();
}

void Rooms::load(Storage& storage, const std::function<bool(const std::string&)>& mine) {
  // By room, so that each room's tokens are found without reading every room's.
  std::unordered_map<std::string, std::vector<StoredSeat>> seats;
  for (auto& s : storage.seats()) seats[s.room_id].push_back(std::move(s));
  std::unordered_map<std::string, std::string> clocks;
  for (auto& [room_id, state] : storage.clocks()) clocks[room_id] = std::move(state);
  for (const auto& r : storage.rooms()) {
    if (mine && !mine(r.id)) continue;
    auto c = clocks.find(r.id);
    load_room(storage, r, seats[r.id], c == clocks.end() ? nullptr : &c->second);
  }
}

bool Rooms::load_room(Storage& storage, const StoredRoom& r, const std::vector<StoredSeat>& seats,
                      const std::string* clock) {
  std::vector<pb::Event> log;
  std::optional<StoredSnapshot> snapshot;
  Recovery rec;
  SpectatorDelay delay;
  bool delayed = false;
  std::vector<OrderStart> starts;  // the replay's steps
  try {
    log = storage.events(r.id);
    for (auto& o : storage.orders(r.id)) starts.push_back({o.first_seq, o.command.seat()});
    snapshot = storage.latest_snapshot(r.id);
    rec = recover_game(registry_, log, snapshot);
    // A delayed room's spectators are shown the game some turns back: found again by replaying
    // (the whole log, which a snapshot spared the recovery: inside the guard too).
    delayed = rec.game->state().spectators.mode() == pb::SPECTATORS_DELAYED;
    if (delayed) delay = SpectatorDelay::rebuilt(registry_, log);
  } catch (const std::exception& e) {
    // Its seats' links still find it, to be told why rather than that the link is wrong.
    spdlog::error("room={} set aside: it does not load ({}); every other room starts", r.id, e.what());
    ++metrics_.rooms_set_aside;
    for (const auto& s : seats) tokens_.put(s.token_hash, SeatRef{s.room_id, s.seat, s.role, s.revoked});
    std::lock_guard lock(mu_);
    set_aside_[r.id] = e.what();
    return false;
  }
  if (!rec.fallback.empty()) {
    ++metrics_.snapshots_unusable;
    spdlog::warn("room={} seq={} snapshot at seq {} not used, the whole log was replayed instead: {}", r.id,
                 rec.game->seq(), snapshot->seq, rec.fallback);
  }
  if (rec.snapshot_seq > 0) {
    ++metrics_.rooms_from_snapshot;
    spdlog::debug("room={} seq={} loaded from the snapshot at seq {} and {} later events", r.id, rec.game->seq(),
                  rec.snapshot_seq, rec.game->seq() - rec.snapshot_seq);
  } else {
    ++metrics_.rooms_from_log;
  }
  scenarios_.share(*rec.game);
  auto room = std::make_shared<Room>(net::make_strand(io_.get_executor()),
                                     RoomInfo{r.id, r.name, base_url_, r.created_ms, r.host_key_hash, r.origin},
                                     std::move(rec.game), std::move(log), storage.chat(r.id, Room::kChatKept), commits_,
                                     tokens_, metrics_);
  room->set_table_shelf(tables_);
  if (delayed) room->set_spectator_delay(std::move(delay));
  room->set_order_starts(std::move(starts));
  if (clock) room->set_clocks(*clock);
  for (const auto& s : seats) {
    if (!s.revoked) room->add_token(s.seat, s.token_hash);
  }
  // The links and the room appear together, under the lock rest_idle forgets them under.
  std::lock_guard lock(mu_);
  for (const auto& s : seats) tokens_.put(s.token_hash, SeatRef{s.room_id, s.seat, s.role, s.revoked});
  rooms_[r.id] = std::move(room);
  resting_.erase(r.id);
  ++metrics_.rooms;
  return true;
}

std::string Rooms::new_room_id() const {
  return node_.empty() ? random_hex(8) : node_ + "-" + random_hex(8);
}

void Rooms::create(const pb::CreateRoom& request, bool allow_seed, std::function<void(pb::Envelope)> done) {
  // A host key is optional; a short one would make a GM's rooms guessable by others.
  const std::string& host_key = request.host_key();
  if (!host_key.empty() && (host_key.size() < kMinHostKey || host_key.size() > kMaxHostKey)) {
    return done(error("BAD_HOST_KEY", "The host key must be between " + std::to_string(kMinHostKey) + " and " +
                                          std::to_string(kMaxHostKey) + " characters long."));
  }
  pb::Scenario scenario;
  switch (request.source_case()) {
    case pb::CreateRoom::kScenarioId: {
      auto it = catalog_->by_id.find(request.scenario_id());
      if (it == catalog_->by_id.end()) {
        return done(error("UNKNOWN_SCENARIO", "There is no built-in scenario '" + request.scenario_id() + "'."));
      }
      scenario = it->second;
      break;
    }
    case pb::CreateRoom::kScenarioJson: {
      ScenarioParse parsed = parse_scenario(request.scenario_json(), registry_);
      if (!parsed.scenario) return done(error("BAD_SCENARIO", "The scenario cannot be used: " + parsed.error));
      scenario = *parsed.scenario;
      break;
    }
    default:
      return done(error("BAD_SCENARIO", "Name a built-in scenario or upload one."));
  }
  // Requested options override the scenario's own; new keys are appended in key order so the
  // GameStarted event is the same bytes on every machine.
  std::map<std::string, std::string> requested(request.options().begin(), request.options().end());
  for (auto& o : *scenario.mutable_options()) {
    if (auto it = requested.find(o.key()); it != requested.end()) {
      o.set_value(it->second);
      requested.erase(it);
    }
  }
  for (const auto& [k, v] : requested) {
    auto* o = scenario.add_options();
    o->set_key(k);
    o->set_value(v);
  }
  const RuleSet* rules = registry_.find(scenario.ruleset());
  if (!rules) return done(error("UNKNOWN_RULESET", "This server has no rule set '" + scenario.ruleset() + "'."));
  if (request.has_seed() && !allow_seed) {
    return done(error("FIXED_SEED_NOT_ALLOWED", "This server draws every room's seed itself."));
  }
  StartOptions start;
  start.table_dice = request.table_dice();
  // Dice scheme 2 (docs/fair-play.md): a 256-bit secret from the system's generator. A fixed seed
  // (tests, replays) keeps the older 64-bit scheme unless the seats' entropy is asked for, when the
  // secret is derived from it so a test can repeat the game.
  if (!request.has_seed()) {
    start.secret = random_bytes(kSecretBytes);
  } else if (request.seat_entropy()) {
    start.secret = secret_from_seed(request.seed());
  } else {
    start.seed = request.seed();
  }
  if (request.seat_entropy()) {
    for (const auto& side : scenario.sides()) start.entropy_from.push_back(side.id());
  }
  std::vector<pb::Event> events;
  std::string err;
  std::unique_ptr<Game> game;
  try {
    game = Game::start(*rules, scenario, start, &events, &err);
  } catch (const std::exception& e) {
    // A rule set's set-up that throws is a bug (validate should have said no), never a reason
    // for the server to die: one bad upload must not end everyone's games.
    spdlog::error("room creation: {} set-up of '{}' threw: {}", scenario.ruleset(), scenario.id(), e.what());
    return done(error("BAD_SCENARIO", "The scenario cannot be set up; the server logged why."));
  }
  if (!game) return done(error("BAD_SCENARIO", "The scenario cannot be used: " + err));

  const std::string room_id = new_room_id();
  const std::string name = request.name().empty() ? scenario.name() : utf8_prefix(request.name(), 200);
  Write w;
  w.room = StoredRoom{room_id, name, scenario.ruleset(), scenario.id(), unix_ms(),
                      host_key.empty() ? std::string() : token_hash(host_key), ""};
  w.events_room = room_id;
  w.events = std::move(events);
  w.snapshot = StoredSnapshot{room_id, game->seq(), game->view(kGm).SerializeAsString(), game->save().SerializeAsString()};
  open_new(std::move(w), std::move(game), {}, std::move(done));
}

void Rooms::import_game(const pb::GameExport& file, const std::string& host_key, std::function<void(pb::Envelope)> done) {
  if (!host_key.empty() && (host_key.size() < kMinHostKey || host_key.size() > kMaxHostKey)) {
    return done(error("BAD_HOST_KEY", "The host key must be between " + std::to_string(kMinHostKey) + " and " +
                                          std::to_string(kMaxHostKey) + " characters long."));
  }
  // Only a game that re-runs exactly as its file says becomes a room: a replay room shows what
  // was played, never what someone wrote into a file.
  VerifyResult checked;
  try {
    checked = verify_game(registry_, file);
  } catch (const std::exception& e) {
    checked.summary = std::string("the file could not be re-run (") + e.what() + ")";
  }
  if (!checked.ok) return done(error("IMPORT_DOES_NOT_VERIFY", "The game in the file does not verify: " + checked.summary + "."));
  std::vector<pb::Event> log(file.events().begin(), file.events().end());
  std::string err;
  std::unique_ptr<Game> game = Game::from_log(registry_, log, &err);
  if (!game) return done(error("IMPORT_DOES_NOT_VERIFY", "The game in the file does not load: " + err + "."));
  const pb::GameStarted& started = log.front().game_started();
  const std::string room_id = new_room_id();
  const std::string was = file.room_name().empty() ? started.scenario().name() : file.room_name();
  Write w;
  w.room = StoredRoom{room_id, utf8_prefix("Replay: " + was, 200), started.ruleset(), started.scenario().id(), unix_ms(),
                      host_key.empty() ? std::string() : token_hash(host_key),
                      Room::kImportOrigin + utf8_prefix(file.room_id().empty() ? std::string("file") : file.room_id(), 64)};
  w.events_room = room_id;
  // The replay steps by order when the file says where each order's events begin (a server's
  // file does; the CLI's bot games do not, and step by event).
  std::vector<OrderStart> starts;
  const bool placed = file.orders_size() > 0 &&
                      std::all_of(file.orders().begin(), file.orders().end(), [](const auto& o) { return o.first_seq() != 0; });
  if (placed) {
    for (const auto& o : file.orders()) {
      w.orders.push_back(StoredOrder{o.first_seq(), o.command()});
      starts.push_back({o.first_seq(), o.command().seat()});
    }
  }
  w.events = std::move(log);
  w.snapshot = StoredSnapshot{room_id, game->seq(), game->view(kGm).SerializeAsString(), game->save().SerializeAsString()};
  open_new(std::move(w), std::move(game), std::move(starts), std::move(done));
}

void Rooms::branch(BranchPoint point, const pb::BranchRequest& request, std::function<void(pb::Envelope)> done) {
  const RuleSet* rules = registry_.find(point.scenario.ruleset());
  if (!rules) return done(error("UNKNOWN_RULESET", "This server has no rule set '" + point.scenario.ruleset() + "'."));
  StartOptions start = std::move(point.options);
  start.secret = random_bytes(kSecretBytes);  // the branch's dice are its own (docs/fair-play.md)
  if (request.seat_entropy()) {
    for (const auto& side : point.scenario.sides()) start.entropy_from.push_back(side.id());
  }
  const std::uint32_t step = start.branch_of.step();
  const std::string source = start.branch_of.room_id();
  std::vector<pb::Event> events;
  std::string err;
  std::unique_ptr<Game> game;
  try {
    game = Game::start(*rules, point.scenario, start, &events, &err);
  } catch (const std::exception& e) {
    spdlog::error("room={} branch from step {} threw: {}", source, step, e.what());
    return done(error("BRANCH_NOT_HERE", "The game cannot be branched there; the server logged why."));
  }
  if (!game) return done(error("BRANCH_NOT_HERE", "The game cannot be branched there: " + err + "."));
  const std::string room_id = new_room_id();
  const std::string name = request.name().empty() ? "What if: " + point.room_name : request.name();
  Write w;
  w.room = StoredRoom{room_id, utf8_prefix(name, 200), point.scenario.ruleset(), point.scenario.id(), unix_ms(),
                      point.host_key_hash, "branch:" + source + ":" + std::to_string(step)};
  w.events_room = room_id;
  w.events = std::move(events);
  w.snapshot = StoredSnapshot{room_id, game->seq(), game->view(kGm).SerializeAsString(), game->save().SerializeAsString()};
  open_new(std::move(w), std::move(game), {}, std::move(done));
}

void Rooms::open_new(Write w, std::unique_ptr<Game> game, std::vector<OrderStart> starts,
                     std::function<void(pb::Envelope)> done) {
  const StoredRoom stored = *w.room;
  pb::Envelope reply;
  auto* created = reply.mutable_room_created();
  created->set_room_id(stored.id);
  created->set_seed_hash(game->state().seed_hash);
  std::vector<std::pair<std::string, pb::Role>> seats;
  for (const auto& side : game->state().sides) seats.emplace_back(side, pb::ROLE_PLAYER);
  seats.emplace_back(kGm, pb::ROLE_GM);
  seats.emplace_back(kSpectator, pb::ROLE_SPECTATOR);
  for (const auto& [seat, role] : seats) {
    const std::string token = new_token();
    StoredSeat s;
    s.token_hash = token_hash(token);
    s.room_id = stored.id;
    s.seat = seat;
    s.role = role;
    s.created_ms = stored.created_ms;
    w.seats.push_back(s);
    auto* link = created->add_links();
    link->set_seat(seat);
    link->set_role(role);
    link->set_token(token);
    link->set_url(base_url_ + "/?room=" + stored.id + "&token=" + token);
  }
  scenarios_.share(*game);
  auto room = std::make_shared<Room>(net::make_strand(io_.get_executor()),
                                     RoomInfo{stored.id, stored.name, base_url_, stored.created_ms, stored.host_key_hash, stored.origin},
                                     std::move(game), w.events, std::vector<pb::ChatMessage>{}, commits_, tokens_, metrics_);
  room->set_table_shelf(tables_);
  room->set_order_starts(std::move(starts));
  for (const auto& s : w.seats) room->add_token(s.seat, s.token_hash);
  auto seat_rows = w.seats;
  commits_.submit(std::move(w), [this, room, seat_rows, reply = std::move(reply), done = std::move(done)](
                                    bool ok, const std::string& err) {
    if (!ok) return done(error("STORAGE_ERROR", "The room could not be saved: " + err));
    for (const auto& s : seat_rows) tokens_.put(s.token_hash, SeatRef{s.room_id, s.seat, s.role, false});
    {
      std::lock_guard lock(mu_);
      rooms_[room->id()] = room;
    }
    ++metrics_.rooms;
    if (room->info().origin.empty()) {
      spdlog::info("room={} seq=1 created", room->id());
    } else {
      spdlog::info("room={} opened ({})", room->id(), room->info().origin);
    }
    done(reply);
  });
}

}  // namespace sandtable::server
