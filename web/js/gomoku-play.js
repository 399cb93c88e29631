// gomoku.html: plays (or watches) the live game named in the link
// (#game=games/ID&token=TOKEN&side=black|white; no token: watching). The
// game comes from GetGame, then WatchGame keeps it current; stones and
// opening decisions go to SubmitMove with their ply. Black's forbidden
// points and the protocol's phase come with the game: the server decides.

import {call, watchGame} from './api.js';
import {GameClocks} from './clock.js';
import {explanationText, reasonText, resultText, sideName}
    from './game-labels.js';
import {forbiddenKindKey, GomokuBoard, parsePoint} from './gomoku-board.js';
import {applyWatched, colourWord, currentColour, playerOfColour}
    from './gomoku-live.js';
import {OpeningPanel} from './gomoku-opening.js';
import {actionOf, actionsOf, fifthMoveAlternatives, hasOpeningProtocol,
        replay} from './gomoku-record.js';
import {apiLanguage, apply, onChange, register, t} from './i18n.js';
import {mountLangSwitch} from './lang-switch.js';
import {confirmingButton, hashParams, showMessage} from './page-util.js';
import {refusalText, rejectionSentence, showError} from './player-wording.js';
import {MoveSound} from './move-sound.js';
import {ConnectionBadge} from './connection-state.js';
import {AgreementControls} from './game-agreements.js';

register({
  'gomoku.viewing': {
    zh: '正在查看第{ply}手后的棋盘（共{total}手）',
    en: 'Viewing the board after move {ply} of {total}',
  },
  'gomoku.viewingStart': {
    zh: '正在查看空棋盘（共{total}手）',
    en: 'Viewing the empty board ({total} moves)',
  },
  'gomoku.newMoves': {zh: '已有新着法', en: 'New moves were played'},
  'gomoku.backToLive': {zh: '回到当前局面', en: 'Back to the game'},
  'gomoku.browseHelp': {
    zh: '点击着法列表中的一手可查看当时的棋盘；在棋盘外可用 ← / → 逐手查看。',
    en: 'Click a move in the list to see the board as it was; outside the ' +
        'board, ← / → step through the moves.',
  },
});

register({
  'gomoku.skipToBoard': {zh: '跳到棋盘', en: 'Skip to the board'},
  'play.title': {zh: '五子棋对局', en: 'Gomoku game'},
  'play.you': {zh: '你', en: 'You'},
  'play.role': {zh: '你执{side}', en: 'You play {side}'},
  'play.spectator': {zh: '观战', en: 'Spectator'},
  'play.noGame': {
    zh: '链接中没有对局（#game=games/…&token=…&side=black）。',
    en: 'The link names no game (#game=games/…&token=…&side=black).',
  },
  'play.notGomoku': {zh: '这不是五子棋对局。', en: 'This is not a gomoku game.'},
  'play.yourTurn': {zh: '轮到你（{side}）', en: 'Your turn ({side})'},
  'play.toAct': {zh: '轮到{who}', en: '{who} to act'},
  'play.who': {zh: '{side}（{name}）', en: '{side} ({name})'},
  'play.pass': {zh: '弃权（pass）', en: 'Pass'},
  'play.offerDraw': {zh: '提和', en: 'Offer a draw'},
  'play.acceptDraw': {zh: '同意和棋', en: 'Accept draw'},
  'play.declineDraw': {zh: '拒绝', en: 'Decline'},
  'play.resign': {zh: '认负', en: 'Resign'},
  'play.confirmResign': {zh: '再按一次确认认负', en: 'Click again to resign'},
  'play.theyOffer': {zh: '对方提和', en: 'Your opponent offers a draw'},
  'play.youOffered': {
    zh: '你已提和，等待对方答复',
    en: 'You offered a draw; waiting for the answer',
  },
  'play.sideOffers': {zh: '{side}提和', en: '{side} offers a draw'},
  'play.showForbidden': {
    zh: '标出黑方禁手点',
    en: 'Mark black\'s forbidden points',
  },
  'play.forbiddenCount': {
    zh: '黑方禁手点：{points}',
    en: 'Black\'s forbidden points: {points}',
  },
  'play.forbiddenWarning': {
    zh: '{point}是黑方禁手（{kind}），下在此处判负。再选一次仍下此处。',
    en: '{point} is forbidden for black ({kind}): playing it loses. ' +
        'Select it again to play it anyway.',
  },
  'play.refusedForbidden': {
    zh: '禁手：{point}是{kind}，黑方判负。',
    en: 'Forbidden: {point} is a {kind} — black loses.',
  },
  'play.sending': {zh: '正在提交 {move}…', en: 'Sending {move}…'},
  'play.sendingMove': {zh: '正在提交着法…', en: 'Sending the move…'},
  'play.moves': {zh: '着法记录', en: 'Moves'},
  'play.noMoves': {zh: '尚无着法', en: 'No moves yet'},
  'gomoku.keys': {
    zh: '键盘：用 Tab 进入棋盘，方向键在交叉点间移动，回车或空格落子。',
    en: 'Keyboard: Tab to the board, arrow keys to move between points, ' +
        'Enter or Space to play.',
  },
});

