// index.html: creates a live game (GameService.CreateGame) and shows each
// player's link with their token, a spectator link and the arbiter's page;
// lists the games being played.
import {call} from './api.js';
import {onChange as onLanguageChange, register, t} from './i18n.js';
import {mountLangSwitch} from './lang-switch.js';
import {sideKey, sideName} from './game-labels.js';
import {showMessage} from './page-util.js';
import {showError} from './player-wording.js';
import {mountTimeControl} from './time-control.js';

register({
  'index.title': {zh: '在线对局', en: 'Live games'},
  'index.navHeading': {zh: '页面', en: 'Pages'},
  'index.analysisLink': {
    zh: '分析棋盘：检查着法、裁决棋谱',
    en: 'Analysis board: check moves and adjudicate records'
  },
  'index.watchLink': {zh: '观看进行中的对局', en: 'Watch a live game'},
  'index.tournamentLink': {zh: '赛事管理', en: 'Tournaments'},
  'index.createHeading': {zh: '开始新对局', en: 'Start a live game'},
  'index.kind': {zh: '棋种', en: 'Game'},
  'index.xiangqi': {zh: '中国象棋', en: 'Xiangqi (Chinese chess)'},
  'index.gomoku': {zh: '五子棋（中国规则）', en: 'Gomoku (Chinese rules)'},
  'index.redName': {zh: '红方棋手', en: 'Red player'},
  'index.blackName': {zh: '黑方棋手', en: 'Black player'},
  'index.whiteName': {zh: '白方棋手', en: 'White player'},
  'index.event': {zh: '赛事（可选）', en: 'Event (optional)'},
  'index.allowTakebacks': {
    zh: '允许双方同意后悔棋',
    en: 'Players may take back moves by agreement',
  },
  'index.startFen':
      {zh: '起始局面 FEN（可选）', en: 'Start position, FEN (optional)'},
  'index.fenHelp':
      {zh: '留空为标准开局。', en: 'Empty: the standard start position.'},
  'index.create': {zh: '创建对局', en: 'Create the game'},
  'index.creating': {zh: '正在创建…', en: 'Creating…'},
  'index.created': {zh: '已创建 {name}', en: 'Created {name}'},
  'index.createdHeading': {zh: '本局链接', en: 'Links for this game'},
  'index.createdHelp': {
    zh: '要自己下，就打开你这一方的链接，把另一方的链接发给朋友。每个棋手链接含有该方的密钥，只在此处显示一次，不要发给别人。任何人都可以用观战链接观看。',
    en: 'To play yourself, open your side\'s link and send the other link to your friend. Each player\'s link holds that side\'s secret token and is shown only now: keep it to that player. Anybody may watch with the spectator link.',
  },
  'index.playerLink': {zh: '{side}（{name}）', en: '{side} ({name})'},
  'index.spectatorLink': {zh: '观战', en: 'Spectators'},
  'index.arbiterLink':
      {zh: '裁判（需裁判密钥）', en: 'Arbiter (needs an arbiter token)'},
  'index.copy': {zh: '复制', en: 'Copy'},
  'index.copied': {zh: '已复制', en: 'Copied'},
  'index.copyFailed':
      {zh: '无法复制，请手动复制', en: 'Copy failed: select the link instead'},
  'index.liveHeading': {zh: '进行中的对局', en: 'Games being played'},
  'index.refresh': {zh: '刷新', en: 'Refresh'},
  'index.colGame': {zh: '对局', en: 'Game'},
  'index.colPlayers': {zh: '棋手', en: 'Players'},
  'index.colPly': {zh: '步数', en: 'Moves'},
  'index.colWatch': {zh: '观看', en: 'Watch'},
  'index.watch': {zh: '观战', en: 'Watch'},
  'index.noGames':
      {zh: '目前没有进行中的对局。', en: 'No game is being played.'},
  'index.kindXiangqi': {zh: '象棋', en: 'Xiangqi'},
  'index.kindGomoku': {zh: '五子棋', en: 'Gomoku'},
  'index.unnamed': {zh: '无名', en: 'unnamed'},
});

const el = (id) => document.getElementById(id);
const PAGES = {
  GAME_KIND_XIANGQI: 'xiangqi.html',
  GAME_KIND_GOMOKU: 'gomoku.html'
};
let lastCreated = null;
const timeControl = mountTimeControl({
  preset: 'time-preset',
  custom: 'time-custom',
  minutes: 'time-minutes',
  preview: 'time-preview',
  advanced: 'time-control',
}, '600+5');

// "games/…" stays readable in the link; a token is fully escaped.
function gameLink(page, name, extra = {}) {
  const parts = [`game=${encodeURIComponent(name).replace(/%2F/gi, '/')}`];
  for (const [key, value] of Object.entries(extra)) {
    parts.push(`${key}=${encodeURIComponent(value)}`);
  }
  return new URL(`${page}#${parts.join('&')}`, location.href).href;
}

function selectedKind() {
  return document.querySelector('input[name="kind"]:checked').value;
}

function kindSides(kind) {
  return kind === 'gomoku' ? ['SIDE_BLACK', 'SIDE_WHITE'] :
                             ['SIDE_RED', 'SIDE_BLACK'];
}

