"""Problem.sat_covers: the covers clause learning finds are the search's covers, [] proves there
is none, a limit stops it, and Ctrl-C raises KeyboardInterrupt within about a second."""

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import dlx


def queens(n):
    p = dlx.Problem()
    for i in range(n):
        p.add_primary(f"r{i}")
        p.add_primary(f"c{i}")
    for d in range(2 * n - 1):
        p.add_secondary(f"a{d}")
        p.add_secondary(f"b{d}")
    for r in range(n):
        for c in range(n):
            p.add_option([f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"])
    return p


def test_sat_covers_are_the_search_covers():
    p = queens(6)  # 4 covers
    found = p.sat_covers(limit=10)
    assert len(found) == 4
    assert all(cover == sorted(cover) for cover in found)
    assert sorted(found) == sorted(sorted(cover) for cover in dlx.Solver(p).solutions())
    assert len(p.sat_covers()) == 1
    assert len(p.sat_covers(limit=4)) == 4


def test_sat_covers_colours_and_ranges():
    # a once, b twice, c 0 to 3 times; x:red shared: Knuth's DLX3 file in data/, 2 covers.
    p = dlx.Problem.from_knuth("a 2|b 0:3|c | x y\na b x:red\nb c x:red\nc y\na\nb\n")
    assert sorted(p.sat_covers(limit=100)) == sorted(
        sorted(cover) for cover in dlx.Solver(p).solutions())


def test_sat_covers_proves_there_is_none():
    assert queens(3).sat_covers() == []
    with pytest.raises(dlx.ProblemError):
        queens(3).sat_covers(limit=0)


CHILD = textwrap.dedent("""
    import dlx
    p = dlx.Problem()
    n = 20  # 20 pigeons, 19 holes: no cover, and far beyond a minute to prove it
    for i in range(n):
        p.add_primary(f"p{i}")
    for j in range(n - 1):
        p.add_secondary(f"h{j}")
    for i in range(n):
        for j in range(n - 1):
            p.add_option([f"p{i}", f"h{j}"])
    print("ready", flush=True)
    try:
        p.sat_covers()
        print("finished?!", flush=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    print("after", len(dlx.Problem.from_knuth("a\\na\\n").sat_covers(limit=5)), flush=True)
""")


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
def test_ctrl_c_stops_sat_covers():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(dlx.__file__)), env.get("PYTHONPATH", "")])
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    watchdog = threading.Timer(60, child.kill)
    watchdog.start()
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline().strip()
        elapsed = time.monotonic() - sent
        assert line == "interrupted"
        assert elapsed < 3.0, f"KeyboardInterrupt came {elapsed:.2f} s after SIGINT"
        assert child.stdout.readline().strip() == "after 1"
        assert child.wait(timeout=30) == 0, child.stderr.read()
    finally:
        watchdog.cancel()
        if child.poll() is None:
            child.kill()
            child.wait()
