// The engine's share of one order on the server, phase by phase, over whole bot games: what a
// room does between reading an Order and writing its frames (server/room.cc), without sockets
// or SQLite. Prints microseconds per order for each phase and bytes per seat's delta, whole and
// by the kind of order (a move's Delta, say).
//
//   build/release/bench/order_path_bench [ruleset scenario-file games [show-kind]]
//
// With show-kind (e.g. "move"), it also prints the first Delta of that kind each reader got, as
// text with its bytes, to see where they go.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/text_format.h>

#include "engine/core/rng.h"
#include "engine/model/game.h"
#include "engine/model/order_patches.h"
#include "engine/model/view_patch.h"
#include "sandtable/v1/protocol.pb.h"
#include "engine/registry/builtin_registry.h"
#include "server/line_seqs.h"
#include "tests/support/scenario_file.h"

namespace {

using Clock = std::chrono::steady_clock;
using sandtable::pb::Command;

struct Phases {
  double execute = 0, views = 0, events = 0, serialize = 0;  // views: and their patches
  std::uint64_t orders = 0, view_bytes = 0, delta_bytes = 0, frames = 0;
  std::vector<std::uint32_t> delta_sizes;  // per seat and order, to give the median
  // The same by the kind of order (order_kind), for "a move's Delta" of the target.
  std::map<std::string, std::vector<std::uint32_t>> by_kind;
  // The same split by who reads the Delta: the GM, a spectator, the side that gave the order, the others.
  std::map<std::string, std::map<std::string, std::vector<std::uint32_t>>> by_kind_reader;
  // Where a Delta's bytes go, summed over every seat and order.
  std::map<std::string, std::uint64_t> parts;
  std::string show_kind;                        // print the first Delta of this kind, per reader
  std::map<std::string, std::string> shown;     // reader -> that Delta as text
};

// The bytes of each part of a Delta, as they are on the wire (a field's tag and length included).
void count_parts(const sandtable::pb::Delta& d, std::map<std::string, std::uint64_t>& parts) {
  const auto field = [](std::size_t n) { return n == 0 ? 0 : n + 2 + (n >= 128 ? 1 : 0) + (n >= 16384 ? 1 : 0); };
  for (const auto& e : d.events()) parts["log lines"] += field(e.ByteSizeLong());
  if (d.has_view()) parts["whole View"] += field(d.view().ByteSizeLong());
  if (!d.has_patch()) return;
  const auto& p = d.patch();
  for (const auto& u : p.units()) parts["patch: units"] += field(u.ByteSizeLong());
  for (const auto& s : p.sides()) parts["patch: sides"] += field(s.ByteSizeLong());
  for (const auto& c : p.unit_changes()) parts["patch: unit changes"] += field(c.ByteSizeLong());
  for (const auto& c : p.side_changes()) parts["patch: side changes"] += field(c.ByteSizeLong());
  if (p.has_turn()) parts["patch: turn"] += field(p.turn().ByteSizeLong());
  if (p.has_turn_change()) parts["patch: turn"] += field(p.turn_change().ByteSizeLong());
  if (p.has_menu()) parts["patch: menu"] += field(p.menu().ByteSizeLong());
  if (p.has_menu_change()) parts["patch: menu changes"] += field(p.menu_change().ByteSizeLong());
  if (p.has_decisions()) parts["patch: decisions"] += field(p.decisions().ByteSizeLong());
  if (p.has_extra()) parts["patch: extra"] += field(p.extra().ByteSizeLong());
  if (p.has_unit_order() || p.units_gone_size() > 0) {
    parts["patch: unit order and gone"] += field(p.unit_order().ByteSizeLong());
    for (const auto& g : p.units_gone()) parts["patch: unit order and gone"] += field(g.size());
  }
}

// What kind of order a command is, named by its message without naming a rule set: the field set
// in the oneof of the rule set's own order (e.g. "move", "fire"), read by reflection from the
// generated pool; a shared order by its own oneof field (e.g. "answer").
std::string order_kind(const sandtable::pb::Command& c) {
  using google::protobuf::Message;
  const auto set_field = [](const Message& m) -> std::string {
    const auto* d = m.GetDescriptor();
    for (int i = 0; i < d->oneof_decl_count(); ++i) {
      if (const auto* f = m.GetReflection()->GetOneofFieldDescriptor(m, d->oneof_decl(i))) return f->name();
    }
    return "other";
  };
  if (!c.has_payload()) return set_field(c);
  const std::string& url = c.payload().type_url();
  const auto* d = google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(url.substr(url.rfind('/') + 1));
  if (!d) return "payload";
  std::unique_ptr<Message> m(google::protobuf::MessageFactory::generated_factory()->GetPrototype(d)->New());
  return m->ParseFromString(c.payload().value()) ? set_field(*m) : "payload";
}

std::uint32_t median(std::vector<std::uint32_t> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

std::size_t seats_per_order(const Phases& p) { return p.orders ? p.frames / p.orders : 1; }

double us(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

void play(const sandtable::RuleSet& rules, const sandtable::pb::Scenario& scenario, std::uint64_t seed, Phases& p) {
  using namespace sandtable;
  StartOptions start;
  start.seed = seed;
  std::vector<pb::Event> started;
  std::string error;
  auto game = Game::start(rules, scenario, start, &started, &error);
  if (!game) {
    std::fprintf(stderr, "%s\n", error.c_str());
    std::exit(1);
  }
  auto bot = rules.make_bot();
  Pcg32 rng(seed, 0xb07b07b07ULL);
  std::vector<std::string> seats = {"gm", "spectator"};
  for (const auto& s : game->state().sides) seats.push_back(s);
  std::map<std::string, ViewBytes> held_bytes;
  // What a seat holds shares the table and pieces another seat holds alike (SeatViews::share_alike).
  const auto hold = [&held_bytes](const std::string& seat, ViewBytes bytes) {
    for (const auto& entry : held_bytes) share_alike(bytes, entry.second);
    held_bytes[seat] = std::move(bytes);
  };
  for (const auto& s : seats) hold(s, bytes_of(game->view(s)));
  while (!game->over()) {
    const auto waiting = game->waiting_for();
    if (waiting.empty()) break;
    auto command = bot->choose(*game, waiting.front(), rng);
    if (!command) break;
    command->set_seat(waiting.front());
    // As server/room.cc and server/seat_views.cc do it: the next game (one state copy), then per
    // seat its View, the patch against the View it holds, its events and the Delta's bytes.
    const std::uint64_t from_seq = game->seq();
    auto t0 = Clock::now();
    Outcome out;
    auto next = game->next(*command, out);
    auto t1 = Clock::now();
    if (!next) break;
    game = std::move(next);
    std::vector<pb::Delta> deltas(seats.size());
    OrderPatches order(*game);
    for (std::size_t i = 0; i < seats.size(); ++i) {
      ViewBytes fresh_bytes;
      pb::View whole;
      auto patch = order.patch(seats[i], held_bytes[seats[i]], fresh_bytes, whole);
      hold(seats[i], std::move(fresh_bytes));
      if (patch) {
        *deltas[i].mutable_patch() = std::move(*patch);
      } else {
        deltas[i].mutable_view()->Swap(&whole);
      }
    }
    auto t3 = Clock::now();
    for (std::size_t i = 0; i < seats.size(); ++i) {
      for (const auto& e : out.events) {
        if (auto seen = game->log_line_for(e, seats[i])) *deltas[i].add_events() = std::move(*seen);
      }
      deltas[i].set_from_seq(from_seq);  // and seq: a Delta's bytes as they go out
      deltas[i].set_seq(game->seq());
      server::leave_out_following_seqs(deltas[i]);
    }
    auto t4 = Clock::now();
    for (std::size_t i = 0; i < seats.size(); ++i) {
      const std::size_t size = deltas[i].SerializeAsString().size();
      p.delta_bytes += size;
      p.delta_sizes.push_back(static_cast<std::uint32_t>(size));
      count_parts(deltas[i], p.parts);
      p.view_bytes += held_bytes[seats[i]].pieces->units.total_bytes();
      ++p.frames;
    }
    const std::string kind = order_kind(*command);
    const std::size_t first = p.delta_sizes.size() - seats.size();
    for (std::size_t i = first; i < p.delta_sizes.size(); ++i) {
      p.by_kind[kind].push_back(p.delta_sizes[i]);
      const std::string& seat = seats[i - first];
      const std::string reader = seat == "gm" || seat == "spectator" ? seat : seat == command->seat() ? "acting side" : "other side";
      p.by_kind_reader[kind][reader].push_back(p.delta_sizes[i]);
      if (kind == p.show_kind && !p.shown.count(reader)) {
        std::string text;
        google::protobuf::TextFormat::PrintToString(deltas[i - first], &text);
        p.shown[reader] = std::to_string(p.delta_sizes[i]) + " bytes\n" + text;
      }
    }
    auto t5 = Clock::now();
    p.execute += us(t1 - t0);
    p.views += us(t3 - t1);
    p.events += us(t4 - t3);
    p.serialize += us(t5 - t4);
    ++p.orders;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string ruleset = argc > 1 ? argv[1] : "portable-wargame-19c";
  const std::string file = argc > 2 ? argv[2] : "pw/meeting-engagement.json";
  const int games = argc > 3 ? std::atoi(argv[3]) : 50;
  const auto scenario = sandtable::load_scenario_file(file);
  const auto* rules = sandtable::builtin_registry().find(ruleset);
  if (!rules) return 1;
  Phases p;
  if (argc > 4) p.show_kind = argv[4];
  for (int g = 0; g < games; ++g) play(*rules, scenario, static_cast<std::uint64_t>(g + 1), p);
  const double n = static_cast<double>(p.orders);
  std::printf("%s %s: %d games, %llu orders\n", ruleset.c_str(), file.c_str(), games,
              static_cast<unsigned long long>(p.orders));
  std::printf("per order (us): next game (copy and rules) %.1f, views and patches (gm, spectator, each side) %.1f, "
              "events for each seat %.1f, serialize Deltas %.1f; total %.1f\n",
              p.execute / n, p.views / n, p.events / n, p.serialize / n,
              (p.execute + p.views + p.events + p.serialize) / n);
  const double f = static_cast<double>(p.frames);
  std::sort(p.delta_sizes.begin(), p.delta_sizes.end());
  std::printf("per seat and order: Delta mean %.0f bytes, median %u (the View's units alone %.0f bytes)\n",
              static_cast<double>(p.delta_bytes) / f, p.delta_sizes[p.delta_sizes.size() / 2], static_cast<double>(p.view_bytes) / f);
  for (const auto& [part, bytes] : p.parts) std::printf("  %-28s %6.0f bytes per seat and order\n", part.c_str(), static_cast<double>(bytes) / f);
  std::printf("Delta median per seat by the kind of order:\n");
  for (const auto& [kind, sizes] : p.by_kind) {
    std::printf("  %-28s %6zu orders, median %u bytes (", kind.c_str(), sizes.size() / seats_per_order(p), median(sizes));
    const char* sep = "";
    for (const auto& [reader, by_reader] : p.by_kind_reader[kind]) {
      std::printf("%s%s %u", sep, reader.c_str(), median(by_reader));
      sep = ", ";
    }
    std::printf(")\n");
  }
  for (const auto& [reader, text] : p.shown) std::printf("\nThe first %s Delta the %s read: %s", p.show_kind.c_str(), reader.c_str(), text.c_str());
  return 0;
}
