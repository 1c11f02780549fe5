#include "server/pg_conn.h"

#include <arpa/inet.h>
#include <libpq-fe.h>

#include <cstring>
#include <stdexcept>

namespace sandtable::server {

PgParams& PgParams::text(std::string v) {
  lengths_.push_back(static_cast<int>(v.size()));
  values_.push_back(std::move(v));
  null_.push_back(false);
  formats_.push_back(0);
  return *this;
}

PgParams& PgParams::bytes(std::string v) {
  text(std::move(v));
  formats_.back() = 1;
  return *this;
}

PgParams& PgParams::text_or_null(std::string v) {
  const bool empty = v.empty();
  text(std::move(v));
  null_.back() = empty;
  return *this;
}

const char* const* PgParams::values() const {
  pointers_.clear();
  for (std::size_t i = 0; i < values_.size(); ++i) pointers_.push_back(null_[i] ? nullptr : values_[i].data());
  return pointers_.data();
}

PgResult::~PgResult() { PQclear(r_); }

int PgResult::rows() const { return PQntuples(r_); }

bool PgResult::null(int row, int col) const { return PQgetisnull(r_, row, col) != 0; }

std::string PgResult::bytes(int row, int col) const {
  if (null(row, col)) return {};
  return std::string(PQgetvalue(r_, row, col), static_cast<std::size_t>(PQgetlength(r_, row, col)));
}

std::int64_t PgResult::integer(int row, int col) const {
  if (null(row, col)) return 0;
  const char* v = PQgetvalue(r_, row, col);
  switch (PQgetlength(r_, row, col)) {
    case 4: {
      std::uint32_t n;
      std::memcpy(&n, v, 4);
      return static_cast<std::int32_t>(ntohl(n));
    }
    case 8: {
      std::uint32_t hi, lo;
      std::memcpy(&hi, v, 4);
      std::memcpy(&lo, v + 4, 4);
      return static_cast<std::int64_t>((std::uint64_t{ntohl(hi)} << 32) | ntohl(lo));
    }
    default:
      throw std::runtime_error("postgresql: column " + std::to_string(col) + " is not an integer");
  }
}

PgConn::PgConn(std::string url) : url_(std::move(url)) {
  try {
    ensure();
  } catch (...) {
    PQfinish(conn_);  // no destructor runs for a constructor that throws
    throw;
  }
}

PgConn::~PgConn() { PQfinish(conn_); }

void PgConn::fail(const std::string& what) {
  std::string msg = conn_ ? PQerrorMessage(conn_) : "out of memory";
  while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
  throw std::runtime_error("postgresql: " + what + ": " + msg);
}

void PgConn::ensure() {
  if (conn_ && PQstatus(conn_) == CONNECTION_OK) return;
  if (conn_) {
    PQreset(conn_);
  } else {
    conn_ = PQconnectdb(url_.c_str());
  }
  if (!conn_ || PQstatus(conn_) != CONNECTION_OK) fail("cannot connect");
  // Warnings (a ROLLBACK with no transaction) are not the log's business.
  PQsetNoticeProcessor(conn_, [](void*, const char*) {}, nullptr);
}

namespace {

bool ok(const PGresult* r) {
  const auto st = PQresultStatus(r);
  return st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
}

std::string words(const PGresult* r) {
  std::string msg = r ? PQresultErrorMessage(r) : "no answer";
  while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
  if (msg.rfind("ERROR:  ", 0) == 0) msg.erase(0, 8);
  return msg;
}

}  // namespace

void PgConn::exec(const std::string& sql) {
  ensure();
  PGresult* r = PQexec(conn_, sql.c_str());
  PgResult owned(r);
  if (!ok(r)) throw std::runtime_error("postgresql: " + words(r));
}

PgResult PgConn::query(const std::string& sql, const PgParams& params) {
  ensure();
  PGresult* r = PQexecParams(conn_, sql.c_str(), params.size(), nullptr, params.values(), params.lengths(),
                             params.formats(), 1);
  PgResult owned(r);
  if (!ok(r)) throw std::runtime_error("postgresql: " + words(r));
  return owned;
}

void PgConn::pipeline(const std::vector<Piped>& statements) {
  ensure();
  if (PQenterPipelineMode(conn_) != 1) fail("cannot start a pipeline");
  for (const auto& s : statements) {
    if (PQsendQueryParams(conn_, s.sql.c_str(), s.params.size(), nullptr, s.params.values(), s.params.lengths(),
                          s.params.formats(), 1) != 1) {
      PQexitPipelineMode(conn_);
      fail("cannot send");
    }
  }
  if (PQpipelineSync(conn_) != 1) {
    PQexitPipelineMode(conn_);
    fail("cannot send");
  }
  // Each statement's result then a NULL; after the last, the Sync's own result.
  std::string error;
  int nulls = 0;
  for (;;) {
    PGresult* r = PQgetResult(conn_);
    if (!r) {
      // Two in a row: nothing more will come (the connection died mid-pipeline).
      if (++nulls > 1 || PQstatus(conn_) != CONNECTION_OK) {
        if (error.empty()) error = "the connection was lost";
        break;
      }
      continue;
    }
    nulls = 0;
    const auto st = PQresultStatus(r);
    if (st == PGRES_PIPELINE_SYNC) {
      PQclear(r);
      break;
    }
    if (!ok(r) && st != PGRES_PIPELINE_ABORTED && error.empty()) error = words(r);
    PQclear(r);
  }
  PQexitPipelineMode(conn_);
  if (!error.empty()) {
    // An explicit transaction that failed stays open and aborted until it is rolled back.
    PQclear(PQexec(conn_, "ROLLBACK"));
    throw std::runtime_error("postgresql: " + error);
  }
}

}  // namespace sandtable::server
