#pragma once
// A libpq connection with the few helpers the PostgreSQL storage needs: parameters as text or
// bytes, results in binary (bytes as they are, integers in network order), errors thrown as
// std::runtime_error with PostgreSQL's own words. It reconnects on the next call after the
// server went away, so a database restart costs the orders of that moment, not the node.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct pg_conn;
struct pg_result;

namespace sandtable::server {

class PgParams {
 public:
  PgParams& text(std::string v);
  PgParams& bytes(std::string v);
  PgParams& integer(std::int64_t v) { return text(std::to_string(v)); }
  // NULL when empty.
  PgParams& text_or_null(std::string v);
  int size() const { return static_cast<int>(values_.size()); }
  // Pointers into this object: valid while it lives and is not changed.
  const char* const* values() const;
  const int* lengths() const { return lengths_.data(); }
  const int* formats() const { return formats_.data(); }

 private:
  std::vector<std::string> values_;
  std::vector<bool> null_;
  std::vector<int> lengths_;
  std::vector<int> formats_;
  mutable std::vector<const char*> pointers_;
};

class PgResult {
 public:
  explicit PgResult(pg_result* r) : r_(r) {}
  PgResult(PgResult&& o) noexcept : r_(o.r_) { o.r_ = nullptr; }
  PgResult(const PgResult&) = delete;
  PgResult& operator=(const PgResult&) = delete;
  ~PgResult();
  int rows() const;
  bool null(int row, int col) const;
  std::string bytes(int row, int col) const;  // text and bytea alike; "" for NULL
  std::int64_t integer(int row, int col) const;  // int4 or int8; 0 for NULL

 private:
  pg_result* r_;
};

class PgConn {
 public:
  // Connects; throws with the reason when it cannot.
  explicit PgConn(std::string url);
  ~PgConn();
  PgConn(const PgConn&) = delete;
  PgConn& operator=(const PgConn&) = delete;

  // One statement (or several, without parameters, in `exec`); throws on failure.
  void exec(const std::string& sql);
  PgResult query(const std::string& sql, const PgParams& params = {});

  // A pipeline of statements sent together and answered together: one round trip for a whole
  // commit. Throws with the first failure's words; after a failure the rest did nothing.
  struct Piped {
    std::string sql;
    PgParams params;
  };
  void pipeline(const std::vector<Piped>& statements);

  // Reconnects if the connection was lost (called before each use).
  void ensure();

 private:
  [[noreturn]] void fail(const std::string& what);
  std::string url_;
  pg_conn* conn_ = nullptr;
};

}  // namespace sandtable::server
