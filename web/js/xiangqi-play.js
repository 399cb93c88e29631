// xiangqi.html: play a live game from a link (#game=games/…&token=…&side=red)
// or watch it (no token). The server decides everything: legal moves come
// from ListMoves on the current position, moves go to SubmitMove. Pieces
// move by click-click, drag and drop or the keyboard; the board can be
// flipped; earlier positions can be looked at while the game goes on (a
// move in the list, ← / →), and new moves do not pull the view away. While
// the opponent thinks, a premove may be picked (premove.js).
import {call} from './api.js';
import {apiLanguage, onChange as onLanguageChange, register, t} from './i18n.js';
import {mountLangSwitch} from './lang-switch.js';
import {XiangqiBoard} from './xiangqi-board.js';
import {GameClocks} from './clock.js';
import {MoveList} from './move-list.js';
import {NOTATIONS} from './notation.js';
import {LiveGame} from './live-game.js';
import {AgreementControls} from './game-agreements.js';
import {MoveSound} from './move-sound.js';
import {Premove} from './premove.js';
import {ConnectionBadge} from './connection-state.js';
import {boardAfter, findKing, parseFen, pieceAt, pieceSide} from './xiangqi-fen.js';
import {explanationText, isOngoing, pieceName, reasonText, resultText, sideKey,
        sideName} from './game-labels.js';
import {confirmingButton, hashParams, showMessage} from './page-util.js';
import {rejectionSentence, showError, xiangqiRefusalText} from './player-wording.js';

register({
  'page.skipToBoard': {zh: '跳到棋盘', en: 'Skip to the board'},
  'play.title': {zh: '象棋对局', en: 'Xiangqi game'},
  'play.you': {zh: '你', en: 'You'},
  'play.role': {zh: '你执{side}', en: 'You play {side}'},
  'play.spectator': {zh: '观战', en: 'Spectator'},
  'play.yourTurn': {zh: '轮到你走棋', en: 'Your move'},
  'play.theirTurn': {zh: '等待对方走棋', en: 'Waiting for the opponent'},
  'play.notYourTurn': {zh: '现在不是你走棋', en: 'It is not your turn'},
  'play.spectatorNoMoves': {zh: '观战者不能走棋', en: 'Spectators cannot move'},
  'play.sending': {zh: '正在提交 {move}…', en: 'Sending {move}…'},
  'play.sendingMove': {zh: '正在提交着法…', en: 'Sending the move…'},
  'play.coordinates': {zh: '显示坐标', en: 'Show coordinates'},
  'play.acceptDraw': {zh: '同意和棋', en: 'Accept draw'},
  'play.declineDraw': {zh: '拒绝', en: 'Decline'},
  'play.offerDraw': {zh: '提和', en: 'Offer a draw'},
  'play.claimDraw': {zh: '要求判和', en: 'Claim a draw'},
  'play.resign': {zh: '认负', en: 'Resign'},
  'play.confirmResign': {zh: '再按一次确认认负', en: 'Click again to resign'},
  'play.theyOffer': {zh: '对方提和', en: 'Your opponent offers a draw'},
  'play.youOffered': {
    zh: '你已提和，等待对方答复',
    en: 'You offered a draw; waiting for the answer'
  },
  'play.sideOffers': {zh: '{side}提和', en: '{side} offers a draw'},
  'play.claimGranted':
      {zh: '判和成立：{explanation}', en: 'Draw granted: {explanation}'},
  'play.claimRejected':
      {zh: '判和不成立：{explanation}', en: 'Claim rejected: {explanation}'},
  'play.keyboardHelp': {
    zh: '键盘：用 Tab 进入棋盘，方向键在交叉点间移动，回车或空格选子、落子。',
    en: 'Keyboard: Tab to the board, arrow keys to move between points, Enter or Space to pick a piece and its destination.',
  },
  'play.browseHelp': {
    zh: '点着法列表中的一步可查看当时的局面；棋盘外按 ← / → 键逐步查看。',
    en: 'Click a move in the list to see its position; outside the board, ← / → step through the moves.',
  },
  'play.flip': {zh: '翻转棋盘', en: 'Flip board'},
  'play.boardTools': {zh: '棋盘设置', en: 'Board settings'},
  'play.viewingStart': {
    zh: '正在查看开局局面（共{total}步）',
    en: 'Viewing the start position ({total} plies)',
  },
  'play.viewing': {
    zh: '正在查看第{ply}步后的局面（共{total}步）',
    en: 'Viewing the position after ply {ply} of {total}',
  },
  'play.newMoves': {zh: '已有新着法', en: 'New moves were played'},
  'play.backToLive': {zh: '回到当前局面', en: 'Back to the game'},
});

