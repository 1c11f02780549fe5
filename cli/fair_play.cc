// `sandtable-cli export` and `sandtable-cli verify` (docs/fair-play.md): a room's game out of a
// server's database as one file, and that file re-run from its seed and orders.
#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "cli/io.h"
#include "engine/model/verify.h"
#include "engine/registry/builtin_registry.h"
#include "server/game_export.h"
#include "server/sqlite_storage.h"

namespace sandtable::cli {

namespace {

constexpr int kUsage = 64;
constexpr int kBadInput = 65;
constexpr int kMismatch = 1;

std::string flag(const Flags& flags, const std::string& name) {
  auto it = flags.find(name);
  return it == flags.end() ? "" : it->second;
}

}  // namespace

int cmd_export(const Flags& flags) {
  const std::string db = flag(flags, "db"), room = flag(flags, "room"), out = flag(flags, "out");
  if (db.empty() || room.empty()) {
    std::cerr << "export needs --db FILE and --room ID\n";
    return kUsage;
  }
  std::string error;
  std::optional<pb::GameExport> game;
  try {
    server::SqliteStorage storage(db, server::SyncMode::kNormal);
    game = server::export_room(storage, room, &error);
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (!game) {
    std::cerr << "export: " << error << "\n";
    return kBadInput;
  }
  const std::string text = server::export_json(*game);
  if (out.empty()) {
    std::cout << text;
    return 0;
  }
  std::ofstream file(out, std::ios::binary);
  if (!(file << text)) {
    std::cerr << "export: cannot write " << out << "\n";
    return kBadInput;
  }
  std::cerr << "room " << room << ": " << game->events_size() << " events, " << game->orders_size() << " orders -> " << out << "\n";
  return 0;
}

int cmd_verify(const std::string& path) {
  if (path.empty()) {
    std::cerr << "verify needs the game's FILE (sandtable-cli export)\n";
    return kUsage;
  }
  const auto text = read_file(path);
  if (!text) return kBadInput;
  pb::GameExport game;
  if (const std::string err = parse_json(*text, &game); !err.empty()) {
    std::cerr << path << ": not a game file: " << err << "\n";
    return kBadInput;
  }
  const VerifyResult r = verify_game(builtin_registry(), game);
  std::cout << verify_report(r);
  return r.ok ? 0 : kMismatch;
}

}  // namespace sandtable::cli
