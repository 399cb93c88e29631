// arbiter.html: the arbiter's view of a live xiangqi game
// (#game=games/…&token=ARBITER_TOKEN): the board and moves (read-only), the
// arbiter's actions, the fouls and rulings, the natural-limit status, and the
// repetition ruling explained move by move (RuleOnRepetition) — picking a
// move of the cycle shows its position with the chasing and chased pieces.
import {call} from './api.js';
import {apiLanguage, onChange as onLanguageChange, register, t} from './i18n.js';
import {mountLangSwitch} from './lang-switch.js';
import {XiangqiBoard} from './xiangqi-board.js';
import {GameClocks} from './clock.js';
import {MoveList} from './move-list.js';
import {NOTATIONS} from './notation.js';
import {LiveGame} from './live-game.js';
import {boardAfter, findKing, parseFen} from './xiangqi-fen.js';
import {explanationText, isOngoing, pieceName, reasonText, resultText, sideKey,
        sideName} from './game-labels.js';
import {confirmingButton, hashParams, showMessage} from './page-util.js';
import {showError} from './player-wording.js';

register({
  'arbiter.title': {zh: '裁判台', en: 'Arbiter'},
  'arbiter.skipToActions':
      {zh: '跳到裁判操作', en: 'Skip to the arbiter\'s actions'},
  'arbiter.backLive': {zh: '回到当前局面', en: 'Back to the live position'},
  'arbiter.viewing': {
    zh: '正在显示第 {ply} 着后的局面（{move}）',
    en: 'Showing the position after ply {ply} ({move})'
  },
  'arbiter.repetitionHeading': {zh: '循环裁决', en: 'Repetition ruling'},
  'arbiter.refresh': {zh: '刷新', en: 'Refresh'},
  'arbiter.legendMove': {zh: '该着', en: 'the move'},
  'arbiter.legendAttacker': {zh: '捉子', en: 'chasing piece'},
  'arbiter.legendTarget': {zh: '被捉子', en: 'chased piece'},
  'arbiter.cycleHelp': {
    zh: '选择循环中的一着，在棋盘上查看该局面。',
    en: 'Pick a move of the cycle to see its position on the board.'
  },
  'arbiter.cycleMoves': {zh: '循环中的着法', en: 'Moves of the cycle'},
  'arbiter.noMoves':
      {zh: '尚无着法，无可裁决。', en: 'No moves yet: nothing to rule on.'},
  'arbiter.outcome': {zh: '裁决', en: 'Ruling'},
  'arbiter.cycle': {zh: '循环', en: 'Cycle'},
  'arbiter.cyclePlies': {
    zh: '第 {first}–{last} 着，局面出现 {occurrences} 次',
    en: 'plies {first}–{last}; the position occurred {occurrences} times'
  },
  'arbiter.conduct': {zh: '{side}：{conduct}', en: '{side}: {conduct}'},
  'arbiter.chasedPieces':
      {zh: '（捉 {count} 子）', en: ' (chased pieces: {count})'},
  'arbiter.conducts': {zh: '双方着法性质', en: 'Conduct'},
  'arbiter.explanation': {zh: '说明', en: 'Explanation'},
  'arbiter.countedAs': {zh: '按{kind}计', en: 'counted as {kind}'},
  'arbiter.target': {
    zh: '{attacker}（{attackerSquare}）捉{target}（{square}，{protection}）',
    en: '{attacker} on {attackerSquare} chases the {target} on {square} ({protection})',
  },
  'arbiter.protected': {zh: '有根', en: 'protected'},
  'arbiter.unprotected': {zh: '无根', en: 'unprotected'},
  'arbiter.tokenLabel': {zh: '裁判密钥', en: 'Arbiter token'},
  'arbiter.useToken': {zh: '使用', en: 'Use'},
  'arbiter.tokenInUse': {zh: '已使用裁判密钥', en: 'Arbiter token in use'},
  'arbiter.changeToken': {zh: '更换密钥', en: 'Change the token'},
  'arbiter.tokenRefused': {
    zh: '裁判密钥不正确，服务器拒绝了这次操作，什么也没有改变。请重新输入裁判密钥后再试。',
    en: 'The arbiter token was refused: nothing was changed. Enter the right token and try again.',
  },
  'arbiter.playerToken': {
    zh: '这是棋手的密钥，不能用于裁判操作，什么也没有改变。请输入裁判密钥后再试。',
    en: 'That is a player\'s token: it cannot make an arbiter\'s ruling, and nothing was changed. Enter the arbiter token and try again.',
  },
  'arbiter.because': {zh: '理由：{reason}', en: 'Reason: {reason}'},
  'arbiter.confirmResult': {zh: '确认判定', en: 'Confirm: set the result'},
  'arbiter.cancel': {zh: '取消', en: 'Cancel'},
  'arbiter.confirmQuestion': {
    zh: '将判定：{result}。理由：{reason}。对局将立即结束，不能撤销。',
    en: 'This sets the result: {result}. Reason: {reason}. The game ends at once and this cannot be undone.',
  },
  'arbiter.needToken': {
    zh: '请输入裁判密钥以进行裁判操作。',
    en: 'Enter an arbiter token to use the arbiter\'s actions.'
  },
  'arbiter.actionsHeading': {zh: '裁判操作', en: 'Arbiter\'s actions'},
  'arbiter.foulHeading': {zh: '记录犯规', en: 'Record a foul'},
  'arbiter.side': {zh: '一方', en: 'Side'},
  'arbiter.reason': {zh: '理由', en: 'Reason'},
  'arbiter.recordFoul': {zh: '记录犯规', en: 'Record the foul'},
  'arbiter.clocksHeading':
      {zh: '暂停或恢复计时', en: 'Pause or resume the clocks'},
  'arbiter.pause': {zh: '暂停计时', en: 'Pause the clocks'},
  'arbiter.resume': {zh: '恢复计时', en: 'Resume the clocks'},
  'arbiter.startClocks': {zh: '现在开始计时', en: 'Start the clocks now'},
  'arbiter.adjustHeading': {zh: '调整用时', en: 'Adjust a clock'},
  'arbiter.seconds':
      {zh: '秒数（正数加时，负数减时）', en: 'Seconds (+ adds, − takes away)'},
  'arbiter.adjust': {zh: '调整', en: 'Adjust'},
  'arbiter.resultHeading': {zh: '判定结果', en: 'Set the result'},
  'arbiter.result': {zh: '结果', en: 'Result'},
  'arbiter.redWins': {zh: '红胜', en: 'Red wins'},
  'arbiter.blackWins': {zh: '黑胜', en: 'Black wins'},
  'arbiter.setResult': {zh: '判定', en: 'Set the result'},
  'arbiter.abortHeading': {zh: '中止对局', en: 'Abort the game'},
  'arbiter.abort': {zh: '中止（无结果）', en: 'Abort (no result)'},
  'arbiter.confirmAbort': {zh: '再按一次确认中止', en: 'Click again to abort'},
  'arbiter.done': {zh: '已完成：{action}', en: 'Done: {action}'},
  'arbiter.logHeading': {zh: '犯规与裁决记录', en: 'Fouls and rulings'},
  'arbiter.fouls': {zh: '犯规', en: 'Fouls'},
  'arbiter.rulings': {zh: '裁决', en: 'Rulings'},
  'arbiter.none': {zh: '无', en: 'None'},
  'arbiter.foulLimit':
      {zh: '犯规满 {limit} 次判负', en: '{limit} fouls lose the game'},
  'arbiter.noFoulLimit':
      {zh: '本局不设犯规次数上限', en: 'No foul limit in this game'},
  'arbiter.foulItem': {zh: '{side}：{reason}', en: '{side}: {reason}'},
  'action.set_result': {zh: '判定结果', en: 'result set'},
  'action.abort': {zh: '中止', en: 'aborted'},
  'action.adjust_clock': {zh: '调整用时', en: 'clock adjusted'},
  'action.pause': {zh: '暂停计时', en: 'clocks paused'},
  'action.resume': {zh: '恢复计时', en: 'clocks resumed'},
  'action.start_clocks': {zh: '开始计时', en: 'clocks started'},
  'arbiter.rulingItem': {zh: '{action}：{reason}', en: '{action}: {reason}'},
  'arbiter.limitHeading': {zh: '自然限着', en: 'Natural move limit'},
  'arbiter.claimant': {zh: '提出方', en: 'Claimant'},
  'arbiter.pliesSinceCapture': {zh: '未吃子着数', en: 'Plies without capture'},
  'arbiter.pliesRequired': {zh: '所需着数', en: 'Plies needed'},
  'arbiter.reached': {zh: '已达到', en: 'Reached'},
  'arbiter.yes': {zh: '是', en: 'yes'},
  'arbiter.no': {zh: '否', en: 'no'},
  'arbiter.limitRounds':
      {zh: '（限 {rounds} 回合）', en: ' (limit {rounds} rounds)'},
});