const params = hashParams();
const gameName = params.get('game') || '';
const token = params.get('token') || '';
const SIDE_PARAMS = {
  red: 'SIDE_RED',
  black: 'SIDE_BLACK'
};
let mySide = token ? SIDE_PARAMS[params.get('side')] ?? '' : '';

const el = (id) => document.getElementById(id);
const messageEl = el('message');
let game = null;
// The legal moves of the position at `ply` (from ListMoves), with their
// texts in `notation`.
let legal = {ply: -1, moves: [], display: [], notation: '', state: ''};
let selected = '';
let submitting = false;
// The ply shown while looking at an earlier position (null: the game as it
// stands); the ply the game had when the looking started.
let viewPly = null;
let viewSincePly = 0;
// The reader's own turn of the board (on top of black's side at the bottom).
let flipOverride = false;

const premove = new Premove(el('premove-toggle'));
const board = new XiangqiBoard(el('board'), {
  onActivate: onPointActivated,
  canDrag: (square, letter) => viewPly === null && pieceSide(letter) === myKey() &&
      ((myTurn() && !submitting) || mayPremove()),
  onDrop: onPieceDropped,
});
const sound = new MoveSound(el('sound-toggle'));
const connection = new ConnectionBadge(el('connection'));
const clocks = new GameClocks({
  SIDE_RED: el('clock-red'),
  SIDE_BLACK: el('clock-black'),
  shared: el('clock-shared')
});
const moveList = new MoveList(el('moves'), el('notation-switch'), {
  onError: (text) => showMessage(messageEl, text, 'error'),
  onSelect: (ply) => showPly(ply),
});
moveList.onNotationChange(() => refreshLegalMoves(true));
const live = new LiveGame(gameName, token, {
  onChange: onGameChanged,
  onStatus: (status, error) => {
    connection.update(status);
    if (error && status === 'ended') showError(messageEl, error);
  },
  onError: (error) => showError(messageEl, error),
});

const agreements = new AgreementControls({
  gameName,
  token,
  act: playerAction,
  applyGame: (answer) => live.applyGame(answer),
  actions: el('actions'),
  noticeAfter: el('draw-offer'),
  banner: el('banner'),
});

function myKey() {
  return sideKey(mySide);
}

function isLive() {
  return game && isOngoing(game.verdict);
}

function myTurn() {
  return Boolean(mySide) && isLive() && game.sideToAct === mySide;
}

// The opponent is to move (or our move is on its way): a premove may be
// picked.
function mayPremove() {
  return premove.enabled && Boolean(mySide) && isLive() &&
      (game.sideToAct !== mySide || submitting);
}

function onGameChanged(next, change) {
  const plyChanged = !game || next.ply !== game.ply;
  if (game && (next.ply > game.ply ||
               (isOngoing(game.verdict) && !isOngoing(next.verdict)))) {
    playMoveSound(next);
  }
  game = next;
  if (viewPly !== null && viewPly >= game.moves.length) viewPly = null;
  if (token && !mySide) probeSide();
  moveList.setGame(game.startFen || '', game.xiangqiRules || {});
  clocks.update(game.clocks, change.arrivedMs);
  if (plyChanged) {
    selected = '';
    rememberPlayedText();
  }
  moveList.show(game.moves);
  if (!isLive()) premove.clear();
  refreshLegalMoves(false).then(playPremove);
  render();
}

// The turn has come with a premove waiting: it is played if the server lists
// it as legal in this position, else dropped with a note.
function playPremove() {
  if (!premove.move || !myTurn() || submitting || legal.ply !== game.ply) {
    return;
  }
  const move = premove.take();
  if (legal.moves.includes(move)) {
    submitMove(move);
  } else {
    showMessage(messageEl, t('premove.dropped', {move: squaresText(move)}),
                'info');
    render();
  }
}

