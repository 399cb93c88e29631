// A live game kept current in the browser: the WatchGame snapshot, then,
// with each event, the game as the server holds it right after (position,
// legal moves, clocks, verdict): the page takes that as it is and only
// appends the event's move to the moves shown, asking for the whole game
// (GetGame) when they no longer fit. It never folds events itself. Answers of
// the page's own calls (SubmitMove, Resign, ...) are applied too, so the page
// never waits for the echo of its own change. Once the game is over nothing
// changes any more and the server ends the watch, so the watch is stopped
// rather than reopened.
import {call, watchGame} from './api.js';

// Fills the fields protobuf's JSON mapping leaves out at their defaults.
export function normalizeGame(game) {
  return {
    ...game,
    moves: game.moves ?? [],
    ply: game.ply ?? 0,
    fouls: game.fouls ?? [],
    rulings: game.rulings ?? [],
    players: game.players ?? [],
    sideToAct: game.sideToAct ?? 'SIDE_UNSPECIFIED',
    drawOffer: game.drawOffer ?? 'SIDE_UNSPECIFIED',
    takebackRequest: game.takebackRequest ?? 'SIDE_UNSPECIFIED',
    verdict: game.verdict ?? {result: 'RESULT_ONGOING'},
    status: game.status ?? 'GAME_STATUS_LIVE',
  };
}

export class LiveGame {
  // `name`: "games/…"; `token`: a player's or arbiter's token (may be empty).
  // `onChange(game, change)`: change = {kind: 'snapshot'|'event'|'answer',
  // event?, arrivedMs}; `onStatus(status, error)` as api.js watchGame, plus
  // 'over' when the game has ended and the watch is stopped;
  // `onError(error)` for a failed GetGame.
  constructor(name, token, {onChange, onStatus = null, onError = null}) {
    this.name = name;
    this.token = token;
    this.onChange = onChange;
    this.onStatus = onStatus;
    this.onError = onError;
    this.game = null;
    this.lastSequence = -1;
    this.refreshTimer = null;
    this.overReported = false;
  }

  start() {
    this.watch = watchGame(this.name, this.token, {
      onSnapshot: (snapshot) => this.applyGame(snapshot, 'snapshot'),
      onEvent: (event, state) => this.applyEvent(event, state),
      onStatus: (status, error) => this.onStatus?.(status, error),
    });
  }

  stop() {
    this.watch?.stop();
    clearTimeout(this.refreshTimer);
  }

  // GetGame now; resolves when applied.
  async refresh() {
    try {
      const game = await call('GameService', 'GetGame', {name: this.name});
      this.applyGame(game, 'snapshot');
    } catch (error) {
      this.onError?.(error);
    }
  }

  scheduleRefresh() {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => this.refresh(), 50);
  }

  // Takes a whole Game (snapshot, GetGame, or an action's answer) unless it
  // is older than what the page shows. A Game without `moves` (some answers
  // leave them out) keeps the moves known when they still fit.
  applyGame(game, kind = 'answer') {
    const sequence = Number(game.lastSequence ?? 0);
    if (sequence < this.lastSequence) return;
    const next = normalizeGame(game);
    if (!game.moves && next.ply > 0) {
      if (this.game && this.game.moves.length === next.ply) {
        next.moves = this.game.moves;
      } else {
        this.scheduleRefresh();
        return;
      }
    }
    this.game = next;
    this.lastSequence = sequence;
    this.emit({kind, arrivedMs: Date.now()});
  }

  emit(change) {
    this.onChange(this.game, change);
    if (this.game.status !== 'GAME_STATUS_LIVE' && this.watch &&
        !this.overReported) {
      this.overReported = true;
      this.watch.stop();
      this.onStatus?.('over', null);
    }
  }

  // The answer of the page's SubmitMove: the game after the move, without
  // its moves.
  applyMoveAnswer(response) {
    const sequence = Number(response.sequence ?? 0);
    if (!response.check?.legal || sequence <= this.lastSequence || !this.game) {
      return;
    }
    const game = normalizeGame(response.game ?? {});
    if (game.ply !== this.game.moves.length + 1) {
      this.scheduleRefresh();
      return;
    }
    game.moves = [...this.game.moves, response.check.move];
    this.game = game;
    this.lastSequence = Math.max(sequence, Number(game.lastSequence ?? 0));
    this.emit({kind: 'answer', arrivedMs: Date.now()});
  }

  // A watched event and the server's game right after it (null for an event
  // of a backlog: the backlog's last event brings the state).
  applyEvent(event, state) {
    const arrivedMs = Date.now();
    const sequence = Number(event.sequence ?? 0);
    if (!this.game || sequence <= this.lastSequence) return;
    const moves = this.game.moves;
    let next = event.move && (event.move.atPly ?? 0) === moves.length ?
        [...moves, event.move.move] : moves;
    // An accepted takeback removes the moves it undid.
    const undone = Number(event.takebackAnswered?.plies ?? 0);
    if (undone > 0) next = moves.slice(0, Math.max(0, moves.length - undone));
    this.lastSequence = sequence;
    if (!state) {
      this.game = {...this.game, moves: next};
      return;
    }
    const game = normalizeGame(state);
    game.moves = next;
    this.game = game;
    this.emit({kind: 'event', event, arrivedMs});
    if (next.length !== game.ply) this.scheduleRefresh();
  }
}
