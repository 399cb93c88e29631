// The analysis page: a pasted or uploaded record goes to
// AdjudicationService.AdjudicateGame (with per-move annotations); the page
// shows the ruling, every move's classification, and the game on a board,
// step by step (buttons, ←/→, Home/End).

import {ApiError, call} from './api.js';
import {AnalysisViewer} from './analysis-viewer.js';
import {InputError, readRecordFile} from './analysis-input.js';
import {gomokuStates, xiangqiBoards} from './analysis-positions.js';
import {renderReport} from './analysis-report.js';
import {markCurrentRow, renderTable} from './analysis-table.js';
import {actionsOf, hasOpeningProtocol, splitRecord} from './gomoku-record.js';
import {apiLanguage, apply, lang, onChange, register, t} from './i18n.js';
import {mountLangSwitch} from './lang-switch.js';

register({
  'analysis.title': {zh: '棋谱分析', en: 'Game analysis'},
  'analysis.home': {zh: '对局列表', en: 'Games'},
  'analysis.record': {zh: '棋谱', en: 'Record'},
  'analysis.placeholder': {
    zh: '粘贴棋谱：PGN，或中文记谱如“1. 炮二平五 马８进７ …”；五子棋如“h8 h9 h10 noswap …”',
    en: 'Paste a record: PGN, or Chinese text like "1. 炮二平五 马８进７ …"; ' +
        'gomoku like "h8 h9 h10 noswap …"',
  },
  'analysis.file': {zh: '或上传文件', en: 'Or upload a file'},
  'analysis.encoding': {zh: '文件编码', en: 'File encoding'},
  'analysis.encoding.auto': {zh: '自动识别', en: 'Detect'},
  'analysis.game': {zh: '棋类', en: 'Game'},
  'analysis.game.auto': {zh: '自动识别', en: 'Detect'},
  'analysis.game.xiangqi': {zh: '象棋', en: 'Xiangqi'},
  'analysis.game.gomoku': {zh: '五子棋', en: 'Gomoku'},
  'analysis.rules': {zh: '规则', en: 'Rules'},
  'analysis.rules.chinese': {zh: '中国象棋协会规则', en: 'Chinese (CXA)'},
  'analysis.rules.asian': {zh: '亚洲象棋联合会规则', en: 'Asian (AXF)'},
  'analysis.rules.simple': {
    zh: '简单规则（只判长将）',
    en: 'Simple (perpetual check only)',
  },
  'analysis.mode': {zh: '裁决方式', en: 'Adjudication'},
  'analysis.mode.automatic': {zh: '自动（网络对局）', en: 'Automatic (online)'},
  'analysis.mode.claim': {zh: '提请（实战）', en: 'On claim (over the board)'},
  'analysis.mode.record': {zh: '按棋谱选择', en: 'From the record'},
  'analysis.mode.hint': {
    zh: '写明结果的棋谱（实战对局）按提请裁决，未写结果的按自动裁决。',
    en: 'A record that states its result (a game played over the board) ' +
        'is ruled on claim; one without a result, automatically.',
  },
  'analysis.notation': {zh: '着法显示', en: 'Show moves in'},
  'analysis.notation.chinese': {zh: '中文纵线', en: 'Chinese'},
  'analysis.notation.wxf': {zh: 'WXF', en: 'WXF'},
  'analysis.notation.iccs': {zh: 'ICCS 坐标', en: 'ICCS'},
  'analysis.gomokuRules': {zh: '五子棋规则', en: 'Gomoku rules'},
  'analysis.gomokuRules.chinese': {
    zh: '中国规则（指定开局、禁手）',
    en: 'Chinese (openings, forbidden points)',
  },
  'analysis.gomokuRules.renju': {zh: 'RIF 连珠', en: 'Renju (RIF)'},
  'analysis.gomokuRules.standard': {
    zh: '标准五子棋（恰好五连）',
    en: 'Standard gomoku (exactly five)',
  },
  'analysis.gomokuRules.freestyle': {
    zh: '无禁手（五连以上）',
    en: 'Freestyle (five or more)',
  },
  'analysis.skipOpening': {
    zh: '不检查开局规则',
    en: 'Do not check the opening protocol',
  },
  'analysis.submit': {zh: '裁决', en: 'Adjudicate'},
  'analysis.example': {zh: '示例：长将', en: 'Example: perpetual check'},
  'analysis.exampleGomoku': {
    zh: '示例：五子棋禁手',
    en: 'Example: gomoku forbidden move',
  },
  'analysis.working': {zh: '裁决中…', en: 'Adjudicating…'},
  'analysis.empty': {zh: '请先输入或上传棋谱。', en: 'Enter or upload a record first.'},
  'analysis.verdict': {zh: '裁决', en: 'Ruling'},
  'analysis.moves': {zh: '逐着分析', en: 'Move by move'},
  'analysis.board': {zh: '棋盘', en: 'Board'},
  'analysis.first': {zh: '开始', en: 'Start'},
  'analysis.prev': {zh: '上一步', en: 'Previous'},
  'analysis.next': {zh: '下一步', en: 'Next'},
  'analysis.last': {zh: '最后', en: 'End'},
  'analysis.keys': {
    zh: '用 ← / → 键逐步查看，Home / End 键到开始或最后。',
    en: '← / → step through the game; Home / End go to its start or end.',
  },
  'analysis.legend.target': {zh: '被捉的子', en: 'Chased piece'},
  'analysis.legend.attacker': {zh: '捉子的子', en: 'Chasing piece'},
  'analysis.legend.move': {zh: '本步着法', en: 'The move'},
  'analysis.fileRead': {zh: '已读入 {name}', en: 'Read {name}'},
  'analysis.error': {
    zh: '错误：{message}（{code}）',
    en: 'Error: {message} ({code})',
  },
  'analysis.errorDetail': {zh: '服务器原文', en: 'The server\'s words'},
  'analysis.error.notMove': {
    zh: '棋谱第{ply}步 {token} 不是可识别的着法（ICCS、WXF 或中文纵线记谱）。',
    en: 'Ply {ply}: {token} is not a move.',
  },
  'analysis.error.afterResult': {
    zh: '棋谱第{ply}步 {token} 写在结果之后。',
    en: 'Ply {ply}: {token} comes after the result.',
  },
  'analysis.error.ply': {zh: '棋谱第{ply}步有误。', en: 'Ply {ply} is wrong.'},
  'analysis.error.fen': {zh: '棋谱的起始局面（FEN）有误。', en: 'The FEN is wrong.'},
  'analysis.error.tooLong': {
    zh: '棋谱的步数超过服务器允许的上限。',
    en: 'The record is longer than the server allows.',
  },
  'analysis.error.refused': {
    zh: '服务器无法读取这份棋谱。',
    en: 'The server cannot read this record.',
  },
  'analysis.error.failed': {
    zh: '裁决请求失败，请稍后再试。',
    en: 'The request failed; try again later.',
  },
});

