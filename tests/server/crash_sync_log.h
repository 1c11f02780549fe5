/* The record the power-cut test's preloaded library (crash_sync_log.c) appends, one per write,
 * sync or size change of the database or its WAL, to the file named by SANDTABLE_SYNC_LOG. The
 * test reads them back after kill -9 (crash_power_cut.h) to know which bytes were synced.
 * Plain C: the library is C so that its definitions of write(), fsync()... match libc's. */
#ifndef SANDTABLE_TESTS_SERVER_CRASH_SYNC_LOG_H
#define SANDTABLE_TESTS_SERVER_CRASH_SYNC_LOG_H
#include <stdint.h>

/* The environment of the server under the preload. */
#define SANDTABLE_SYNC_LOG_ENV "SANDTABLE_SYNC_LOG"     /* where the records go (appended) */
#define SANDTABLE_SYNC_DB_ENV "SANDTABLE_SYNC_DB"       /* the database's path; its -wal too */
/* While the file named by this with "-wal" appended exists a sync of the WAL waits, and with
 * "-db" one of the database. */
#define SANDTABLE_SYNC_STALL_ENV "SANDTABLE_SYNC_STALL" 

enum sandtable_sync_kind {
  SANDTABLE_SYNC_WRITE = 1,    /* a = offset, b = bytes written; logged once the write returned */
  SANDTABLE_SYNC_SYNC = 2,     /* fsync/fdatasync returned 0; a = the file's size just after */
  SANDTABLE_SYNC_TRUNCATE = 3, /* ftruncate returned 0; a = size before, b = size after */
  SANDTABLE_SYNC_OTHER = 4,    /* a change the simulation does not model (O_TRUNC); the test fails */
};

enum sandtable_sync_file { SANDTABLE_SYNC_DB = 0, SANDTABLE_SYNC_WAL = 1 };

struct sandtable_sync_record {
  uint32_t kind; /* enum sandtable_sync_kind */
  uint32_t file; /* enum sandtable_sync_file */
  uint64_t a;
  uint64_t b;
};

#endif
