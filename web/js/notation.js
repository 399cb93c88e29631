// Move texts in Chinese, WXF or ICCS notation, asked from the server and
// kept per ply (a game's history never changes, so a text, once known, stays
// right). ICCS is the canonical form the game already holds.
import {call} from './api.js';

export const NOTATIONS = {
  chinese: 'NOTATION_CHINESE',
  wxf: 'NOTATION_WXF',
  iccs: 'NOTATION_ICCS',
};

// Above this many missing plies one AdjudicateGame call (annotated) fetches
// them all; below it, one ListMoves call per ply is cheaper.
const BATCH_THRESHOLD = 2;

export class MoveTexts {
  // `startFen`: the game's start position; `rules`: its XiangqiRuleOptions.
  constructor(startFen = '', rules = {}) {
    this.startFen = startFen;
    this.rules = rules;
    this.texts = new Map();  // `${notation}:${ply}` -> text
    this.pending = new Map();
  }

  // Records a text known from elsewhere (e.g. ListMoves' display of the move
  // that was then played at `ply`).
  remember(ply, notation, text) {
    if (text) this.texts.set(`${notation}:${ply}`, text);
  }

  // The text of the move at `ply` (1-based) if known.
  cached(ply, notation, moves) {
    if (notation === 'iccs') return moves[ply - 1] ?? '';
    return this.texts.get(`${notation}:${ply}`) ?? '';
  }

  // Resolves to one text per move of `moves` in `notation` ('chinese',
  // 'wxf', 'iccs'); rejects with the server's ApiError.
  async load(moves, notation) {
    if (notation === 'iccs') return moves.slice();
    const missing = [];
    for (let ply = 1; ply <= moves.length; ply++) {
      if (!this.texts.has(`${notation}:${ply}`)) missing.push(ply);
    }
    if (missing.length > BATCH_THRESHOLD) {
      await this.fetchAll(moves, notation);
    } else {
      for (const ply of missing) await this.fetchOne(moves, ply, notation);
    }
    return moves.map(
        (move, index) => this.cached(index + 1, notation, moves) || move);
  }

  async fetchAll(moves, notation) {
    const key = `${notation}:${moves.length}`;
    if (!this.pending.has(key)) {
      // Claim mode: a record is never cut short, so every move is annotated.
      const request = {
        xiangqi: {fen: this.startFen, moves},
        xiangqiRules: {...this.rules, mode: 'XIANGQI_ADJUDICATION_MODE_CLAIM'},
        annotate: true,
        notation: NOTATIONS[notation],
      };
      const promise =
          call('AdjudicationService', 'AdjudicateGame', request)
              .then((response) => {
                for (const annotation of response.annotations ?? []) {
                  this.remember(annotation.ply, notation, annotation.display);
                }
              })
              .finally(() => this.pending.delete(key));
      this.pending.set(key, promise);
    }
    return this.pending.get(key);
  }

  async fetchOne(moves, ply, notation) {
    const response = await call('AdjudicationService', 'ListMoves', {
      xiangqi: {fen: this.startFen, moves: moves.slice(0, ply - 1)},
      notation: NOTATIONS[notation],
    });
    const listed = (response.moves ?? []).find((m) => m.move === moves[ply - 1]);
    if (listed) this.remember(ply, notation, listed.display);
  }
}