const params = hashParams();
const gameName = params.get('game') || '';
let token = params.get('token') || '';
// The token box is open without a token, after the server refused the token
// (`tokenError`: the key of what it says), or when the arbiter asks to change
// it.
let tokenBoxOpen = !token;
let tokenError = '';

const el = (id) => document.getElementById(id);
const messageEl = el('message');
let game = null;
let ruling = null;
// The cycle move shown on the board (0: the live position).
let selectedPly = 0;
let inCheckNow = false;
let analysisTimer = null;

const board = new XiangqiBoard(el('board'));
const clocks = new GameClocks({
  SIDE_RED: el('clock-red'),
  SIDE_BLACK: el('clock-black'),
  shared: el('clock-shared')
});
const moveList = new MoveList(
    el('moves'), el('notation-switch'),
    {onError: (text) => showMessage(messageEl, text, 'error')});
moveList.onNotationChange(() => loadRuling());

let live = null;

// The watch stream's state in the header (relabelled with the language).
function renderConnection() {
  const status = el('connection').dataset.status;
  el('connection').textContent = status ? t(`conn.${status}`) : '';
}

function startWatching() {
  live?.stop();
  live = new LiveGame(gameName, token, {
    onChange: onGameChanged,
    onStatus: (status, error) => {
      el('connection').dataset.status = status;
      renderConnection();
      if (error && status === 'ended') {
        showError(messageEl, error);
      }
    },
    onError: (error) => showError(messageEl, error),
  });
  live.start();
}