const EXAMPLES = {
  xiangqi: '[Event "长将示例 Perpetual check"]\n' +
      '[FEN "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1"]\n\n' +
      '1. 车四平五 将5平6 2. 车五平四 将6平5\n' +
      '3. 车四平五 将5平6 4. 车五平四 将6平5 *\n',
  gomoku: 'h8 g9 i8 noswap o15 propose:j7,a15 choose:j7 a1 j6 a3 j8',
};

const el = (id) => document.getElementById(id);
let lastRequest = null;  // re-sent when the language changes
let busy = false;

const viewer = new AnalysisViewer({
  board: el('board'), label: el('ply-label'), move: el('ply-move'),
  chased: el('ply-chased'),
}, {onStep: onStep});

// Whether every token reads as a gomoku action (points a–o 1–15, pass,
// swap, propose:…, choose:…), so the record is gomoku.
function looksLikeGomoku(text) {
  const tokens = splitRecord(text);
  const point = '[a-o]([1-9]|1[0-5])';
  const action = new RegExp(`^(${point}|pass|swap|noswap|draw|` +
                            `propose:[a-o0-9,]+|choose:${point})$`);
  return tokens.length > 0 && tokens.every((token) => action.test(token));
}

function gameKind() {
  const chosen = el('game-kind').value;
  if (chosen !== 'auto') return chosen;
  return looksLikeGomoku(el('record').value) ? 'gomoku' : 'xiangqi';
}

function showOptions() {
  const kind = gameKind();
  el('xiangqi-options').hidden = kind !== 'xiangqi';
  el('gomoku-options').hidden = kind !== 'gomoku';
}

// Shows `text` as the form's error ('' hides it); `detail`, the server's
// own words when the text is a translation, goes in a folded box.
function showError(text, detail = '') {
  const box = el('error');
  box.replaceChildren();
  box.hidden = !text;
  if (!text) return;
  box.append(text);
  if (detail) {
    const more = document.createElement('details');
    more.className = 'error-detail';
    const summary = document.createElement('summary');
    summary.textContent = t('analysis.errorDetail');
    const words = document.createElement('code');
    words.textContent = detail;
    more.append(summary, words);
    box.append(more);
  }
}

