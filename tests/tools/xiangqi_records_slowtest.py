#!/usr/bin/python3
"""Slow test: `caipan xiangqi adjudicate` over the real game records in
tests/data/xiangqi/collections (public collections, see the README.md of each source).

Usage: xiangqi_records_slowtest.py CAIPAN_BINARY TEST_DATA_DIR

Checks, each failure reported with the file and game it concerns:
  (a) every game of every record file is read: no "error" except for the games listed in
      KNOWN_BAD below (each with its reason); a listed game that now reads is reported too;
  (b) claim mode: a game in which no claim was recorded ("claims" == 0) is never cut short
      ("trailing_moves" == 0);
  (c) every game with "agrees": false says why (non-empty "disagreement");
  (d) round trip: `caipan xiangqi convert --record FILE --to pgn --notation iccs`, then
      adjudicating the converted text gives the same "final_fen" for every game;
  (e) the summary line counts what the game lines say;
  (f) giving the collections folder itself (read recursively) finds the same games of every
      *.pgn file, with the same final positions, as giving the files one by one.
It also checks the shape of each line (fields and their values as documented) and prints
the figures (games, agree, disagree by explanation, unknown, reasons) for the ctest log.
Standard library only.
"""

import collections
import json
import os
import subprocess
import sys
import tempfile

# Games that may legitimately fail to read: {(path relative to the collections folder,
# 1-based game index): reason}. A game belongs here only when its record itself is faulty
# (for example a move of the record that is illegal on the board), never to hide a reader bug.
KNOWN_BAD = {}

RECORD_SUFFIXES = (".pgn", ".html", ".htm", ".txt", ".xqf")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}
RECORDED_RESULTS = {"1-0", "0-1", "1/2-1/2", ""}
REASONS = {"checkmate", "stalemate", "perpetual-check", "perpetual-chase",
           "perpetual-mate-threat", "mixed-forbidden-cycle", "repetition-draw",
           "natural-limit", "illegal-move", "ongoing"}
OUTCOME_SOURCES = {"rules", "record", "none"}
SUMMARY_KEYS = ("files", "games", "read", "errors", "agree", "disagree", "unknown")
RUN_TIMEOUT = 900  # seconds for one caipan run


class Failures:
    def __init__(self):
        self.items = []

    def add(self, check, where, message):
        self.items.append((check, where, message))

    def report(self):
        by_check = collections.defaultdict(list)
        for check, where, message in self.items:
            by_check[check].append((where, message))
        for check in sorted(by_check):
            entries = by_check[check]
            print(f"FAIL ({check}): {len(entries)} problem(s)")
            for where, message in entries[:40]:
                print(f"  {where}: {message}")
            if len(entries) > 40:
                print(f"  ... and {len(entries) - 40} more")


def run(cmd, cwd):
    """Runs a command; returns (exit status, stdout, stderr). Exits the test on a spawn error
    or a timeout, since nothing after it could be checked."""
    try:
        proc = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=RUN_TIMEOUT)
    except OSError as e:
        sys.exit(f"FAIL: cannot run {cmd[0]}: {e}")
    except subprocess.TimeoutExpired:
        sys.exit(f"FAIL: timed out after {RUN_TIMEOUT} s: {' '.join(cmd[:6])} ...")
    return (proc.returncode, proc.stdout.decode("utf-8", "replace"),
            proc.stderr.decode("utf-8", "replace"))