const el = (id) => document.getElementById(id);
const params = hashParams();
const gameName = params.get('game') ?? '';
const token = params.get('token') ?? '';
const startSide = token ? {black: 'SIDE_BLACK', white: 'SIDE_WHITE'}[
    (params.get('side') ?? '').toLowerCase()] ?? null : null;

let game = null;
let busy = false;
// Black's forbidden points and the opening's allowed points, for `ply`.
let points = {ply: -1, forbidden: [], hints: []};
let warnedPoint = null;  // a forbidden point selected once (warned)
let refused = null;  // {point, kind} of the move the server refused

const board = new GomokuBoard(el('board'), {onActivate: onPoint});
const opening = new OpeningPanel(el('opening'), {
  submit: (text) => submit(text),
  onChange: () => renderBoard(),
});
const sound = new MoveSound(el('sound-toggle'));
const connection = new ConnectionBadge(el('connection'));
const clocks = new GameClocks({SIDE_BLACK: el('clock-black'),
                               SIDE_WHITE: el('clock-white'),
                               shared: el('clock-shared')});
const agreements = new AgreementControls({
  gameName,
  token,
  act: agreementAction,
  applyGame: (answer) => {
    adopt(answer);
    render();
  },
  actions: el('actions'),
  noticeAfter: el('draw-offer'),
  banner: el('banner'),
});

function isLive() {
  return game?.status === 'GAME_STATUS_LIVE';
}

function myColour() {
  return game ? currentColour(startSide, game.swapped) : null;
}

function myTurn() {
  return isLive() && myColour() !== null && game.sideToAct === myColour();
}

// The number of actions shown while looking back at an earlier board (null:
// the game as it stands), and the game's count when the looking started.
let viewPly = null;
let viewSincePly = 0;

// The record as far as the board shows it.
function shownRecord() {
  if (viewPly === null) return record();
  return replay((game?.moves ?? []).slice(0, viewPly),
                hasOpeningProtocol(game?.gomokuRules));
}

function showPly(ply) {
  if (!game) return;
  const total = game.moves?.length ?? 0;
  const target = Math.max(0, Math.min(total, ply));
  if (target === total) {
    viewPly = null;
  } else {
    if (viewPly === null) viewSincePly = total;
    viewPly = target;
  }
  render();
}

// ←/→ (and Home/End) step through the game, unless the board (whose arrows
// move between points) or a form field has the focus.
function onPageKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey || !game) return;
  if (event.target.closest?.('input, textarea, select, svg')) return;
  const total = game.moves?.length ?? 0;
  const keys = {
    ArrowLeft: () => showPly((viewPly ?? total) - 1),
    ArrowRight: () => showPly((viewPly ?? total) + 1),
    Home: () => showPly(0),
    End: () => showPly(total),
  };
  if (!(event.key in keys)) return;
  event.preventDefault();
  keys[event.key]();
}

function renderBrowsing() {
  const viewing = viewPly !== null;
  document.body.classList.toggle('browsing', viewing);
  el('browse-bar').hidden = !viewing;
  if (!viewing) return;
  const total = game.moves?.length ?? 0;
  el('browse-note').textContent = viewPly === 0 ?
      t('gomoku.viewingStart', {total}) :
      t('gomoku.viewing', {ply: viewPly, total});
  el('browse-new').hidden = total <= viewSincePly;
}

function record() {
  return replay(game?.moves ?? [], hasOpeningProtocol(game?.gomokuRules));
}

function say(text, kind = 'info') {
  showMessage(el('message'), text, kind);
}

// --- Talking to the server --------------------------------------------------

async function submit(move) {
  if (busy || !game) return;
  busy = true;
  warnedPoint = null;
  say(parsePoint(move) ? t('play.sending', {move}) : t('play.sendingMove'));
  render();
  try {
    const response = await call('GameService', 'SubmitMove', {
      name: gameName, token, gomokuAction: actionOf(move),
      ply: (game.ply ?? 0) + 1, language: apiLanguage(),
    });
    answerMove(move, response);
  } catch (error) {
    showError(el('message'), error);
  } finally {
    busy = false;
    render();
  }
}

