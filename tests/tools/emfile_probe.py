#!/usr/bin/env python3
"""Runs a sandtable-server out of file descriptors and says what it costs (docs/RELIABILITY.md).

usage: emfile_probe.py SERVER_BINARY [server flags...]

The server is started under a 48-descriptor limit; 60 connections are opened and held for 3 s
(the ones it cannot accept make every accept fail), then closed. Printed: the server's CPU over
those 3 s, its log lines, and how soon /healthz answers after the connections close. On demand
only: a sanitizer build cannot run out of descriptors (UBSan's checks need a pipe).
"""
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

binary, extra = sys.argv[1], sys.argv[2:]
work = tempfile.mkdtemp(prefix="sandtable-emfile-")
err = open(os.path.join(work, "err"), "w")
proc = subprocess.Popen([binary, "--port", "0", "--db", os.path.join(work, "t.db"), "--log-level", "warn", *extra],
                        stdout=subprocess.PIPE, stderr=err, text=True,
                        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (48, 48)))
port = int(proc.stdout.readline().split(":")[-1])


def cpu_seconds():
    fields = open(f"/proc/{proc.pid}/stat").read().split(")")[-1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


held = [socket.create_connection(("127.0.0.1", port)) for _ in range(60)]
time.sleep(0.5)
c0, t0 = cpu_seconds(), time.time()
time.sleep(3)
c1, t1 = cpu_seconds(), time.time()
err.flush()
lines = sum(1 for _ in open(os.path.join(work, "err")))
for s in held:
    s.close()
closed, healthy = time.time(), False
while time.time() - closed < 5 and not healthy:
    try:
        healthy = urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read() == b"ok\n"
    except OSError:
        time.sleep(0.05)
print(f"{binary}: CPU {c1 - c0:.2f} s over {t1 - t0:.1f} s out of descriptors; {lines} log lines; "
      f"/healthz after closing: {'yes' if healthy else 'no'} in {time.time() - closed:.2f} s")
proc.terminate()
proc.wait()
shutil.rmtree(work)
