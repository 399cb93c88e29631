// What the live pages tell players, in the page's language (issue 31 item
// 5): a refused move as a player would say it (蹩马腿, 塞象眼, 送将, 三三禁手,
// ...) and a failed call as a plain sentence ("连接中断，正在重试"), never a
// Connect code or an ICCS square the board does not show. Squares appear
// only when the reader turned the board's coordinates on (`coordinates`).
//
// Xiangqi: the server's MoveCheck says a move is MOVE_REJECTION_ILLEGAL and
// why in its own words (with ICCS squares); the page finds the why again
// from the position it shows (the same rules as engine/xiangqi/
// illegal_move.h), so it can say it in the board's terms.
import {register, t} from './i18n.js';

register({
  // A xiangqi move the rules do not allow.
  'why.notLegal': {zh: '这步棋不能走：{reason}', en: 'That is not a legal move: {reason}'},
  'why.notLegalAt': {zh: '{move} 不能走：{reason}', en: '{move} is not a legal move: {reason}'},
  'why.againstRules': {zh: '不符合走法规则', en: 'the rules do not allow it'},
  'why.noPiece': {zh: '那里没有棋子', en: 'there is no piece there'},
  'why.notYourPiece': {zh: '那是对方的棋子', en: 'that is your opponent\'s piece'},
  'why.ownPiece': {zh: '不能吃自己的棋子', en: 'you cannot capture your own piece'},
  'why.palace': {zh: '{piece}不能走出九宫', en: 'the {piece} may not leave the palace'},
  'why.kingShape': {zh: '{piece}只能横竖走一步', en: 'the {piece} moves one point along a line'},
  'why.advisorShape': {zh: '{piece}只能斜走一步', en: 'the {piece} moves one point diagonally'},
  'why.elephantRiver': {zh: '{piece}不能过河', en: 'the {piece} may not cross the river'},
  'why.elephantEye': {zh: '塞象眼，{piece}走不过去', en: 'the elephant\'s eye is blocked'},
  'why.elephantEyeAt':
      {zh: '塞象眼，象眼{square}有子', en: 'the elephant\'s eye is blocked (a piece on {square})'},
  'why.elephantShape': {zh: '{piece}只能走田字', en: 'the {piece} moves exactly two points diagonally'},
  'why.horseLeg': {zh: '马腿被绊（蹩马腿）', en: 'the horse\'s leg is blocked'},
  'why.horseLegAt':
      {zh: '马腿被绊（蹩马腿），马腿{square}有子', en: 'the horse\'s leg is blocked (a piece on {square})'},
  'why.horseShape':
      {zh: '马只能走日字', en: 'the horse moves one point straight, then one diagonally'},
  'why.notAlongLine': {zh: '{piece}只能直走或横走', en: 'the {piece} moves along a line'},
  'why.pathBlocked': {zh: '{piece}的去路被挡住了', en: 'a piece blocks the {piece}\'s way'},
  'why.pathBlockedAt':
      {zh: '{piece}的去路在{square}被挡住了', en: 'a piece on {square} blocks the {piece}\'s way'},
  'why.cannonScreen': {
    zh: '炮吃子必须隔一个子（炮架）',
    en: 'a cannon captures by jumping over exactly one piece'
  },
  'why.pawnSideways': {zh: '{piece}过河前不能横走', en: 'the {piece} may not move sideways before crossing the river'},
  'why.pawnBackward': {zh: '{piece}不能后退', en: 'the {piece} may not move backward'},
  'why.pawnShape': {zh: '{piece}每次只能走一步', en: 'the {piece} moves one point at a time'},
  'why.kingsFacing': {zh: '将帅不能照面', en: 'the kings may not face each other'},
  'why.leavesCheck': {
    zh: '送将，走后你的{king}会被将军',
    en: 'that move would leave your king in check'
  },
  'why.stillCheck': {
    zh: '不应将，走后你的{king}仍被将军',
    en: 'your king is in check and that move does not answer it'
  },
  'xpiece.K': {zh: '帅', en: 'king'}, 'xpiece.k': {zh: '将', en: 'general'},
  'xpiece.A': {zh: '仕', en: 'advisor'}, 'xpiece.a': {zh: '士', en: 'advisor'},
  'xpiece.B': {zh: '相', en: 'elephant'}, 'xpiece.b': {zh: '象', en: 'elephant'},
  'xpiece.N': {zh: '马', en: 'horse'}, 'xpiece.n': {zh: '马', en: 'horse'},
  'xpiece.R': {zh: '车', en: 'chariot'}, 'xpiece.r': {zh: '车', en: 'chariot'},
  'xpiece.C': {zh: '炮', en: 'cannon'}, 'xpiece.c': {zh: '炮', en: 'cannon'},
  'xpiece.P': {zh: '兵', en: 'soldier'}, 'xpiece.p': {zh: '卒', en: 'soldier'},

  // A move the server refused, by its MoveRejection.
  'refusal.MOVE_REJECTION_UNPARSEABLE':
      {zh: '这步棋无法识别', en: 'That move could not be read'},
  'refusal.MOVE_REJECTION_ILLEGAL':
      {zh: '这步棋不符合规则', en: 'That move is against the rules'},
  'refusal.MOVE_REJECTION_FORBIDDEN':
      {zh: '这是黑方禁手', en: 'That point is forbidden for black'},
  'refusal.MOVE_REJECTION_GAME_OVER':
      {zh: '对局已经结束', en: 'The game is already over'},
  'refusal.other': {zh: '这步棋没有被接受', en: 'That move was not accepted'},
  'refusal.occupied': {zh: '那里已经有棋子了', en: 'That point is already taken'},
  'refusal.opening': {
    zh: '开局规则不允许这步棋',
    en: 'The opening rules do not allow that move'
  },

  // Failed calls.
  'call.lost': {zh: '连接中断，正在重试…', en: 'Connection lost, retrying…'},
  'call.unreachable': {
    zh: '无法连接服务器，请检查网络后再试',
    en: 'The server cannot be reached: check the connection and try again'
  },
  'call.slow': {
    zh: '服务器没有及时回应，请再试一次',
    en: 'The server did not answer in time; please try again'
  },
  'call.STALE_PLY': {
    zh: '这一步已过时，棋局已更新',
    en: 'That move is out of date: the game has moved on'
  },
  'call.CLOCKS_PAUSED': {
    zh: '裁判已暂停计时，恢复后才能走棋',
    en: 'The arbiter has paused the clocks; you can move once they run again'
  },
  'call.NOT_YOUR_TURN': {zh: '现在不是你的回合', en: 'It is not your turn'},
  'call.GAME_OVER': {zh: '对局已经结束', en: 'The game is over'},
  'call.TOKEN': {
    zh: '这个链接的密钥无效，请向组织者重新索取链接',
    en: 'The key in this link is not valid: ask the organizer for your link again'
  },
  'call.WRONG_ROLE': {zh: '这个链接不能做这件事', en: 'This link does not allow that'},
  'call.GAME_NOT_FOUND': {
    zh: '找不到这盘棋，链接可能有误',
    en: 'This game cannot be found: the link may be wrong'
  },
  'call.RATE_LIMITED': {
    zh: '操作太频繁，请稍等片刻再试',
    en: 'Too many requests: wait a moment and try again'
  },
  'call.LIMIT_REACHED': {
    zh: '服务器已达到上限，请稍后再试',
    en: 'The server has reached its limit; try again later'
  },
  'call.invalid_argument': {
    zh: '服务器不接受填写的内容，请检查后再试',
    en: 'The server did not accept what was entered: check it and try again'
  },
  'call.invalidField': {
    zh: '服务器不接受填写的{field}，请检查后再试',
    en: 'The server did not accept the {field}: check it and try again'
  },
  'field.time_control': {zh: '时限', en: 'time control'},
  'field.start_fen': {zh: '开局局面', en: 'start position'},
  'field.players': {zh: '棋手', en: 'players'},
  'field.event': {zh: '赛事名称', en: 'event name'},
  'field.reason': {zh: '理由', en: 'reason'},
  'call.failed_precondition': {
    zh: '现在不能这样做，棋局已有变化',
    en: 'That cannot be done now: the game has changed'
  },
  'call.permission_denied':
      {zh: '这个链接没有这样做的权限', en: 'This link is not allowed to do that'},
  'call.not_found': {zh: '找不到要找的内容，链接可能有误', en: 'Not found: the link may be wrong'},
  'call.resource_exhausted': {
    zh: '服务器繁忙或已达上限，请稍后再试',
    en: 'The server is busy or at its limit; try again later'
  },
  'call.already_exists': {zh: '这已经存在了', en: 'That already exists'},
  'call.aborted': {
    zh: '与另一项改动同时发生，请再试一次',
    en: 'That clashed with another change; please try again'
  },
  'call.unimplemented': {zh: '服务器不支持这项功能', en: 'The server does not support that'},
  'call.cancelled': {zh: '操作已取消', en: 'The request was cancelled'},
  'call.other': {
    zh: '服务器出了问题，请稍后再试',
    en: 'Something went wrong on the server; try again later'
  },
  'call.details': {zh: '详情', en: 'Details'},
});

