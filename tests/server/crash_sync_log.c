/* Preloaded into the server by CrashTest.PowerCut* (LD_PRELOAD): records what reached the disk
 * for sure. For the database named by SANDTABLE_SYNC_DB and its WAL it appends to the file named
 * by SANDTABLE_SYNC_LOG one record (crash_sync_log.h) per write (offset and length, once the
 * write returned), per fsync/fdatasync that returned 0 (with the file's size then) and per
 * ftruncate. Each record is one write() to a file opened O_APPEND, so it is in the kernel's page
 * cache, and survives the server's kill -9, before the call it records returns to SQLite.
 *
 * The calls themselves are made with syscall(), never through libc's symbols, so the library
 * needs nothing resolved at load and works before or after the AddressSanitizer runtime in the
 * preload list. Its interceptors, when present, run first and reach these definitions as the
 * "real" functions.
 *
 * What it covers: Debian's libsqlite3 imports exactly open64, write, pwrite64, ftruncate64,
 * fdatasync, close and mmap64 among the calls that touch files (`nm -D --undefined-only`); all
 * but mmap64 are wrapped here, with their other names (open, openat, pwrite, fsync...). mmap64
 * serves only the -shm file: SQLite maps the database read-only and only with mmap_size > 0
 * (0 by default, and the server sets none) and never maps the WAL.
 *
 * While the file named by SANDTABLE_SYNC_STALL with "-wal" appended exists, a sync of the WAL
 * waits (5 s at most), so that the test can kill the server while a commit's frames are written
 * and not yet synced; with "-db", a sync of the database (a checkpoint's pages written, not
 * synced). */
#define _GNU_SOURCE
#undef _FORTIFY_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "crash_sync_log.h"

#define MAX_FD 65536
#define MAX_PATH 4096

static pthread_once_t g_once = PTHREAD_ONCE_INIT;
static int g_log = -1;           /* the records' file; -1: the library does nothing */
static char g_db_base[MAX_PATH];  /* the database's file name, without its folder */
static char g_stall[2][MAX_PATH];     /* per enum sandtable_sync_file */
static unsigned char g_files[MAX_FD]; /* per descriptor: 0 untracked, 1 + enum sandtable_sync_file */