function updateFormForKind() {
  const gomoku = selectedKind() === 'gomoku';
  el('first-name-label').dataset.i18n =
      gomoku ? 'index.blackName' : 'index.redName';
  el('second-name-label').dataset.i18n =
      gomoku ? 'index.whiteName' : 'index.blackName';
  el('first-name-label').textContent = t(el('first-name-label').dataset.i18n);
  el('second-name-label').textContent = t(el('second-name-label').dataset.i18n);
  el('fen-field').hidden = gomoku;
}

// 32 hex digits: a retried create with the same id gets the same game.
function newRequestId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function createWithRetry(request, attempts = 3) {
  for (let attempt = 1;; attempt++) {
    try {
      return await call('GameService', 'CreateGame', request);
    } catch (error) {
      const transient =
          ['unavailable', 'deadline_exceeded'].includes(error.code);
      if (!transient || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
    }
  }
}

async function createGame(event) {
  event.preventDefault();
  const kind = selectedKind();
  const sides = kindSides(kind);
  const names = [el('first-name').value.trim(), el('second-name').value.trim()];
  const time = timeControl.read();
  if (time.error) {
    showMessage(el('create-message'), time.error, 'error');
    el('time-minutes').focus();
    return;
  }
  const request = {
    kind: kind === 'gomoku' ? 'GAME_KIND_GOMOKU' : 'GAME_KIND_XIANGQI',
    timeControl: time.text,
    players: sides.map((side, i) => ({side, name: names[i]})),
    requestId: newRequestId(),
    allowTakebacks: el('allow-takebacks').checked,
  };
  const eventName = el('event').value.trim();
  if (eventName) request.event = eventName;
  const fen = el('start-fen').value.trim();
  if (kind === 'xiangqi' && fen) request.startFen = fen;
  const button = el('create-button');
  button.disabled = true;
  showMessage(el('create-message'), t('index.creating'), 'info');
  try {
    const response = await createWithRetry(request);
    lastCreated = response;
    showMessage(
        el('create-message'), t('index.created', {name: response.game.name}),
        'ok');
    renderLinks();
    el('created').hidden = false;
    el('created').scrollIntoView({block: 'start'});
    loadGames();
  } catch (error) {
    showError(el('create-message'), error, {retrying: false});
  } finally {
    button.disabled = false;
  }
}

function linkItem(label, href, testId) {
  const item = document.createElement('li');
  item.dataset.link = testId;
  const name = document.createElement('span');
  name.className = 'link-label';
  name.textContent = label;
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.textContent = href;
  anchor.target = '_blank';
  anchor.rel = 'noopener';
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.textContent = t('index.copy');
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(href);
      copy.textContent = t('index.copied');
    } catch (error) {
      copy.textContent = t('index.copyFailed');
    }
  });
  item.append(name, anchor, copy);
  return item;
}

function renderLinks() {
  if (!lastCreated) return;
  const game = lastCreated.game;
  const page = PAGES[game.kind] ?? 'xiangqi.html';
  const xiangqi = game.kind === 'GAME_KIND_XIANGQI';
  const list = el('links');
  list.replaceChildren();
  for (const {side, token} of lastCreated.tokens ?? []) {
    const player = (game.players ?? []).find((p) => p.side === side) ?? {};
    // Both games' pages take side=: without it a gomoku link opens as a
    // spectator's.
    const extra = {token, side: sideKey(side)};
    list.appendChild(linkItem(
        t('index.playerLink',
          {side: sideName(side), name: player.name || t('index.unnamed')}),
        gameLink(page, game.name, extra), sideKey(side)));
  }
  list.appendChild(linkItem(
      t('index.spectatorLink'), gameLink(page, game.name), 'spectator'));
  if (xiangqi) {
    list.appendChild(linkItem(
        t('index.arbiterLink'), gameLink('arbiter.html', game.name),
        'arbiter'));
  }
}

function playersText(game) {
  return (game.players ?? [])
      .map(
          (p) =>
              t('index.playerLink',
                {side: sideName(p.side), name: p.name || t('index.unnamed')}))
      .join(' – ');
}

async function loadGames() {
  const body = el('games-body');
  try {
    const response = await call(
        'GameService', 'ListGames', {status: 'GAME_STATUS_LIVE', pageSize: 50});
    showMessage(el('games-message'), '', 'info');
    body.replaceChildren();
    const games = response.games ?? [];
    if (!games.length) {
      const row = body.insertRow();
      const cell = row.insertCell();
      cell.colSpan = 4;
      cell.textContent = t('index.noGames');
    }
    for (const game of games) {
      const row = body.insertRow();
      const kind = game.kind === 'GAME_KIND_GOMOKU' ? t('index.kindGomoku') :
                                                      t('index.kindXiangqi');
      row.insertCell().textContent = `${kind} · ${game.name}`;
      row.insertCell().textContent = playersText(game);
      row.insertCell().textContent = String(game.ply ?? 0);
      const link = document.createElement('a');
      link.href = gameLink(PAGES[game.kind] ?? 'xiangqi.html', game.name);
      link.textContent = t('index.watch');
      row.insertCell().appendChild(link);
    }
  } catch (error) {
    showError(el('games-message'), error, {retrying: false});
  }
}

for (const radio of document.querySelectorAll('input[name="kind"]')) {
  radio.addEventListener('change', updateFormForKind);
}
el('create-form').addEventListener('submit', createGame);
el('refresh-games').addEventListener('click', loadGames);
onLanguageChange(() => {
  timeControl.relabel();
  updateFormForKind();
  renderLinks();
  loadGames();
});

mountLangSwitch();
updateFormForKind();
loadGames();