// Shows the server's answer to a move. The move's event (the next one) is
// folded in at once; WatchGame brings it too, and it is then skipped.
function answerMove(move, response) {
  const check = response.check ?? {};
  const sequence = Number(response.sequence ?? 0);
  if (sequence === Number(game.lastSequence ?? 0) + 1 && response.game) {
    const before = game;
    game = {...response.game, moves: [...(game.moves ?? []), check.move]};
    clocks.update(game.clocks);
    soundFor(before);
  }
  const played = check.move || move;
  if (check.legal) {
    refused = null;
    say('');
    return;
  }
  const point = parsePoint(played) ? played : null;
  if (check.rejection === 'MOVE_REJECTION_FORBIDDEN') {
    const kind = forbiddenKindKey(check.gomoku?.forbidden);
    refused = point ? {point, kind} : null;
    say(kind ? t('play.refusedForbidden', {
      point: played, kind: t(`gomoku.forbidden.${kind}`),
    }) : rejectionSentence(check.rejection), 'error');
  } else {
    refused = point ? {point, kind: null} : null;
    say(refusedText(check, point), 'error');
  }
}

// A refused move that is not a forbidden point, as a player would say it.
function refusedText(check, point) {
  if (check.rejection === 'MOVE_REJECTION_ILLEGAL') {
    const r = record();
    if (point && r.stones.some((stone) => stone.point === point)) {
      return refusalText('occupied');
    }
    if (hasOpeningProtocol(game?.gomokuRules) && r.phase === 'opening') {
      return refusalText('opening');
    }
  }
  return rejectionSentence(check.rejection);
}

// A tick when a move was added since `before`, a chime when the game ended.
function soundFor(before) {
  if (!before || !game) return;
  if (before.status === 'GAME_STATUS_LIVE' && !isLive()) {
    sound.play('end');
  } else if ((game.moves?.length ?? 0) > (before.moves?.length ?? 0)) {
    sound.play('move');
  }
}

// Every watcher sees a forbidden stone's kind, not only the player who
// played it.
function noteForbiddenStone(move) {
  if (move?.check?.rejection !== 'MOVE_REJECTION_FORBIDDEN') return;
  const kind = forbiddenKindKey(move.check.gomoku?.forbidden);
  if (parsePoint(move.move)) refused = {point: move.move, kind};
}

async function action(method, extra = {}) {
  if (busy) return;
  busy = true;
  render();
  try {
    adopt(await call('GameService', method, {name: gameName, token, ...extra}));
    say('');
  } catch (error) {
    showError(el('message'), error);
  } finally {
    busy = false;
    render();
  }
}

// An action whose answer the caller takes (takebacks, the rematch): the
// answer, or null once the error is shown.
async function agreementAction(method, extra = {}) {
  try {
    const answer =
        await call('GameService', method, {name: gameName, token, ...extra});
    say('');
    return answer;
  } catch (error) {
    showError(el('message'), error);
    return null;
  }
}

// A whole Game (GetGame, the watch's snapshot, an action's answer) replaces
// ours unless it is older.
function adopt(snapshot) {
  if (!snapshot?.name) return;
  if (Number(snapshot.lastSequence ?? 0) < Number(game?.lastSequence ?? 0)) {
    return;
  }
  game = {...snapshot, moves: snapshot.moves ?? game?.moves ?? []};
  clocks.update(game.clocks);
}

// Black's forbidden points come with the game (the server works them out);
// in the first three moves the points the designated openings allow are
// asked of ListMoves, once per ply.
async function refreshPoints() {
  const ply = game.ply ?? 0;
  if (points.ply === ply) return;
  points = {ply, forbidden: game.forbiddenPoints ?? [], hints: []};
  const rules = game.gomokuRules ?? {};
  const openingStone = isLive() && hasOpeningProtocol(rules) &&
                       game.gomokuTurn?.phase === 'GOMOKU_PHASE_OPENING_MOVE';
  if (!openingStone) return;
  try {
    const answer = await call('AdjudicationService', 'ListMoves', {
      gomoku: {actions: actionsOf(game.moves ?? [])}, gomokuRules: rules,
    });
    if (points.ply !== ply) return;  // a newer move came meanwhile
    points.hints = openingStone
        ? (answer.moves ?? []).map((listed) => listed.move)
              .filter((move) => parsePoint(move))
        : [];
    renderBoard();
  } catch (error) {
    points.ply = -1;
    showError(el('message'), error);
  }
}