static void init(void) {
  const char* log = getenv(SANDTABLE_SYNC_LOG_ENV);
  const char* db = getenv(SANDTABLE_SYNC_DB_ENV);
  const char* stall = getenv(SANDTABLE_SYNC_STALL_ENV);
  if (!log || !db || strlen(db) >= MAX_PATH - 8) return;
  const char* slash = strrchr(db, '/');
  strcpy(g_db_base, slash ? slash + 1 : db);
  if (stall && strlen(stall) < MAX_PATH - 8) {
    strcpy(g_stall[SANDTABLE_SYNC_DB], stall);
    strcat(g_stall[SANDTABLE_SYNC_DB], "-db");
    strcpy(g_stall[SANDTABLE_SYNC_WAL], stall);
    strcat(g_stall[SANDTABLE_SYNC_WAL], "-wal");
  }
  g_log = (int)syscall(SYS_openat, AT_FDCWD, log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
}

/* 1 + the file `path` names (the database or its WAL), or 0. SQLite opens both by the full
 * path it made of --db (symbolic links resolved), so the file's name is compared. */
static int which(const char* path) {
  pthread_once(&g_once, init);
  if (g_log < 0 || !path) return 0;
  const char* slash = strrchr(path, '/');
  const char* base = slash ? slash + 1 : path;
  const size_t n = strlen(g_db_base);
  if (strncmp(base, g_db_base, n) != 0) return 0;
  if (base[n] == '\0') return 1 + SANDTABLE_SYNC_DB;
  if (strcmp(base + n, "-wal") == 0) return 1 + SANDTABLE_SYNC_WAL;
  return 0;
}

static int tracked(int fd) {
  if (fd < 0 || fd >= MAX_FD) return 0;
  return __atomic_load_n(&g_files[fd], __ATOMIC_ACQUIRE);
}

static void record(int t, uint32_t kind, uint64_t a, uint64_t b) {
  const int saved = errno;
  struct sandtable_sync_record r = {kind, (uint32_t)(t - 1), a, b};
  (void)syscall(SYS_write, g_log, &r, sizeof r);
  errno = saved;
}

static uint64_t size_of(int fd) {
  struct stat st;
  const int saved = errno;
  const long rc = syscall(SYS_fstat, fd, &st);
  errno = saved;
  return rc == 0 ? (uint64_t)st.st_size : 0;
}

static int opened(const char* path, int fd, int flags) {
  if (fd < 0) return fd;
  const int t = which(path);
  if (fd < MAX_FD) __atomic_store_n(&g_files[fd], (unsigned char)t, __ATOMIC_RELEASE);
  if (t && (flags & O_TRUNC)) record(t, SANDTABLE_SYNC_OTHER, 0, 0);
  return fd;
}

static int mode_needed(int flags) { return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE; }

static int do_openat(int dir, const char* path, int flags, mode_t mode) {
  return opened(path, (int)syscall(SYS_openat, dir, path, flags, mode), flags);
}

#define OPEN_MODE(flags, mode)    \
  mode_t mode = 0;                \
  if (mode_needed(flags)) {       \
    va_list ap;                   \
    va_start(ap, flags);          \
    mode = (mode_t)va_arg(ap, int); \
    va_end(ap);                   \
  }

int open(const char* path, int flags, ...) {
  OPEN_MODE(flags, mode)
  return do_openat(AT_FDCWD, path, flags, mode);
}
int open64(const char* path, int flags, ...) {
  OPEN_MODE(flags, mode)
  return do_openat(AT_FDCWD, path, flags, mode);
}
int openat(int dir, const char* path, int flags, ...) {
  OPEN_MODE(flags, mode)
  return do_openat(dir, path, flags, mode);
}
int openat64(int dir, const char* path, int flags, ...) {
  OPEN_MODE(flags, mode)
  return do_openat(dir, path, flags, mode);
}
/* The _FORTIFY_SOURCE entry points (no mode: they are used without O_CREAT). */
int __open_2(const char* path, int flags);
int __open64_2(const char* path, int flags);
int __open_2(const char* path, int flags) { return do_openat(AT_FDCWD, path, flags, 0); }
int __open64_2(const char* path, int flags) { return do_openat(AT_FDCWD, path, flags, 0); }

int close(int fd) {
  if (fd >= 0 && fd < MAX_FD) __atomic_store_n(&g_files[fd], 0, __ATOMIC_RELEASE);
  return (int)syscall(SYS_close, fd);
}

ssize_t write(int fd, const void* buf, size_t n) {
  const int t = tracked(fd);
  const long at = t ? syscall(SYS_lseek, fd, 0L, SEEK_CUR) : 0;
  const ssize_t rc = syscall(SYS_write, fd, buf, n);
  if (t && rc > 0) record(t, SANDTABLE_SYNC_WRITE, (uint64_t)at, (uint64_t)rc);
  return rc;
}

static ssize_t do_pwrite(int fd, const void* buf, size_t n, off_t at) {
  const int t = tracked(fd);
  const ssize_t rc = syscall(SYS_pwrite64, fd, buf, n, at);
  if (t && rc > 0) record(t, SANDTABLE_SYNC_WRITE, (uint64_t)at, (uint64_t)rc);
  return rc;
}
ssize_t pwrite(int fd, const void* buf, size_t n, off_t at) { return do_pwrite(fd, buf, n, at); }
ssize_t pwrite64(int fd, const void* buf, size_t n, off64_t at) { return do_pwrite(fd, buf, n, at); }

static void stall(int t) {
  if (!t || !g_stall[t - 1][0]) return;
  const int saved = errno;
  const struct timespec ms = {0, 1000000};
  for (int i = 0; i < 5000 && syscall(SYS_access, g_stall[t - 1], F_OK) == 0; ++i) nanosleep(&ms, NULL);
  errno = saved;
}

static int do_sync(int fd, long nr) {
  const int t = tracked(fd);
  stall(t);
  const int rc = (int)syscall(nr, fd);
  if (t && rc == 0) record(t, SANDTABLE_SYNC_SYNC, size_of(fd), 0);
  return rc;
}
int fsync(int fd) { return do_sync(fd, SYS_fsync); }
int fdatasync(int fd) { return do_sync(fd, SYS_fdatasync); }

static int do_truncate(int fd, off_t length) {
  const int t = tracked(fd);
  const uint64_t before = t ? size_of(fd) : 0;
  const int rc = (int)syscall(SYS_ftruncate, fd, length);
  if (t && rc == 0) record(t, SANDTABLE_SYNC_TRUNCATE, before, (uint64_t)length);
  return rc;
}
int ftruncate(int fd, off_t length) { return do_truncate(fd, length); }
int ftruncate64(int fd, off64_t length) { return do_truncate(fd, length); }
