// The xiangqi board as SVG: lines, river (楚河 汉界), palaces, pieces with
// their Chinese characters, and highlights (selected point, legal
// destinations, last move — corner brackets on both its points, check,
// marked points). Every point is focusable: arrow keys move between points,
// Enter or Space activates one. Pieces the page allows (`canDrag`) can also
// be dragged to a point (`onDrop`).
import {pieceName} from './game-labels.js';
import {t, register} from './i18n.js';
import {FILES, RANKS, parseFen, squareName, parseSquare, pieceSide} from './xiangqi-fen.js';

register({
  'board.label': {zh: '象棋棋盘', en: 'Xiangqi board'},
  'board.empty': {zh: '空', en: 'empty'},
  'board.selected': {zh: '已选中', en: 'selected'},
  'board.destination': {zh: '可走', en: 'legal destination'},
  'board.check': {zh: '被将军', en: 'in check'},
  'board.lastMove': {zh: '上一步', en: 'last move'},
});

const SVG_NS = 'http://www.w3.org/2000/svg';
const CELL = 60;
const MARGIN = 52;
const WIDTH = (FILES - 1) * CELL + 2 * MARGIN;
const HEIGHT = (RANKS - 1) * CELL + 2 * MARGIN;
const PIECE_RADIUS = 26;

const PIECE_CHARS = {
  K: '帅',
  A: '仕',
  B: '相',
  N: '马',
  R: '车',
  C: '炮',
  P: '兵',
  k: '将',
  a: '士',
  b: '象',
  n: '马',
  r: '车',
  c: '炮',
  p: '卒',
};
const RED_FILE_NUMBERS = ['九', '八', '七', '六', '五', '四', '三', '二', '一'];
// Where cannons and soldiers start: small corner marks on the lines.
const MARKED_POINTS = [
  'b2', 'h2', 'b7', 'h7', 'a3', 'c3', 'e3', 'g3', 'i3', 'a6', 'c6', 'e6', 'g6',
  'i6'
];

function svg(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    el.setAttribute(name, value);
  }
  parent?.appendChild(el);
  return el;
}

// Pointer travel (CSS pixels) that turns a press on a piece into a drag.
const DRAG_THRESHOLD = 6;

export class XiangqiBoard {
  // `onActivate(square)`: a point was clicked, tapped, or chosen with
  // Enter/Space. `canDrag(square, letter)`: whether the piece there may be
  // dragged now; `onDrop(from, to)`: it was dropped on `to` (null: off the board).
  constructor(container, {onActivate = null, canDrag = null,
                          onDrop = null} = {}) {
    this.onActivate = onActivate;
    this.canDrag = canDrag;
    this.onDrop = onDrop;
    this.drag = null;
    this.suppressClick = false;
    this.flipped = false;
    this.board = parseFen('').board;
    this.highlights = {};
    this.focusSquare = 'e0';
    // The ICCS files (a–i) and ranks (0–9) along the edges, when asked for.
    this.coordinates = false;
    this.linesDrawn = null;
    this.root = svg('svg', {
      'viewBox': `0 0 ${WIDTH} ${HEIGHT}`,
      'class': 'xiangqi-board',
      'role': 'group',
    });
    this.linesLayer =
        svg('g', {'class': 'board-lines', 'aria-hidden': 'true'}, this.root);
    this.pointsLayer = svg('g', {'class': 'board-points'}, this.root);
    this.points = new Map();
    for (let rank = RANKS - 1; rank >= 0; rank--) {
      for (let file = 0; file < FILES; file++) {
        this.createPoint(squareName(file, rank));
      }
    }
    // The piece being dragged, above everything.
    this.dragLayer = svg('g', {'class': 'drag-layer', 'aria-hidden': 'true'},
                         this.root);
    this.root.addEventListener('keydown', (event) => this.onKey(event));
    this.root.addEventListener('pointerdown', (event) => this.onPress(event));
    this.root.addEventListener('pointermove', (event) => this.onDragMove(event));
    this.root.addEventListener('pointerup', (event) => this.onRelease(event));
    this.root.addEventListener('pointercancel', () => this.endDrag());
    container.replaceChildren(this.root);
    this.draw();
  }

  // Screen position of a square's point (flipped: black at the bottom).
  xy(square) {
    const {file, rank} = parseSquare(square);
    const column = this.flipped ? FILES - 1 - file : file;
    const row = this.flipped ? rank : RANKS - 1 - rank;
    return [MARGIN + column * CELL, MARGIN + row * CELL];
  }

