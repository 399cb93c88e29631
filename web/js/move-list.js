// The move list of a xiangqi game, one row per round, in the notation the
// reader picks (中文 / WXF / ICCS; the texts come from the server). With
// `onSelect`, every move is a button that shows the position after it.
import {register, t, onChange} from './i18n.js';
import {MoveTexts} from './notation.js';
import {parseFen} from './xiangqi-fen.js';

register({
  'moves.title': {zh: '着法', en: 'Moves'},
  'moves.notation': {zh: '记谱方式', en: 'Notation'},
  'moves.chinese': {zh: '中文', en: 'Chinese'},
  'moves.wxf': {zh: 'WXF', en: 'WXF'},
  'moves.iccs': {zh: 'ICCS', en: 'ICCS'},
  'moves.none': {zh: '尚无着法', en: 'No moves yet'},
  'moves.show': {zh: '查看第{ply}步后的局面', en: 'Show the position after ply {ply}'},
  'moves.loadFailed': {
    zh: '无法取得着法文字：{message}',
    en: 'Could not get the move texts: {message}'
  },
});

const STORAGE_KEY = 'caipan.notation';

export class MoveList {
  // `listEl`: an <ol>; `switchEl`: a container for the notation buttons;
  // `onError(message)` shows a failed request; `onSelect(ply)`: a move was
  // picked (its button clicked).
  constructor(listEl, switchEl, {onError = null, onSelect = null} = {}) {
    this.listEl = listEl;
    this.switchEl = switchEl;
    this.onError = onError;
    this.onSelect = onSelect;
    this.current = null;  // the ply shown on the board when not the last
    this.notation = localStorage.getItem(STORAGE_KEY) || 'chinese';
    this.moves = [];
    this.texts = new MoveTexts();
    this.startFen = '';
    this.firstSide = 'red';
    this.listeners = new Set();
    this.buildSwitch();
    onChange(() => this.render());
  }

  buildSwitch() {
    this.switchEl.replaceChildren();
    this.switchEl.setAttribute('role', 'group');
    this.switchEl.classList.add('segmented');
    this.buttons = {};
    for (const notation of ['chinese', 'wxf', 'iccs']) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.notation = notation;
      button.dataset.i18n = `moves.${notation}`;
      button.textContent = t(`moves.${notation}`);
      button.addEventListener('click', () => this.setNotation(notation));
      this.switchEl.appendChild(button);
      this.buttons[notation] = button;
    }
    this.switchEl.dataset.i18nAria = 'moves.notation';
    this.switchEl.setAttribute('aria-label', t('moves.notation'));
    this.updateSwitch();
  }

  updateSwitch() {
    for (const [notation, button] of Object.entries(this.buttons)) {
      button.setAttribute('aria-pressed', String(notation === this.notation));
    }
  }

  // Calls `listener(notation)` after the reader picks another notation.
  onNotationChange(listener) {
    this.listeners.add(listener);
  }

  setNotation(notation) {
    this.notation = notation;
    localStorage.setItem(STORAGE_KEY, notation);
    this.updateSwitch();
    for (const listener of this.listeners) listener(notation);
    this.show(this.moves);
  }

  // The game whose moves are listed (resets the texts for another start).
  setGame(startFen, rules = {}) {
    if (startFen === this.startFen && this.texts.startFen === startFen) return;
    this.startFen = startFen;
    this.texts = new MoveTexts(startFen, rules);
    this.firstSide = parseFen(startFen).sideToMove;
  }

  // Shows `moves` (ICCS) at once with the texts known, then fetches the rest.
  async show(moves) {
    this.moves = moves.slice();
    this.render();
    const notation = this.notation;
    try {
      await this.texts.load(this.moves, notation);
    } catch (error) {
      this.onError?.(t('moves.loadFailed', {message: error.message}));
      return;
    }
    if (notation === this.notation) this.render();
  }

  // Marks the move whose position the board shows (null: the last one,
  // not marked).
  setCurrent(ply) {
    if (ply === this.current) return;
    this.current = ply;
    this.render();
  }

  // The text of the move at `ply` in the current notation (ICCS when not
  // known yet).
  text(ply) {
    return this.texts.cached(ply, this.notation, this.moves) ||
        this.moves[ply - 1] || '';
  }

  render() {
    const list = this.listEl;
    // A reader stepping through the list keeps the focus in it.
    const hadFocus = list.contains(document.activeElement);
    list.replaceChildren();
    if (!this.moves.length) {
      const empty = document.createElement('li');
      empty.className = 'move-empty';
      empty.textContent = t('moves.none');
      list.appendChild(empty);
      return;
    }
    // A start with black to move leaves red's half of round 1 empty.
    const offset = this.firstSide === 'black' ? 1 : 0;
    const total = this.moves.length + offset;
    let currentCell = null;
    for (let slot = 0; slot < total; slot += 2) {
      const row = document.createElement('li');
      row.className = 'move-round';
      const number = document.createElement('span');
      number.className = 'move-number';
      number.textContent = `${slot / 2 + 1}.`;
      row.appendChild(number);
      for (const half of [slot, slot + 1]) {
        const ply = half - offset + 1;
        const played = ply >= 1 && ply <= this.moves.length;
        const cell = document.createElement(
            played && this.onSelect ? 'button' : 'span');
        cell.className = 'move-text';
        if (played) {
          cell.textContent = this.text(ply);
          cell.dataset.ply = String(ply);
          if (ply === this.moves.length) cell.classList.add('move-last');
          if (this.onSelect) {
            cell.type = 'button';
            cell.setAttribute('aria-label',
                              `${cell.textContent}: ${t('moves.show', {ply})}`);
            cell.addEventListener('click', () => this.onSelect(ply));
          }
          if (ply === this.current) {
            cell.classList.add('move-current');
            cell.setAttribute('aria-current', 'step');
            currentCell = cell;
          }
        } else if (half < total) {
          cell.textContent = '…';
        }
        row.appendChild(cell);
      }
      list.appendChild(row);
    }
    if (hadFocus && !list.contains(document.activeElement)) {
      (currentCell ?? list).focus({preventScroll: true});
    }
    if (currentCell) {  // keep the shown move in view, else the newest
      const top = currentCell.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 24) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    } else {
      list.scrollTop = list.scrollHeight;
    }
  }
}