function onGameChanged(next, change) {
  const movesChanged = !game || next.moves.length !== game.moves.length;
  game = next;
  moveList.setGame(game.startFen || '', game.xiangqiRules || {});
  clocks.update(game.clocks, change.arrivedMs);
  moveList.show(game.moves);
  if (movesChanged) scheduleAnalysis();
  render();
}

// Rulings and the natural limit follow the moves; a burst of events asks once.
function scheduleAnalysis() {
  clearTimeout(analysisTimer);
  analysisTimer = setTimeout(() => {
    loadRuling();
    loadNaturalLimit();
    loadCheckState();
  }, 150);
}

function gameHistory() {
  return {fen: game.startFen || '', moves: game.moves};
}

function rules() {
  return game.xiangqiRules ?? {};
}

async function loadCheckState() {
  if (!game) return;
  const ply = game.ply;
  try {
    const response = await call(
        'AdjudicationService', 'ListMoves',
        {xiangqi: game.fen ? {fen: game.fen} : gameHistory()});
    if (game.ply !== ply) return;
    const state = response.xiangqiState ?? '';
    inCheckNow = state === 'XIANGQI_GAME_STATE_CHECK' ||
        state === 'XIANGQI_GAME_STATE_CHECKMATE';
    render();
  } catch (error) {
    showError(messageEl, error);
  }
}

