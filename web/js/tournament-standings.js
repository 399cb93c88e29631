// The standings of an event (GetStandings) after a chosen round: place,
// start number, name, unit, points and one column per tie-break of the
// event's chain, named as the regulations name them.
import {t} from './i18n.js';
import {errorText, showMessage} from './page-util.js';
import {getStandings} from './tournament-api.js';
import {formatNumber, tieBreakLabel} from './tournament-labels.js';

const el = (id) => document.getElementById(id);

export class StandingsPanel {
  constructor(context) {
    this.context = context;  // {name}
    this.tournament = null;
    this.standings = null;
    this.request = 0;
    el('standings-round').addEventListener('change', () => this.load());
  }

  // The "after round" picker: the last finished round (0), or a round.
  setTournament(tournament) {
    this.tournament = tournament;
    const select = el('standings-round');
    const chosen = select.value || '0';
    select.replaceChildren();
    const latest = document.createElement('option');
    latest.value = '0';
    latest.textContent = t('tn.afterLatest');
    select.appendChild(latest);
    for (let round = 1; round <= (tournament.roundsPaired ?? 0); round++) {
      const option = document.createElement('option');
      option.value = String(round);
      option.textContent = t('tn.afterRoundN', {round});
      select.appendChild(option);
    }
    select.value =
        Number(chosen) <= (tournament.roundsPaired ?? 0) ? chosen : '0';
  }

  async load() {
    const ask = ++this.request;
    try {
      const standings = await getStandings(
          this.context.name, Number(el('standings-round').value) || 0);
      if (ask !== this.request) return;  // a newer request is on its way
      this.standings = standings;
      showMessage(el('standings-message'), '', 'info');
    } catch (error) {
      if (ask !== this.request) return;
      this.standings = null;
      showMessage(el('standings-message'), errorText(error), 'error');
    }
    this.render();
  }

  render() {
    const head = el('standings-head');
    const body = el('standings-body');
    head.replaceChildren();
    body.replaceChildren();
    const standings = this.standings;
    const chain = standings?.tieBreaks ?? [];
    const columns = [
      ['tn.colPlace', 'num'],
      ['tn.colNumber', 'num'],
      ['tn.colName', ''],
      ['tn.colUnit', ''],
      ['tn.colPoints', 'num points'],
    ];
    for (const [key, cls] of columns) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.className = cls;
      th.textContent = t(key);
      head.appendChild(th);
    }
    for (const name of chain) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.className = 'num tie-break';
      th.dataset.tieBreak = name;
      th.textContent = tieBreakLabel(name);
      head.appendChild(th);
    }
    const after = standings?.afterRound ?? 0;
    el('standings-caption').textContent =
        after ? t('tn.afterRoundN', {round: after}) : '';
    const rows = standings?.rows ?? [];
    if (!rows.length) {
      const cell = body.insertRow().insertCell();
      cell.colSpan = columns.length + chain.length;
      cell.textContent = t('tn.noStandings');
      return;
    }
    for (const row of rows) {
      const tr = body.insertRow();
      tr.dataset.number = String(row.number ?? 0);
      const place = tr.insertCell();
      place.className = 'num';
      place.textContent = `${row.place ?? ''}${row.shared ? '=' : ''}`;
      if (row.shared) place.title = t('tn.shared');
      const number = tr.insertCell();
      number.className = 'num';
      number.textContent = String(row.number ?? '');
      tr.insertCell().textContent = row.name ?? '';
      tr.insertCell().textContent = row.unit ?? '';
      const points = tr.insertCell();
      points.className = 'num points';
      points.textContent = formatNumber(row.points);
      chain.forEach((name, i) => {
        const cell = tr.insertCell();
        cell.className = 'num tie-break';
        cell.textContent = formatNumber((row.tieBreaks ?? [])[i]);
      });
    }
  }

  sheetTitle() {
    const after = this.standings?.afterRound ?? 0;
    return after ? t('tn.standingsSheet', {round: after}) :
                   t('tn.standingsSheetNone');
  }
}
