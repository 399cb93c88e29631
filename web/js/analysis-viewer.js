// Steps through an adjudicated record on a board: the position after each
// ply, the move's squares, a check, and the pieces a chase threatens (with
// their attackers); for gomoku the stones, a pending fifth-move proposal
// and the forbidden kind of the move shown.

import {sideName} from './game-labels.js';
import {GomokuBoard} from './gomoku-board.js';
import {register, t} from './i18n.js';
import {kindText, moveText, targetText} from './analysis-table.js';
import {findKing} from './xiangqi-fen.js';
import {XiangqiBoard} from './xiangqi-board.js';

register({
  'viewer.start': {zh: '开始局面', en: 'Start position'},
  'viewer.ply': {zh: '第{ply}步 / 共{total}步', en: 'Ply {ply} of {total}'},
  'viewer.move': {zh: '{side}：{move}', en: '{side}: {move}'},
  'viewer.chased': {zh: '被捉：{targets}', en: 'Chased: {targets}'},
  'viewer.noBoard': {
    zh: '无法在棋盘上还原此棋谱的局面（{reason}），仅显示列表。',
    en: 'The positions of this record cannot be shown ({reason}); ' +
        'the table still lists every move.',
  },
});

export class AnalysisViewer {
  // `elements`: {board, label, move, chased} elements. `onStep(ply)` after
  // the shown ply changes.
  constructor(elements, {onStep}) {
    this.el = elements;
    this.onStep = onStep;
    this.kind = null;
    this.board = null;
    this.annotations = [];
    this.positions = [];
    this.ply = 0;
  }

  // A new record: `kind` 'xiangqi' | 'gomoku'; `positions`: boards (after
  // 0..N plies) or gomoku states; `annotations` one per ply.
  load(kind, positions, annotations) {
    if (kind !== this.kind) {
      this.el.board.replaceChildren();
      this.board = kind === 'gomoku' ? new GomokuBoard(this.el.board)
                                     : new XiangqiBoard(this.el.board);
      this.kind = kind;
    }
    this.positions = positions;
    this.annotations = annotations;
    this.el.board.hidden = !positions.length;
    this.show(annotations.length);
  }

  total() {
    return this.annotations.length;
  }

  step(delta) {
    this.show(this.ply + delta);
  }

  show(ply) {
    this.ply = Math.max(0, Math.min(this.total(), ply));
    const annotation = this.ply ? this.annotations[this.ply - 1] : null;
    if (this.positions.length) {
      if (this.kind === 'gomoku') {
        this.showGomoku(annotation);
      } else {
        this.showXiangqi(annotation);
      }
    }
    this.describe(annotation);
    this.onStep?.(this.ply);
  }

  showXiangqi(annotation) {
    const board = this.positions[this.ply];
    this.board.setPosition(board);
    const marks = [];
    for (const target of annotation?.targets ?? []) {
      marks.push({square: target.square, cls: 'target'});
      marks.push({square: target.attackerSquare, cls: 'attacker'});
    }
    // After a checking move the side that did not move is in check.
    const checked = annotation?.check
        ? findKing(board, annotation.side === 'SIDE_RED' ? 'black' : 'red')
        : '';
    this.board.setHighlights({lastMove: annotation?.move ?? '',
                              check: checked, marks});
  }

  showGomoku(annotation) {
    const state = this.positions[this.ply];
    const last = state.stones.at(-1)?.point ?? null;
    const forbidden = [];
    const point = state.entries.at(-1)?.point;
    if (annotation?.forbidden && point) {
      forbidden.push({point, kind: annotation.forbidden});
    }
    this.board.render({
      stones: state.stones,
      last,
      forbidden,
      marks: state.candidates.map((p) => ({point: p, style: 'proposal',
                                           label: '5'})),
    });
  }

  describe(annotation) {
    if (!annotation) {
      this.el.label.textContent = t('viewer.start');
      this.el.move.textContent = '';
      this.el.chased.textContent = '';
      return;
    }
    this.el.label.textContent = t('viewer.ply', {ply: this.ply,
                                                 total: this.total()});
    const move = moveText(annotation, this.kind);
    const kind = kindText(annotation, this.kind);
    this.el.move.textContent =
        t('viewer.move', {side: sideName(annotation.side), move}) +
        (kind ? ` — ${kind}` : '');
    const targets = (annotation.targets ?? []).map(targetText);
    this.el.chased.textContent = targets.length
        ? t('viewer.chased', {targets: targets.join('; ')}) : '';
  }

  // Relabels after a language switch.
  relabel() {
    this.board?.relabel();
    if (this.annotations.length || this.positions.length) this.show(this.ply);
  }
}
