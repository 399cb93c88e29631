#!/usr/bin/python3
"""Abuse item 16: hostile entrant names in a tournament's exports.

Attack: an event's entrants are named like spreadsheet formulas (`=HYPERLINK(…)`, `+1+1`,
`-2+3`, `@SUM(A1)`, `Wang;=1+1` for readers that split on semicolons), like PGN tag pairs
(`x"] [Result "0-1`, a trailing backslash), and with the line breaks the API lets through (U+2028,
NEL); the arbiter then exports the entry list (CSV), the event (TRF) and round 1 (PGN) through the
HTTP gateway, as the tournament page does.
Checks: no CSV cell, split on , or ; as any spreadsheet locale would, starts with = + - @, tab or
CR (after blanks and quotes); the CSV parses (RFC 4180) into 7 columns per row and, read back by
the server itself (AddPlayers with the CSV), gives the same names; PGN and TRF have no line that
Python's splitlines() would break, every PGN tag pair is well-formed by the standard (printable,
only \\" and \\\\ escaped) and holds the player's name whole; TRF's 001 lines keep their columns.
"""

import csv
import http.client
import io
import json
import os
import re
import tempfile

import abuse_common as ac

ARBITER_TOKEN = "item16-arbiter-token-0001"
HOSTILE_NAMES = [
    "=HYPERLINK(\"http://evil.example\",\"x\")",
    "+1+1",
    "-2+3",
    "@SUM(A1)",
    "Wang;=1+1",
    "'=already",
    "x\"] [Result \"0-1",
    "back\\slash\\",
    "王天一" * 14,
    "line\u2028sep\u0085nel",
]
# How an export writes a name: the line breaks the API lets through become spaces.
ONE_LINE = {"line\u2028sep\u0085nel": "line sep nel"}
FORMULA_START = "=+-@\t\r"
PGN_TAG = re.compile(r'^\[([A-Za-z0-9_]+) "((?:[^"\\\x00-\x1f\x7f]|\\["\\])*)"\]$')


def call(port, method, request):
    """A Connect JSON call to TournamentService; returns (HTTP status, answer)."""
    connection = http.client.HTTPConnection(ac.HOST, port, timeout=10)
    try:
        connection.request("POST", "/caipan.v1.TournamentService/" + method,
                           body=json.dumps(request).encode(),
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"{}")
    finally:
        connection.close()


def cell_starts(line):
    """The first character of each cell a , or ; splitting reader sees, blanks and quotes
    skipped."""
    for cell in re.split("[,;]", line):
        stripped = cell.lstrip(' "')
        if stripped:
            yield cell, stripped[0]


class ExportInjectionTest(ac.ServerTestCase):

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory(prefix="caipan-item16-")
        tokens = os.path.join(cls.folder.name, "arbiters.txt")
        with open(tokens, "w") as f:
            f.write(ARBITER_TOKEN + "\n")
        cls.server = cls.start_class_server(["--store=memory",
                                             "--arbiter-tokens-file=" + tokens])
        port = cls.server.http_port
        status, created = call(port, "CreateTournament", {
            "token": ARBITER_TOKEN, "title": "Open [\"x\"] \\", "kind": "GAME_KIND_XIANGQI",
            "system": "PAIRING_SYSTEM_ROUND_ROBIN", "timeControl": "1200+5"})
        assert status == 200, created
        cls.name = created["name"]
        status, added = call(port, "AddPlayers", {
            "token": ARBITER_TOKEN, "tournament": cls.name,
            "players": [{"name": n, "unit": "-unit,=x", "id": "@id"} for n in HOSTILE_NAMES]})
        assert status == 200, added
        status, paired = call(port, "PairRound",
                              {"token": ARBITER_TOKEN, "tournament": cls.name, "round": 1})
        assert status == 200, paired
        cls.exports = {}
        for form in ("CSV", "TRF", "PGN"):
            status, answer = call(port, "ExportTournament", {
                "tournament": cls.name, "format": "EXPORT_FORMAT_" + form, "round": 1})
            assert status == 200, answer
            cls.exports[form] = answer["text"]

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def test_csv_cells_start_no_formula(self):
        text = self.exports["CSV"]
        bad = [(line, cell) for line in text.splitlines()
               for cell, first in cell_starts(line) if first in FORMULA_START]
        ac.figure(16, csv_rows=len(text.splitlines()), cells_starting_a_formula=len(bad))
        self.assertEqual(bad, [], "cells a spreadsheet would run as formulas")

    def test_csv_parses_and_reads_back_the_names(self):
        rows = list(csv.reader(io.StringIO(self.exports["CSV"], newline="")))
        self.assertEqual(rows[0], ["number", "name", "id", "unit", "sex", "birth_date",
                                   "rating"])
        self.assertEqual([len(r) for r in rows[1:]], [7] * len(HOSTILE_NAMES))
        # The server reads its own export back to the same names.
        status, created = call(self.server.http_port, "CreateTournament", {
            "token": ARBITER_TOKEN, "title": "Copy", "kind": "GAME_KIND_XIANGQI",
            "system": "PAIRING_SYSTEM_ROUND_ROBIN", "timeControl": "1200+5"})
        self.assertEqual(status, 200, created)
        status, copy = call(self.server.http_port, "AddPlayers", {
            "token": ARBITER_TOKEN, "tournament": created["name"],
            "csv": self.exports["CSV"]})
        self.assertEqual(status, 200, copy)
        names = [p["entrant"]["name"] for p in copy["players"]]
        self.assertEqual(names, [ONE_LINE.get(n, n) for n in HOSTILE_NAMES])
        self.assertEqual({p["entrant"]["unit"] for p in copy["players"]}, {"-unit,=x"})

    def test_pgn_tags_are_well_formed(self):
        text = self.exports["PGN"]
        lines = text.split("\n")
        self.assertEqual(len(text.splitlines()), len(lines) - 1,
                         "a character that splitlines() takes for a line end")
        players = []
        for line in lines:
            if not line.startswith("["):
                continue
            match = PGN_TAG.match(line)
            self.assertIsNotNone(match, "malformed tag pair: %r" % line)
            value = re.sub(r'\\(["\\])', r"\1", match.group(2))
            if match.group(1) in ("Red", "Black"):
                players.append(re.sub(r" \(\d+\)$", "", value))
        ac.figure(16, pgn_tags=sum(1 for l in lines if l.startswith("[")),
                  pgn_players=len(players))
        self.assertEqual(sorted(players), sorted(ONE_LINE.get(n, n) for n in HOSTILE_NAMES))

    def test_trf_records_stay_one_line_with_their_columns(self):
        text = self.exports["TRF"]
        lines = text.split("\n")
        self.assertEqual(len(text.splitlines()), len(lines) - 1,
                         "a character that splitlines() takes for a line end")
        players = [l for l in lines if l.startswith("001")]
        self.assertEqual(len(players), len(HOSTILE_NAMES))
        for line in players:
            # Columns count characters: separators blank at 48 and 53, no rating given.
            self.assertEqual(line[47:48], " ", line)
            self.assertEqual(line[52:53], " ", line)
        ac.figure(16, trf_lines=len(lines), trf_players=len(players))


if __name__ == "__main__":
    ac.run_main()