  createPoint(square) {
    const group =
        svg('g', {
          'class': 'point',
          'tabindex': '-1',
          'role': 'button',
          'data-square': square
        },
            this.pointsLayer);
    svg('circle', {'class': 'hit', 'r': CELL / 2}, group);
    svg('circle', {'class': 'last-marker', 'r': PIECE_RADIUS + 3}, group);
    const marks = svg('g', {'class': 'marks'}, group);
    const piece = svg('g', {'class': 'piece'}, group);
    svg('circle', {'class': 'piece-disc', 'r': PIECE_RADIUS}, piece);
    svg('circle', {'class': 'piece-rim', 'r': PIECE_RADIUS - 4}, piece);
    const text =
        svg('text', {
          'class': 'piece-char',
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
          'y': 1
        },
            piece);
    // The last move: corner brackets around both its points, over the piece.
    const corners = svg('g', {'class': 'last-corners'}, group);
    const near = PIECE_RADIUS - 2;
    const far = PIECE_RADIUS + 5;
    for (const dx of [-1, 1]) {
      for (const dy of [-1, 1]) {
        svg('polyline', {
          'points': `${dx * far},${dy * near} ${dx * far},${dy * far} ` +
              `${dx * near},${dy * far}`,
        }, corners);
      }
    }
    svg('circle', {'class': 'dest-dot', 'r': 8}, group);
    svg('circle', {'class': 'dest-ring', 'r': PIECE_RADIUS + 2}, group);
    svg('circle', {'class': 'focus-ring', 'r': PIECE_RADIUS + 5}, group);
    group.addEventListener('click', () => {
      if (this.suppressClick) return;  // the end of a drag, not a click
      this.setFocus(square, false);
      this.onActivate?.(square);
    });
    this.points.set(square, {group, marks, piece, text});
  }

  drawLines() {
    const layer = this.linesLayer;
    layer.replaceChildren();
    const left = MARGIN;
    const right = MARGIN + (FILES - 1) * CELL;
    const top = MARGIN;
    const bottom = MARGIN + (RANKS - 1) * CELL;
    const riverTop = MARGIN + 4 * CELL;
    const riverBottom = MARGIN + 5 * CELL;
    svg('rect', {
      'class': 'board-wood',
      'x': 0,
      'y': 0,
      'width': WIDTH,
      'height': HEIGHT,
      'rx': 10
    },
        layer);
    svg('rect', {
      'class': 'board-frame',
      'x': left - 7,
      'y': top - 7,
      'width': right - left + 14,
      'height': bottom - top + 14
    },
        layer);
    for (let row = 0; row < RANKS; row++) {
      const y = MARGIN + row * CELL;
      svg('line', {'x1': left, 'y1': y, 'x2': right, 'y2': y}, layer);
    }
    for (let column = 0; column < FILES; column++) {
      const x = MARGIN + column * CELL;
      if (column === 0 || column === FILES - 1) {
        svg('line', {'x1': x, 'y1': top, 'x2': x, 'y2': bottom}, layer);
      } else {  // inner files stop at the river
        svg('line', {'x1': x, 'y1': top, 'x2': x, 'y2': riverTop}, layer);
        svg('line', {'x1': x, 'y1': riverBottom, 'x2': x, 'y2': bottom}, layer);
      }
    }
    // Palace diagonals: files d..f, ranks 0..2 and 7..9.
    for (const [low, high] of [[0, 2], [7, 9]]) {
      const [x1, y1] = this.xy(squareName(3, low));
      const [x2, y2] = this.xy(squareName(5, high));
      svg('line', {'x1': x1, 'y1': y1, 'x2': x2, 'y2': y2}, layer);
      svg('line', {'x1': x2, 'y1': y1, 'x2': x1, 'y2': y2}, layer);
    }
    for (const square of MARKED_POINTS) this.drawPointMark(square, layer);
    const riverY = (riverTop + riverBottom) / 2;
    for (const [text, x] of [
             ['楚 河', left + 2 * CELL], ['汉 界', right - 2 * CELL]]) {
      const label =
          svg('text', {
            'class': 'river-text',
            'x': x,
            'y': riverY,
            'text-anchor': 'middle',
            'dominant-baseline': 'central'
          },
              layer);
      label.textContent = text;
    }
    // File numbers: red's in Chinese numerals on red's side, black's in digits.
    for (let file = 0; file < FILES; file++) {
      const [x] = this.xy(squareName(file, 0));
      const redY = this.flipped ? MARGIN / 2 - 8 : HEIGHT - MARGIN / 2 + 8;
      const blackY = this.flipped ? HEIGHT - MARGIN / 2 + 8 : MARGIN / 2 - 8;
      svg('text', {
        'class': 'file-number',
        'x': x,
        'y': redY,
        'text-anchor': 'middle',
        'dominant-baseline': 'central'
      },
          layer)
          .textContent = RED_FILE_NUMBERS[file];
      svg('text', {
        'class': 'file-number',
        'x': x,
        'y': blackY,
        'text-anchor': 'middle',
        'dominant-baseline': 'central'
      },
          layer)
          .textContent = String(file + 1);
    }
    if (this.coordinates) this.drawCoordinates(layer);
  }

