// The live gomoku page: plays (or watches) the game named in the link
// (gomoku.html#game=games/ID&token=TOKEN&side=black|white). The game comes
// from GetGame, then WatchGame keeps it current; moves and opening
// decisions go to SubmitMove with their ply. Black's forbidden points come
// from ListMoves on the same record.

import {ApiError, call, watchGame} from './api.js';
import {resultText, reasonText, sideName} from './game-labels.js';
import {parsePoint, GomokuBoard, forbiddenKindKey} from './gomoku-board.js';
import {colourWord, currentColour, foldEvent, playerOfColour}
    from './gomoku-live.js';
import {OpeningPanel} from './gomoku-opening.js';
import {fifthMoveAlternatives, hasForbiddenPoints, hasOpeningProtocol, replay}
    from './gomoku-record.js';
import {apply, onChange, register, t} from './i18n.js';
import {GomokuClocks} from './gomoku-clocks.js';

register({
  'play.title': {zh: '五子棋对局', en: 'Gomoku game'},
  'gomoku.home': {zh: '对局列表', en: 'Games'},
  'gomoku.keys': {
    zh: '方向键在棋盘上移动，回车或空格落子。',
    en: 'Arrow keys move on the board; Enter or Space plays.',
  },
  'play.noGame': {
    zh: '链接中没有对局（应为 gomoku.html#game=games/…&token=…&side=black）。',
    en: 'The link names no game (expected gomoku.html#game=games/…' +
        '&token=…&side=black).',
  },
  'play.notGomoku': {zh: '这不是五子棋对局。', en: 'This is not a gomoku game.'},
  'play.watching': {zh: '观战', en: 'Watching'},
  'play.youAre': {zh: '你执{colour}', en: 'You play {colour}'},
  'play.toAct': {zh: '轮到{who}', en: '{who} to act'},
  'play.yourTurn': {zh: '轮到你（{colour}）', en: 'Your turn ({colour})'},
  'play.over': {zh: '对局结束', en: 'Game over'},
  'play.aborted': {zh: '对局已中止', en: 'Game aborted'},
  'play.connection.live': {zh: '已连接', en: 'Live'},
  'play.connection.reconnecting': {zh: '重新连接中…', en: 'Reconnecting…'},
  'play.connection.ended': {zh: '连接已结束', en: 'Connection ended'},
  'play.connection.loading': {zh: '载入中…', en: 'Loading…'},
  'play.pass': {zh: '弃权（pass）', en: 'Pass'},
  'play.offerDraw': {zh: '提和', en: 'Offer draw'},
  'play.acceptDraw': {zh: '同意和棋', en: 'Accept draw'},
  'play.declineDraw': {zh: '拒绝和棋', en: 'Decline draw'},
  'play.resign': {zh: '认输', en: 'Resign'},
  'play.resignConfirm': {zh: '确认认输', en: 'Confirm resignation'},
  'play.cancel': {zh: '取消', en: 'Cancel'},
  'play.drawOffered': {zh: '{side}提和', en: '{side} offers a draw'},
  'play.drawOfferedByYou': {
    zh: '你已提和，等待对方答复。',
    en: 'You offered a draw; waiting for the answer.',
  },
  'play.showForbidden': {zh: '标出黑方禁手点', en: 'Mark black\'s forbidden points'},
  'play.forbiddenWarning': {
    zh: '{point}是黑方禁手（{kind}），下在此处判负。再点一次仍下此处。',
    en: '{point} is forbidden for black ({kind}): playing it loses. ' +
        'Select it again to play it anyway.',
  },
  'play.refusedForbidden': {
    zh: '禁手：{point}为{kind}，黑方判负。',
    en: 'Forbidden: {point} is a {kind} — black loses.',
  },
  'play.refused': {zh: '着法被拒绝：{reason}', en: 'Move refused: {reason}'},
  'play.serverSays': {zh: '服务器：{text}', en: 'Server: {text}'},
  'play.error': {zh: '出错：{message}（{code}）', en: 'Error: {message} ({code})'},
  'play.moves': {zh: '着法记录', en: 'Moves'},
  'play.noMoves': {zh: '尚无着法', en: 'No moves yet'},
  'play.clockPaused': {zh: '计时暂停', en: 'Clocks paused'},
  'play.forbiddenCount': {
    zh: '黑方禁手点：{count}',
    en: 'Black\'s forbidden points: {count}',
  },
});

const el = (id) => document.getElementById(id);