async function loadRuling() {
  if (!game) return;
  const message = el('ruling-message');
  if (!game.moves.length) {
    ruling = null;
    showMessage(message, t('arbiter.noMoves'), 'info');
    renderRuling();
    return;
  }
  const plies = game.moves.length;
  try {
    const response = await call('AdjudicationService', 'RuleOnRepetition', {
      xiangqi: gameHistory(),
      xiangqiRules: rules(),
      notation: NOTATIONS[moveList.notation],
      language: apiLanguage(),
    });
    if (game.moves.length !== plies) return;  // a newer request follows
    ruling = response.ruling ?? {};
    showMessage(message, '', 'info');
  } catch (error) {
    ruling = null;
    showError(message, error);
  }
  renderRuling();
}

async function loadNaturalLimit() {
  if (!game) return;
  const body = el('limit-body');
  try {
    const response = await call(
        'AdjudicationService', 'GetNaturalLimitStatus',
        {xiangqi: gameHistory(), xiangqiRules: rules()});
    showMessage(el('limit-message'), '', 'info');
    body.replaceChildren();
    for (const status of response.statuses ?? []) {
      const row = body.insertRow();
      row.dataset.side = status.claimant ?? '';
      row.insertCell().textContent = sideName(status.claimant) +
          t('arbiter.limitRounds', {rounds: status.limitRounds ?? 0});
      row.insertCell().textContent = String(status.pliesSinceCapture ?? 0);
      row.insertCell().textContent = String(status.pliesRequired ?? 0);
      row.insertCell().textContent =
          status.reached ? t('arbiter.yes') : t('arbiter.no');
    }
  } catch (error) {
    showError(el('limit-message'), error);
  }
}

// The cycle's classified moves of both sides, in the order played.
function cycleMoves() {
  const moves = [];
  for (const conduct of ruling?.conducts ?? []) {
    for (const move of conduct.moves ?? []) moves.push(move);
  }
  return moves.sort((a, b) => (a.ply ?? 0) - (b.ply ?? 0));
}

function kindClass(kind) {
  return 'kind-' +
      String(kind ?? '')
          .replace('XIANGQI_MOVE_KIND_', '')
          .toLowerCase()
          .replace(/_/g, '-');
}

function kindText(move) {
  const kind = move.kind ?? 'XIANGQI_MOVE_KIND_UNSPECIFIED';
  let text = t(`kind.${kind}`);
  if (kind === 'XIANGQI_MOVE_KIND_IDLE' && move.idleKind &&
      move.idleKind !== 'plain') {
    text += ` · ${t(`idle.${move.idleKind}`)}`;
  }
  if (move.countedAs && move.countedAs !== kind) {
    text += ` (${t('arbiter.countedAs', {kind: t(`kind.${move.countedAs}`)})})`;
  }
  return text;
}

function targetText(target) {
  return t('arbiter.target', {
    attacker: pieceName(target.attacker ?? ''),
    attackerSquare: target.attackerSquare ?? '',
    target: pieceName(target.piece ?? ''),
    square: target.square ?? '',
    protection: target.targetProtected ? t('arbiter.protected') :
                                         t('arbiter.unprotected'),
  });
}