// --- Failed calls -------------------------------------------------------------

const REASON_KEYS = {
  STALE_PLY: 'call.STALE_PLY',
  CLOCKS_PAUSED: 'call.CLOCKS_PAUSED',
  NOT_YOUR_TURN: 'call.NOT_YOUR_TURN',
  GAME_OVER: 'call.GAME_OVER',
  TOKEN_MISSING: 'call.TOKEN',
  TOKEN_UNKNOWN: 'call.TOKEN',
  WRONG_ROLE: 'call.WRONG_ROLE',
  GAME_NOT_FOUND: 'call.GAME_NOT_FOUND',
  RATE_LIMITED: 'call.RATE_LIMITED',
  LIMIT_REACHED: 'call.LIMIT_REACHED',
};
const CODE_KEYS = {
  invalid_argument: 'call.invalid_argument',
  out_of_range: 'call.invalid_argument',
  failed_precondition: 'call.failed_precondition',
  unauthenticated: 'call.TOKEN',
  permission_denied: 'call.permission_denied',
  not_found: 'call.not_found',
  resource_exhausted: 'call.resource_exhausted',
  already_exists: 'call.already_exists',
  aborted: 'call.aborted',
  unimplemented: 'call.unimplemented',
  cancelled: 'call.cancelled',
  canceled: 'call.cancelled',
};