const link = new URLSearchParams(location.hash.slice(1));
const gameName = link.get('game') ?? '';
const token = link.get('token') ?? '';
const startSide = {black: 'SIDE_BLACK', white: 'SIDE_WHITE'}[
    (link.get('side') ?? '').toLowerCase()] ?? null;

let game = null;
let busy = false;
let forbidden = [];
let hints = [];
let forbiddenFor = -1;  // the ply the forbidden points were asked for
let warnedPoint = null;  // a forbidden point selected once (warned)
let refusedMark = null;  // {point, kind} of the move the server refused
let message = null;  // {text, kind: 'error' | 'refused' | 'info'}
let resignAsked = false;

const board = new GomokuBoard(el('board'), {onActivate: onPoint});
const opening = new OpeningPanel(el('opening'), {
  submit: (text) => submit(text),
  onChange: () => renderBoard(),
});
const clocks = new GomokuClocks(el('clocks'));

function isLive() {
  return game?.status === 'GAME_STATUS_LIVE';
}

function myColour() {
  return token && game ? currentColour(startSide, game.swapped) : null;
}

function myTurn() {
  return isLive() && myColour() !== null && game.sideToAct === myColour();
}

function record() {
  return replay(game?.moves ?? [], hasOpeningProtocol(game?.gomokuRules));
}

function showMessage(text, kind = 'info') {
  message = {text, kind};
  renderMessage();
}

function showError(error) {
  const code = error instanceof ApiError ? error.code : 'internal';
  showMessage(t('play.error', {message: error.message, code}), 'error');
}

// --- Talking to the server --------------------------------------------------

async function submit(move) {
  if (busy || !game) return;
  busy = true;
  warnedPoint = null;
  render();
  try {
    const response = await call('GameService', 'SubmitMove', {
      name: gameName, token, move, ply: (game.ply ?? 0) + 1,
    });
    answerMove(move, response);
  } catch (error) {
    showError(error);
  } finally {
    busy = false;
    render();
  }
}

// Shows the server's answer to a move; an accepted move is folded in at
// once when it is the next event (WatchGame brings it too).
function answerMove(move, response) {
  const check = response.check ?? {};
  const sequence = Number(response.sequence ?? 0);
  if (sequence && sequence === Number(game.lastSequence ?? 0) + 1 &&
      response.game) {
    game = {...response.game, moves: [...(game.moves ?? []), check.move]};
  }
  if (check.legal) {
    message = null;
    refusedMark = null;
    return;
  }
  const point = parsePoint(check.move || move) ? (check.move || move)
                                                : null;
  if (check.rejection === 'MOVE_REJECTION_FORBIDDEN') {
    const kind = forbiddenKindKey(check.gomoku?.forbidden);
    refusedMark = point ? {point, kind} : null;
    showMessage(t('play.refusedForbidden', {
      point: check.move || move,
      kind: kind ? t(`gomoku.forbidden.${kind}`) : '?',
    }) + ' ' + t('play.serverSays', {text: check.reason ?? ''}), 'refused');
  } else {
    refusedMark = point ? {point, kind: null} : null;
    showMessage(t('play.refused', {reason: check.reason ?? ''}), 'refused');
  }
}

async function action(method, extra = {}) {
  if (busy) return;
  busy = true;
  render();
  try {
    const answer = await call('GameService', method,
                              {name: gameName, token, ...extra});
    adoptSnapshot(answer);
  } catch (error) {
    showError(error);
  } finally {
    busy = false;
    render();
  }
}

// A Game from an action's answer replaces ours when it is newer (it holds
// the moves: Resign, OfferDraw and RespondToDrawOffer answer with them).
function adoptSnapshot(snapshot) {
  if (!snapshot?.name) return;
  if (Number(snapshot.lastSequence ?? 0) >= Number(game?.lastSequence ?? 0)) {
    game = {...snapshot, moves: snapshot.moves ?? game?.moves ?? []};
  }
}

