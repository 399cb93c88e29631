#!/usr/bin/python3
"""clients/python/call.py against the real caipan-server: a unary call, the PlayGame stream
(generic and convenience forms), GameService calls and rule options; Chinese prints as text,
not escapes; a missing stub folder is a clear error.

Usage: python_client_test.py --server PATH --client clients/python/call.py --stubs build/python
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

import clients_common
from clients_common import Server

ARGS = None
SERVER = None
# Octal or \\u escapes of non-ASCII text, as protobuf's default text format prints Chinese.
ESCAPE = re.compile(r"\\[0-7]{3}|\\u[0-9a-fA-F]{4}")


def call(*argv, stdin="", stubs=None):
    env = dict(os.environ, CAIPAN_PYTHON_STUBS=stubs or ARGS.stubs)
    return subprocess.run(["/usr/bin/python3", ARGS.client, "--target", SERVER.target] +
                          list(argv), input=stdin, capture_output=True, text=True, env=env,
                          timeout=60)


class PythonClientTest(unittest.TestCase):

    def ok(self, *argv, stdin=""):
        done = call(*argv, stdin=stdin)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIsNone(ESCAPE.search(done.stdout), done.stdout)
        return done.stdout

    def test_unary_check_move_prints_chinese_as_text(self):
        out = self.ok("check-move", "--moves", "h2e2 h9g7", "--move", "马二进三",
                      "--notation", "wxf", "--language", "zh")
        self.assertIn('move: "h0g2"', out)
        self.assertIn('display: "H2+3"', out)
        self.assertIn("对局未结束", out)

    def test_generic_unary_call_with_json(self):
        out = self.ok("rpc", "AdjudicationService.CheckMove", "--json",
                      '{"xiangqi": {}, "move": "炮二平五", "language": "zh"}')
        check = json.loads(out)["check"]
        self.assertTrue(check["legal"])
        self.assertEqual(check["move"], "h2e2")
        self.assertIn("对局未结束", check["verdict"]["explanation"])

    def test_play_game_stream_one_json_message_a_line(self):
        lines = ['{"start": {"xiangqi": {}, "language": "zh"}}', '{"move": "h2e2"}',
                 '{"move": "马8进7"}', '{"move": "h9g7"}']
        out = self.ok("rpc", "AdjudicationService.PlayGame", "--format", "jsonl",
                      stdin="\n".join(lines) + "\n")
        replies = [json.loads(line) for line in out.splitlines()]
        self.assertEqual(len(replies), 4)
        self.assertEqual([r.get("ply", 0) for r in replies], [0, 1, 2, 2])
        self.assertEqual(replies[2]["check"]["move"], "h9g7")
        self.assertNotIn("legal", replies[3]["check"])  # the horse already left h9
        self.assertIn("对局未结束", replies[2]["verdict"]["explanation"])

    def test_play_command_reads_moves_from_stdin(self):
        out = self.ok("play", "--game", "gomoku", "--gomoku-rules", "standard",
                      "--format", "jsonl", stdin="h8\nh9\n")
        replies = [json.loads(line) for line in out.splitlines()]
        self.assertEqual([r.get("ply", 0) for r in replies], [0, 1, 2])
        self.assertEqual(replies[2]["check"]["side"], "SIDE_WHITE")

    def test_game_service_create_and_get(self):
        created = json.loads(self.ok("rpc", "GameService.CreateGame", "--json", json.dumps({
            "kind": "GAME_KIND_XIANGQI", "event": "全国象棋甲级联赛",
            "players": [{"side": "SIDE_RED", "name": "王天一"},
                        {"side": "SIDE_BLACK", "name": "郑惟桐"}]}, ensure_ascii=False)))
        name = created["game"]["name"]
        self.assertEqual(len(created["tokens"]), 2)
        out = self.ok("rpc", "GameService.GetGame", "--format", "text",
                      stdin=json.dumps({"name": name}))
        self.assertIn('name: "王天一"', out)
        self.assertIn('event: "全国象棋甲级联赛"', out)
        listed = json.loads(self.ok("rpc", "caipan.v1.GameService/ListGames"))
        self.assertIn(name, [g["name"] for g in listed["games"]])

    def test_rule_options_reach_the_server(self):
        position = ["--moves", "f8 a1 g8 c1 h6 e1 h7 g1", "--move", "h8"]
        forbidden = self.ok("gomoku-check", *position, "--gomoku-rules",
                            "chinese,skip_opening_check=true")
        self.assertIn("FORBIDDEN_KIND_DOUBLE_THREE", forbidden)
        self.assertIn("MOVE_REJECTION_FORBIDDEN", forbidden)
        free = self.ok("gomoku-check", *position,
                       "--gomoku-rules", '{"ruleSet": "GOMOKU_RULE_SET_STANDARD"}')
        self.assertIn("legal: true", free)
        claim = json.loads(self.ok("adjudicate", "--moves", "h2e2 h9g7", "--format", "json",
                                   "--rules", "asian,natural_limit_rounds=50,mode=claim"))
        self.assertEqual(claim["plies"], 2)

    def test_every_method_is_listed_with_its_streaming(self):
        out = self.ok("services")
        self.assertIn("PlayGame(stream caipan.v1.PlayGameRequest) returns "
                      "(stream caipan.v1.PlayGameResponse)", out)
        for service in ("caipan.v1.AdjudicationService", "caipan.v1.GameService",
                        "caipan.v1.TournamentService"):
            self.assertIn(service + "\n", out)

    def test_errors_name_what_is_wrong(self):
        bad_option = call("check-move", "--rules", "no_such_option=1")
        self.assertEqual(bad_option.returncode, 2)
        self.assertIn("has no option 'no_such_option'", bad_option.stderr)
        rejected = call("check-move", "--moves", "h2e2 h2e2", "--move", "a0a1")
        self.assertEqual(rejected.returncode, 1)
        self.assertIn("INVALID_ARGUMENT: xiangqi.moves[1]", rejected.stderr)
        # The structured details: the stable reason and the field at fault.
        self.assertIn("[FIELD_INVALID; field xiangqi.moves[1]]", rejected.stderr)
        unknown = call("rpc", "AdjudicationService.Nothing", "--json", "{}")
        self.assertEqual(unknown.returncode, 2)
        self.assertIn("has no method Nothing", unknown.stderr)

    def test_a_bad_stream_line_ends_the_stream_there(self):
        lines = ['{"start": {"xiangqi": {}}}', '{"move": "h2e2"}', '{"mov": "h9g7"}',
                 '{"move": "h9g7"}']
        done = call("rpc", "AdjudicationService.PlayGame", "--format", "jsonl",
                    stdin="\n".join(lines) + "\n")
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertEqual(len(done.stdout.splitlines()), 2)  # the start and h2e2
        self.assertIn('no field named "mov"', done.stderr)

    def test_missing_stubs_are_a_clear_error(self):
        with tempfile.TemporaryDirectory() as empty:
            done = call("ping", stubs=empty)
        self.assertEqual(done.returncode, 2)
        self.assertIn("no generated caipan.v1 modules in " + empty, done.stderr)
        self.assertIn("caipan_python_stubs", done.stderr)


def main():
    global ARGS, SERVER
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--client", required=True)
    parser.add_argument("--stubs", required=True)
    ARGS, rest = parser.parse_known_args()
    SERVER = Server(ARGS.server)
    try:
        failed = clients_common.run_tests(rest)
    finally:
        code, log = SERVER.stop()
    if code != 0:
        print("server exited with %s:\n%s" % (code, log), file=sys.stderr)
        return 1
    return failed


if __name__ == "__main__":
    sys.exit(main())