function onPoint(point) {
  if (!myTurn() || busy) return;
  if (opening.handlePoint(point)) return;
  const hit = points.forbidden.find((f) => f.point === point);
  if (hit && el('show-forbidden').checked && warnedPoint !== point) {
    warnedPoint = point;
    const kind = forbiddenKindKey(hit.kind);
    say(t('play.forbiddenWarning',
          {point, kind: t(`gomoku.forbidden.${kind}`)}), 'info');
    return;
  }
  submit(point);
}

// --- Drawing -----------------------------------------------------------------

function renderBoard() {
  if (!game) return;
  if (viewPly !== null) {
    const shown = shownRecord();
    board.render({stones: shown.stones, last: shown.stones.at(-1)?.point ?? null,
                  forbidden: [], marks: [], hints: [], interactive: false});
    return;
  }
  const r = record();
  const occupied = new Set(r.stones.map((s) => s.point));
  const marks = opening.boardMarks();
  if (refused && !refused.kind && !occupied.has(refused.point)) {
    marks.push({point: refused.point, style: 'refused', label: '×'});
  }
  const shown = el('show-forbidden').checked;
  const forbidden = shown
      ? points.forbidden.filter((f) => !occupied.has(f.point)) : [];
  // The refused forbidden stone keeps its kind on the board.
  if (refused?.kind) forbidden.push(refused);
  board.render({
    stones: r.stones,
    last: r.stones.at(-1)?.point ?? null,
    forbidden,
    marks,
    hints: myTurn() ? points.hints : [],
    interactive: myTurn() && !busy,
  });
  el('forbidden-count').textContent = shown && points.forbidden.length
      ? t('play.forbiddenCount', {points: points.forbidden.map((f) =>
            `${f.point} ${t(`gomoku.forbidden.short.${
                forbiddenKindKey(f.kind)}`)}`).join(', ')})
      : '';
}

function playerLabel(colour) {
  const name = game ? playerOfColour(game, colour)?.name : '';
  return name ? t('play.who', {side: sideName(colour), name})
              : sideName(colour);
}

function renderPlayers() {
  const mine = myColour();
  el('role').textContent = mine ? t('play.role', {side: sideName(mine)})
                                : t('play.spectator');
  for (const colour of ['SIDE_BLACK', 'SIDE_WHITE']) {
    const word = colourWord(colour);
    el(`name-${word}`).textContent =
        playerOfColour(game, colour)?.name ?? '';
    el(`you-${word}`).hidden = mine !== colour;
    el(`bar-${word}`).classList.toggle(
        'to-act', isLive() && game.sideToAct === colour);
  }
}

function renderStatus() {
  const status = el('status');
  if (!isLive()) {
    status.textContent = t('play.gameOver');
  } else if (game.clocks?.paused) {
    status.textContent = t('play.paused');
  } else if (myTurn()) {
    status.textContent = t('play.yourTurn', {side: sideName(myColour())});
  } else {
    status.textContent = t('play.toAct', {who: playerLabel(game.sideToAct)});
  }
  const banner = el('banner');
  banner.hidden = isLive();
  if (!isLive()) {
    const verdict = game.verdict ?? {};
    el('banner-result').textContent = resultText(verdict);
    el('banner-reason').textContent = reasonText(verdict.reason);
    el('banner-explanation').textContent = explanationText(verdict);
    banner.dataset.reason = verdict.reason ?? '';
  }
}

function renderActions() {
  const mine = myColour();
  const player = Boolean(mine) && isLive();
  const offer = game.drawOffer && game.drawOffer !== 'SIDE_UNSPECIFIED'
      ? game.drawOffer : null;
  el('actions').hidden = !player;
  el('pass').hidden = record().phase !== 'play';
  el('pass').disabled = busy || !myTurn();
  el('offer-draw').disabled = busy || Boolean(offer);
  el('resign').disabled = busy;
  const offeredToMe = player && offer && offer !== mine;
  el('draw-offer').hidden = !offer || !isLive();
  el('accept-draw').hidden = !offeredToMe;
  el('decline-draw').hidden = !offeredToMe;
  agreements.render(game, mine ?? '', busy);
  el('draw-offer-text').textContent = !offer ? ''
      : offeredToMe ? t('play.theyOffer')
      : offer === mine ? t('play.youOffered')
      : t('play.sideOffers', {side: sideName(offer)});
}

