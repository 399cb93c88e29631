// Results of a round's tables: the result shown (with where it came from),
// the arbiter's entry form per table (RecordResult: a TableResult and the
// reason the server requires to change a recorded result), and the list of
// changed results with their reasons.
import {reasonText} from './game-labels.js';
import {t} from './i18n.js';
import {errorText, showMessage} from './page-util.js';
import {recordResult} from './tournament-api.js';
import {ENTERABLE_RESULTS, tableResultText} from './tournament-labels.js';

// "Red wins (checkmate)" / "Draw · arbiter: reason".
function resultDetail(pairing) {
  const parts = [];
  if (pairing.source === 'RESULT_SOURCE_GAME') {
    const why = reasonText(pairing.reason);
    parts.push(why ? `${t('tn.sourceGame')}: ${why}` : t('tn.sourceGame'));
  } else if (pairing.source === 'RESULT_SOURCE_ARBITER') {
    parts.push(
        pairing.arbiterReason ?
            `${t('tn.sourceArbiter')}: ${pairing.arbiterReason}` :
            t('tn.sourceArbiter'));
  }
  return parts.join(' · ');
}

// Fills a pairing's result cell. `context`: {name, kind, round, isArbiter(),
// message (element), onRound(round)}.
export function fillResultCell(cell, pairing, context) {
  const table = pairing.table ?? 0;
  const result = pairing.result ?? 'TABLE_RESULT_PENDING';
  const shown = document.createElement('span');
  shown.className = 'result-text';
  shown.dataset.result = result;
  shown.textContent = tableResultText(result, context.kind);
  cell.appendChild(shown);
  const detail = resultDetail(pairing);
  if (detail) {
    const small = document.createElement('small');
    small.className = 'result-source';
    small.textContent = detail;
    cell.appendChild(small);
  }
  const bye = !pairing.black || result.endsWith('_BYE');
  if (!bye && context.isArbiter()) {
    cell.appendChild(resultForm(table, result, context));
  }
}

function resultForm(table, result, context) {
  const form = document.createElement('form');
  form.className = 'result-edit no-print';
  form.dataset.table = String(table);
  const select = document.createElement('select');
  select.className = 'result-select';
  select.setAttribute('aria-label', t('tn.resultOf', {table}));
  for (const value of ENTERABLE_RESULTS) {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = tableResultText(value, context.kind);
    select.appendChild(option);
  }
  select.value = result;
  const reason = document.createElement('input');
  reason.className = 'result-reason';
  reason.autocomplete = 'off';
  reason.maxLength = 500;
  reason.placeholder = t('tn.reason');
  reason.setAttribute('aria-label', t('tn.reasonOf', {table}));
  reason.setAttribute('aria-describedby', 'reason-help');
  const save = document.createElement('button');
  save.type = 'submit';
  save.className = 'result-save';
  save.textContent = t('tn.save');
  save.setAttribute('aria-label', t('tn.saveTable', {table}));
  form.append(select, reason, save);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    save.disabled = true;
    try {
      const round = await recordResult(
          context.name, context.round, table, select.value,
          reason.value.trim());
      showMessage(
          context.message,
          t('tn.resultSaved',
            {table, result: tableResultText(select.value, context.kind)}),
          'ok');
      context.onRound(round);
    } catch (error) {
      // The server's own words: e.g. a reason is required for a change.
      showMessage(context.message, errorText(error), 'error');
      save.disabled = false;
    }
  });
  return form;
}

// The round's overrides, oldest first, each with its reason.
export function renderOverrides(list, round, kind) {
  list.replaceChildren();
  const overrides = round?.overrides ?? [];
  list.closest('.overrides').dataset.empty = String(!overrides.length);
  if (!overrides.length) {
    const empty = document.createElement('li');
    empty.className = 'log-empty';
    empty.textContent = t('tn.noOverrides');
    list.appendChild(empty);
  }
  for (const override of overrides) {
    const item = document.createElement('li');
    item.dataset.table = String(override.table ?? 0);
    item.textContent = t('tn.override', {
      table: override.table ?? 0,
      from: tableResultText(override.from, kind),
      to: tableResultText(override.to, kind),
      reason: override.reason ?? '',
    });
    list.appendChild(item);
  }
}