def adjudicate(caipan, paths, cwd, label, failures):
    """Runs `caipan xiangqi adjudicate --record PATHS --mode claim --json --jobs 2` and returns
    (game lines, summary) with each game's "file" resolved to an absolute real path, or
    (None, None) after recording why the output could not be used."""
    cmd = [caipan, "xiangqi", "adjudicate", "--record", *paths,
           "--mode", "claim", "--json", "--jobs", "2"]
    status, out, err = run(cmd, cwd)
    where = f"adjudicate ({label})"
    if status < 0:
        failures.add("run", where, f"killed by signal {-status}; stderr: {err.strip()[:500]}")
        return None, None
    if status == 2:
        failures.add("run", where, f"exit status 2 (bad usage?); stderr: {err.strip()[:500]}")
        return None, None
    games, summary = [], None
    for number, line in enumerate(out.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError as e:
            failures.add("json", where, f"stdout line {number} is not JSON ({e}): {line[:200]}")
            continue
        if not isinstance(obj, dict):
            failures.add("json", where, f"stdout line {number} is not an object: {line[:200]}")
        elif "summary" in obj:
            if summary is not None:
                failures.add("e", where, f"a second summary line (line {number})")
            summary = obj["summary"]
        else:
            if summary is not None:
                failures.add("e", where, f"game line {number} comes after the summary line")
            if not isinstance(obj.get("file"), str):
                failures.add("json", where, f"line {number} has no \"file\": {line[:200]}")
                continue
            obj["_abs"] = os.path.realpath(os.path.join(cwd, obj["file"]))
            games.append(obj)
    if summary is None:
        failures.add("e", where, f"no summary line (exit status {status}); "
                                 f"stderr: {err.strip()[:500]}")
    if status != 0:
        print(f"note: {where} exited with status {status}; stderr: {err.strip()[:300]}")
    return games, summary


def key_of(game, base):
    return (os.path.relpath(game["_abs"], base), game.get("index"))


def check_shape(game, where, failures):
    """Field presence and value domains as documented for a game line."""
    if not isinstance(game.get("index"), int) or game["index"] < 1:
        failures.add("json", where, f"\"index\" must be an integer >= 1, got {game.get('index')!r}")
    if "error" in game:
        if not isinstance(game["error"], str) or not game["error"]:
            failures.add("json", where, "\"error\" present but not a non-empty string")
        return
    for name in ("plies", "ply", "trailing_moves", "claims"):
        value = game.get(name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            failures.add("json", where, f"\"{name}\" must be an integer >= 0, got {value!r}")
    if isinstance(game.get("trailing_moves"), int) and isinstance(game.get("plies"), int) \
            and game["trailing_moves"] > game["plies"]:
        failures.add("json", where, f"trailing_moves {game['trailing_moves']} > plies "
                                    f"{game['plies']}")
    if game.get("result") not in RESULTS:
        failures.add("json", where, f"\"result\" {game.get('result')!r} not one of {sorted(RESULTS)}")
    if game.get("reason") not in REASONS:
        failures.add("json", where, f"\"reason\" {game.get('reason')!r} is not a documented reason")
    if game.get("recorded_result") not in RECORDED_RESULTS:
        failures.add("json", where, f"\"recorded_result\" {game.get('recorded_result')!r} "
                                    f"not one of {sorted(RECORDED_RESULTS)}")
    if not isinstance(game.get("termination"), str):
        failures.add("json", where, "\"termination\" must be a string (\"\" when none)")
    if game.get("outcome_source") not in OUTCOME_SOURCES:
        failures.add("json", where, f"\"outcome_source\" {game.get('outcome_source')!r} not one "
                                    f"of {sorted(OUTCOME_SOURCES)}")
    if "outcome" not in game:
        failures.add("json", where, "no \"outcome\"")
    if game.get("agrees", "missing") not in (True, False, None):
        failures.add("json", where, f"\"agrees\" must be true, false or null, got "
                                    f"{game.get('agrees', 'missing')!r}")
    fen = game.get("final_fen")
    if not isinstance(fen, str) or len(fen.split()[0].split("/")) != 10:
        failures.add("json", where, f"\"final_fen\" is not a xiangqi FEN: {fen!r}")
    if "end_claim" not in game or not (game["end_claim"] is None
                                       or isinstance(game["end_claim"], dict)):
        failures.add("json", where, "\"end_claim\" must be null or an object")


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(f"usage: {sys.argv[0]} CAIPAN_BINARY TEST_DATA_DIR [SUBFOLDER]")
    caipan = os.path.realpath(sys.argv[1])
    # The public collections by default; "records" for the 40 Big5 master games.
    folder = sys.argv[3] if len(sys.argv) == 4 else "collections"
    base = os.path.realpath(os.path.join(sys.argv[2], "xiangqi", folder))
    if not os.access(caipan, os.X_OK):
        sys.exit(f"FAIL: {caipan} is not an executable")
    if not os.path.isdir(base):
        sys.exit(f"FAIL: no collections folder at {base}")

    files = []
    for root, dirs, names in os.walk(base):
        dirs.sort()
        for name in sorted(names):
            if name.lower().endswith(RECORD_SUFFIXES):
                files.append(os.path.join(root, name))
    if not files:
        sys.exit(f"FAIL: no record files under {base}")
    rel = {f: os.path.relpath(f, base) for f in files}
    failures = Failures()

    # One run over every file, each given by name.
    games, summary = adjudicate(caipan, files, base, "all files by name", failures)
    if games is None:
        failures.report()
        sys.exit(1)
    by_file = collections.defaultdict(list)
    for g in games:
        by_file[g["_abs"]].append(g)
    for f in files:
        if not by_file.get(f):
            failures.add("a", rel[f], "no game reported for this file")
    for f, gs in by_file.items():
        if f not in rel:
            failures.add("json", os.path.relpath(f, base), "reported, but not a file given")
        indexes = [g.get("index") for g in gs]
        if indexes != list(range(1, len(gs) + 1)):
            failures.add("json", os.path.relpath(f, base),
                         f"game indexes are not 1..{len(gs)} in order: {indexes[:20]}")

    # (a) read rate, shapes, (b) claim-mode property, (c) explained disagreements.
    seen_bad = set()
    for g in games:
        k = key_of(g, base)
        where = f"{k[0]} game {k[1]}"
        check_shape(g, where, failures)
        if "error" in g:
            if k in KNOWN_BAD:
                seen_bad.add(k)
            else:
                failures.add("a", where, f"not read: {g['error']}")
            continue
        if k in KNOWN_BAD:
            failures.add("a", where, f"listed in KNOWN_BAD ({KNOWN_BAD[k]}) but now reads: "
                                     "remove it from the list")
        if g.get("claims") == 0 and g.get("trailing_moves") != 0:
            failures.add("b", where, f"no claim recorded, yet {g.get('trailing_moves')} move(s) "
                                     f"after the deciding ply {g.get('ply')} "
                                     f"({g.get('result')} by {g.get('reason')})")
        if g.get("agrees") is False and not (isinstance(g.get("disagreement"), str)
                                             and g["disagreement"].strip()):
            failures.add("c", where, "agrees is false but \"disagreement\" is missing or empty")
    for k, reason in KNOWN_BAD.items():
        if k not in seen_bad and not any(key_of(g, base) == k for g in games):
            failures.add("a", f"{k[0]} game {k[1]}", f"listed in KNOWN_BAD ({reason}) but "
                                                      "no such game was reported")

    # (e) the summary counts what the lines say.
    read = [g for g in games if "error" not in g]
    counted = {
        "files": len(by_file),
        "games": len(games),
        "read": len(read),
        "errors": len(games) - len(read),
        "agree": sum(1 for g in read if g.get("agrees") is True),
        "disagree": sum(1 for g in read if g.get("agrees") is False),
        "unknown": sum(1 for g in read if g.get("agrees") is None),
    }
    if isinstance(summary, dict):
        for name in SUMMARY_KEYS:
            if summary.get(name) != counted[name]:
                failures.add("e", "summary", f"\"{name}\" is {summary.get(name)!r}, the lines "
                                             f"count {counted[name]}")
    elif summary is not None:
        failures.add("e", "summary", f"not an object: {summary!r}")

    # (d) round trip through ICCS: convert each file, adjudicate the converted texts.
    with tempfile.TemporaryDirectory(prefix="caipan-records-") as tmp:
        converted = {}  # converted path -> original file
        for n, f in enumerate(files):
            gs = by_file.get(f, [])
            if not gs:
                continue
            if any("error" in g for g in gs):
                print(f"note: round trip skipped for {rel[f]} (a game in it was not read)")
                continue
            status, out, err = run([caipan, "xiangqi", "convert", "--record", f, "--to", "pgn",
                                    "--notation", "iccs"], base)
            if status != 0 or not out.strip():
                failures.add("d", rel[f], f"convert failed (exit status {status}); "
                                          f"stderr: {err.strip()[:300]}")
                continue
            path = os.path.join(tmp, f"{n:05d}.pgn")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(out)
            converted[path] = f
        if converted:
            again, _ = adjudicate(caipan, list(converted), tmp, "converted to ICCS", failures)
            if again is not None:
                by_conv = collections.defaultdict(list)
                for g in again:
                    by_conv[g["_abs"]].append(g)
                for path, f in converted.items():
                    before, after = by_file[f], by_conv.get(os.path.realpath(path), [])
                    if len(after) != len(before):
                        failures.add("d", rel[f], f"{len(before)} game(s) in the file, "
                                                  f"{len(after)} after conversion to ICCS")
                        continue
                    for g0, g1 in zip(before, after):
                        where = f"{rel[f]} game {g0.get('index')}"
                        if "error" in g1:
                            failures.add("d", where, f"converted game not read: {g1['error']}")
                        elif g0.get("final_fen") != g1.get("final_fen"):
                            failures.add("d", where, f"final position {g0.get('final_fen')!r} "
                                                     f"became {g1.get('final_fen')!r} after "
                                                     "the ICCS round trip")

    # (f) the folder itself, read recursively, gives the same *.pgn games.
    dir_games, _ = adjudicate(caipan, [base], base, "collections folder", failures)
    if dir_games is not None:
        by_dir = collections.defaultdict(list)
        for g in dir_games:
            by_dir[g["_abs"]].append(g)
        for f in files:
            if not f.lower().endswith(".pgn"):
                continue
            a, b = by_file.get(f, []), by_dir.get(f, [])
            if len(a) != len(b):
                failures.add("f", rel[f], f"{len(a)} game(s) when named, {len(b)} when its "
                                          "folder is given")
                continue
            for g0, g1 in zip(a, b):
                if g0.get("final_fen") != g1.get("final_fen") or \
                        ("error" in g0) != ("error" in g1):
                    failures.add("f", f"{rel[f]} game {g0.get('index')}",
                                 "differs when read through its folder")

    # Figures for the log.
    print(f"record files: {len(files)}, games: {counted['games']}, read: {counted['read']}, "
          f"errors: {counted['errors']}")
    print(f"agree: {counted['agree']}, disagree: {counted['disagree']}, "
          f"unknown: {counted['unknown']}")
    per_source = collections.defaultdict(collections.Counter)
    for g in games:
        source = key_of(g, base)[0].split(os.sep)[0]
        per_source[source]["games"] += 1
        if "error" in g:
            per_source[source]["errors"] += 1
        else:
            per_source[source][{True: "agree", False: "disagree", None: "unknown"}
                               .get(g.get("agrees"), "unknown")] += 1
    for source in sorted(per_source):
        c = per_source[source]
        print(f"  {source}: games {c['games']}, agree {c['agree']}, disagree {c['disagree']}, "
              f"unknown {c['unknown']}, errors {c['errors']}")
    why = collections.Counter(g.get("disagreement", "") for g in read if g.get("agrees") is False)
    if why:
        print("disagreements by explanation:")
        for text, n in why.most_common():
            print(f"  {n:5d}  {text}")
    reasons = collections.Counter((g.get("result"), g.get("reason")) for g in read)
    print("verdicts (result, reason):")
    for (result, reason), n in sorted(reasons.items(), key=lambda kv: (-kv[1], str(kv[0]))):
        print(f"  {n:5d}  {result} {reason}")
    cut = [g for g in read if g.get("trailing_moves")]
    print(f"games with moves after the deciding ply: {len(cut)}")
    for g in cut[:20]:
        k = key_of(g, base)
        print(f"  {k[0]} game {k[1]}: {g.get('result')} {g.get('reason')} at ply {g.get('ply')}, "
              f"{g.get('trailing_moves')} more, claims {g.get('claims')}")
    errors = [g for g in games if "error" in g]
    if errors:
        print("games not read:")
        for g in errors:
            k = key_of(g, base)
            tag = " (known bad)" if k in KNOWN_BAD else ""
            print(f"  {k[0]} game {k[1]}{tag}: {g['error']}")

    if failures.items:
        failures.report()
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
