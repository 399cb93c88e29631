// Calls caipan's AdjudicationService through the HTTP gateway's Connect protocol: CheckMove for
// one move (in Chinese notation, answers in Chinese), then ListMoves for the position after it.
//
//   node dist/examples/check_move.js [--base-url http://127.0.0.1:8080] [--json]
//
// --json sends Connect's JSON encoding instead of the binary one (both are served).
import { toJsonString } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";

import {
  AdjudicationService,
  CheckMoveResponseSchema,
} from "../src/gen/caipan/v1/adjudication_service_pb.js";
import { Notation } from "../src/gen/caipan/v1/common_pb.js";

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}

async function main(): Promise<void> {
  const transport = createConnectTransport({
    baseUrl: flag("--base-url", "http://127.0.0.1:8080"),
    httpVersion: "1.1",
    useBinaryFormat: !process.argv.includes("--json"),
  });
  const client = createClient(AdjudicationService, transport);

  const history = ["h2e2"]; // 炮二平五
  const checked = await client.checkMove(
    {
      game: { case: "xiangqi", value: { moves: history } },
      move: "马8进7",
      notation: Notation.WXF,
      language: "zh",
    },
    { timeoutMs: 5000 },
  );
  console.log("CheckMove:", toJsonString(CheckMoveResponseSchema, checked, { prettySpaces: 2 }));

  const check = checked.check;
  if (!check?.legal) throw new Error(`马8进7 was refused: ${check?.reason}`);
  const listed = await client.listMoves(
    { game: { case: "xiangqi", value: { moves: [...history, check.move] } } },
    { timeoutMs: 5000 },
  );
  const moves = listed.moves.map((listedMove) => listedMove.move);
  console.log(`ListMoves: ${moves.length} legal moves: ${moves.join(" ")}`);
}

main().catch((error: unknown) => {
  // Connect errors carry the gRPC code and the server's message naming the field.
  const e = ConnectError.from(error);
  console.error(`check_move: ${Code[e.code]}: ${e.rawMessage}`);
  process.exit(1);
});