// Whether `error` is the network's, not the server's (nothing reached it or
// came back).
export function isConnectionError(error) {
  if (!error) return false;
  if (error.network) return true;
  if (error.code === 'unavailable') return true;
  return error instanceof TypeError || /failed to fetch|networkerror|load failed/i
      .test(String(error.message ?? error));
}

// The key of what a failed call means to a player.
function errorKey(error, retrying) {
  if (error?.code === 'deadline_exceeded') return 'call.slow';
  if (isConnectionError(error)) return retrying ? 'call.lost' : 'call.unreachable';
  const reason = error?.reason ?? '';
  if (REASON_KEYS[reason]) return REASON_KEYS[reason];
  const message = String(error?.message ?? '');
  if (/clocks? (are |is )?paused|CLOCKS_PAUSED/i.test(message)) return 'call.CLOCKS_PAUSED';
  if (/is not the next ply|STALE_PLY/i.test(message)) return 'call.STALE_PLY';
  if (/not your turn/i.test(message)) return 'call.NOT_YOUR_TURN';
  return CODE_KEYS[error?.code] ?? 'call.other';
}

// The request field a refused request names first ("time_control: …"),
// when the page has a name for it.
function fieldAtFault(error) {
  const match = /^([a-z_]+)[\w.[\]]*:/.exec(String(error?.message ?? ''));
  const key = match && `field.${match[1]}`;
  return key && t(key) !== key ? t(key) : '';
}