  // Files a–i beside the bottom file numbers, ranks 0–9 down the left edge.
  drawCoordinates(layer) {
    const group = svg('g', {'class': 'coordinates'}, layer);
    for (let file = 0; file < FILES; file++) {
      const [x] = this.xy(squareName(file, 0));
      const label = svg('text', {
        'class': 'coord-label',
        'x': x + 15,
        'y': HEIGHT - MARGIN / 2 + 8,
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
      }, group);
      label.textContent = String.fromCharCode(97 + file);
    }
    for (let rank = 0; rank < RANKS; rank++) {
      const [, y] = this.xy(squareName(0, rank));
      const label = svg('text', {
        'class': 'coord-label',
        'x': 12,
        'y': y,
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
      }, group);
      label.textContent = String(rank);
    }
  }

  drawPointMark(square, layer) {
    const [x, y] = this.xy(square);
    const gap = 5;
    const length = 11;
    for (const dx of [-1, 1]) {
      if ((x === MARGIN && dx < 0) ||
          (x === MARGIN + (FILES - 1) * CELL && dx > 0))
        continue;
      for (const dy of [-1, 1]) {
        const points = [
          [x + dx * gap, y + dy * (gap + length)], [x + dx * gap, y + dy * gap],
          [x + dx * (gap + length), y + dy * gap]
        ];
        svg('polyline', {
          'points': points.map((p) => p.join(',')).join(' '),
          'class': 'point-mark'
        },
            layer);
      }
    }
  }

  draw() {
    const lines = `${this.flipped} ${this.coordinates}`;
    if (this.linesDrawn !== lines) {
      this.linesDrawn = lines;
      this.drawLines();
    }
    const {
      selected = '',
      destinations = [],
      lastMove = '',
      check = '',
      marks = []
    } = this.highlights;
    const destinationSet = new Set(destinations);
    const lastFrom = lastMove ? lastMove.slice(0, 2) : '';
    const lastTo = lastMove ? lastMove.slice(2, 4) : '';
    this.root.setAttribute('aria-label', t('board.label'));
    for (const [square, point] of this.points) {
      const {file, rank} = parseSquare(square);
      const letter = this.board[rank][file];
      const [x, y] = this.xy(square);
      point.group.setAttribute('transform', `translate(${x} ${y})`);
      point.group.setAttribute(
          'tabindex', square === this.focusSquare ? '0' : '-1');
      const classes = ['point'];
      if (letter) classes.push('occupied', `piece-${pieceSide(letter)}`);
      if (square === selected) classes.push('selected');
      if (destinationSet.has(square)) classes.push('destination');
      if (square === lastFrom) classes.push('last-from');
      if (square === lastTo) classes.push('last-to');
      if (square === check) classes.push('check');
      if (letter && this.canDrag?.(square, letter)) classes.push('draggable');
      if (this.drag?.moved && this.drag.square === square) {
        classes.push('drag-source');
      }
      point.group.setAttribute('class', classes.join(' '));
      point.text.textContent = letter ? PIECE_CHARS[letter] ?? '?' : '';
      point.piece.style.display = letter ? '' : 'none';
      if (letter) {
        point.group.dataset.piece = letter;
      } else {
        delete point.group.dataset.piece;
      }
      point.marks.replaceChildren();
      const ownMarks = marks.filter((mark) => mark.square === square);
      ownMarks.forEach((mark, index) => {
        svg('circle', {
          'class': `mark mark-${mark.cls}`,
          'r': PIECE_RADIUS + 6 - index * 5
        },
            point.marks);
        point.group.classList.add(`mark-${mark.cls}`);
      });
      const state = [];
      if (square === selected) state.push(t('board.selected'));
      if (destinationSet.has(square)) state.push(t('board.destination'));
      if (square === check) state.push(t('board.check'));
      if (square === lastFrom || square === lastTo) {
        state.push(t('board.lastMove'));
      }
      const what = letter ? pieceName(letter) : t('board.empty');
      point.group.setAttribute(
          'aria-label', [square, what, ...state].join(', '));
    }
  }

  // The position to show: a board array (see xiangqi-fen.js) or a FEN.
  setPosition(boardOrFen) {
    this.board = typeof boardOrFen === 'string' ? parseFen(boardOrFen).board :
                                                  boardOrFen;
    this.draw();
  }

