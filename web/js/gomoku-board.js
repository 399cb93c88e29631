// A 15×15 gomoku board drawn in SVG. Points are named as the server names
// them: columns a–o from left to right, rows 1–15 from bottom to top ("h8"
// is the centre). Every point is a focusable button (one tab stop; arrow
// keys move between points, Enter/Space selects).

import {register, t} from './i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const BOARD_SIZE = 15;
const COLUMNS = 'abcdefghijklmno';
const CELL = 40;
const MARGIN = 56;
const EXTENT = MARGIN * 2 + CELL * (BOARD_SIZE - 1);
const STAR_POINTS = ['d4', 'l4', 'h8', 'd12', 'l12'];

register({
  'gomoku.board.label': {zh: '五子棋棋盘', en: 'Gomoku board'},
  'gomoku.point.empty': {zh: '{point}，空', en: '{point}, empty'},
  'gomoku.point.stone': {
    zh: '{point}，{colour}第{number}手',
    en: '{point}, {colour} move {number}',
  },
  'gomoku.point.last': {zh: '（最后一手）', en: ' (last move)'},
  'gomoku.point.forbidden': {
    zh: '{point}，黑方禁手：{kind}',
    en: '{point}, forbidden for black: {kind}',
  },
  'gomoku.point.mark': {zh: '{point}，{mark}', en: '{point}, {mark}'},
  'gomoku.colour.black': {zh: '黑方', en: 'black'},
  'gomoku.colour.white': {zh: '白方', en: 'white'},
  'gomoku.forbidden.DOUBLE_THREE': {zh: '三三禁手', en: 'double-three'},
  'gomoku.forbidden.DOUBLE_FOUR': {zh: '四四禁手', en: 'double-four'},
  'gomoku.forbidden.OVERLINE': {zh: '长连禁手', en: 'overline'},
  'gomoku.forbidden.short.DOUBLE_THREE': {zh: '33', en: '33'},
  'gomoku.forbidden.short.DOUBLE_FOUR': {zh: '44', en: '44'},
  'gomoku.forbidden.short.OVERLINE': {zh: '长连', en: '6+'},
});

// "h8" → {col: 7, row: 8} (row 1–15); null when it is not a board point.
export function parsePoint(text) {
  const match = /^([a-o])([1-9]|1[0-5])$/.exec(String(text).toLowerCase());
  if (!match) return null;
  return {col: COLUMNS.indexOf(match[1]), row: Number(match[2])};
}

// {col: 7, row: 8} → "h8".
export function pointName(col, row) {
  return `${COLUMNS[col]}${row}`;
}

// The short kind of a ForbiddenKind enum name ("FORBIDDEN_KIND_DOUBLE_THREE"
// → "DOUBLE_THREE"); null for none.
export function forbiddenKindKey(kind) {
  const key = String(kind ?? '').replace(/^FORBIDDEN_KIND_/, '');
  return ['DOUBLE_THREE', 'DOUBLE_FOUR', 'OVERLINE'].includes(key) ? key
                                                                    : null;
}

function svg(tag, attributes = {}, parent = null) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) {
    el.setAttribute(name, String(value));
  }
  parent?.appendChild(el);
  return el;
}

function xOf(col) {
  return MARGIN + col * CELL;
}

function yOf(row) {
  return MARGIN + (BOARD_SIZE - row) * CELL;
}

export class GomokuBoard {
  // `host`: the element the SVG goes in. `onActivate(point)` is called when
  // a point is clicked or selected by keyboard while the board is
  // interactive.
  constructor(host, {onActivate = null} = {}) {
    this.onActivate = onActivate;
    this.state = {stones: [], last: null, forbidden: [], marks: [],
                  hints: [], interactive: false};
    this.focused = 'h8';
    this.root = svg('svg', {
      'viewBox': `0 0 ${EXTENT} ${EXTENT}`,
      'class': 'gomoku-board',
      'role': 'group',
    });
    this.drawGrid();
    this.layers = {
      hints: svg('g', {'class': 'hints'}, this.root),
      stones: svg('g', {'class': 'stones'}, this.root),
      marks: svg('g', {'class': 'marks'}, this.root),
      focus: svg('g', {'class': 'focus-layer'}, this.root),
      points: svg('g', {'class': 'points'}, this.root),
    };
    this.focusRing = svg('rect', {
      'class': 'focus-ring', 'width': CELL - 4, 'height': CELL - 4,
      'rx': 6, 'visibility': 'hidden',
    }, this.layers.focus);
    this.pointEls = new Map();
    this.drawPoints();
    host.appendChild(this.root);
    this.relabel();
  }