function renderRuling() {
  const summary = el('ruling-summary');
  const list = el('cycle-list');
  summary.replaceChildren();
  list.replaceChildren();
  if (!ruling) return;
  const add = (term, text) => {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = text;
    summary.append(dt, dd);
    return dd;
  };
  const outcome = ruling.outcome ?? 'XIANGQI_REPETITION_OUTCOME_UNSPECIFIED';
  add(t('arbiter.outcome'),
      t(`outcome.${outcome}`, {side: sideName(ruling.offender)}))
      .id = 'ruling-outcome';
  if (ruling.cycleFirstPly) {
    add(t('arbiter.cycle'), t('arbiter.cyclePlies', {
          first: ruling.cycleFirstPly,
          last: ruling.cycleLastPly ?? 0,
          occurrences: ruling.occurrences ?? 0,
        }));
  }
  const conducts =
      (ruling.conducts ?? [])
          .map(
              (c) => t('arbiter.conduct', {
                       side: sideName(c.side),
                       conduct: t(
                           `conduct.${c.conduct ?? 'XIANGQI_CONDUCT_ALLOWED'}`)
                     }) +
                  (c.chasedPieces ?
                       t('arbiter.chasedPieces', {count: c.chasedPieces}) :
                       ''));
  if (conducts.length) add(t('arbiter.conducts'), conducts.join('; '));
  if (ruling.explanation) add(t('arbiter.explanation'), ruling.explanation);

  for (const move of cycleMoves()) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = kindClass(move.kind);
    button.dataset.ply = String(move.ply ?? 0);
    button.setAttribute('aria-pressed', String(move.ply === selectedPly));
    const cells = [
      ['cycle-ply', `${move.ply ?? 0}.`],
      ['cycle-move', move.display || move.move || ''],
      ['cycle-kind', `${sideName(move.side)} · ${kindText(move)}`],
    ];
    for (const [cls, text] of cells) {
      const span = document.createElement('span');
      span.className = cls;
      span.textContent = text;
      button.appendChild(span);
    }
    const targets = move.targets ?? [];
    if (targets.length) {
      const detail = document.createElement('span');
      detail.className = 'cycle-detail';
      detail.textContent = targets.map(targetText).join('；');
      button.appendChild(detail);
    }
    button.addEventListener(
        'click',
        () => selectCycleMove(move.ply === selectedPly ? 0 : move.ply));
    item.appendChild(button);
    list.appendChild(item);
  }
}

function selectCycleMove(ply) {
  selectedPly = ply ?? 0;
  for (const button of el('cycle-list').querySelectorAll('button')) {
    button.setAttribute(
        'aria-pressed', String(Number(button.dataset.ply) === selectedPly));
  }
  render();
}

// The board: the live position, or the position after the picked cycle move
// with the move, the chasing pieces and the chased targets marked.
function renderBoard() {
  const viewed = cycleMoves().find((m) => m.ply === selectedPly);
  if (viewed && selectedPly <= game.moves.length) {
    const position = boardAfter(game.startFen || '', game.moves, selectedPly);
    const marks = [];
    for (const target of viewed.targets ?? []) {
      if (target.attackerSquare) {
        marks.push({square: target.attackerSquare, cls: 'attacker'});
      }
      if (target.square) marks.push({square: target.square, cls: 'target'});
    }
    const checked = viewed.side === 'SIDE_RED' ? 'black' : 'red';
    const gaveCheck = viewed.kind === 'XIANGQI_MOVE_KIND_CHECK';
    board.setPosition(position);
    board.setHighlights({
      lastMove: viewed.move ?? '',
      marks,
      check: gaveCheck ? findKing(position, checked) : ''
    });
    el('view-note').hidden = false;
    el('view-note-text').textContent =
        t('arbiter.viewing',
          {ply: selectedPly, move: viewed.display || viewed.move});
    return;
  }
  selectedPly = 0;
  el('view-note').hidden = true;
  const position = game.fen ? parseFen(game.fen).board :
                              boardAfter(game.startFen || '', game.moves);
  const toMove = sideKey(game.sideToAct) || parseFen(game.fen || '').sideToMove;
  board.setPosition(position);
  board.setHighlights({
    lastMove: game.moves[game.moves.length - 1] ?? '',
    check: inCheckNow ? findKing(position, toMove) : ''
  });
}

// The fragment's token= follows the token in use (a reload keeps it).
function storeToken() {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  if (token) {
    fragment.set('token', token);
  } else {
    fragment.delete('token');
  }
  history.replaceState(null, '', `#${fragment.toString()}`);
}

function renderToken() {
  el('token-form').hidden = !tokenBoxOpen;
  el('token-state').hidden = tokenBoxOpen || !token;
  el('token-error').textContent = tokenError ? t(tokenError) : '';
  el('token-error').hidden = !tokenError;
}