  // Shows (or hides) the files and ranks along the edges.
  setCoordinates(on) {
    this.coordinates = Boolean(on);
    this.draw();
  }

  // Black at the bottom when `flipped`.
  setFlipped(flipped) {
    this.flipped = Boolean(flipped);
    this.draw();
  }

  // {selected, destinations: [], lastMove: 'h2e2', check: 'e0',
  //  marks: [{square, cls}]}; each mark adds a ring with class mark-CLS.
  setHighlights(highlights) {
    this.highlights = highlights;
    this.draw();
  }

  // Relabels the points after a language switch.
  relabel() {
    this.draw();
  }

  // The square under a pointer at (clientX, clientY), or null off the board.
  squareAt(clientX, clientY) {
    const at = this.svgPoint(clientX, clientY);
    const column = Math.round((at.x - MARGIN) / CELL);
    const row = Math.round((at.y - MARGIN) / CELL);
    if (column < 0 || column >= FILES || row < 0 || row >= RANKS) return null;
    const file = this.flipped ? FILES - 1 - column : column;
    const rank = this.flipped ? row : RANKS - 1 - row;
    return squareName(file, rank);
  }

  svgPoint(clientX, clientY) {
    const matrix = this.root.getScreenCTM();
    return new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  }

  // A press on a piece that may be dragged: a drag once it moves far enough
  // (a press that does not move stays a click).
  onPress(event) {
    if (event.button !== 0 || !this.canDrag) return;
    const square = event.target.closest?.('.point')?.dataset.square;
    if (!square) return;
    const {file, rank} = parseSquare(square);
    const letter = this.board[rank][file];
    if (!letter || !this.canDrag(square, letter)) return;
    this.drag = {square, pointerId: event.pointerId, x: event.clientX,
                 y: event.clientY, moved: false, ghost: null};
  }

  onDragMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (!drag.moved) {
      const distance = Math.hypot(event.clientX - drag.x, event.clientY - drag.y);
      if (distance < DRAG_THRESHOLD) return;
      drag.moved = true;
      this.root.setPointerCapture?.(event.pointerId);
      const point = this.points.get(drag.square);
      const {file, rank} = parseSquare(drag.square);
      const letter = this.board[rank][file];
      drag.ghost = svg('g', {
        'class': `drag-ghost piece-${pieceSide(letter)}`,
        'data-from': drag.square,
      }, this.dragLayer);
      drag.ghost.appendChild(point.piece.cloneNode(true));
      this.root.classList.add('dragging');
      this.draw();
    }
    event.preventDefault();
    const at = this.svgPoint(event.clientX, event.clientY);
    drag.ghost.setAttribute('transform', `translate(${at.x} ${at.y})`);
    const over = this.squareAt(event.clientX, event.clientY);
    for (const [name, point] of this.points) {
      point.group.classList.toggle('drag-over', name === over);
    }
  }

  onRelease(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (!drag.moved) {  // a click: the point's click handler takes it
      this.drag = null;
      return;
    }
    const to = this.squareAt(event.clientX, event.clientY);
    this.endDrag();
    // The click that may follow the release belongs to the drag.
    this.suppressClick = true;
    setTimeout(() => {
      this.suppressClick = false;
    }, 0);
    this.onDrop?.(drag.square, to);
  }

  endDrag() {
    if (!this.drag) return;
    const moved = this.drag.moved;
    this.drag.ghost?.remove();
    this.drag = null;
    this.root.classList.remove('dragging');
    for (const point of this.points.values()) {
      point.group.classList.remove('drag-over');
    }
    if (moved) this.draw();
  }

  setFocus(square, moveFocus = true) {
    this.focusSquare = square;
    for (const [name, point] of this.points) {
      point.group.setAttribute('tabindex', name === square ? '0' : '-1');
    }
    if (moveFocus) this.points.get(square)?.group.focus();
  }

  onKey(event) {
    const square = event.target.closest?.('.point')?.dataset.square;
    if (!square) return;
    const steps = {
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0]
    };
    if (event.key in steps) {
      event.preventDefault();
      let [dx, dy] = steps[event.key];
      if (this.flipped) [dx, dy] = [-dx, -dy];  // arrows follow the screen
      const {file, rank} = parseSquare(square);
      const nextFile = Math.min(FILES - 1, Math.max(0, file + dx));
      const nextRank = Math.min(RANKS - 1, Math.max(0, rank + dy));
      this.setFocus(squareName(nextFile, nextRank));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.onActivate?.(square);
    }
  }
}
