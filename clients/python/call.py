#!/usr/bin/python3
"""A command-line client of caipan-server's gRPC API (caipan.v1).

Any method of any service, with JSON requests (read from --json or standard input; for a
client stream one JSON object per line, sent as each line arrives):
  call.py services
  call.py rpc AdjudicationService.CheckMove --json '{"xiangqi": {}, "move": "炮二平五"}'
  call.py rpc GameService.CreateGame --json '{"kind": "GAME_KIND_XIANGQI"}'
  printf '%s\\n' '{"start": {"xiangqi": {}}}' '{"move": "h2e2"}' |
      call.py rpc AdjudicationService.PlayGame
Convenience commands (xiangqi unless named gomoku-*):
  call.py ping
  call.py check-move --moves "h2e2 h9g7" --move 马二进三 --notation wxf
  call.py list-moves --fen startpos --notation chinese
  call.py adjudicate --moves "h2e2 h9g7 ..." --annotate --rules asian,natural_limit_rounds=50
  call.py repetition --moves "..." --rules chinese --language zh
  call.py limit --moves "..."
  call.py gomoku-check --moves "h8 h9" --move i10 --gomoku-rules renju-rif
  call.py gomoku-list --moves "h8" --gomoku-rules standard
  call.py gomoku-adjudicate --moves "h8 h9 ..." --gomoku-rules chinese,fifth_move_alternatives=3
  call.py play --moves "h2e2" < moves.txt      (PlayGame: one move per line; or --move "a b c")
  call.py options                               (every rule option, with its values)
--rules and --gomoku-rules take a rule set name, key=value pairs of the rule options (as
`options` lists them), or a JSON object. Responses print in protobuf text format (json for rpc);
--format text|json|jsonl chooses. The generated modules are found in build/python (made by the
build: `cmake --build build --target caipan_python_stubs`) or $CAIPAN_PYTHON_STUBS.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import grpc  # noqa: E402

from caipan_client import calls  # noqa: E402
from caipan_client import commands  # noqa: E402
from caipan_client import descriptors  # noqa: E402
from caipan_client import output  # noqa: E402
from caipan_client import stubs  # noqa: E402

TIMEOUTS = {"AdjudicateGame": 60, "RuleOnRepetition": 60}


def read_file(path):
    with open(path, "rb") as f:
        return f.read()


def open_channel(args):
    """A plaintext channel, or TLS when --tls-ca is given."""
    if not args.tls_ca:
        return grpc.insecure_channel(args.target)
    credentials = grpc.ssl_channel_credentials(
        root_certificates=read_file(args.tls_ca),
        private_key=read_file(args.tls_key) if args.tls_key else None,
        certificate_chain=read_file(args.tls_cert) if args.tls_cert else None)
    return grpc.secure_channel(args.target, credentials)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command",
                        choices=["rpc", "services", "options"] + sorted(commands.COMMANDS))
    parser.add_argument("method", nargs="?", help="rpc: Service.Method")
    parser.add_argument("--target", default="127.0.0.1:50051")
    parser.add_argument("--tls-ca", default="",
                        help="PEM CA of the server's certificate: call over TLS")
    parser.add_argument("--tls-cert", default="", help="client certificate (mutual TLS)")
    parser.add_argument("--tls-key", default="", help="client key (mutual TLS)")
    parser.add_argument("--token", default="",
                        help="bearer token, sent as 'authorization: Bearer TOKEN'")
    parser.add_argument("--timeout", type=float, default=None,
                        help="deadline in seconds (default: 10, 60 for whole records, none "
                             "for streams)")
    parser.add_argument("--format", choices=output.FORMATS, default=None)
    parser.add_argument("--json", default=None,
                        help="rpc: the request (or a client stream's messages, one a line)")
    parser.add_argument("--game", choices=["xiangqi", "gomoku"], default="xiangqi",
                        help="play: the game of the stream")
    parser.add_argument("--fen", default="", help="xiangqi start FEN (default: start position)")
    parser.add_argument("--moves", default="", help="history, space-separated, any notation")
    parser.add_argument("--move", default="", help="the move to check (play: the moves)")
    parser.add_argument("--notation", default="", help="iccs, wxf or chinese")
    parser.add_argument("--language", default="", help="en or zh")
    parser.add_argument("--rules", default="", help="xiangqi rule options")
    parser.add_argument("--gomoku-rules", default="", help="gomoku rule options")
    parser.add_argument("--annotate", action="store_true")
    return parser.parse_args(argv)


def list_services(modules):
    for name, service in sorted(descriptors.services(modules).items()):
        print(name)
        for method in service.methods:
            print("  %s(%s%s) returns (%s%s)" % (
                method.name, "stream " if method.client_streaming else "",
                method.input_type.full_name, "stream " if method.server_streaming else "",
                method.output_type.full_name))


def list_options():
    for flag, type_name in (("--rules", commands.XIANGQI_RULES),
                            ("--gomoku-rules", commands.GOMOKU_RULES)):
        print("%s (%s):" % (flag, type_name))
        print("\n".join(descriptors.describe_message(descriptors.message_type(type_name))))


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        modules = stubs.load()
    except stubs.StubsMissing as e:
        print("call.py: %s" % e, file=sys.stderr)
        return 2
    try:
        if args.command == "services":
            list_services(modules)
            return 0
        if args.command == "options":
            list_options()
            return 0
        if args.command == "rpc":
            if not args.method:
                raise descriptors.NotFound("rpc needs a method, e.g. AdjudicationService.Ping")
            method = descriptors.find_method(modules, args.method)
            requests = calls.read_requests(
                method, text=args.json,
                lines=None if args.json is not None else sys.stdin)
            fmt = args.format or "json"
        else:
            method = descriptors.find_method(modules, commands.COMMANDS[args.command][0])
            requests = (calls.parse_request(method, r)
                        for r in commands.build(args.command, method, args, sys.stdin))
            if not method.client_streaming:
                requests = list(requests)
            fmt = args.format or "text"
        timeout = args.timeout
        if timeout is None and not (method.client_streaming or method.server_streaming):
            timeout = TIMEOUTS.get(method.name, 10)
        metadata = [("authorization", "Bearer " + args.token)] if args.token else None
        if method.client_streaming:
            requests = calls.StopAtBadRequest(requests)
        channel = open_channel(args)
        for response in calls.invoke(channel, method, requests, timeout, metadata):
            if args.command == "ping":
                print("pong")
                continue
            sys.stdout.write(output.render(response, fmt))
            sys.stdout.flush()
        if method.client_streaming and requests.error is not None:
            raise requests.error
    except descriptors.NotFound as e:
        print("call.py: %s" % e, file=sys.stderr)
        return 2
    except grpc.RpcError as e:
        print(calls.describe_error(e), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