function openTokenBox(errorKey = '') {
  tokenBoxOpen = true;
  tokenError = errorKey;
  renderToken();
  el('token-input').focus();
}

function render() {
  el('game-name').textContent = gameName;
  renderToken();
  if (!game) return;
  for (const player of game.players) {
    const key = sideKey(player.side);
    if (key === 'red' || key === 'black') {
      el(`name-${key}`).textContent = player.name ?? '';
    }
  }
  renderBoard();
  const over = !isOngoing(game.verdict);
  el('banner').hidden = !over;
  if (over) {
    el('banner-result').textContent =
        `${t('play.gameOver')}: ${resultText(game.verdict)}`;
    el('banner-reason').textContent = reasonText(game.verdict.reason);
    el('banner-explanation').textContent = verdictExplanation();
  }
  const status = [];
  if (!over) {
    if (inCheckNow) status.push(t('play.check'));
    if (game.clocks?.paused) status.push(t('play.paused'));
    status.push(t('play.toMove', {side: sideName(game.sideToAct)}));
  }
  el('status').textContent = status.join(' · ');
  el('pause').disabled =
      over || Boolean(game.clocks?.paused) || !game.clocks?.timed;
  el('resume').disabled = over || !game.clocks?.paused;
  // A game waiting for its start time (a round scheduled ahead): the
  // arbiter may start it now.
  el('start-clocks').hidden = over || !game.clocks?.waitingForStartTime;
  for (const id of ['foul-form', 'adjust-form', 'result-form', 'abort-form']) {
    for (const control of el(id).querySelectorAll('button')) {
      control.disabled = over;
    }
  }
  renderLog();
}

// The verdict's explanation; an arbiter's own result or abort is explained
// by the reason given with it, in the page's words (the server writes its
// explanation in English).
function verdictExplanation() {
  const action = {
    VERDICT_REASON_ARBITER_DECISION: 'set_result',
    VERDICT_REASON_ABORTED: 'abort',
  }[game.verdict.reason];
  const ruling = action &&
      [...(game.rulings ?? [])].reverse().find((r) => r.action === action);
  if (ruling) {
    return ruling.reason ? t('arbiter.because', {reason: ruling.reason}) : '';
  }
  return explanationText(game.verdict);
}

function renderLog() {
  const limit = game.foulLimit ?? 0;
  el('foul-limit').textContent =
      limit ? t('arbiter.foulLimit', {limit}) : t('arbiter.noFoulLimit');
  const fill = (list, items, text) => {
    list.replaceChildren();
    if (!items.length) {
      const empty = document.createElement('li');
      empty.className = 'log-empty';
      empty.textContent = t('arbiter.none');
      list.appendChild(empty);
    }
    for (const item of items) {
      const li = document.createElement('li');
      li.textContent = text(item);
      list.appendChild(li);
    }
  };
  fill(
      el('fouls'), game.fouls,
      (f) =>
          t('arbiter.foulItem',
            {side: sideName(f.side), reason: f.reason ?? ''}));
  fill(
      el('rulings'), game.rulings,
      (r) =>
          t('arbiter.rulingItem',
            {action: t(`action.${r.action}`), reason: r.reason ?? ''}));
}

// Runs an arbiter call and applies the Game it answers.
async function arbiterAction(method, fields, doneKey) {
  if (!token) {
    showMessage(messageEl, t('arbiter.needToken'), 'error');
    return false;
  }
  try {
    const answer =
        await call('GameService', method, {name: gameName, token, ...fields});
    showMessage(messageEl, t('arbiter.done', {action: t(doneKey)}), 'ok');
    live.applyGame(answer);
    return true;
  } catch (error) {
    const refusal = {
      unauthenticated: 'arbiter.tokenRefused',
      permission_denied: 'arbiter.playerToken',
    }[error?.code];
    if (refusal) {
      // The token is wrong: say so in the page's language, drop it and ask
      // again; what the arbiter typed in the forms stays for the retry.
      token = '';
      storeToken();
      showMessage(messageEl, t(refusal), 'error');
      openTokenBox(refusal);
    } else {
      showError(messageEl, error);
    }
    return false;
  }
}

