#pragma once
// A power cut, simulated after a kill -9: the bytes of the database and its WAL that were not
// synced when the server died are dropped (the file cut back to its synced size, the unsynced
// ranges zeroed) or torn (a size anywhere between the synced and the current one, each unsynced
// 512-byte piece kept, zeroed or filled with garbage).
//
// Why this is sound. What was synced is known from the server itself: it runs with
// crash_sync_log.c preloaded, which logs each write (offset and length, after it returned) and
// each fsync/fdatasync that returned success (with the file's size then), per file (database
// or WAL, whatever descriptor did it: one sync covers every descriptor of the file). The log is
// written with write() before the call it records returns, so it is complete up to the kill.
// Each file is then left in a state a disk that honours fsync could hold had the power failed
// at the moment of the kill:
//   - a write is logged after it returned and before its thread goes on, so a write that its
//     thread followed with a sync that returned is logged before that sync, and kept as written.
//     A write logged before a sync it raced with (another thread's) may have missed it, but may
//     have reached the disk anyway: kept too;
//   - a write logged after its file's last logged sync may have reached the disk or not, whole or
//     in part (SQLite assumes as much: writes are reordered and not atomic, and a file grows
//     before its new bytes are filled in; sqlite.org/atomiccommit.html, "Hardware
//     Assumptions"): it is dropped or torn. With powersafe overwrite (SQLite's default) only the
//     bytes written are at risk, and only they are touched. Such a write may have been covered
//     by another thread's racing sync, but then no thread had yet seen it synced: SQLite syncs a
//     commit's WAL frames on the committing thread and a checkpoint's pages on the checkpointing
//     one, so what is dropped is never what the server acknowledged or built on;
//   - a sync that had not returned when the process died is treated as never done, which a cut
//     during that sync would give; a write in progress at the kill is not in the log and stays as
//     the kernel has it, a possible outcome too;
//   - the size: a sync fixes it (fdatasync flushes a size change), so the file keeps at least
//     its size at its last sync, or the size an ftruncate since set if smaller (the truncation
//     taken as persisted, also possible).
// Cutting by size alone would not do: after a checkpoint SQLite starts the WAL over from its
// beginning, writing new frames over old ones, so the unsynced bytes need not be at the end.
// Not modelled: loss of a file's directory entry (SQLite syncs the folder when it creates the
// WAL; the files exist long before the first cut) and the -shm file, which is never synced and
// which SQLite rebuilds from the WAL when the first connection opens the database.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "tests/server/crash_sync_log.h"
#include "tests/server/server_process.h"

namespace sandtable::testing {

enum class CutKind {
  kLost,  // every unsynced write dropped: synced size, unsynced ranges zeroed
  kTorn,  // a size between synced and current; each unsynced 512-byte piece kept, zeroed or garbage
};

struct CutResult {
  std::uint64_t db_bytes = 0;        // bytes dropped or changed in the database file
  std::uint64_t wal_bytes = 0;       // and in the WAL
  std::uint64_t wal_in_place = 0;    // of those, WAL bytes changed below the size it was cut to
  std::string text;             // what was done, for the test's output
};

// What one server life wrote, from its records.
struct LifeCounts {
  int wal_writes = 0;
  int wal_syncs = 0;
  int wal_headers = 0;   // writes at offset 0 of the WAL: a new WAL, or one started over after a checkpoint
  int wal_restarts = 0;  // the WAL started over: a header written after frames were copied to the database
  int db_syncs = 0;      // syncs of the database file: checkpoints (and the first start's schema)
};

class PowerCutDisk {
 public:
  // `db` is the server's database; the records and the stall flag live in `dir`.
  PowerCutDisk(std::string db, std::string dir);

  // Starts the test server (start_test_server, with `extra` flags) with the recorder preloaded.
  // Before each start the files as they are count as synced (the previous cut left what the
  // disk holds) and the records start afresh.
  std::unique_ptr<ServerProcess> start(const std::vector<std::string>& extra = {});

  // While on, a sync of the file (SANDTABLE_SYNC_WAL or _DB) waits: for the kill to land
  // mid-commit, or mid-checkpoint.
  void stall(std::uint32_t file, bool on);
  std::vector<sandtable_sync_record> records() const;
  // True if the file has a write after its last sync among the records from `from` on: for the
  // WAL a commit written and not synced, for the database a checkpoint's pages.
  bool unsynced(std::uint32_t file, std::size_t from) const;
  // Waits until unsynced(); false on timeout.
  bool wait_for_unsynced(std::uint32_t file, std::size_t from, std::chrono::milliseconds timeout) const;
  LifeCounts counts() const;

  // After the server was killed: applies the cut to the database and the WAL. Throws if the
  // records hold a change the model does not cover.
  CutResult cut(CutKind kind, Pcg32& rng);

 private:
  std::string db_, log_, stall_;
  std::uint64_t start_size_[2] = {0, 0};  // db, WAL: their sizes when this life began
};

}  // namespace sandtable::testing
