// A live game kept up to date from WatchGame: events are folded into the
// last snapshot the way the server folds them (services/game/game_fold.cc),
// so the page always shows the game as the server holds it.

// The game's status after a verdict.
function statusOf(verdict) {
  switch (verdict?.result) {
    case 'RESULT_NO_RESULT':
      return 'GAME_STATUS_ABORTED';
    case 'RESULT_WIN':
    case 'RESULT_DRAW':
      return 'GAME_STATUS_FINISHED';
    default:
      return 'GAME_STATUS_LIVE';
  }
}

// The game after `event` (a GameEvent); `game` is not changed. An event
// the game already holds (sequence not after last_sequence) changes nothing.
export function foldEvent(game, event) {
  const sequence = Number(event.sequence ?? 0);
  if (game && sequence <= Number(game.lastSequence ?? 0)) return game;
  let next = {...(event.created?.game ?? game ?? {})};
  next.moves = [...(next.moves ?? [])];
  if (event.move) {
    next.moves.push(event.move.move);
    // An offer lapses when the player it was made to moves instead.
    if (next.drawOffer !== event.move.side) delete next.drawOffer;
  } else if (event.drawOffered) {
    next.drawOffer = event.drawOffered.side;
  } else if (event.drawAnswered) {
    delete next.drawOffer;
  } else if (event.foul) {
    next.fouls = [...(next.fouls ?? []), {...event.foul, sequence}];
  }
  const ruling = {resultSet: 'set_result', paused: 'pause', resumed: 'resume',
                  clockAdjusted: 'adjust_clock', aborted: 'abort'};
  for (const [field, action] of Object.entries(ruling)) {
    if (event[field]) {
      next.rulings = [...(next.rulings ?? []),
                      {action, reason: event[field].reason, sequence}];
    }
  }
  next.lastSequence = String(sequence);
  next.ply = event.ply ?? 0;
  next.clocks = event.clocks ?? {};
  next.verdict = event.verdict ?? {};
  next.sideToAct = event.sideToAct;
  next.swapped = Boolean(event.swapped);
  next.status = statusOf(event.verdict);
  if (next.status !== 'GAME_STATUS_LIVE') delete next.drawOffer;
  return next;
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