// A premove as a player reads it: the piece, and the squares it joins when
// the board shows its coordinates ("马 h0→g2").
function squaresText(move) {
  const letter = pieceAt(currentBoard(), move.slice(0, 2));
  const piece = letter ? pieceName(letter) : '';
  return board.coordinates ?
      `${piece} ${move.slice(0, 2)}→${move.slice(2, 4)}`.trim() :
      piece;
}

// A click on the board while the opponent is to move.
function onPremoveClick(square) {
  const letter = pieceAt(currentBoard(), square);
  const own = Boolean(letter) && pieceSide(letter) === myKey();
  const outcome = premove.click(square, own);
  if (outcome === 'set') {
    showMessage(messageEl, t('premove.set', {move: squaresText(premove.move)}),
                'info');
  } else if (outcome === 'cancelled') {
    showMessage(messageEl, t('premove.cancelled'), 'info');
  } else if (outcome === 'ignored') {
    showMessage(messageEl, t('play.notYourTurn'), 'info');
  }
  render();
}

// A tick for a move, a knock for a capture, a chime when the game ends
// (`next`: the game after the move, `game` still the one before it).
function playMoveSound(next) {
  if (!isOngoing(next.verdict)) {
    sound.play('end');
    return;
  }
  if (next.ply <= game.ply) return;
  const move = next.moves[next.moves.length - 1] ?? '';
  const before = next.moves.length === game.moves.length + 1 ?
      currentBoard() : null;
  const captured = before && pieceAt(before, move.slice(2, 4));
  sound.play(captured ? 'capture' : 'move');
}

// The move just played was one of the listed legal moves: keep its text.
function rememberPlayedText() {
  if (legal.ply < 0 || game.moves.length <= legal.ply) return;
  const index = legal.moves.indexOf(game.moves[legal.ply]);
  if (index >= 0 && legal.notation !== 'iccs') {
    moveList.texts.remember(
        legal.ply + 1, legal.notation, legal.display[index]);
  }
}

// A link without side=…: asks the server whose token it is, without changing
// the game. A text that is no move, sent for the next ply, is answered with
// the mover's side on its turn (an unparseable move changes nothing) and
// refused as "not your turn" on the other side's turn.
let probing = false;
async function probeSide() {
  if (probing || !isLive()) return;
  probing = true;
  const ply = game.ply;
  try {
    const response = await call(
        'GameService', 'SubmitMove',
        {name: gameName, token, move: '-', ply: ply + 1});
    if (response.check?.side) mySide = response.check.side;
  } catch (error) {
    if (error.code === 'failed_precondition' && /turn/.test(error.message) &&
        game.ply === ply) {
      mySide = game.sideToAct === 'SIDE_RED' ? 'SIDE_BLACK' : 'SIDE_RED';
    } else if (
        error.code === 'unauthenticated' ||
        error.code === 'permission_denied') {
      showError(messageEl, error);
    }
  } finally {
    probing = false;
    render();
  }
}

// Asks the server for the legal moves of the current position (also whether
// the side to move is in check).
let legalLoading = Promise.resolve();
function refreshLegalMoves(force) {
  legalLoading = loadLegalMoves(force);
  return legalLoading;
}

async function loadLegalMoves(force) {
  if (!game) return;
  const ply = game.ply;
  const notation = moveList.notation;
  if (!force && legal.ply === ply) return;
  const position = game.fen ? {fen: game.fen} :
                              {fen: game.startFen || '', moves: game.moves};
  try {
    const response = await call(
        'AdjudicationService', 'ListMoves',
        {xiangqi: position, notation: NOTATIONS[notation]});
    if (!game || game.ply !== ply) return;  // the position moved on meanwhile
    legal = {
      ply,
      moves: (response.moves ?? []).map((listed) => listed.move),
      display: (response.moves ?? []).map((listed) => listed.display ?? ''),
      notation,
      state: response.xiangqiState ?? ''
    };
    render();
  } catch (error) {
    showError(messageEl, error);
  }
}

function currentBoard() {
  if (game.fen) return parseFen(game.fen).board;
  return boardAfter(game.startFen || '', game.moves);
}

function inCheck() {
  return legal.ply === game.ply &&
      (legal.state === 'XIANGQI_GAME_STATE_CHECK' ||
       legal.state === 'XIANGQI_GAME_STATE_CHECKMATE');
}