// The server's record errors it words in English, read in Chinese: [the
// pattern, the key of the text]; the pattern's groups fill {ply}, {token}.
const RECORD_ERRORS = [
  [/^xiangqi_record: ply (\d+): ("[^"]*"): not a move/,
   'analysis.error.notMove'],
  [/^xiangqi_record: ply (\d+): ("[^"]*") after the result/,
   'analysis.error.afterResult'],
  [/^xiangqi_record: ply (\d+)/, 'analysis.error.ply'],
  [/^xiangqi_record: FEN/, 'analysis.error.fen'],
  [/^xiangqi_record: \d+ plies exceed/, 'analysis.error.tooLong'],
];

// An error as {text, detail}: in Chinese the server's English message is
// translated where its form is known and otherwise only folded away.
function errorText(error) {
  if (error instanceof InputError) return {text: t(error.key, error.params)};
  const code = error instanceof ApiError ? error.code : 'internal';
  if (lang() !== 'zh' || !(error instanceof ApiError)) {
    return {text: t('analysis.error', {message: error.message, code})};
  }
  for (const [pattern, key] of RECORD_ERRORS) {
    const match = pattern.exec(error.message);
    if (match) {
      return {text: t(key, {ply: match[1] ?? '', token: match[2] ?? ''}),
              detail: `${error.message} (${code})`};
    }
  }
  return {text: t(code === 'invalid_argument' ? 'analysis.error.refused'
                                              : 'analysis.error.failed'),
          detail: `${error.message} (${code})`};
}

function showErrorOf(error) {
  const {text, detail} = errorText(error);
  showError(text, detail);
}

function buildRequest() {
  const text = el('record').value;
  const kind = gameKind();
  if (kind === 'gomoku') {
    const gomokuRules = {ruleSet: el('gomoku-rules').value};
    if (el('skip-opening').checked) gomokuRules.skipOpeningCheck = true;
    const tokens = splitRecord(text);
    return {kind, tokens,
            request: {gomoku: {actions: actionsOf(tokens)}, gomokuRules,
                      annotate: true}};
  }
  // 'record': claim mode (over the board) unless the record states no
  // result and holds no claims; adjudicate() then asks again automatically.
  const chosen = el('xiangqi-mode').value;
  const fromRecord = chosen === 'record';
  return {kind, fromRecord, request: {
    xiangqiRecord: text,
    xiangqiRules: {ruleSet: el('xiangqi-rules').value,
                   mode: fromRecord ? MODE_CLAIM : chosen},
    notation: el('notation').value,
    annotate: true,
  }};
}

const MODE_CLAIM = 'XIANGQI_ADJUDICATION_MODE_CLAIM';
const MODE_AUTOMATIC = 'XIANGQI_ADJUDICATION_MODE_AUTOMATIC';

// Whether a claim-mode answer shows a record of a game played over the
// board: it states a result or holds claims.
function playedOverTheBoard(response) {
  const stated = response.recordedResult ?? '';
  return (stated !== '' && stated !== '*') ||
      Boolean(response.recordedTermination) ||
      (response.claims ?? []).length > 0;
}

async function askServer(asked) {
  const response = await call('AdjudicationService', 'AdjudicateGame', {
    ...asked.request, language: apiLanguage(),
  });
  if (!asked.fromRecord || asked.kind !== 'xiangqi') return {asked, response};
  // Resolve 'from the record' once; the resolved request is the one kept
  // (and asked again in the other language).
  const overTheBoard = playedOverTheBoard(response);
  const resolved = {
    ...asked, fromRecord: false, chosenBy: overTheBoard ? 'stated' : 'unstated',
    request: {...asked.request, xiangqiRules: {
      ...asked.request.xiangqiRules,
      mode: overTheBoard ? MODE_CLAIM : MODE_AUTOMATIC}},
  };
  if (overTheBoard) return {asked: resolved, response};
  return askServer(resolved);
}

async function adjudicate(request = null, keepPly = null) {
  if (busy) return;
  // A new action: the messages of the last one go.
  if (!request) clearMessages();
  const asked = request ?? buildRequest();
  if (!request && !el('record').value.trim()) {
    showError(t('analysis.empty'));
    forgetResult();
    return;
  }
  busy = true;
  el('submit').disabled = true;
  el('working').hidden = false;
  el('results').classList.add('stale');
  try {
    const answer = await askServer(asked);
    lastRequest = answer.asked;
    showResult(answer.asked, answer.response);
    if (keepPly !== null) {
      viewer.show(keepPly);
    } else {
      // A new ruling: bring it into view (and to a screen reader).
      el('results').scrollIntoView({block: 'start'});
      el('verdict-heading').focus({preventScroll: true});
    }
  } catch (error) {
    showErrorOf(error);
    // The last ruling was for another record: it goes with the error.
    if (!request) forgetResult();
  } finally {
    busy = false;
    el('submit').disabled = false;
    el('working').hidden = true;
    el('results').classList.remove('stale');
  }
}

