// Premoves on the live xiangqi board: while the opponent thinks, the player
// picks a piece and a destination; the move is sent the moment the turn
// comes, if it is legal then (the server's list decides), and dropped with a
// note otherwise. A click anywhere, or Escape, cancels it. A switch turns
// premoves off, remembered in localStorage.
import {register, t} from './i18n.js';

register({
  'premove.on': {zh: '预走：开', en: 'Premove: on'},
  'premove.off': {zh: '预走：关', en: 'Premove: off'},
  'premove.label': {
    zh: '对方思考时预先选好下一步，轮到你时自动走出',
    en: 'Pick your next move while the opponent thinks; it is played when your turn comes',
  },
  'premove.set': {
    zh: '已预走（{move}）：轮到你时自动走出，点棋盘取消',
    en: 'Premove ({move}): played when your turn comes; click the board to cancel',
  },
  'premove.cancelled': {zh: '预走已取消', en: 'Premove cancelled'},
  'premove.dropped': {
    zh: '预走（{move}）此时不合规则，未走出',
    en: 'The premove ({move}) is not legal now and was not played',
  },
});

const STORAGE_KEY = 'caipan.premove';

export class Premove {
  // `button`: the on/off switch (a <button>; may be null).
  constructor(button = null) {
    this.button = button;
    this.enabled = localStorage.getItem(STORAGE_KEY) !== 'off';
    this.from = '';
    this.move = '';
    button?.addEventListener('click', () => this.setEnabled(!this.enabled));
    this.render();
  }

  setEnabled(enabled) {
    this.enabled = Boolean(enabled);
    localStorage.setItem(STORAGE_KEY, this.enabled ? 'on' : 'off');
    if (!this.enabled) this.clear();
    this.render();
  }

  // Labels the switch in the current language.
  render() {
    if (!this.button) return;
    this.button.textContent = t(this.enabled ? 'premove.on' : 'premove.off');
    this.button.setAttribute('aria-pressed', String(this.enabled));
    this.button.title = t('premove.label');
  }

  // Whether a piece is picked or a move is waiting.
  active() {
    return Boolean(this.from || this.move);
  }

  // A click on `square` while it is not the player's turn; `own`: the square
  // holds one of the player's pieces. Returns 'picked', 'set' (this.move is
  // the premove), 'cancelled' or 'ignored'.
  click(square, own) {
    if (!this.enabled) return 'ignored';
    if (this.move) {
      this.clear();
      return 'cancelled';
    }
    if (!this.from) {
      if (!own) return 'ignored';
      this.from = square;
      return 'picked';
    }
    if (square === this.from) {
      this.from = '';
      return 'cancelled';
    }
    if (own) {
      this.from = square;
      return 'picked';
    }
    this.move = this.from + square;
    this.from = '';
    return 'set';
  }

  // The waiting move, taken (it is no longer waiting); '' when none.
  take() {
    const move = this.move;
    this.clear();
    return move;
  }

  clear() {
    this.from = '';
    this.move = '';
  }

  // The board's marks for the picked piece and the waiting move.
  marks() {
    if (this.move) {
      return [{square: this.move.slice(0, 2), cls: 'premove'},
              {square: this.move.slice(2, 4), cls: 'premove'}];
    }
    return this.from ? [{square: this.from, cls: 'premove'}] : [];
  }
}
