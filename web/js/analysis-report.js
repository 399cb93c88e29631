// The ruling of an AdjudicateGame answer in words: result, reason, the ply
// that decided it, the server's explanation, the result the record itself
// states, and a repetition ruling's conduct of each side.

import {reasonText, resultText, sideName} from './game-labels.js';
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
});

function paragraph(className, text) {
  const p = document.createElement('p');
  p.className = className;
  p.textContent = text;
  return p;
}

// Fills `host` with the ruling of `response`.
export function renderReport(host, response) {
  host.replaceChildren();
  const verdict = response.verdict ?? {};
  const headline = document.createElement('p');
  headline.className = 'verdict-headline';
  const result = document.createElement('strong');
  result.className = 'verdict-result';
  result.textContent = resultText(verdict);
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
