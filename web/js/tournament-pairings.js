// A round of an event: the round picker, "pair the next round" (PairRound),
// and the pairings table — table, both players by number, name, score
// before the round (GetStandings after the round before) and unit, the
// result, and the game's links (with each player's token for an arbiter,
// from GetRound with the token).
import {sideKey} from './game-labels.js';
import {lang, t} from './i18n.js';
import {errorText, showMessage} from './page-util.js';
import {getRound, getStandings, pairRound, startRound} from './tournament-api.js';
import {formatNumber, sideLabels} from './tournament-labels.js';
import {fillResultCell, renderOverrides} from './tournament-results.js';

const el = (id) => document.getElementById(id);

const GAME_PAGES = {
  GAME_KIND_XIANGQI: 'xiangqi.html',
  GAME_KIND_GOMOKU: 'gomoku.html',
};

// "games/…" stays readable in the link; a token is fully escaped (as the
// index page builds them).
function gameLink(page, game, extra = {}) {
  const parts = [`game=${encodeURIComponent(game).replace(/%2F/gi, '/')}`];
  for (const [key, value] of Object.entries(extra)) {
    parts.push(`${key}=${encodeURIComponent(value)}`);
  }
  return `${page}#${parts.join('&')}`;
}

function anchor(href, text, kind) {
  const link = document.createElement('a');
  link.href = href;
  link.textContent = text;
  link.target = '_blank';
  link.rel = 'noopener';
  link.dataset.link = kind;
  return link;
}

export class RoundPanel {
  // `context`: {name, isArbiter(), onRoundChanged(round) (results changed:
  // the page reloads the event and the standings)}.
  constructor(context) {
    this.context = context;
    this.tournament = null;
    this.round = null;
    this.shownNumber = 0;
    // Scores before the shown round: {round, points: Map(number → points)}.
    this.before = null;
    this.message = el('round-message');
    el('round-select')
        .addEventListener(
            'change', () => this.load(Number(el('round-select').value)));
    el('round-refresh')
        .addEventListener('click', () => this.load(this.shownNumber));
    el('pair-next').addEventListener('click', () => this.pairNext());
    el('start-round').addEventListener('click', () => this.startRound());
  }

  get kind() {
    return this.tournament?.kind ?? 'GAME_KIND_XIANGQI';
  }

  // A new state of the event: the round picker and the pairing button.
  setTournament(tournament) {
    const first = !this.tournament;
    this.tournament = tournament;
    const paired = tournament.roundsPaired ?? 0;
    const select = el('round-select');
    const keep = this.shownNumber || paired;
    select.replaceChildren();
    for (let round = 1; round <= paired; round++) {
      const option = document.createElement('option');
      option.value = String(round);
      option.textContent = t('tn.roundN', {round});
      select.appendChild(option);
    }
    select.closest('.actions').hidden = !paired;
    if (keep) select.value = String(keep);
    const next = paired + 1;
    const planned = tournament.rounds ?? 0;
    const pair = el('pair-next');
    // Named by its round from now on (not relabelled by data-i18n).
    delete pair.dataset.i18n;
    pair.textContent = t('tn.pairNextN', {round: next});
    pair.disabled = planned > 0 && next > planned;
    el('round-card').querySelector('.pair-controls').hidden =
        !this.context.isArbiter() ||
        tournament.status === 'TOURNAMENT_STATUS_FINISHED';
    const labels = sideLabels(this.kind);
    el('col-first').textContent = labels.first;
    el('col-second').textContent = labels.second;
    if (first && paired) {
      this.load(paired);
    } else {
      this.render();
    }
  }

  async load(number) {
    if (!number) return;
    try {
      const round = await getRound(this.context.name, number);
      this.before = null;  // asked again: results may have changed
      this.show(round);
    } catch (error) {
      showMessage(this.message, errorText(error), 'error');
    }
  }

