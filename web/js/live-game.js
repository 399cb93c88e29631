// A live game kept current in the browser: the WatchGame snapshot, then each
// event applied as it arrives (moves at once; other events also trigger a
// GetGame to take the server's full state). Answers of the page's own calls
// (SubmitMove, Resign, ...) are applied too, so the page never waits for the
// echo of its own change. Once the game is over nothing changes any more and
// the server ends the watch, so the watch is stopped rather than reopened.
import {call, watchGame} from './api.js';
import {isOngoing} from './game-labels.js';

const RULING_ACTIONS = {
  resultSet: 'set_result',
  aborted: 'abort',
  paused: 'pause',
  resumed: 'resume',
  clockAdjusted: 'adjust_clock',
};

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
    verdict: game.verdict ?? {result: 'RESULT_ONGOING'},
    status: game.status ?? 'GAME_STATUS_LIVE',
  };
}

function statusOf(verdict) {
  if (isOngoing(verdict)) return 'GAME_STATUS_LIVE';
  return verdict.result === 'RESULT_NO_RESULT' ? 'GAME_STATUS_ABORTED'
                                                : 'GAME_STATUS_FINISHED';
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
      onEvent: (event) => this.applyEvent(event),
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
    if (this.game.status !== 'GAME_STATUS_LIVE' && this.watch && !this.overReported) {
      this.overReported = true;
      this.watch.stop();
      this.onStatus?.('over', null);
    }
  }

  // The answer of the page's SubmitMove: the game after the move, without
  // its moves.
  applyMoveAnswer(response) {
    const sequence = Number(response.sequence ?? 0);
    if (!response.check?.legal || sequence <= this.lastSequence || !this.game) return;
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

  applyEvent(event) {
    const arrivedMs = Date.now();
    const sequence = Number(event.sequence ?? 0);
    if (!this.game || sequence <= this.lastSequence) return;
    const game = {...this.game};
    game.ply = event.ply ?? 0;
    game.clocks = event.clocks ?? game.clocks;
    game.verdict = event.verdict ?? {result: 'RESULT_ONGOING'};
    game.status = statusOf(game.verdict);
    game.sideToAct = event.sideToAct ?? 'SIDE_UNSPECIFIED';
    if (event.fen) game.fen = event.fen;
    game.lastSequence = String(sequence);
    let exact = true;  // whether the event alone brings the page up to date
    if (event.move) {
      if ((event.move.atPly ?? 0) === game.moves.length) {
        game.moves = [...game.moves, event.move.move];
      }
      if (game.drawOffer !== 'SIDE_UNSPECIFIED') exact = false;
    } else {
      exact = false;
      if (event.drawOffered) game.drawOffer = event.drawOffered.side;
      if (event.drawAnswered) game.drawOffer = 'SIDE_UNSPECIFIED';
      if (event.foul) {
        game.fouls = [...game.fouls, {side: event.foul.side, reason: event.foul.reason,
                                      sequence: String(sequence)}];
      }
      for (const [field, action] of Object.entries(RULING_ACTIONS)) {
        if (event[field]) {
          game.rulings = [...game.rulings, {action, reason: event[field].reason,
                                            sequence: String(sequence)}];
        }
      }
    }
    if (game.moves.length !== game.ply) exact = false;
    this.game = game;
    this.lastSequence = sequence;
    this.emit({kind: 'event', event, arrivedMs});
    if (!exact) this.scheduleRefresh();
  }
}
