#!/usr/bin/env bash
# --demo finds its scenario under --scenarios (or the scenarios/ folder above the binary), not
# relative to the working folder, and says so clearly when it cannot. Run by ctest:
#   demo_cwd_test.sh SERVER_BINARY SOURCE_DIR
set -uo pipefail
server=$1
src=$2
tmp=$(mktemp -d)
pid=
cleanup() {
  [[ -n $pid ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
cd "$tmp"  # a folder with no scenarios/ in it
fail() { echo "FAIL: $*" >&2; exit 1; }

# Starts the server with the given flags, waits for "listening on" and stops it; its stdout is in $tmp/out.
run_until_listening() {
  : >"$tmp/out"
  "$server" --port 0 --log-level warn --web "$tmp/no-web" "$@" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  for _ in $(seq 100); do
    grep -q '^listening on ' "$tmp/out" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  grep -q '^listening on ' "$tmp/out" || { cat "$tmp/err" >&2; fail "server did not start: $*"; }
  kill "$pid"
  wait "$pid" 2>/dev/null
  pid=
}

# 1. --scenarios given as an absolute path, started from elsewhere: the demo room is created.
run_until_listening --db "$tmp/a.db" --scenarios "$src/scenarios" --demo
grep -q '^demo room ' "$tmp/out" || { cat "$tmp/out" >&2; fail "no demo room with --scenarios $src/scenarios"; }
grep -q '  blue: http' "$tmp/out" || fail "no blue join link (Portable Wargame demo)"
grep -q '  axis: http' "$tmp/out" || fail "no axis join link (Battleground demo)"

# 2. No --scenarios: the binary of this source tree finds the tree's scenarios/ above it.
case $server in
  "$src"/*)
    run_until_listening --db "$tmp/b.db" --demo
    grep -q '^demo room ' "$tmp/out" || { cat "$tmp/out" >&2; fail "no demo room without --scenarios"; }
    ;;
esac

# 3. A scenarios folder without the demo: a clear error naming where it looked, and no server.
mkdir -p "$tmp/empty"
"$server" --port 0 --db "$tmp/c.db" --scenarios "$tmp/empty" --demo >"$tmp/out" 2>"$tmp/err"
code=$?
[[ $code == 66 ]] || fail "missing demo scenario: exit $code, wanted 66"
grep -q "not found (looked for .*$tmp/empty/bg/village-assault.json" "$tmp/err" || { cat "$tmp/err" >&2; fail "error does not say where it looked"; }
grep -q -- '--scenarios DIR' "$tmp/err" || fail "error does not say how to fix it"
[[ ! -e $tmp/c.db ]] || fail "a database was created although the server refused to start"
echo "ok"
