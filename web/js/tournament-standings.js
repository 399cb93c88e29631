// The standings of an event (GetStandings) after a chosen round: place,
// start number, name, unit, points and one column per tie-break of the
// event's chain, named as the regulations name them and explained in a
// legend under the table; 前轮比较 shows each round's points, latest first.
// On a phone each row is a card (the cells named by their data-label).
import {t} from './i18n.js';
import {errorText, showMessage} from './page-util.js';
import {getStandings} from './tournament-api.js';
import {formatNumber, previousRoundPoints, tieBreakExplanation, tieBreakKey,
        tieBreakLabel} from './tournament-labels.js';

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
      ['tn.colPlace', 'num col-place'],
      ['tn.colNumber', 'num col-number'],
      ['tn.colName', 'col-name'],
      ['tn.colUnit', 'col-unit'],
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
      th.title = tieBreakExplanation(name);
      head.appendChild(th);
    }
    this.renderLegend(chain);
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
    const cell = (tr, cls, labelKey, text) => {
      const td = tr.insertCell();
      td.className = cls;
      td.dataset.label = t(labelKey);
      td.textContent = text;
      return td;
    };
    for (const row of rows) {
      const tr = body.insertRow();
      tr.dataset.number = String(row.number ?? 0);
      const place = cell(tr, 'num col-place', 'tn.colPlace',
                         `${row.place ?? ''}${row.shared ? '=' : ''}`);
      if (row.shared) place.title = t('tn.shared');
      cell(tr, 'num col-number', 'tn.colNumber', String(row.number ?? ''));
      cell(tr, 'col-name', 'tn.colName', row.name ?? '');
      cell(tr, 'col-unit', 'tn.colUnit', row.unit ?? '');
      cell(tr, 'num points', 'tn.colPoints', formatNumber(row.points));
      chain.forEach((name, i) => {
        const td = tr.insertCell();
        td.className = 'num tie-break';
        td.dataset.tieBreak = name;
        td.dataset.label = tieBreakLabel(name);
        this.fillTieBreak(td, name, (row.tieBreaks ?? [])[i], row, after);
      });
    }
  }

  // One tie-break value; 前轮比较 unpacked into each round's points.
  fillTieBreak(td, name, value, row, after) {
    if (tieBreakKey(name) === 'previous') {
      const points = previousRoundPoints(value, after, row.points);
      if (points) {
        td.textContent = points.map(formatNumber).join(' · ');
        td.title = points
                       .map((p, i) => t('tn.roundPoints', {
                              round: after - i,
                              points: formatNumber(p),
                            }))
                       .join(t('tn.listSeparator'));
        return;
      }
    }
    td.textContent = formatNumber(value);
  }

  // Under the table: each tie-break column's name and what its values are.
  renderLegend(chain) {
    const legend = el('tiebreak-legend');
    legend.replaceChildren();
    legend.hidden = !chain.length;
    if (!chain.length) return;
    const intro = document.createElement('p');
    intro.className = 'help';
    intro.textContent = t('tn.legendPoints');
    const list = document.createElement('dl');
    for (const name of chain) {
      const item = document.createElement('div');
      item.dataset.tieBreak = name;
      const term = document.createElement('dt');
      term.textContent = tieBreakLabel(name);
      const detail = document.createElement('dd');
      detail.textContent = tieBreakExplanation(name);
      item.append(term, detail);
      list.appendChild(item);
    }
    const heading = document.createElement('h3');
    heading.textContent = t('tn.legendHeading');
    legend.append(heading, intro, list);
  }

  sheetTitle() {
    const after = this.standings?.afterRound ?? 0;
    return after ? t('tn.standingsSheet', {round: after}) :
                   t('tn.standingsSheetNone');
  }
}