  // The players' scores before round `number`: the standings after the
  // round before (nothing before round 1: everybody has 0).
  async loadScoresBefore(number) {
    if (this.before?.round === number) return;
    const points = new Map();
    this.before = {round: number, points, loaded: number <= 1};
    if (number <= 1) return;
    try {
      const standings = await getStandings(this.context.name, number - 1);
      if (this.before?.round !== number) return;
      for (const row of standings.rows ?? []) {
        points.set(row.number ?? 0, row.points ?? 0);
      }
      this.before = {round: number, points, loaded: true};
      if (this.shownNumber === number) this.render();
    } catch (error) {
      showMessage(this.message, errorText(error), 'error');
    }
  }

  show(round) {
    // A result's answer (RecordResult) has no game tokens: keep those of the
    // same round's earlier answer, table by table.
    if (this.round && this.round.number === round.number) {
      const earlier = new Map(
          (this.round.pairings ?? []).map((p) => [`${p.table}:${p.game}`, p]));
      for (const pairing of round.pairings ?? []) {
        const before = earlier.get(`${pairing.table}:${pairing.game}`);
        if (!pairing.tokens?.length && before?.tokens?.length) {
          pairing.tokens = before.tokens;
        }
      }
    }
    this.round = round;
    this.shownNumber = round.number ?? 0;
    el('round-select').value = String(this.shownNumber);
    this.loadScoresBefore(this.shownNumber);  // renders again when loaded
    this.render();
  }

  async pairNext() {
    const next = (this.tournament?.roundsPaired ?? 0) + 1;
    const button = el('pair-next');
    button.disabled = true;
    try {
      // The round's scheduled start (the regulations': the arbiter starts the
      // round); empty, the clocks start at pairing.
      const start = el('round-start').value;
      const startMs = start ? new Date(start).getTime() : 0;
      const round = await pairRound(
          this.context.name, next, el('without-games').checked, startMs);
      showMessage(this.message, t('tn.paired', {round: next}), 'ok');
      this.shownNumber = round.number ?? next;
      this.show(round);
      this.context.onRoundChanged(round);
    } catch (error) {
      showMessage(this.message, errorText(error), 'error');
    } finally {
      button.disabled = false;
    }
  }

  // A round scheduled ahead: when it starts and, for the arbiter, a button
  // that starts it now (the regulations: the arbiter starts the round).
  renderStart(round) {
    const startMs = Number(round.startTimeUnixMs ?? 0);
    const ahead = !round.finished && startMs > Date.now();
    el('round-start-note').hidden = !ahead;
    el('round-start-note').textContent = ahead ?
        t('tn.roundStartsAt', {
          time: new Date(startMs).toLocaleString(
              lang() === 'zh' ? 'zh-CN' : 'en-GB'),
        }) : '';
    const button = el('start-round');
    button.hidden = !ahead || !this.context.isArbiter();
    delete button.dataset.i18n;
    button.textContent = t('tn.startRoundN', {round: round.number});
  }

  async startRound() {
    const number = this.shownNumber;
    const button = el('start-round');
    button.disabled = true;
    try {
      const round = await startRound(this.context.name, number);
      showMessage(this.message, t('tn.roundStarted', {round: number}), 'ok');
      this.show(round);
    } catch (error) {
      showMessage(this.message, errorText(error), 'error');
    } finally {
      button.disabled = false;
    }
  }

  playerLabel(number) {
    const player =
        (this.tournament?.players ?? []).find((p) => p.number === number);
    return {
      number,
      name: player?.entrant?.name ?? '',
      unit: player?.entrant?.unit ?? '',
    };
  }

  // The cell of one player: start number, name, score before the round
  // (once known) and, below, the unit.
  fillPlayer(cell, number) {
    if (!number) {
      cell.textContent = t('tn.bye');
      cell.classList.add('bye');
      return;
    }
    const {name, unit} = this.playerLabel(number);
    const num = document.createElement('span');
    num.className = 'start-number';
    num.textContent = String(number);
    const text = document.createElement('span');
    text.className = 'player-name-text';
    text.textContent = name;
    cell.dataset.number = String(number);
    cell.append(num, ' ', text);
    const before = this.before?.round === this.shownNumber ? this.before :
                                                             null;
    if (before?.loaded) {
      const points = formatNumber(before.points.get(number) ?? 0);
      const score = document.createElement('span');
      score.className = 'player-score';
      score.dataset.score = points;
      score.textContent = t('tn.scoreBefore', {points});
      score.title = t('tn.scoreBeforeTitle', {points});
      cell.append(' ', score);
    }
    if (unit) {
      const club = document.createElement('span');
      club.className = 'player-unit';
      club.textContent = unit;
      cell.appendChild(club);
    }
  }

