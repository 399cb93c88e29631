// The ruling of an AdjudicateGame answer in words: result, reason, the ply
// that decided it, the server's explanation, the result the record itself
// states, and a repetition ruling's conduct of each side.

import {isOngoing, reasonText, resultText, sideName} from './game-labels.js';
import {register, t} from './i18n.js';

register({
  'report.decidedAt': {zh: '第{ply}步判定', en: 'decided at ply {ply}'},
  'report.plies': {zh: '共{plies}步', en: '{plies} plies'},
  'report.trailing': {
    zh: '判定后还有{count}步未审查。',
    en: '{count} plies after the deciding one were not examined.',
  },
  'report.recorded': {
    zh: '棋谱记载的结果：{result}',
    en: 'The record states: {result}',
  },
  'report.repetition': {zh: '循环裁决', en: 'Repetition ruling'},
  'report.cycle': {
    zh: '循环：第{first}至{last}步',
    en: 'Cycle: plies {first}–{last}',
  },
  'report.conduct': {zh: '{side}：{conduct}', en: '{side}: {conduct}'},
  'report.claims': {zh: '提请裁决', en: 'Claims'},
  'report.explanation': {zh: '说明', en: 'Explanation'},
  'report.mode.XIANGQI_ADJUDICATION_MODE_CLAIM': {
    zh: '裁决方式：提请（实战）——循环与自然限着只在一方提请时裁决。',
    en: 'Ruled on claim (over the board): repetitions and the move limit ' +
        'are ruled only when a player claims.',
  },
  'report.mode.XIANGQI_ADJUDICATION_MODE_AUTOMATIC': {
    zh: '裁决方式：自动（网络对局）——禁止的循环一出现即判负，允许的循环与自然限着即判和。',
    en: 'Ruled automatically (online): a forbidden cycle loses as soon as ' +
        'it completes; a permitted one or the move limit draws at once.',
  },
  'report.chosenBy.stated': {
    zh: '（棋谱写明了结果，按实战对局裁决。）',
    en: '(The record states a result, so it is ruled as a game played ' +
        'over the board.)',
  },
  'report.chosenBy.unstated': {
    zh: '（棋谱未写结果，按自动方式裁决。）',
    en: '(The record states no result, so it is ruled automatically.)',
  },
  'report.noClaim': {
    zh: '未裁决（无人提请）',
    en: 'No ruling (nothing was claimed)',
  },
  'report.claimAtEnd': {
    zh: '若在最后一步后提请：{explanation}',
    en: 'A claim after the last move: {explanation}',
  },
  'report.claimable': {
    zh: '可提请和棋：{what}',
    en: 'A draw could be claimed: {what}',
  },
  'report.claimable.KIND_REPETITION': {
    zh: '循环（自第{ply}步）',
    en: 'repetition (from ply {ply})',
  },
  'report.claimable.KIND_NATURAL_LIMIT': {
    zh: '{side}自然限着（自第{ply}步）',
    en: 'natural move limit by {side} (from ply {ply})',
  },
});

function paragraph(className, text) {
  const p = document.createElement('p');
  p.className = className;
  p.textContent = text;
  return p;
}

// Fills `host` with the ruling of `response`. `mode`: the xiangqi
// adjudication mode that ruled ('' for gomoku); `chosenBy`: 'stated' or
// 'unstated' when the page chose it from the record.
export function renderReport(host, response, {mode = '', chosenBy = ''} = {}) {
  host.replaceChildren();
  const verdict = response.verdict ?? {};
  const headline = document.createElement('p');
  headline.className = 'verdict-headline';
  const result = document.createElement('strong');
  result.className = 'verdict-result';
  // Claim mode, nothing decided: no player claimed, so there is no ruling
  // (the game was not found to be going on).
  const unclaimed = mode === 'XIANGQI_ADJUDICATION_MODE_CLAIM' &&
      isOngoing(verdict);
  result.textContent = unclaimed ? t('report.noClaim') : resultText(verdict);
  const reason = document.createElement('span');
  reason.className = 'verdict-reason';
  reason.dataset.reason = verdict.reason ?? '';
  reason.textContent = reasonText(verdict.reason);
  headline.append(result, ' ', reason);
  host.append(headline);
  const facts = [t('report.plies', {plies: response.plies ?? 0})];
  if (verdict.decidedAtPly) {
    facts.unshift(t('report.decidedAt', {ply: verdict.decidedAtPly}));
  }
  host.append(paragraph('verdict-facts', facts.join(' · ')));
  if (mode) {
    const line = paragraph('verdict-mode', t(`report.mode.${mode}`));
    line.dataset.mode = mode;
    if (chosenBy) {
      line.dataset.chosenBy = chosenBy;
      line.append(' ', t(`report.chosenBy.${chosenBy}`));
    }
    host.append(line);
  }
  if (verdict.explanation) {
    host.append(paragraph('verdict-explanation', verdict.explanation));
  }
  if (response.trailingMoves) {
    host.append(paragraph('verdict-trailing',
                          t('report.trailing',
                            {count: response.trailingMoves})));
  }
  if (response.recordedResult || response.recordedTermination) {
    const stated = [response.recordedResult, response.recordedTermination]
                       .filter(Boolean).join(' · ');
    host.append(paragraph('verdict-recorded',
                          t('report.recorded', {result: stated})));
  }
  if (response.repetition) renderRepetition(host, response.repetition);
  const claimable = (response.claimableDraws ?? []).filter((draw) =>
      ['KIND_REPETITION', 'KIND_NATURAL_LIMIT'].includes(draw.kind)).map((draw) =>
      t(`report.claimable.${draw.kind}`,
        {ply: draw.ply ?? 0, side: sideName(draw.claimant)}));
  if (claimable.length) {
    host.append(paragraph('verdict-claimable',
                          t('report.claimable', {what: claimable.join('; ')})));
  }
  if (response.claimAtEnd?.explanation) {
    host.append(paragraph('verdict-claim-at-end', t('report.claimAtEnd', {
      explanation: response.claimAtEnd.explanation,
    })));
  }
  const claims = response.claims ?? [];
  if (claims.length) {
    const title = document.createElement('h3');
    title.textContent = t('report.claims');
    const list = document.createElement('ul');
    for (const claim of claims) {
      const item = document.createElement('li');
      item.textContent = claim.explanation ?? '';
      list.append(item);
    }
    host.append(title, list);
  }
}

function renderRepetition(host, ruling) {
  const box = document.createElement('div');
  box.className = 'repetition';
  const title = document.createElement('h3');
  title.textContent = t('report.repetition');
  box.append(title);
  const outcome = ruling.outcome ?? '';
  box.append(paragraph('repetition-outcome',
                       t(`outcome.${outcome}`,
                         {side: sideName(ruling.offender)})));
  if (ruling.cycleFirstPly) {
    box.append(paragraph('repetition-cycle', t('report.cycle', {
      first: ruling.cycleFirstPly, last: ruling.cycleLastPly,
    })));
  }
  const list = document.createElement('ul');
  list.className = 'conducts';
  for (const conduct of ruling.conducts ?? []) {
    const item = document.createElement('li');
    item.dataset.side = conduct.side ?? '';
    item.dataset.conduct = conduct.conduct ?? '';
    item.textContent = t('report.conduct', {
      side: sideName(conduct.side),
      conduct: t(`conduct.${conduct.conduct}`),
    });
    list.append(item);
  }
  box.append(list);
  if (ruling.explanation) {
    box.append(paragraph('repetition-explanation', ruling.explanation));
  }
  host.append(box);
}
