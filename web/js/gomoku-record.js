// Replays a gomoku record of action tokens, as the server writes them in
// Game.moves ("h8", "swap", "noswap", "propose:i10,j10", "choose:j10",
// "pass", "draw"), into stones, the opening phase and a readable move list.
// The server is the judge of legality; this only follows what it accepted.

import {register, t} from './i18n.js';

register({
  'gomoku.action.swap': {zh: '交换', en: 'swap'},
  'gomoku.action.noswap': {zh: '不交换', en: 'no swap'},
  'gomoku.action.propose': {zh: '五手打点 {points}', en: 'proposes {points}'},
  'gomoku.action.choose': {
    zh: '选定 {point} 为黑方第5手',
    en: 'chooses {point} as black\'s move 5',
  },
  'gomoku.action.pass': {zh: '弃权', en: 'pass'},
  'gomoku.action.draw': {zh: '和棋', en: 'draw'},
});

// Rule sets with the designated openings, swap and fifth-move protocol (and
// black's forbidden points).
export function hasOpeningProtocol(rules) {
  const ruleSet = rules?.ruleSet ?? 'GOMOKU_RULE_SET_UNSPECIFIED';
  return ['GOMOKU_RULE_SET_UNSPECIFIED', 'GOMOKU_RULE_SET_CHINESE',
          'GOMOKU_RULE_SET_RENJU_RIF'].includes(ruleSet);
}

// N of the fifth move (五手N打).
export function fifthMoveAlternatives(rules) {
  return rules?.fifthMoveAlternatives || 2;
}

// Splits a typed record into tokens (whitespace or commas between plain
// tokens; "propose:i10,j10" keeps its commas). Move numbers like "1." are
// dropped.
export function splitRecord(text) {
  const tokens = [];
  for (const word of String(text).trim().split(/\s+/)) {
    if (!word) continue;
    if (/^propose:/i.test(word)) {
      tokens.push(word.toLowerCase());
      continue;
    }
    for (const part of word.split(',')) {
      if (part && !/^\d+\.+$/.test(part)) tokens.push(part.toLowerCase());
    }
  }
  return tokens;
}

// One action token as the API's typed GomokuAction (JSON form):
// "h8" → {place: 'h8'}, "propose:i10,j10" → {propose: {candidates: [...]}}.
export function actionOf(token) {
  const [kind, argument = ''] = String(token).toLowerCase().split(':');
  switch (kind) {
    case 'pass':
      return {pass: {}};
    case 'swap':
      return {swap: {}};
    case 'noswap':
      return {declineSwap: {}};
    case 'draw':
      return {agreeDraw: {}};
    case 'propose':
      return {propose: {candidates: argument.split(',').filter(Boolean)}};
    case 'choose':
      return {choose: argument};
    default:
      return {place: String(token)};
  }
}

// A record's tokens as typed actions (GomokuPosition.actions).
export function actionsOf(tokens) {
  return tokens.map(actionOf);
}

// One action token in words: "no swap", "proposes j7, a15", … (a point
// stays as it is).
export function actionText(token) {
  const [kind, argument = ''] = String(token).toLowerCase().split(':');
  switch (kind) {
    case 'swap':
    case 'noswap':
    case 'pass':
    case 'draw':
      return t(`gomoku.action.${kind}`);
    case 'propose':
      return t('gomoku.action.propose',
               {points: argument.split(',').filter(Boolean).join(', ')});
    case 'choose':
      return t('gomoku.action.choose', {point: argument});
    default:
      return String(token);
  }
}

function colourOfMove(number) {
  return number % 2 === 1 ? 'black' : 'white';
}

// The state after `tokens`. `protocol`: whether the opening protocol
// applies. Returns {stones, moveNumber, phase, candidates, swapped,
// entries}: stones [{point, colour, number}]; moveNumber: stones and passes
// so far; phase: 'opening' | 'swap' | 'fourth' | 'propose' | 'choose' |
// 'play' | 'drawn'; candidates: pending fifth-move points; entries: one per
// action {ply, actor, stoneColour, token, point, number, text()}.
export function replay(tokens, protocol = true) {
  const stones = [];
  const entries = [];
  let moveNumber = 0;
  let decided = false;
  let proposed = false;
  let candidates = [];
  let swapped = false;
  let drawn = false;
  const phaseNow = () => {
    if (drawn) return 'drawn';
    if (!protocol || moveNumber >= 5) return 'play';
    if (moveNumber < 3) return 'opening';
    if (moveNumber === 3) return decided ? 'fourth' : 'swap';
    if (candidates.length) return 'choose';
    return proposed ? 'play' : 'propose';
  };
  // Which colour acts in a phase (the choosing player is White).
  const actorOf = (phase) => {
    if (['swap', 'fourth', 'choose'].includes(phase)) return 'white';
    if (phase === 'propose') return 'black';
    return colourOfMove(moveNumber + 1);
  };
  tokens.forEach((raw, index) => {
    const token = String(raw).toLowerCase();
    const phase = phaseNow();
    const entry = {ply: index + 1, actor: actorOf(phase), token,
                   point: null, number: 0, stoneColour: null};
    const [kind, argument] = token.split(':');
    const place = (point) => {
      moveNumber += 1;
      entry.point = point;
      entry.number = moveNumber;
      entry.stoneColour = colourOfMove(moveNumber);
      stones.push({point, colour: entry.stoneColour, number: moveNumber});
      candidates = [];
    };
    if (kind === 'swap' || kind === 'noswap') {
      decided = true;
      if (kind === 'swap') swapped = !swapped;
      entry.text = () => actionText(token);
    } else if (kind === 'propose') {
      proposed = true;
      candidates = (argument ?? '').split(',').filter(Boolean);
      entry.candidates = candidates;
      entry.text = () => actionText(token);
    } else if (kind === 'choose') {
      place(argument);
      entry.text = () => actionText(token);
    } else if (kind === 'pass') {
      moveNumber += 1;
      entry.number = moveNumber;
      entry.text = () => actionText(token);
    } else if (kind === 'draw') {
      drawn = true;
      entry.text = () => actionText(token);
    } else {
      // A plain point; during the swap decision or before the proposal it
      // implies them (as the server reads records).
      if (phase === 'swap') decided = true;
      if (phase === 'propose') proposed = true;
      place(token);
      entry.text = () => actionText(phase === 'choose' ? `choose:${token}`
                                                       : token);
    }
    entries.push(entry);
  });
  const phase = phaseNow();
  return {stones, moveNumber, phase, actor: actorOf(phase), candidates,
          swapped, entries};
}