  // Spectators' link; with tokens, each player's own link and the arbiter's.
  fillLinks(cell, pairing) {
    if (!pairing.game) {
      cell.textContent = pairing.black ? t('tn.noGame') : '';
      return;
    }
    const page = GAME_PAGES[this.kind] ?? 'xiangqi.html';
    const xiangqi = this.kind !== 'GAME_KIND_GOMOKU';
    const list = document.createElement('ul');
    list.className = 'game-links';
    const add = (link) => {
      const item = document.createElement('li');
      item.appendChild(link);
      list.appendChild(item);
    };
    for (const {side, token} of pairing.tokens ?? []) {
      if (!token) continue;
      // Red (xiangqi) or black stones (gomoku) is the first mover: `red`.
      const first = side === 'SIDE_RED' || (!xiangqi && side === 'SIDE_BLACK');
      const {name} = this.playerLabel(first ? pairing.red : pairing.black);
      // Both games' pages take side=: without it a gomoku link opens as a
      // spectator's.
      const extra = {token, side: sideKey(side)};
      add(anchor(
          gameLink(page, pairing.game, extra), t('tn.playerLink', {name}),
          sideKey(side)));
    }
    add(anchor(gameLink(page, pairing.game), t('tn.watch'), 'spectator'));
    if (xiangqi && this.context.isArbiter()) {
      add(anchor(
          gameLink('arbiter.html', pairing.game), t('tn.arbiterLink'),
          'arbiter'));
    }
    cell.appendChild(list);
  }

  render() {
    const body = el('pairings-body');
    body.replaceChildren();
    const round = this.round;
    const status = el('round-status');
    if (!round) {
      status.textContent = t('tn.noRound');
      renderOverrides(el('overrides'), null, this.kind);
      return;
    }
    const pairings = round.pairings ?? [];
    const open = pairings.filter(
        (p) => (p.result ?? 'TABLE_RESULT_PENDING') === 'TABLE_RESULT_PENDING');
    status.textContent = `${t('tn.roundN', {round: round.number})} · ` +
        (round.finished ? t('tn.roundFinished') :
                          t('tn.roundOpen', {open: open.length}));
    this.renderStart(round);
    const resultContext = {
      name: this.context.name,
      kind: this.kind,
      round: round.number,
      isArbiter: this.context.isArbiter,
      message: this.message,
      onRound: (changed) => {
        this.show(changed);
        this.context.onRoundChanged(changed);
      },
    };
    const labels = sideLabels(this.kind);
    for (const pairing of pairings) {
      const row = body.insertRow();
      row.dataset.table = String(pairing.table ?? 0);
      const table = row.insertCell();
      table.className = 'num';
      table.textContent = String(pairing.table ?? 0);
      // data-label: the column's name where a phone shows rows as cards.
      table.dataset.label = t('tn.colTable');
      const red = row.insertCell();
      red.dataset.label = labels.first;
      this.fillPlayer(red, pairing.red ?? 0);
      const black = row.insertCell();
      black.dataset.label = labels.second;
      this.fillPlayer(black, pairing.black ?? 0);
      const result = row.insertCell();
      result.className = 'result-cell';
      fillResultCell(result, pairing, resultContext);
      const links = row.insertCell();
      links.className = 'col-links no-print';
      this.fillLinks(links, pairing);
    }
    renderOverrides(el('overrides'), round, this.kind);
  }

  // The sheet's title for printing.
  sheetTitle() {
    return t('tn.pairingsSheet', {round: this.shownNumber || '—'});
  }
}
