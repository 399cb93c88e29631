// The tournament page without ?t=: the form that creates an event
// (CreateTournament, optionally from a TRF file) and the list of events
// (ListTournaments, page by page).
import {t} from './i18n.js';
import {errorText, showMessage} from './page-util.js';
import {createTournament, listTournaments, newDrawSeed} from './tournament-api.js';
import {dateText, kindText, statusText, systemText} from './tournament-labels.js';
import {mountTimeControl} from './time-control.js';

const el = (id) => document.getElementById(id);

// The page of one event: tournament.html?t=tournaments/ID (the slash kept
// readable).
export function eventLink(name) {
  return `tournament.html?t=${encodeURIComponent(name).replace(/%2F/gi, '/')}`;
}

function readFile(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

let timeControl = null;

// The tie-break chain as typed: Chinese commas and 顿号 are commas.
function tieBreakText(text) {
  return text.replace(/[，、；;]/g, ',')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .join(',');
}

// The CreateTournament request, or {error} when the time control cannot be
// read.
async function createRequest() {
  const system = el('create-system').value;
  const time = timeControl.read();
  if (time.error) return {error: time.error};
  const request = {
    title: el('create-title').value.trim(),
    kind: document.querySelector('input[name="kind"]:checked').value,
    system,
    rounds: Number(el('create-rounds').value) || 0,
    timeControl: time.text,
    tieBreaks: tieBreakText(el('create-tiebreaks').value),
  };
  const foulLimit = Number(el('create-fouls').value) || 0;
  if (foulLimit > 0) request.foulLimit = foulLimit;
  if (el('create-lot').checked) request.drawSeed = newDrawSeed();
  if (system === 'PAIRING_SYSTEM_KNOCKOUT' && el('create-armageddon').checked) {
    request.knockoutArmageddon = true;
  }
  const file = el('create-trf').files[0];
  if (file) request.trf = await readFile(file);
  return request;
}

async function onCreate(event) {
  event.preventDefault();
  const message = el('create-message');
  const button = el('create-button');
  button.disabled = true;
  showMessage(message, t('tn.creating'), 'info');
  try {
    const request = await createRequest();
    if (request.error) {
      showMessage(message, request.error, 'error');
      return;
    }
    const tournament = await createTournament(request);
    location.assign(eventLink(tournament.name));
  } catch (error) {
    showMessage(message, errorText(error), 'error');
  } finally {
    button.disabled = false;
  }
}

let nextPageToken = '';
let listed = [];

function renderList() {
  const body = el('events-body');
  body.replaceChildren();
  if (!listed.length) {
    const cell = body.insertRow().insertCell();
    cell.colSpan = 6;
    cell.textContent = t('tn.noEvents');
  }
  for (const tournament of listed) {
    const row = body.insertRow();
    row.dataset.name = tournament.name;
    const link = document.createElement('a');
    link.href = eventLink(tournament.name);
    link.textContent = tournament.title || t('tn.untitled');
    row.insertCell().appendChild(link);
    row.insertCell().textContent = kindText(tournament.kind);
    row.insertCell().textContent = systemText(tournament.system);
    row.insertCell().textContent = statusText(tournament.status);
    const rounds = row.insertCell();
    rounds.className = 'num';
    rounds.textContent = t('tn.roundsOf', {
      paired: tournament.roundsPaired ?? 0,
      rounds: tournament.rounds ?? 0,
    });
    // The list's entries carry no players: the date tells events apart.
    row.insertCell().textContent = dateText(tournament.createTimeUnixMs);
  }
  el('list-more').hidden = !nextPageToken;
}

async function loadList(more = false) {
  try {
    const response = await listTournaments(more ? nextPageToken : '');
    listed = more ? listed.concat(response.tournaments ?? []) :
                    (response.tournaments ?? []);
    nextPageToken = response.nextPageToken ?? '';
    showMessage(el('list-message'), '', 'info');
    renderList();
  } catch (error) {
    showMessage(el('list-message'), errorText(error), 'error');
  }
}

function updateSystemChoices() {
  el('armageddon-choice').hidden =
      el('create-system').value !== 'PAIRING_SYSTEM_KNOCKOUT';
}

// Wires the forms; `relabel` redraws the list in a new language.
export function mountEventsView() {
  el('events-view').hidden = false;
  el('create-form').addEventListener('submit', onCreate);
  el('create-system').addEventListener('change', updateSystemChoices);
  el('list-refresh').addEventListener('click', () => loadList());
  el('list-more').addEventListener('click', () => loadList(true));
  timeControl = mountTimeControl({
    preset: 'create-preset',
    custom: 'create-custom',
    minutes: 'create-minutes',
    preview: 'create-time-preview',
    advanced: 'create-time',
  }, '1200+5');
  updateSystemChoices();
  loadList();
  return {
    relabel: () => {
      timeControl.relabel();
      renderList();
    },
  };
}
