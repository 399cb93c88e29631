// A live gomoku game as WatchGame reports it. The server sends, with each
// event that is the game's last, the game as it holds it right after (the
// position's facts included: side to act, swap, verdict, clocks, forbidden
// points); the page takes that as it is and only appends the event's move to
// the moves it shows. It does not fold events itself.

// The game after `event` (a GameEvent) and `state` (the server's game after
// it, without moves; null for an event of a backlog, whose last event brings
// it). `game` is not changed; an event the game already holds changes
// nothing. Returns {game, complete}: complete is false when the page should
// ask for the whole game (GetGame) — its moves no longer fit.
export function applyWatched(game, event, state) {
  const sequence = Number(event.sequence ?? 0);
  if (game && sequence <= Number(game.lastSequence ?? 0)) {
    return {game, complete: true};
  }
  const moves = [...(game?.moves ?? [])];
  if (event.move && (event.move.atPly ?? 0) === moves.length) {
    moves.push(event.move.move);
  }
  // An accepted takeback removes the moves it undid.
  const undone = Number(event.takebackAnswered?.plies ?? 0);
  if (undone > 0) moves.length = Math.max(0, moves.length - undone);
  if (!state) {
    // Held until the backlog's last event, which carries the state.
    return {game: {...game, moves, lastSequence: String(sequence)},
            complete: true};
  }
  const next = {...state, moves};
  return {game: next, complete: moves.length === (state.ply ?? 0)};
}

function otherColour(colour) {
  return colour === 'SIDE_BLACK' ? 'SIDE_WHITE' : 'SIDE_BLACK';
}

// The colour a player plays now: its starting colour, or the other one
// after the swap (三手交换).
export function currentColour(startSide, swapped) {
  if (!startSide) return null;
  return swapped ? otherColour(startSide) : startSide;
}

// 'SIDE_BLACK' → 'black'.
export function colourWord(side) {
  return side === 'SIDE_BLACK' ? 'black' : side === 'SIDE_WHITE' ? 'white'
                                                                : null;
}

// The player (Player message) who now plays `colour`.
export function playerOfColour(game, colour) {
  return (game.players ?? []).find(
      (p) => currentColour(p.side, game.swapped) === colour) ?? null;
}