// A failed call (an ApiError, a fetch's TypeError, anything thrown) as one
// plain sentence. `retrying`: the page keeps trying by itself (the live
// pages' watch), so a lost connection says so.
export function playerErrorText(error, {retrying = true} = {}) {
  const key = errorKey(error, retrying);
  const field = key === 'call.invalid_argument' ? fieldAtFault(error) : '';
  return field ? t('call.invalidField', {field}) : t(key);
}

// Shows a failed call in `element` (as page-util's showMessage does: its
// data-kind is 'error'): the sentence, and for an answer of the server a
// folded "Details" with its code and words, for a bug report.
export function showError(element, error, options = {}) {
  element.replaceChildren(playerErrorText(error, options));
  if (error?.code && !isConnectionError(error) && error.code !== 'deadline_exceeded') {
    const details = document.createElement('details');
    details.className = 'error-detail';
    const summary = document.createElement('summary');
    summary.textContent = t('call.details');
    const code = document.createElement('code');
    code.textContent = `${error.code}${error.reason ? ` ${error.reason}` : ''}: ` +
        String(error.message ?? '');
    details.append(summary, code);
    element.append(' ', details);
  }
  element.dataset.kind = 'error';
  element.hidden = false;
}

// --- Refused moves --------------------------------------------------------------

// The sentence key of each reason the server gives for an illegal xiangqi
// move (MoveCheck.xiangqiIllegal.reason, the engine's diagnosis).
const ILLEGAL_KEYS = {
  'no-piece': 'why.noPiece',
  'not-your-piece': 'why.notYourPiece',
  'capture-own-piece': 'why.ownPiece',
  'king-leaves-palace': 'why.palace',
  'king-move-shape': 'why.kingShape',
  'advisor-leaves-palace': 'why.palace',
  'advisor-move-shape': 'why.advisorShape',
  'elephant-crosses-river': 'why.elephantRiver',
  'elephant-eye-blocked': 'why.elephantEye',
  'elephant-move-shape': 'why.elephantShape',
  'horse-leg-blocked': 'why.horseLeg',
  'horse-move-shape': 'why.horseShape',
  'not-along-line': 'why.notAlongLine',
  'path-blocked': 'why.pathBlocked',
  'cannon-screen': 'why.cannonScreen',
  'pawn-sideways-before-river': 'why.pawnSideways',
  'pawn-backward': 'why.pawnBackward',
  'pawn-move-shape': 'why.pawnShape',
  'kings-facing': 'why.kingsFacing',
};

// The sentence for an illegal xiangqi move `move` (ICCS), from the server's
// typed reason `illegal` (MoveCheck.xiangqiIllegal; may be missing).
// `letter`: the FEN letter of the moving piece, `mover`: 'red' | 'black';
// `coordinates`: the board shows its squares, so the move and the point at
// fault may be named.
export function xiangqiRefusalText(illegal, move, {letter = '', mover = 'red', coordinates = false} = {}) {
  const reason = illegal?.reason ?? '';
  let key = ILLEGAL_KEYS[reason] ?? 'why.againstRules';
  if (reason === 'leaves-king-in-check') {
    key = illegal.wasInCheck ? 'why.stillCheck' : 'why.leavesCheck';
  }
  const params = {
    piece: letter ? t(`xpiece.${letter}`) : '',
    king: t(mover === 'black' ? 'xpiece.k' : 'xpiece.K'),
    square: illegal?.square ?? '',
  };
  const atKey = `${key}At`;
  const why = coordinates && params.square && t(atKey) !== atKey ?
      t(atKey, params) : t(key, params);
  return coordinates ? t('why.notLegalAt', {move, reason: why}) : t('why.notLegal', {reason: why});
}

// A refused move by the server's MoveRejection alone (when the page cannot
// say more).
export function rejectionSentence(rejection) {
  const key = `refusal.${rejection}`;
  return t(key) !== key ? t(key) : t('refusal.other');
}

// Exposed for the gomoku page: a sentence key's text.
export function refusalText(name) {
  return t(`refusal.${name}`);
}