  drawGrid() {
    const grid = svg('g', {'class': 'grid', 'aria-hidden': 'true'},
                     this.root);
    svg('rect', {'class': 'wood', 'x': 0, 'y': 0, 'width': EXTENT,
                 'height': EXTENT, 'rx': 8}, grid);
    const low = MARGIN;
    const high = MARGIN + CELL * (BOARD_SIZE - 1);
    for (let i = 0; i < BOARD_SIZE; ++i) {
      const at = MARGIN + i * CELL;
      svg('line', {'x1': low, 'y1': at, 'x2': high, 'y2': at}, grid);
      svg('line', {'x1': at, 'y1': low, 'x2': at, 'y2': high}, grid);
    }
    svg('rect', {'class': 'edge', 'x': low, 'y': low, 'width': high - low,
                 'height': high - low, 'fill': 'none'}, grid);
    for (const name of STAR_POINTS) {
      const p = parsePoint(name);
      svg('circle', {'class': 'star', 'cx': xOf(p.col), 'cy': yOf(p.row),
                     'r': 4}, grid);
    }
    for (let col = 0; col < BOARD_SIZE; ++col) {
      for (const y of [MARGIN / 2, EXTENT - MARGIN / 2]) {
        const label = svg('text', {'class': 'coord', 'x': xOf(col), 'y': y},
                          grid);
        label.textContent = COLUMNS[col];
      }
    }
    for (let row = 1; row <= BOARD_SIZE; ++row) {
      for (const x of [MARGIN / 2, EXTENT - MARGIN / 2]) {
        const label = svg('text', {'class': 'coord', 'x': x, 'y': yOf(row)},
                          grid);
        label.textContent = String(row);
      }
    }
  }

  // One transparent focusable square per point, on top of everything.
  drawPoints() {
    for (let row = BOARD_SIZE; row >= 1; --row) {
      for (let col = 0; col < BOARD_SIZE; ++col) {
        const name = pointName(col, row);
        const el = svg('rect', {
          'class': 'pt', 'x': xOf(col) - CELL / 2, 'y': yOf(row) - CELL / 2,
          'width': CELL, 'height': CELL, 'role': 'button',
          'tabindex': name === this.focused ? 0 : -1, 'data-point': name,
        }, this.layers.points);
        el.addEventListener('click', () => {
          this.moveFocus(name, false);
          this.activate(name);
        });
        el.addEventListener('keydown', (event) => this.onKey(event, name));
        // The ring is for keyboard focus; a click needs none.
        el.addEventListener('focus', () => {
          if (el.matches(':focus-visible')) this.showFocus(name);
        });
        el.addEventListener('blur', () =>
            this.focusRing.setAttribute('visibility', 'hidden'));
        this.pointEls.set(name, el);
      }
    }
  }