// Whether earlier positions can be shown (every move is known).
function canBrowse() {
  return Boolean(game) && game.moves.length === game.ply && game.ply > 0;
}

// Shows the position after `ply` (the last one: the game as it stands).
function showPly(ply) {
  if (!canBrowse()) return;
  const target = Math.max(0, Math.min(game.moves.length, ply));
  if (target === game.moves.length) {
    viewPly = null;
  } else {
    if (viewPly === null) viewSincePly = game.ply;
    viewPly = target;
    selected = '';
  }
  render();
}

function stepPly(delta) {
  if (!canBrowse()) return;
  showPly((viewPly ?? game.moves.length) + delta);
}

// ←/→ (and Home/End) step through the game, unless the board (whose arrows
// move between points) or a form field has the focus.
function onPageKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey || !game) return;
  if (event.target.closest?.('input, textarea, select, svg')) return;
  if (event.key === 'Escape' && premove.active()) {
    premove.clear();
    showMessage(messageEl, t('premove.cancelled'), 'info');
    render();
    return;
  }
  const keys = {
    ArrowLeft: () => stepPly(-1),
    ArrowRight: () => stepPly(1),
    Home: () => showPly(0),
    End: () => showPly(game.moves.length),
  };
  if (!(event.key in keys) || !canBrowse()) return;
  event.preventDefault();
  keys[event.key]();
}

function boardFlipped() {
  return (mySide === 'SIDE_BLACK') !== flipOverride;
}

function render() {
  document.body.classList.toggle('flipped', boardFlipped());
  el('role').textContent =
      mySide ? t('play.role', {side: sideName(mySide)}) : t('play.spectator');
  for (const side of ['SIDE_RED', 'SIDE_BLACK']) {
    const key = sideKey(side);
    el(`you-${key}`).hidden = side !== mySide;
  }
  if (!game) return;
  for (const player of game.players) {
    const key = sideKey(player.side);
    if (key === 'red' || key === 'black') {
      el(`name-${key}`).textContent = player.name ?? '';
    }
  }
  board.setFlipped(boardFlipped());
  if (viewPly !== null) {
    board.setPosition(boardAfter(game.startFen || '', game.moves, viewPly));
    board.setHighlights({lastMove: game.moves[viewPly - 1] ?? ''});
  } else {
    const position = currentBoard();
    const toMove = sideKey(game.sideToAct) ||
        parseFen(game.fen || game.startFen || '').sideToMove;
    const destinations = selected && myTurn() && legal.ply === game.ply ?
        legal.moves.filter((m) => m.startsWith(selected))
            .map((m) => m.slice(2, 4)) :
        [];
    board.setPosition(position);
    board.setHighlights({
      selected,
      destinations,
      lastMove: game.moves[game.moves.length - 1] ?? '',
      check: inCheck() ? findKing(position, toMove) : '',
      marks: premove.marks(),
    });
  }
  renderBrowsing();
  renderStatus();
  renderActions();
  renderBanner();
}

function renderBrowsing() {
  const viewing = viewPly !== null;
  document.body.classList.toggle('browsing', viewing);
  el('browse-bar').hidden = !viewing;
  moveList.setCurrent(viewing ? viewPly : null);
  if (!viewing) return;
  const total = game.moves.length;
  el('browse-note').textContent = viewPly === 0 ?
      t('play.viewingStart', {total}) :
      t('play.viewing', {ply: viewPly, total});
  const fresh = game.ply > viewSincePly;
  el('browse-new').hidden = !fresh;
  el('browse-bar').classList.toggle('has-new', fresh);
}

function renderStatus() {
  const status = el('status');
  const parts = [];
  if (isLive()) {
    if (inCheck()) parts.push(t('play.check'));
    if (game.clocks?.paused) parts.push(t('play.paused'));
    if (mySide) {
      parts.push(myTurn() ? t('play.yourTurn') : t('play.theirTurn'));
    } else {
      parts.push(t('play.toMove', {side: sideName(game.sideToAct)}));
    }
  }
  status.textContent = parts.join(' · ');
  status.classList.toggle('in-check', isLive() && inCheck());
}