// Clears what the last action said (its error, the board's note).
function clearMessages() {
  showError('');
  el('board-note').hidden = true;
  el('board-note').textContent = '';
}

// Hides a ruling that no longer matches the text in the box.
function forgetResult() {
  lastRequest = null;
  el('results').hidden = true;
}

function showResult(asked, response) {
  const {kind, request, tokens} = asked;
  const annotations = response.annotations ?? [];
  el('results').hidden = false;
  el('results').dataset.game = kind;
  el('xiangqi-legend').hidden = kind !== 'xiangqi';
  renderReport(el('verdict'), response, {
    mode: kind === 'xiangqi' ? request.xiangqiRules?.mode : '',
    chosenBy: asked.chosenBy ?? '',
  });
  const ruling = response.repetition;
  renderTable(el('table'), annotations, {
    game: kind,
    onSelect: (ply) => viewer.show(ply),
    cycle: ruling?.cycleFirstPly
        ? {first: ruling.cycleFirstPly, last: ruling.cycleLastPly} : null,
    decidedAt: response.verdict?.decidedAtPly ?? 0,
  });
  let positions = [];
  let boardNote = '';
  try {
    positions = kind === 'gomoku'
        ? gomokuStates(tokens.slice(0, annotations.length),
                       hasOpeningProtocol(request.gomokuRules))
        : xiangqiBoards(response.finalFen ?? '', annotations);
  } catch (error) {
    boardNote = t('viewer.noBoard', {reason: error.message});
  }
  el('board-note').textContent = boardNote;
  el('board-note').hidden = !boardNote;
  viewer.load(kind, positions, annotations);
}

function onStep(ply) {
  markCurrentRow(el('table'), ply);
  el('first').disabled = ply === 0;
  el('prev').disabled = ply === 0;
  el('next').disabled = ply === viewer.total();
  el('last').disabled = ply === viewer.total();
}

async function onFile() {
  const file = el('record-file').files[0];
  if (!file) return;
  clearMessages();
  el('file-note').textContent = '';
  try {
    el('record').value = await readRecordFile(file, el('encoding').value);
    el('file-note').textContent = t('analysis.fileRead', {name: file.name});
    showError('');
    showOptions();
  } catch (error) {
    showErrorOf(error);
  }
}

// ←/→ step through the game unless a text field or the board (whose
// arrows move between points) has the focus.
function onKey(event) {
  if (el('results').hidden || event.altKey || event.ctrlKey ||
      event.metaKey) {
    return;
  }
  const target = event.target;
  if (target.closest?.('input, textarea, select, svg')) return;
  const moves = {ArrowLeft: () => viewer.step(-1),
                 ArrowRight: () => viewer.step(1),
                 Home: () => viewer.show(0),
                 End: () => viewer.show(viewer.total())};
  if (event.key in moves) {
    moves[event.key]();
    event.preventDefault();
  }
}

function start() {
  mountLangSwitch();
  apply();
  el('analysis-form').addEventListener('submit', (event) => {
    event.preventDefault();
    adjudicate();
  });
  el('record').addEventListener('input', showOptions);
  el('game-kind').addEventListener('change', showOptions);
  el('record-file').addEventListener('change', onFile);
  for (const [id, game] of [['example', 'xiangqi'],
                            ['example-gomoku', 'gomoku']]) {
    el(id).addEventListener('click', () => {
      clearMessages();
      el('file-note').textContent = '';
      el('record-file').value = '';
      el('record').value = EXAMPLES[game];
      showOptions();
    });
  }
  el('first').addEventListener('click', () => viewer.show(0));
  el('prev').addEventListener('click', () => viewer.step(-1));
  el('next').addEventListener('click', () => viewer.step(1));
  el('last').addEventListener('click', () => viewer.show(viewer.total()));
  document.addEventListener('keydown', onKey);
  onChange(() => {
    // The ruling's texts come in the page's language: ask again.
    if (lastRequest) adjudicate(lastRequest, viewer.ply);
    viewer.relabel();
  });
  showOptions();
}

start();