// What the result form would set, in words.
function chosenResultText() {
  const choice = el('result-choice');
  return choice.options[choice.selectedIndex]?.textContent ?? '';
}

function closeResultConfirm() {
  el('result-confirm').hidden = true;
}

el('foul-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const done = await arbiterAction(
      'RecordFoul',
      {side: el('foul-side').value, reason: el('foul-reason').value.trim()},
      'arbiter.recordFoul');
  if (done) el('foul-reason').value = '';
});
el('pause').addEventListener(
    'click',
    () => arbiterAction(
        'PauseClocks', {reason: el('pause-reason').value.trim()},
        'action.pause'));
el('resume').addEventListener(
    'click',
    () => arbiterAction(
        'ResumeClocks', {reason: el('pause-reason').value.trim()},
        'action.resume'));
el('start-clocks').addEventListener(
    'click',
    () => arbiterAction(
        'StartClocks', {reason: el('pause-reason').value.trim()},
        'action.start_clocks'));
el('adjust-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const seconds = Number(el('adjust-seconds').value);
  arbiterAction(
      'AdjustClock', {
        side: el('adjust-side').value,
        deltaMs: String(Math.round(seconds * 1000)),
        reason: el('adjust-reason').value.trim(),
      },
      'action.adjust_clock');
});
// Setting the result ends the game: the form first shows what it would set
// and asks for a confirmation.
el('result-form').addEventListener('submit', (event) => {
  event.preventDefault();
  el('result-confirm-text').textContent = t('arbiter.confirmQuestion', {
    result: chosenResultText(),
    reason: el('result-reason').value.trim(),
  });
  el('result-confirm').hidden = false;
  el('result-confirm-no').focus();
});
el('result-confirm-no').addEventListener('click', () => {
  closeResultConfirm();
  el('result-form').querySelector('button[type="submit"]').focus();
});
// A changed choice or reason makes the question stale.
el('result-choice').addEventListener('change', closeResultConfirm);
el('result-reason').addEventListener('input', closeResultConfirm);
el('result-confirm-yes').addEventListener('click', async () => {
  const choice = el('result-choice').value;
  const fields = choice === 'DRAW' ? {result: 'RESULT_DRAW'} :
                                     {result: 'RESULT_WIN', winner: choice};
  el('result-confirm-yes').disabled = true;
  const done = await arbiterAction(
      'SetResult', {...fields, reason: el('result-reason').value.trim()},
      'action.set_result');
  el('result-confirm-yes').disabled = false;
  if (done) closeResultConfirm();
  if (game) render();
});
el('abort-form').addEventListener('submit', (event) => event.preventDefault());
confirmingButton(
    el('abort'), 'arbiter.confirmAbort',
    () => arbiterAction(
        'AbortGame', {reason: el('abort-reason').value.trim()},
        'action.abort'));
el('back-live').addEventListener('click', () => selectCycleMove(0));
el('refresh-ruling').addEventListener('click', () => {
  loadRuling();
  loadNaturalLimit();
});
el('token-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const typed = el('token-input').value.trim();
  if (!typed) return;
  token = typed;
  el('token-input').value = '';
  tokenBoxOpen = false;
  tokenError = '';
  storeToken();
  showMessage(messageEl, '', 'info');
  render();
  startWatching();
});
el('token-change').addEventListener('click', () => openTokenBox());

onLanguageChange(() => {
  renderToken();
  renderConnection();
  if (!el('result-confirm').hidden) closeResultConfirm();
  board.relabel();
  loadRuling();
  loadNaturalLimit();
  if (game) render();
});

mountLangSwitch();
moveList.render();
render();
if (!gameName) {
  showMessage(messageEl, t('play.noGame'), 'error');
} else {
  if (!token) showMessage(messageEl, t('arbiter.needToken'), 'info');
  startWatching();
}