function renderActions() {
  const playing = Boolean(mySide) && isLive();
  el('actions').hidden = !playing;
  const offer = game.drawOffer ?? 'SIDE_UNSPECIFIED';
  const pending = offer !== 'SIDE_UNSPECIFIED' && isLive();
  const theirs = pending && mySide && offer !== mySide;
  el('offer-draw').disabled = pending || submitting;
  el('claim-draw').disabled = !myTurn() || submitting;
  el('draw-offer').hidden = !pending;
  el('accept-draw').hidden = !theirs;
  el('decline-draw').hidden = !theirs;
  agreements.render(game, mySide, submitting);
  el('draw-offer-text').textContent = !pending ? '' :
      theirs                                   ? t('play.theyOffer') :
      offer === mySide                         ? t('play.youOffered') :
                         t('play.sideOffers', {side: sideName(offer)});
}

function renderBanner() {
  const over = !isLive();
  el('banner').hidden = !over;
  document.body.classList.toggle('game-over', over);
  if (!over) return;
  el('banner-result').textContent =
      `${t('play.gameOver')}: ${resultText(game.verdict)}`;
  el('banner-reason').textContent = reasonText(game.verdict.reason);
  el('banner-explanation').textContent = explanationText(game.verdict);
}

// A piece dropped on `to` (null: off the board): the same as clicking the
// piece, then `to`; dropped where it was, it stays picked.
function onPieceDropped(from, to) {
  if (!game || viewPly !== null) return;
  if (mayPremove()) {
    premove.clear();
    onPremoveClick(from);
    if (to && to !== from) onPremoveClick(to);
    return;
  }
  if (!to || to === from) {
    selected = from;
    render();
    return;
  }
  selected = from;
  onPointActivated(to);
}

async function onPointActivated(square) {
  if (!game) return;
  if (viewPly !== null) {  // a click on an earlier position: back to the game
    showPly(game.moves.length);
    return;
  }
  if (!mySide) {
    showMessage(messageEl, t('play.spectatorNoMoves'), 'info');
    return;
  }
  if (mayPremove()) {
    onPremoveClick(square);
    return;
  }
  if (!myTurn() || submitting) {
    if (isLive()) showMessage(messageEl, t('play.notYourTurn'), 'info');
    return;
  }
  const letter = pieceAt(currentBoard(), square);
  const own = letter && pieceSide(letter) === myKey();
  if (!selected) {
    if (own) selected = square;
    render();
    return;
  }
  if (square !== selected && legal.ply !== game.ply) {
    // A destination picked (a quick drop) before the legal moves came.
    const ply = game.ply;
    await legalLoading;
    if (!game || game.ply !== ply || !selected) return;
  }
  if (square === selected) {
    selected = '';
  } else if (legal.moves.includes(selected + square)) {
    submitMove(selected + square);
  } else if (own) {
    selected = square;
  } else {
    explainIllegal(selected + square);
    selected = '';
  }
  render();
}

// A destination the server did not list: the move is not sent. The server
// says why it is illegal (CheckMove's typed reason: 蹩马腿, 送将, ...), and
// the page words it as a player would (player-wording.js), naming squares
// only when the board shows its coordinates.
async function explainIllegal(move) {
  const position = currentBoard();
  showMessage(messageEl, refusalText(null, move, position), 'error');
  try {
    const response = await call('AdjudicationService', 'CheckMove', {
      xiangqi: game.fen ? {fen: game.fen} :
                          {fen: game.startFen || '', moves: game.moves},
      move,
    });
    showMessage(messageEl,
                refusalText(response.check?.xiangqiIllegal, move, position),
                'error');
  } catch (error) {
    showError(messageEl, error);
  }
}

function refusalText(illegal, move, position) {
  return xiangqiRefusalText(illegal, move, {
    letter: pieceAt(position, String(move).slice(0, 2)),
    mover: myKey(),
    coordinates: board.coordinates,
  });
}

// What the page calls a move it sends: the listed text in the move list's
// notation (炮二平五), the ICCS squares only with the coordinates shown.
function sendingText(move) {
  const index = legal.ply === game.ply ? legal.moves.indexOf(move) : -1;
  const shown = index >= 0 && legal.display[index] &&
          (legal.notation !== 'iccs' || board.coordinates) ?
      legal.display[index] :
      board.coordinates ? move : '';
  return shown ? t('play.sending', {move: shown}) : t('play.sendingMove');
}