// Black's forbidden points (and, in the first three moves, the points the
// opening allows), asked once per ply.
async function refreshPoints() {
  if (!game) return;
  const ply = game.ply ?? 0;
  const rules = game.gomokuRules ?? {};
  const wanted = isLive() && game.sideToAct === 'SIDE_BLACK' &&
                 hasForbiddenPoints(rules);
  const openingStone = isLive() && hasOpeningProtocol(rules) &&
                       record().phase === 'opening';
  if (!wanted && !openingStone) {
    forbidden = [];
    hints = [];
    forbiddenFor = ply;
    return;
  }
  if (forbiddenFor === ply) return;
  forbiddenFor = ply;
  try {
    const answer = await call('AdjudicationService', 'ListMoves', {
      gomoku: {moves: game.moves ?? []}, gomokuRules: rules,
    });
    if ((game.ply ?? 0) !== ply) return;  // a newer move came meanwhile
    forbidden = answer.forbiddenPoints ?? [];
    hints = openingStone ? (answer.moves ?? []).filter((m) => parsePoint(m))
                         : [];
    render();
  } catch (error) {
    forbiddenFor = -1;
    showError(error);
  }
}

function onPoint(point) {
  if (!myTurn() || busy) return;
  if (opening.handlePoint(point)) return;
  const shown = el('show-forbidden').checked;
  const hit = forbidden.find((f) => f.point === point);
  if (hit && shown && warnedPoint !== point) {
    warnedPoint = point;
    const kind = forbiddenKindKey(hit.kind);
    showMessage(t('play.forbiddenWarning',
                  {point, kind: t(`gomoku.forbidden.${kind}`)}), 'warning');
    return;
  }
  submit(point);
}

// --- Drawing ------------------------------------------------------------------

function renderBoard() {
  const r = record();
  const last = r.stones.length ? r.stones[r.stones.length - 1].point : null;
  const marks = [...opening.boardMarks()];
  if (refusedMark && !r.stones.some((s) => s.point === refusedMark.point)) {
    marks.push({point: refusedMark.point, style: 'refused', label: '×'});
  }
  const showForbidden = el('show-forbidden').checked;
  const forbiddenShown = showForbidden ? [...forbidden] : [];
  // The refused forbidden stone keeps its kind on the board.
  if (refusedMark?.kind) {
    forbiddenShown.push({point: refusedMark.point, kind: refusedMark.kind});
  }
  board.render({
    stones: r.stones,
    last,
    forbidden: forbiddenShown.filter(
        (f) => !r.stones.some((s) => s.point === f.point) ||
               f.point === refusedMark?.point),
    marks,
    hints: myTurn() ? hints : [],
    interactive: myTurn() && !busy,
  });
  el('forbidden-count').textContent =
      showForbidden && forbidden.length
          ? t('play.forbiddenCount', {count: forbidden.length}) : '';
}

function playerLabel(colour) {
  const player = game ? playerOfColour(game, colour) : null;
  const name = player?.name ? ` · ${player.name}` : '';
  return `${sideName(colour)}${name}`;
}

function renderStatus() {
  const status = el('status');
  const role = el('role');
  const mine = myColour();
  role.textContent = mine ? t('play.youAre', {colour: sideName(mine)})
                          : t('play.watching');
  for (const colour of ['SIDE_BLACK', 'SIDE_WHITE']) {
    const word = colourWord(colour);
    el(`player-${word}`).textContent = playerLabel(colour);
    el(`seat-${word}`).classList.toggle('to-act',
                                        isLive() && game.sideToAct === colour);
    el(`seat-${word}`).classList.toggle('me', mine === colour);
  }
  if (!game) return;
  if (!isLive()) {
    status.textContent = game.status === 'GAME_STATUS_ABORTED'
        ? t('play.aborted') : t('play.over');
  } else if (myTurn()) {
    status.textContent = t('play.yourTurn', {colour: sideName(mine)});
  } else {
    status.textContent = t('play.toAct', {who: playerLabel(game.sideToAct)});
  }
}

function renderBanner() {
  const banner = el('banner');
  if (!game || isLive()) {
    banner.hidden = true;
    return;
  }
  const verdict = game.verdict ?? {};
  const reason = reasonText(verdict.reason);
  el('banner-result').textContent = resultText(verdict);
  el('banner-reason').textContent = reason;
  el('banner-explanation').textContent = verdict.explanation ?? '';
  banner.dataset.reason = verdict.reason ?? '';
  banner.hidden = false;
}

function renderMessage() {
  const box = el('message');
  box.textContent = message?.text ?? '';
  box.dataset.kind = message?.kind ?? '';
  box.hidden = !message;
}

