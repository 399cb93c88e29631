// The position after every ply of an adjudicated record, for stepping
// through it. Xiangqi: the server gives the final FEN and, per move, its
// ICCS squares and the piece it captured, so the earlier positions follow
// by taking the moves back — whatever the record's format or start
// position. Gomoku: the record's actions are replayed.

import {parseFen, parseSquare} from './xiangqi-fen.js';
import {replay} from './gomoku-record.js';

function copyBoard(board) {
  return board.map((rank) => [...rank]);
}

// Boards (board[rank][file], piece letters or '') after 0..N plies, from
// the response's finalFen and annotations. Throws when a move does not fit
// (the caller then shows the table only).
export function xiangqiBoards(finalFen, annotations) {
  let board = parseFen(finalFen).board;
  const boards = [copyBoard(board)];
  for (let i = annotations.length - 1; i >= 0; --i) {
    const move = annotations[i].move ?? '';
    const from = parseSquare(move.slice(0, 2));
    const to = parseSquare(move.slice(2, 4));
    if (!from || !to) throw new Error(`ply ${annotations[i].ply}: ${move}`);
    const piece = board[to.rank][to.file];
    if (!piece) throw new Error(`ply ${annotations[i].ply}: ${move}`);
    board = copyBoard(board);
    board[from.rank][from.file] = piece;
    board[to.rank][to.file] = annotations[i].captured ?? '';
    boards.unshift(copyBoard(board));
  }
  return boards;
}

// Gomoku states after 0..N actions: {stones, candidates, phase}.
export function gomokuStates(tokens, protocol) {
  const states = [];
  for (let ply = 0; ply <= tokens.length; ++ply) {
    states.push(replay(tokens.slice(0, ply), protocol));
  }
  return states;
}