// Calls a GameService method; a call that may not have reached the server
// (unavailable, deadline) is sent again as it was — SubmitMove carries its
// ply, so a retry is never applied twice.
async function callWithRetry(method, request, attempts = 3) {
  for (let attempt = 1;; attempt++) {
    try {
      return await call('GameService', method, request);
    } catch (error) {
      const transient =
          ['unavailable', 'deadline_exceeded'].includes(error.code);
      if (!transient || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
    }
  }
}

async function submitMove(move) {
  selected = '';
  submitting = true;
  showMessage(messageEl, sendingText(move), 'info');
  const before = currentBoard();
  try {
    const response = await callWithRetry(
        'SubmitMove',
        {name: gameName, token, move, ply: game.ply + 1,
         language: apiLanguage()});
    const check = response.check ?? {};
    if (check.legal) {
      showMessage(messageEl, '', 'info');
      live.applyMoveAnswer(response);
    } else {
      showMessage(
          messageEl, check.rejection === 'MOVE_REJECTION_ILLEGAL' ?
              refusalText(check.xiangqiIllegal, move, before) :
              rejectionSentence(check.rejection),
          'error');
      if (response.game) live.applyGame(response.game);
    }
  } catch (error) {
    showError(messageEl, error);
    live.refresh();
  } finally {
    submitting = false;
    render();
  }
}

// Runs a player's action (Resign, OfferDraw, ...) and applies the answer.
async function playerAction(method, extra = {}) {
  try {
    const response =
        await callWithRetry(method, {name: gameName, token, ...extra});
    showMessage(messageEl, '', 'info');
    return response;
  } catch (error) {
    showError(messageEl, error);
    return null;
  }
}

async function applyAnswer(method, extra = {}) {
  const answer = await playerAction(method, extra);
  if (answer) live.applyGame(answer);
}

confirmingButton(
    el('resign'), 'play.confirmResign', () => applyAnswer('Resign'));
el('offer-draw').addEventListener('click', () => applyAnswer('OfferDraw'));
el('accept-draw')
    .addEventListener(
        'click', () => applyAnswer('RespondToDrawOffer', {accept: true}));
el('decline-draw')
    .addEventListener(
        'click', () => applyAnswer('RespondToDrawOffer', {accept: false}));
el('claim-draw').addEventListener('click', async () => {
  const answer = await playerAction('ClaimDraw', {language: apiLanguage()});
  if (!answer) return;
  const result = el('claim-result');
  result.hidden = false;
  result.dataset.granted = String(Boolean(answer.granted));
  result.textContent =
      t(answer.granted ? 'play.claimGranted' : 'play.claimRejected',
        {explanation: answer.explanation ?? ''});
  if (answer.game) live.applyGame(answer.game);
});

el('flip-board').addEventListener('click', () => {
  flipOverride = !flipOverride;
  el('flip-board').setAttribute('aria-pressed', String(flipOverride));
  render();
});
el('back-to-live').addEventListener('click', () => showPly(Infinity));

// The board's coordinates (files a–i, ranks 0–9), off unless the reader
// turns them on; remembered. Only then do messages name squares.
const COORDINATES_KEY = 'caipan.coordinates';
const coordinatesButton = document.createElement('button');
coordinatesButton.type = 'button';
coordinatesButton.id = 'coordinates-toggle';
coordinatesButton.dataset.i18n = 'play.coordinates';
coordinatesButton.textContent = t('play.coordinates');
el('flip-board').after(' ', coordinatesButton);
function setCoordinates(on) {
  board.setCoordinates(on);
  coordinatesButton.setAttribute('aria-pressed', String(on));
  document.body.classList.toggle('show-coordinates', on);
}
setCoordinates(localStorage.getItem(COORDINATES_KEY) === 'on');
coordinatesButton.addEventListener('click', () => {
  const on = !board.coordinates;
  localStorage.setItem(COORDINATES_KEY, on ? 'on' : 'off');
  setCoordinates(on);
});
document.addEventListener('keydown', onPageKey);

onLanguageChange(() => {
  board.relabel();
  sound.render();
  premove.render();
  connection.render();
  render();
});

mountLangSwitch();
moveList.render();
render();
if (!gameName) {
  showMessage(messageEl, t('play.noGame'), 'error');
} else {
  live.start();
}