  onKey(event, name) {
    const p = parsePoint(name);
    const steps = {
      ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1],
      ArrowDown: [0, -1], Home: [-BOARD_SIZE, 0], End: [BOARD_SIZE, 0],
    };
    if (event.key in steps) {
      const [dc, dr] = steps[event.key];
      const col = Math.min(BOARD_SIZE - 1, Math.max(0, p.col + dc));
      const row = Math.min(BOARD_SIZE, Math.max(1, p.row + dr));
      this.moveFocus(pointName(col, row), true);
      event.preventDefault();
    } else if (event.key === 'Enter' || event.key === ' ') {
      this.activate(name);
      event.preventDefault();
    }
  }

  activate(name) {
    if (this.state.interactive) this.onActivate?.(name);
  }

  // Makes `name` the board's tab stop (the next Tab into the board lands
  // there); with `focusElement`, focuses it now.
  moveFocus(name, focusElement) {
    this.pointEls.get(this.focused)?.setAttribute('tabindex', -1);
    this.focused = name;
    const el = this.pointEls.get(name);
    el.setAttribute('tabindex', 0);
    if (focusElement) el.focus();
  }

  showFocus(name) {
    const p = parsePoint(name);
    this.focusRing.setAttribute('x', xOf(p.col) - CELL / 2 + 2);
    this.focusRing.setAttribute('y', yOf(p.row) - CELL / 2 + 2);
    this.focusRing.setAttribute('visibility', 'visible');
  }

  // Draws the board. `state`:
  //   stones: [{point, colour: 'black'|'white', number}]
  //   last: the last stone's point (marked), or null
  //   forbidden: [{point, kind}] (kind: ForbiddenKind enum name)
  //   marks: [{point, label, style}] (style: 'proposal' | 'pending' |
  //          'refused' — fifth-move candidates, points being chosen, a
  //          refused point)
  //   hints: [point] (points where the next opening stone may go)
  //   interactive: whether clicks are passed on
  render(state) {
    this.state = {...this.state, ...state};
    const {stones, last, forbidden, marks, hints, interactive} = this.state;
    this.root.classList.toggle('interactive', Boolean(interactive));
    for (const layer of ['hints', 'stones', 'marks']) {
      this.layers[layer].replaceChildren();
    }
    for (const name of hints) this.drawHint(name);
    for (const stone of stones) this.drawStone(stone, stone.point === last);
    for (const f of forbidden) this.drawForbidden(f);
    for (const mark of marks) this.drawMark(mark);
    this.relabel();
  }

  drawHint(name) {
    const p = parsePoint(name);
    if (!p) return;
    svg('circle', {'class': 'hint', 'cx': xOf(p.col), 'cy': yOf(p.row),
                   'r': 6}, this.layers.hints);
  }

  drawStone({point, colour, number}, isLast) {
    const p = parsePoint(point);
    if (!p) return;
    const g = svg('g', {'class': `stone ${colour}${isLast ? ' last' : ''}`,
                        'data-point': point}, this.layers.stones);
    svg('circle', {'class': 'body', 'cx': xOf(p.col), 'cy': yOf(p.row),
                   'r': CELL / 2 - 2}, g);
    if (isLast) {
      svg('circle', {'class': 'last-mark', 'cx': xOf(p.col),
                     'cy': yOf(p.row), 'r': CELL / 2 + 1}, g);
    }
    if (number) {
      const text = svg('text', {'x': xOf(p.col), 'y': yOf(p.row)}, g);
      text.textContent = String(number);
      if (number >= 100) text.classList.add('small');
    }
  }

  drawForbidden({point, kind}) {
    const p = parsePoint(point);
    const key = forbiddenKindKey(kind);
    if (!p || !key) return;
    // On a stone (the forbidden move played): a ring, and the kind as a tag
    // beside the move number.
    const onStone = this.state.stones.some((s) => s.point === point);
    const g = svg('g', {'class': `forbidden${onStone ? ' on-stone' : ''}`,
                        'data-point': point, 'data-kind': key},
                  this.layers.marks);
    const x = xOf(p.col);
    const y = yOf(p.row);
    const label = t(`gomoku.forbidden.short.${key}`);
    if (onStone) {
      svg('circle', {'class': 'badge', 'cx': x, 'cy': y, 'r': CELL / 2}, g);
      const width = 8 + 9 * label.length;
      svg('rect', {'class': 'tag', 'x': x + 8, 'y': y - CELL / 2 - 4,
                   'width': width, 'height': 18, 'rx': 4}, g);
      const text = svg('text', {'x': x + 8 + width / 2,
                                'y': y - CELL / 2 + 5}, g);
      text.textContent = label;
      return;
    }
    svg('circle', {'class': 'badge', 'cx': x, 'cy': y, 'r': CELL / 2 - 3}, g);
    const text = svg('text', {'x': x, 'y': y}, g);
    text.textContent = label;
  }

  drawMark({point, label, style}) {
    const p = parsePoint(point);
    if (!p) return;
    const g = svg('g', {'class': `mark ${style}`, 'data-point': point},
                  this.layers.marks);
    svg('circle', {'cx': xOf(p.col), 'cy': yOf(p.row), 'r': CELL / 2 - 3}, g);
    if (label) {
      const text = svg('text', {'x': xOf(p.col), 'y': yOf(p.row)}, g);
      text.textContent = label;
    }
  }

  // Spoken labels of every point, in the current language.
  relabel() {
    this.root.setAttribute('aria-label', t('gomoku.board.label'));
    const labels = new Map();
    for (const name of this.pointEls.keys()) {
      labels.set(name, t('gomoku.point.empty', {point: name}));
    }
    for (const {point, colour, number} of this.state.stones) {
      const colourName = t(`gomoku.colour.${colour}`);
      let text = t('gomoku.point.stone', {point, number, colour: colourName});
      if (point === this.state.last) text += t('gomoku.point.last');
      labels.set(point, text);
    }
    for (const {point, kind} of this.state.forbidden) {
      const key = forbiddenKindKey(kind);
      if (key) {
        labels.set(point, t('gomoku.point.forbidden',
                            {point, kind: t(`gomoku.forbidden.${key}`)}));
      }
    }
    for (const {point, label, description} of this.state.marks) {
      if (description || label) {
        labels.set(point, t('gomoku.point.mark',
                            {point, mark: description || label}));
      }
    }
    for (const [name, text] of labels) {
      this.pointEls.get(name)?.setAttribute('aria-label', text);
    }
  }
}
