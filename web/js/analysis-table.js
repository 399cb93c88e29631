// Every move's classification (MoveAnnotation) in a table: xiangqi moves
// with check / mate threat / chase (and the chased pieces) / idle and
// captures; gomoku actions with black's forbidden kinds. A click on a row
// (or its ply button, for the keyboard) steps the board to that move.

import {pieceName, sideName} from './game-labels.js';
import {forbiddenKindKey} from './gomoku-board.js';
import {actionText} from './gomoku-record.js';
import {register, t} from './i18n.js';

register({
  'table.ply': {zh: '步', en: 'Ply'},
  'table.side': {zh: '方', en: 'Side'},
  'table.move': {zh: '着法', en: 'Move'},
  'table.kind': {zh: '性质', en: 'Classification'},
  'table.targets': {zh: '被捉子', en: 'Chased pieces'},
  'table.captured': {zh: '吃子', en: 'Captures'},
  'table.forbidden': {zh: '禁手', en: 'Forbidden'},
  'table.goto': {zh: '看第{ply}步', en: 'Show ply {ply}'},
  'table.target': {
    zh: '{piece}（{square}），被{attacker}（{from}）捉',
    en: '{piece} on {square}, by the {attacker} on {from}',
  },
  'table.protected': {zh: '有根', en: 'protected'},
  'table.inCycle': {zh: '循环中', en: 'in the cycle'},
  'table.deciding': {zh: '判定着', en: 'deciding move'},
  'table.none': {zh: '—', en: '—'},
});

function cell(tag, text = '', className = '') {
  const el = document.createElement(tag);
  el.textContent = text;
  if (className) el.className = className;
  return el;
}

// "车（c7），被车（c2）捉" for one XiangqiChaseTarget.
export function targetText(target) {
  const text = t('table.target', {
    piece: pieceName(target.piece), square: target.square,
    attacker: pieceName(target.attacker), from: target.attackerSquare,
  });
  return target.targetProtected ? `${text} (${t('table.protected')})` : text;
}

// The move of one annotation: the requested notation beside ICCS, or a
// gomoku action in words.
export function moveText(annotation, game) {
  if (game === 'gomoku') return actionText(annotation.move);
  return annotation.display ? `${annotation.display} (${annotation.move})`
                            : annotation.move;
}

// The classification of one annotation in words.
export function kindText(annotation, game) {
  if (game === 'gomoku') {
    const key = forbiddenKindKey(annotation.forbidden);
    return key ? t(`gomoku.forbidden.${key}`) : '';
  }
  return annotation.kind ? t(`kind.${annotation.kind}`) : '';
}

// Builds the table into `host`. `onSelect(ply)` when a row's button is
// used. `cycle`: {first, last} plies of a repetition cycle, or null;
// `decidedAt`: the deciding ply (0: none).
export function renderTable(host, annotations, {game, onSelect, cycle,
                                                 decidedAt}) {
  host.replaceChildren();
  const table = document.createElement('table');
  table.className = `annotations ${game}`;
  const head = document.createElement('thead');
  const headRow = document.createElement('tr');
  const columns = game === 'gomoku'
      ? ['table.ply', 'table.side', 'table.move', 'table.forbidden']
      : ['table.ply', 'table.side', 'table.move', 'table.kind',
         'table.targets', 'table.captured'];
  for (const key of columns) {
    const th = cell('th', t(key));
    th.scope = 'col';
    headRow.append(th);
  }
  head.append(headRow);
  const body = document.createElement('tbody');
  for (const a of annotations) {
    const row = document.createElement('tr');
    row.dataset.ply = a.ply;
    if (a.kind) row.dataset.kind = a.kind;
    const inCycle = cycle && a.ply >= cycle.first && a.ply <= cycle.last;
    row.classList.toggle('in-cycle', Boolean(inCycle));
    row.classList.toggle('deciding', a.ply === decidedAt);
    const plyCell = document.createElement('td');
    const go = cell('button', String(a.ply), 'goto');
    go.type = 'button';
    go.setAttribute('aria-label', t('table.goto', {ply: a.ply}));
    // A click anywhere on the row (the button included) shows its ply.
    row.addEventListener('click', () => onSelect(a.ply));
    plyCell.append(go);
    row.append(plyCell, cell('td', sideName(a.side), 'side'));
    row.append(cell('td', moveText(a, game), 'move'));
    if (game === 'gomoku') {
      const key = forbiddenKindKey(a.forbidden);
      const name = key ? t(`gomoku.forbidden.${key}`) : '';
      const short = key ? t(`gomoku.forbidden.short.${key}`) : '';
      const forbidden = cell('td', key ? `${name} (${short})` : '',
                             'forbidden');
      if (key) forbidden.dataset.kind = key;
      row.append(forbidden);
    } else {
      const notes = [];
      if (inCycle) notes.push(t('table.inCycle'));
      if (a.ply === decidedAt) notes.push(t('table.deciding'));
      const kind = cell('td', kindText(a, game), 'kind');
      if (notes.length) kind.append(cell('small', ` · ${notes.join(' · ')}`));
      row.append(kind);
      const targets = document.createElement('td');
      targets.className = 'targets';
      for (const target of a.targets ?? []) {
        targets.append(cell('div', targetText(target), 'target'));
      }
      row.append(targets);
      row.append(cell('td', a.captured ? pieceName(a.captured) : '',
                      'captured'));
    }
    body.append(row);
  }
  table.append(head, body);
  host.append(table);
}

// Marks the row of `ply` as the current one (0: none) and scrolls the
// table (not the page) to show it.
export function markCurrentRow(host, ply) {
  for (const row of host.querySelectorAll('tbody tr')) {
    const current = Number(row.dataset.ply) === ply;
    row.classList.toggle('current', current);
    if (current) {
      row.setAttribute('aria-current', 'step');
      scrollWithin(host, row);
    } else {
      row.removeAttribute('aria-current');
    }
  }
}

function scrollWithin(box, row) {
  const view = box.getBoundingClientRect();
  const top = view.top + (box.querySelector('thead')?.offsetHeight ?? 0);
  const place = row.getBoundingClientRect();
  if (place.top < top) {
    box.scrollTop -= top - place.top;
  } else if (place.bottom > view.bottom) {
    box.scrollTop += place.bottom - view.bottom;
  }
}
