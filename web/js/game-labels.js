// Names of the API's enums (sides, results, verdict reasons, move kinds,
// conducts, ...) and of the pieces, in 中文 and English.
import {apiLanguage, register, t} from './i18n.js';

register({
  'side.SIDE_RED': {zh: '红方', en: 'Red'},
  'side.SIDE_BLACK': {zh: '黑方', en: 'Black'},
  'side.SIDE_WHITE': {zh: '白方', en: 'White'},
  'side.SIDE_UNSPECIFIED': {zh: '—', en: '—'},

  'result.win': {zh: '{side}胜', en: '{side} wins'},
  'result.RESULT_DRAW': {zh: '和棋', en: 'Draw'},
  'result.RESULT_NO_RESULT': {zh: '无结果（中止）', en: 'No result (aborted)'},
  'result.RESULT_ONGOING': {zh: '对局进行中', en: 'In progress'},

  'reason.VERDICT_REASON_CHECKMATE': {zh: '将死', en: 'checkmate'},
  'reason.VERDICT_REASON_STALEMATE':
      {zh: '困毙', en: 'no legal move (stalemate)'},
  'reason.VERDICT_REASON_FORBIDDEN_REPETITION':
      {zh: '禁止着法循环（长打）', en: 'forbidden repetition'},
  'reason.VERDICT_REASON_REPETITION_DRAW':
      {zh: '循环判和', en: 'repetition draw'},
  'reason.VERDICT_REASON_NATURAL_LIMIT':
      {zh: '自然限着', en: 'natural move limit'},
  'reason.VERDICT_REASON_ILLEGAL_MOVE': {zh: '违例着法', en: 'illegal move'},
  'reason.VERDICT_REASON_FIVE': {zh: '成五', en: 'five in a row'},
  'reason.VERDICT_REASON_FORBIDDEN_MOVE': {zh: '禁手', en: 'forbidden move'},
  'reason.VERDICT_REASON_BOARD_FULL': {zh: '满盘', en: 'board full'},
  'reason.VERDICT_REASON_DOUBLE_PASS': {zh: '双方弃权', en: 'two passes'},
  'reason.VERDICT_REASON_OPENING_VIOLATION':
      {zh: '违反开局规则', en: 'opening rules broken'},
  'reason.VERDICT_REASON_RESIGNATION': {zh: '认负', en: 'resignation'},
  'reason.VERDICT_REASON_AGREED_DRAW': {zh: '协议和棋', en: 'draw agreed'},
  'reason.VERDICT_REASON_TIME_FORFEIT': {zh: '超时', en: 'loss on time'},
  'reason.VERDICT_REASON_FOUL_LIMIT':
      {zh: '犯规满限', en: 'foul limit reached'},
  'reason.VERDICT_REASON_ARBITER_DECISION':
      {zh: '裁判裁决', en: 'arbiter decision'},
  'reason.VERDICT_REASON_ABORTED':
      {zh: '裁判中止', en: 'aborted by the arbiter'},

  'rejection.MOVE_REJECTION_UNPARSEABLE':
      {zh: '无法识别的着法', en: 'not a move'},
  'rejection.MOVE_REJECTION_ILLEGAL': {zh: '违例着法', en: 'illegal move'},
  'rejection.MOVE_REJECTION_FORBIDDEN': {zh: '禁手', en: 'forbidden point'},
  'rejection.MOVE_REJECTION_GAME_OVER':
      {zh: '对局已结束', en: 'the game is over'},

  'piece.K': {zh: '帅', en: 'red king'},
  'piece.A': {zh: '仕', en: 'red advisor'},
  'piece.B': {zh: '相', en: 'red elephant'},
  'piece.N': {zh: '马', en: 'red horse'},
  'piece.R': {zh: '车', en: 'red chariot'},
  'piece.C': {zh: '炮', en: 'red cannon'},
  'piece.P': {zh: '兵', en: 'red soldier'},
  'piece.k': {zh: '将', en: 'black general'},
  'piece.a': {zh: '士', en: 'black advisor'},
  'piece.b': {zh: '象', en: 'black elephant'},
  'piece.n': {zh: '马', en: 'black horse'},
  'piece.r': {zh: '车', en: 'black chariot'},
  'piece.c': {zh: '炮', en: 'black cannon'},
  'piece.p': {zh: '卒', en: 'black soldier'},

  'kind.XIANGQI_MOVE_KIND_IDLE': {zh: '闲', en: 'idle'},
  'kind.XIANGQI_MOVE_KIND_CHECK': {zh: '将', en: 'check'},
  'kind.XIANGQI_MOVE_KIND_MATE_THREAT': {zh: '杀', en: 'mate threat'},
  'kind.XIANGQI_MOVE_KIND_CHASE': {zh: '捉', en: 'chase'},
  'idle.plain': {zh: '闲着', en: 'plain'},
  'idle.exchange-offer': {zh: '兑', en: 'offers an exchange'},
  'idle.sacrifice': {zh: '献', en: 'sacrifice'},
  'idle.block': {zh: '拦', en: 'block'},
  'idle.follow': {zh: '跟', en: 'follow'},

  'conduct.XIANGQI_CONDUCT_ALLOWED': {zh: '允许着法', en: 'allowed'},
  'conduct.XIANGQI_CONDUCT_PERPETUAL_CHECK':
      {zh: '长将', en: 'perpetual check'},
  'conduct.XIANGQI_CONDUCT_PERPETUAL_MATE_THREAT':
      {zh: '长杀', en: 'perpetual mate threat'},
  'conduct.XIANGQI_CONDUCT_PERPETUAL_CHASE':
      {zh: '长捉', en: 'perpetual chase'},
  'conduct.XIANGQI_CONDUCT_CHECK_AND_CHASE':
      {zh: '一将一捉', en: 'check and chase'},
  'conduct.XIANGQI_CONDUCT_CHECK_AND_MATE_THREAT':
      {zh: '一将一杀', en: 'check and mate threat'},
  'conduct.XIANGQI_CONDUCT_MATE_THREAT_AND_CHASE':
      {zh: '一杀一捉', en: 'mate threat and chase'},
  'conduct.XIANGQI_CONDUCT_CHECK_MATE_THREAT_AND_CHASE':
      {zh: '将、杀、捉交替', en: 'checks, mate threats and chases'},

  'outcome.XIANGQI_REPETITION_OUTCOME_NO_REPETITION': {
    zh: '无循环：最后局面未重复三次',
    en: 'No repetition: the last position has not occurred three times'
  },
  'outcome.XIANGQI_REPETITION_OUTCOME_DRAW':
      {zh: '循环判和', en: 'The repetition is a draw'},
  'outcome.XIANGQI_REPETITION_OUTCOME_MUST_VARY':
      {zh: '{side}必须变着', en: '{side} must vary'},
});

