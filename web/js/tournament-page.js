// tournament.html: the tournament manager. Without ?t= it creates and lists
// events; with ?t=tournaments/ID it runs one: entries and check-in, the
// rounds' pairings and results, standings, exports and printable sheets.
// Changes need the arbiter's token, entered once per tab.
import {apply, onChange as onLanguageChange, t} from './i18n.js';
import {mountLangSwitch} from './lang-switch.js';
import {errorText, showMessage} from './page-util.js';
import {arbiterToken, getTournament, setArbiterToken} from './tournament-api.js';
import {EntriesPanel} from './tournament-entries.js';
import {mountEventsView} from './tournament-events.js';
import {mountExports} from './tournament-exports.js';
import {dateText, kindText, statusText, systemText, tieBreakLabel} from './tournament-labels.js';
import {describe as describeTimeControl} from './time-control.js';
import {RoundPanel} from './tournament-pairings.js';
import {fillPrintHeader, printSheet} from './tournament-print.js';
import {StandingsPanel} from './tournament-standings.js';

const el = (id) => document.getElementById(id);
const tournamentName = new URLSearchParams(location.search).get('t') ?? '';
const isArbiter = () => Boolean(arbiterToken());

// Views redrawn when the token or the language changes.
const relabelers = [];

function renderTokenState() {
  const set = isArbiter();
  document.body.classList.toggle('has-token', set);
  el('token-state').textContent = set ? t('tn.tokenSet') : t('tn.tokenNone');
  el('token-forget').disabled = !set;
}

function mountTokenForm(onTokenChange) {
  el('token-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const token = el('token-input').value.trim();
    if (!token) return;
    setArbiterToken(token);
    el('token-input').value = '';
    renderTokenState();
    onTokenChange();
  });
  el('token-forget').addEventListener('click', () => {
    setArbiterToken('');
    renderTokenState();
    onTokenChange();
  });
  renderTokenState();
}

function mountEventView() {
  el('event-view').hidden = false;
  el('event-tag').textContent = tournamentName;
  let tournament = null;

  const summary = () => {
    if (!tournament) return;
    el('event-title').textContent = tournament.title || t('tn.untitled');
    document.title = `caipan · ${tournament.title || tournamentName}`;
    const items = [
      ['tn.kind', kindText(tournament.kind)],
      ['tn.system', systemText(tournament.system)],
      ['tn.colStatus', statusText(tournament.status)],
      [
        'tn.rounds', t('tn.roundsOf', {
          paired: tournament.roundsPaired ?? 0,
          rounds: tournament.rounds ?? 0,
        })
      ],
      [
        'tn.timeControl',
        tournament.timeControl ? describeTimeControl(tournament.timeControl) :
                                 t('tn.noClock')
      ],
      [
        'tn.tieBreaks',
        tournament.tieBreaks ?
            tournament.tieBreaks.split(',')
                .map((name) => tieBreakLabel(name.trim()))
                .join(t('tn.chainSeparator')) :
            t('tn.defaultChain')
      ],
      ['tn.created', dateText(tournament.createTimeUnixMs)],
    ];
    const list = el('event-summary');
    list.replaceChildren();
    for (const [key, value] of items) {
      const term = document.createElement('dt');
      term.textContent = t(key);
      const detail = document.createElement('dd');
      detail.textContent = String(value);
      detail.dataset.field = key;
      list.append(term, detail);
    }
  };

  const reload = async () => {
    try {
      setTournament(await getTournament(tournamentName));
    } catch (error) {
      showMessage(el('event-message'), errorText(error), 'error');
    }
  };

  const context = {
    name: tournamentName,
    isArbiter,
    onTournament: (next) => setTournament(next),
    // A paired round or a new result: the event's state and the standings
    // follow.
    onRoundChanged: () => reload(),
    shownRound: () => rounds.shownNumber,
  };
  const entries = new EntriesPanel(context);
  const rounds = new RoundPanel(context);
  const standings = new StandingsPanel(context);
  mountExports(context);

  function setTournament(next) {
    tournament = next;
    showMessage(el('event-message'), '', 'info');
    summary();
    entries.render(tournament);
    rounds.setTournament(tournament);
    standings.setTournament(tournament);
    // Before round 1 there is nothing to rank.
    if (tournament.roundsPaired) {
      standings.load();
    } else {
      standings.render();
    }
    el('export-pgn').disabled = !(tournament.roundsPaired ?? 0);
  }

  el('print-pairings')
      .addEventListener(
          'click',
          () => printSheet(
              'pairings', tournament?.title ?? '', rounds.sheetTitle()));
  el('print-standings')
      .addEventListener(
          'click',
          () => printSheet(
              'standings', tournament?.title ?? '', standings.sheetTitle()));
  // Printing from the browser's menu gets a header too.
  window.addEventListener('beforeprint', () => {
    if (!document.body.dataset.print) {
      fillPrintHeader(tournament?.title ?? '', t('tn.title'));
    }
  });

  relabelers.push(() => {
    if (!tournament) return;
    summary();
    entries.render(tournament);
    rounds.setTournament(tournament);
    standings.setTournament(tournament);
    standings.render();
  });
  // A token reveals the players' game links: ask for the round again.
  const onTokenChange = () => {
    if (!tournament) return;
    relabelers.forEach((relabel) => relabel());
    rounds.load(rounds.shownNumber);
  };
  showMessage(el('event-message'), t('tn.loading'), 'info');
  reload();
  return onTokenChange;
}

mountLangSwitch();
if (tournamentName) {
  mountTokenForm(mountEventView());
} else {
  const events = mountEventsView();
  relabelers.push(events.relabel);
  mountTokenForm(() => {});
}
onLanguageChange(() => {
  // Notes of what was done are in the old language; the server's errors stay.
  for (const note of document.querySelectorAll(
           '.message[data-kind="ok"], .message[data-kind="info"]')) {
    note.hidden = true;
  }
  renderTokenState();
  relabelers.forEach((relabel) => relabel());
  apply();
});
