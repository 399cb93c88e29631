#!/usr/bin/python3
"""A small command-line client for caipan-server, generated at run time from proto/caipan/v1
with Debian's python3-grpcio and python3-grpc-tools.

Examples:
  /usr/bin/python3 tools/caipan_server/call.py ping
  /usr/bin/python3 tools/caipan_server/call.py check-move --moves "h2e2 h9g7" --move 马二进三
  /usr/bin/python3 tools/caipan_server/call.py list-moves --fen startpos --notation chinese
  /usr/bin/python3 tools/caipan_server/call.py adjudicate --moves "h2e2 h9g7 ..." --annotate
  /usr/bin/python3 tools/caipan_server/call.py gomoku-check --moves "h8 h9" --move i10
Responses are printed in protobuf text format.
"""

import argparse
import os
import sys
import tempfile

import grpc
from grpc_tools import protoc

PROTO_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "proto")
NOTATIONS = {"": 0, "iccs": 1, "wxf": 2, "chinese": 3}


def load_stubs(out_dir):
    protos = [os.path.join(PROTO_DIR, "caipan", "v1", name) for name in
              sorted(os.listdir(os.path.join(PROTO_DIR, "caipan", "v1")))
              if name.endswith(".proto")]
    if protoc.main(["protoc", "-I" + PROTO_DIR, "--python_out=" + out_dir,
                    "--grpc_python_out=" + out_dir] + protos) != 0:
        sys.exit("call.py: cannot generate the client from " + PROTO_DIR)
    sys.path.insert(0, out_dir)
    from caipan.v1 import adjudication_service_pb2 as pb
    from caipan.v1 import adjudication_service_pb2_grpc as rpc
    from caipan.v1 import gomoku_pb2 as gm
    from caipan.v1 import xiangqi_pb2 as xq
    return pb, rpc, xq, gm


def read_file(path):
    with open(path, "rb") as f:
        return f.read()


def open_channel(args):
    """A plaintext channel, or TLS when --tls-ca is given; with --token, every call carries it."""
    if not args.tls_ca:
        channel = grpc.insecure_channel(args.target)
    else:
        credentials = grpc.ssl_channel_credentials(
            root_certificates=read_file(args.tls_ca),
            private_key=read_file(args.tls_key) if args.tls_key else None,
            certificate_chain=read_file(args.tls_cert) if args.tls_cert else None)
        channel = grpc.secure_channel(args.target, credentials)
    if args.token:
        token = args.token

        class BearerToken(grpc.UnaryUnaryClientInterceptor):
            def intercept_unary_unary(self, continuation, details, request):
                metadata = list(details.metadata or []) + [("authorization", "Bearer " + token)]
                return continuation(details._replace(metadata=metadata), request)

        channel = grpc.intercept_channel(channel, BearerToken())
    return channel


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--target", default="127.0.0.1:50051")
    parser.add_argument("--tls-ca", default="",
                        help="PEM CA of the server's certificate: call over TLS")
    parser.add_argument("--tls-cert", default="", help="client certificate (mutual TLS)")
    parser.add_argument("--tls-key", default="", help="client key (mutual TLS)")
    parser.add_argument("--token", default="",
                        help="bearer token, sent as 'authorization: Bearer TOKEN'")
    parser.add_argument("command", choices=["ping", "check-move", "list-moves", "adjudicate",
                                            "repetition", "limit", "gomoku-check",
                                            "gomoku-list"])
    parser.add_argument("--fen", default="", help="xiangqi start FEN (default: start position)")
    parser.add_argument("--moves", default="", help="history, space-separated, any notation")
    parser.add_argument("--move", default="", help="the move to check")
    parser.add_argument("--notation", default="", choices=sorted(NOTATIONS))
    parser.add_argument("--annotate", action="store_true")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as out_dir:
        pb, rpc, xq, gm = load_stubs(out_dir)
        stub = rpc.AdjudicationServiceStub(open_channel(args))
        fen = "" if args.fen == "startpos" else args.fen
        xiangqi = xq.XiangqiPosition(fen=fen, moves=args.moves.split())
        gomoku = gm.GomokuPosition(moves=args.moves.split())
        notation = NOTATIONS[args.notation]
        try:
            if args.command == "ping":
                reply = stub.Ping(pb.PingRequest(), timeout=10)
                print("pong")
                return 0
            if args.command == "check-move":
                reply = stub.CheckMove(pb.CheckMoveRequest(xiangqi=xiangqi, move=args.move,
                                                           notation=notation), timeout=10)
            elif args.command == "list-moves":
                reply = stub.ListMoves(pb.ListMovesRequest(xiangqi=xiangqi, notation=notation),
                                       timeout=10)
            elif args.command == "adjudicate":
                reply = stub.AdjudicateGame(pb.AdjudicateGameRequest(
                    xiangqi=xiangqi, annotate=args.annotate, notation=notation), timeout=60)
            elif args.command == "repetition":
                reply = stub.RuleOnRepetition(pb.RuleOnRepetitionRequest(
                    xiangqi=xiangqi, notation=notation), timeout=60)
            elif args.command == "limit":
                reply = stub.GetNaturalLimitStatus(
                    pb.GetNaturalLimitStatusRequest(xiangqi=xiangqi), timeout=10)
            elif args.command == "gomoku-check":
                reply = stub.CheckMove(pb.CheckMoveRequest(gomoku=gomoku, move=args.move),
                                       timeout=10)
            else:
                reply = stub.ListMoves(pb.ListMovesRequest(gomoku=gomoku), timeout=10)
        except grpc.RpcError as e:
            print("%s: %s" % (e.code().name, e.details()), file=sys.stderr)
            return 1
        print(reply, end="")
        return 0


if __name__ == "__main__":
    sys.exit(main())