// 'SIDE_RED' → '红方' / 'Red'.
export function sideName(side) {
  return t(`side.${side || 'SIDE_UNSPECIFIED'}`);
}

// 'red' / 'black' (the FEN helpers' names) → the API's enum names.
export function sideEnum(side) {
  return {red: 'SIDE_RED', black: 'SIDE_BLACK', white: 'SIDE_WHITE'}[side] ??
      'SIDE_UNSPECIFIED';
}

export function sideKey(sideEnumName) {
  return {
    SIDE_RED: 'red',
    SIDE_BLACK: 'black',
    SIDE_WHITE: 'white'
  }[sideEnumName] ??
      '';
}

// The name of a piece letter: '车' or 'black chariot'.
export function pieceName(letter) {
  return t(`piece.${letter}`);
}

// "Red wins" / "Draw" / ... for a Verdict (absent fields are defaults).
export function resultText(verdict = {}) {
  const result = verdict.result ?? 'RESULT_ONGOING';
  if (result === 'RESULT_UNSPECIFIED') return t('result.RESULT_ONGOING');
  if (result === 'RESULT_WIN') {
    return t('result.win', {side: sideName(verdict.winner)});
  }
  return t(`result.${result}`);
}

// A verdict's explanation in the page's language: live games word theirs in
// every language (Verdict.explanations); other answers in the one asked for.
export function explanationText(verdict = {}) {
  return verdict.explanations?.[apiLanguage()] ?? verdict.explanation ?? '';
}

export function reasonText(reason) {
  return reason && reason !== 'VERDICT_REASON_NONE' ? t(`reason.${reason}`) :
                                                      '';
}

export function rejectionText(rejection) {
  return rejection ? t(`rejection.${rejection}`) : '';
}

// Whether a verdict says the game goes on.
export function isOngoing(verdict) {
  const result = verdict?.result ?? 'RESULT_ONGOING';
  return result === 'RESULT_ONGOING' || result === 'RESULT_UNSPECIFIED';
}