function renderMoves() {
  const list = el('moves');
  list.replaceChildren();
  const entries = record().entries;
  if (!entries.length) {
    const empty = document.createElement('li');
    empty.className = 'move-empty';
    empty.textContent = t('play.noMoves');
    list.append(empty);
    return;
  }
  for (const entry of entries) {
    const item = document.createElement('li');
    item.className = 'gomoku-move';
    item.dataset.ply = entry.ply;
    const number = document.createElement('span');
    number.className = 'move-number';
    number.textContent = entry.number && entry.point ? `${entry.number}.` : '';
    const actor = document.createElement('span');
    actor.className = `move-actor ${entry.actor}`;
    actor.textContent = sideName(`SIDE_${entry.actor.toUpperCase()}`);
    const what = document.createElement('span');
    what.className = 'move-text';
    what.textContent = entry.text();
    item.append(number, actor, what);
    item.addEventListener('click', () => showPly(entry.ply));
    if (viewPly === entry.ply) item.classList.add('move-current');
    list.append(item);
  }
  list.lastElementChild.classList.add('move-last');
  if (viewPly === null) list.scrollTop = list.scrollHeight;
}

function renderOpening() {
  const r = record();
  const actor = `SIDE_${r.actor.toUpperCase()}`;
  opening.update({
    protocol: hasOpeningProtocol(game.gomokuRules),
    phase: r.phase,
    actor,
    myColour: myColour(),
    actorName: playerLabel(actor),
    alternatives: fifthMoveAlternatives(game.gomokuRules),
    candidates: r.candidates,
    moveNumber: r.moveNumber,
    live: isLive(),
    busy,
  });
}

function render() {
  if (!game) return;
  if (viewPly !== null && viewPly >= (game.moves?.length ?? 0)) viewPly = null;
  // First: the game's forbidden points are taken at once (hints may follow).
  refreshPoints();
  renderPlayers();
  renderStatus();
  renderOpening();
  renderBoard();
  renderActions();
  renderMoves();
  renderBrowsing();
}

// --- Start -------------------------------------------------------------------

function wireControls() {
  el('pass').addEventListener('click', () => submit('pass'));
  el('offer-draw').addEventListener('click', () => action('OfferDraw'));
  el('accept-draw').addEventListener('click', () =>
      action('RespondToDrawOffer', {accept: true}));
  el('decline-draw').addEventListener('click', () =>
      action('RespondToDrawOffer', {accept: false}));
  confirmingButton(el('resign'), 'play.confirmResign', () => action('Resign'));
  el('show-forbidden').addEventListener('change', () => renderBoard());
  el('back-to-live').addEventListener('click', () => showPly(Infinity));
  document.addEventListener('keydown', onPageKey);
  onChange(() => {
    board.relabel();
    opening.relabel();
    sound.render();
    connection.render();
    render();
  });
}

// The whole game again, when the moves shown no longer fit the server's.
async function refetch() {
  try {
    adopt(await call('GameService', 'GetGame', {name: gameName}));
    render();
  } catch (error) {
    showError(el('message'), error);
  }
}

async function start() {
  mountLangSwitch();
  apply();
  wireControls();
  if (!gameName) {
    say(t('play.noGame'), 'error');
    return;
  }
  try {
    adopt(await call('GameService', 'GetGame', {name: gameName}));
  } catch (error) {
    showError(el('message'), error);
    return;
  }
  if (game.kind !== 'GAME_KIND_GOMOKU') {
    say(t('play.notGomoku'), 'error');
    return;
  }
  render();
  const last = record().stones.at(-1);
  if (last) board.moveFocus(last.point, false);
  if (isLive()) {
    watch();
  } else {
    connection.update('over');
  }
}

// Follows the game until it is over (a finished game's stream ends, and
// there is nothing more to wait for).
function watch() {
  const watcher = watchGame(gameName, token, {
    onSnapshot: (snapshot) => {
      adopt(snapshot);
      settle();
    },
    onEvent: (event, state) => {
      const before = game;
      const {game: next, complete} = applyWatched(game, event, state);
      if (next === before) return;
      game = next;
      if (!complete) {
        refetch();
        return;
      }
      clocks.update(game.clocks);
      soundFor(before);
      noteForbiddenStone(event.move);
      settle();
    },
    onStatus: (status, error) => {
      if (!isLive()) return;
      connection.update(status);
      if (error && status === 'ended') showError(el('message'), error);
    },
  });
  const settle = () => {
    if (!isLive()) {
      watcher.stop();
      connection.update('over');
    }
    render();
  };
}

start();