function renderControls() {
  const mine = myColour();
  const live = isLive();
  const r = record();
  const offer = game?.drawOffer;
  el('controls').hidden = !mine || !live;
  el('pass').hidden = !(r.phase === 'play');
  el('pass').disabled = busy || !myTurn();
  el('offer-draw').hidden = Boolean(offer);
  el('offer-draw').disabled = busy;
  const offeredToMe = Boolean(offer) && offer !== mine;
  el('accept-draw').hidden = !offeredToMe;
  el('decline-draw').hidden = !offeredToMe;
  el('accept-draw').disabled = busy;
  el('decline-draw').disabled = busy;
  el('resign').hidden = resignAsked;
  el('resign-confirm').hidden = !resignAsked;
  el('resign-cancel').hidden = !resignAsked;
  el('resign').disabled = busy;
  el('resign-confirm').disabled = busy;
  const note = el('draw-note');
  note.textContent = !live || !offer ? ''
      : offer === mine ? t('play.drawOfferedByYou')
      : t('play.drawOffered', {side: sideName(offer)});
}

function renderMoves() {
  const list = el('moves');
  list.replaceChildren();
  const entries = record().entries;
  if (!entries.length) {
    const empty = document.createElement('li');
    empty.className = 'empty';
    empty.textContent = t('play.noMoves');
    list.append(empty);
    return;
  }
  for (const entry of entries) {
    const item = document.createElement('li');
    item.dataset.ply = entry.ply;
    const actor = document.createElement('span');
    actor.className = `actor ${entry.actor}`;
    actor.textContent = sideName(`SIDE_${entry.actor.toUpperCase()}`);
    const what = document.createElement('span');
    what.className = 'what';
    what.textContent = entry.number && entry.point
        ? `${entry.number}. ${entry.text()}` : entry.text();
    item.append(actor, ' ', what);
    list.append(item);
  }
  list.lastElementChild.scrollIntoView?.({block: 'nearest'});
}

function renderOpening() {
  const r = record();
  const actorColour = `SIDE_${r.actor.toUpperCase()}`;
  opening.update({
    protocol: hasOpeningProtocol(game?.gomokuRules),
    phase: r.phase,
    actor: actorColour,
    myColour: myColour(),
    actorName: playerLabel(actorColour),
    alternatives: fifthMoveAlternatives(game?.gomokuRules),
    candidates: r.candidates,
    moveNumber: r.moveNumber,
    live: isLive(),
    busy,
  });
}

function render() {
  if (!game) return;
  renderStatus();
  renderOpening();
  renderBoard();
  renderBanner();
  renderControls();
  renderMoves();
  renderMessage();
  clocks.update(game.clocks, {
    black: playerLabel('SIDE_BLACK'), white: playerLabel('SIDE_WHITE'),
  }, isLive());
  refreshPoints();
}

function setConnection(state) {
  const box = el('connection');
  box.dataset.state = state;
  box.textContent = t(`play.connection.${state}`);
}

// --- Start --------------------------------------------------------------------

function wireControls() {
  el('pass').addEventListener('click', () => submit('pass'));
  el('offer-draw').addEventListener('click', () => action('OfferDraw'));
  el('accept-draw').addEventListener('click', () =>
      action('RespondToDrawOffer', {accept: true}));
  el('decline-draw').addEventListener('click', () =>
      action('RespondToDrawOffer', {accept: false}));
  el('resign').addEventListener('click', () => {
    resignAsked = true;
    renderControls();
    el('resign-confirm').focus();
  });
  el('resign-cancel').addEventListener('click', () => {
    resignAsked = false;
    renderControls();
  });
  el('resign-confirm').addEventListener('click', () => {
    resignAsked = false;
    action('Resign');
  });
  el('show-forbidden').addEventListener('change', () => renderBoard());
  onChange(() => {
    apply();
    render();
    board.relabel();
    if (!game) setConnection('loading');
  });
}

async function start() {
  apply();
  wireControls();
  setConnection('loading');
  if (!gameName) {
    showMessage(t('play.noGame'), 'error');
    return;
  }
  try {
    game = await call('GameService', 'GetGame', {name: gameName});
  } catch (error) {
    showError(error);
    return;
  }
  if (game.kind !== 'GAME_KIND_GOMOKU') {
    showMessage(t('play.notGomoku'), 'error');
    return;
  }
  render();
  const last = record().stones.at(-1);
  if (last) board.focused = last.point;
  watchGame(gameName, token, {
    onSnapshot: (snapshot) => {
      adoptSnapshot(snapshot);
      render();
    },
    onEvent: (event) => {
      game = foldEvent(game, event);
      if (event.move) refusedMark = event.move.check?.legal ? null
                                                            : refusedMark;
      render();
    },
    onStatus: (state, error) => {
      setConnection(state);
      if (error && state === 'ended') showError(error);
    },
  });
}

start();
