// Xiangqi positions in the browser: FEN to a board array and ICCS moves
// applied to it, for drawing only (the server decides what is legal).
//
// Squares are ICCS names: files a..i from red's left, ranks 0..9 from red's
// back rank ("e0" is the red king's start, "e9" the black king's).

export const START_FEN =
    'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

export const FILES = 9;
export const RANKS = 10;

// Some FENs write horses as H and elephants as E.
const LETTER_ALIASES = {h: 'n', e: 'b'};

export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + String(rank);
}

// {file, rank} of an ICCS square, or null when the text is not one.
export function parseSquare(name) {
  const match = /^([a-i])([0-9])$/.exec(String(name).toLowerCase());
  if (!match) return null;
  return {file: match[1].charCodeAt(0) - 97, rank: Number(match[2])};
}

// 'red' for upper-case (red) piece letters, 'black' for lower-case.
export function pieceSide(letter) {
  return letter === letter.toUpperCase() ? 'red' : 'black';
}

function normalizeLetter(letter) {
  const lower = letter.toLowerCase();
  const canonical = LETTER_ALIASES[lower] ?? lower;
  return letter === lower ? canonical : canonical.toUpperCase();
}

// {board, sideToMove}: board[rank][file] is a piece letter or ''.
// Throws an Error for text that is not a xiangqi FEN.
export function parseFen(fen) {
  const text = !fen || fen === 'startpos' ? START_FEN : fen.trim();
  const [placement, side = 'w'] = text.split(/\s+/);
  const rows = placement.split('/');
  if (rows.length !== RANKS) throw new Error(`FEN needs ${RANKS} rows`);
  const board = [];
  for (let rank = 0; rank < RANKS; rank++) board.push(new Array(FILES).fill(''));
  rows.forEach((row, index) => {
    const rank = RANKS - 1 - index;  // FEN lists black's back rank first
    let file = 0;
    for (const ch of row) {
      if (/[1-9]/.test(ch)) {
        file += Number(ch);
      } else if (/[kabnrcpheKABNRCPHE]/.test(ch)) {
        if (file >= FILES) throw new Error(`FEN row ${index + 1} is too long`);
        board[rank][file++] = normalizeLetter(ch);
      } else {
        throw new Error(`FEN has an unknown piece '${ch}'`);
      }
    }
    if (file !== FILES) throw new Error(`FEN row ${index + 1} has ${file} files`);
  });
  return {board, sideToMove: side === 'b' ? 'black' : 'red'};
}

export function pieceAt(board, square) {
  const point = parseSquare(square);
  return point ? board[point.rank][point.file] : '';
}

// A new board with the ICCS move ("h2e2") played; the piece on the target
// square, if any, is captured. Throws for text that is not an ICCS move.
export function applyMove(board, move) {
  const from = parseSquare(String(move).slice(0, 2));
  const to = parseSquare(String(move).slice(2, 4));
  if (!from || !to || String(move).length !== 4) {
    throw new Error(`not an ICCS move: ${move}`);
  }
  const next = board.map((row) => row.slice());
  next[to.rank][to.file] = next[from.rank][from.file];
  next[from.rank][from.file] = '';
  return next;
}

// The board after the first `plies` moves of `moves` from `fen`.
export function boardAfter(fen, moves, plies = moves.length) {
  let board = parseFen(fen).board;
  for (const move of moves.slice(0, plies)) board = applyMove(board, move);
  return board;
}

// The square of `side`'s king ('red' or 'black'), or '' when it has none.
export function findKing(board, side) {
  const king = side === 'red' ? 'K' : 'k';
  for (let rank = 0; rank < RANKS; rank++) {
    for (let file = 0; file < FILES; file++) {
      if (board[rank][file] === king) return squareName(file, rank);
    }
  }
  return '';
}
