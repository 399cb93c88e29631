// The entries of an event: adding players (form rows or a pasted CSV list,
// AddPlayers) and the player list with check-in, fouls and withdrawal
// (SetPlayerStatus).
import {t} from './i18n.js';
import {confirmingButton, errorText, showMessage} from './page-util.js';
import {addPlayers, setPlayerStatus} from './tournament-api.js';

const el = (id) => document.getElementById(id);

// The fields of one entry row: [Entrant field, label key, input attributes].
const ROW_FIELDS = [
  ['name', 'tn.name', {maxLength: 256, autocomplete: 'off'}],
  ['unit', 'tn.unit', {maxLength: 256, autocomplete: 'off'}],
  ['id', 'tn.playerId', {maxLength: 256, autocomplete: 'off'}],
  ['rating', 'tn.rating', {type: 'number', min: 0, max: 9999, step: 1}],
  ['birthDate', 'tn.birthDate', {type: 'date'}],
];

export class EntriesPanel {
  // `context`: {name, isArbiter(), onTournament(tournament)}.
  constructor(context) {
    this.context = context;
    this.tournament = null;
    this.rowCount = 0;
    this.message = el('entries-message');
    el('add-row').addEventListener('click', () => this.addRow(true));
    el('players-form')
        .addEventListener('submit', (event) => this.submitRows(event));
    el('csv-form').addEventListener('submit', (event) => this.submitCsv(event));
    this.addRow(false);
  }

  // One row of entry fields; labels are tied to their inputs by id.
  addRow(focus) {
    const index = ++this.rowCount;
    const row = document.createElement('div');
    row.className = 'player-row';
    for (const [field, labelKey, attributes] of ROW_FIELDS) {
      const wrap = document.createElement('div');
      wrap.className = `field field-${field}`;
      const label = document.createElement('label');
      label.htmlFor = `entry-${field}-${index}`;
      label.dataset.i18n = labelKey;
      label.textContent = t(labelKey);
      const input = document.createElement('input');
      input.id = label.htmlFor;
      input.dataset.field = field;
      Object.assign(input, attributes);
      wrap.append(label, input);
      row.appendChild(wrap);
    }
    row.appendChild(this.sexField(index));
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'remove-row';
    remove.textContent = '×';
    remove.dataset.i18nAria = 'tn.removeRow';
    remove.setAttribute('aria-label', t('tn.removeRow'));
    remove.addEventListener('click', () => {
      row.remove();
      if (!el('player-rows').children.length) this.addRow(true);
    });
    row.appendChild(remove);
    el('player-rows').appendChild(row);
    if (focus) row.querySelector('input').focus();
  }

  sexField(index) {
    const wrap = document.createElement('div');
    wrap.className = 'field field-sex';
    const label = document.createElement('label');
    label.htmlFor = `entry-sex-${index}`;
    label.dataset.i18n = 'tn.sex';
    label.textContent = t('tn.sex');
    const select = document.createElement('select');
    select.id = label.htmlFor;
    select.dataset.field = 'sex';
    for (const [value, key] of [
             ['', 'tn.sexUnknown'], ['m', 'tn.sexM'], ['f', 'tn.sexF']]) {
      const option = document.createElement('option');
      option.value = value;
      option.dataset.i18n = key;
      option.textContent = t(key);
      select.appendChild(option);
    }
    wrap.append(label, select);
    return wrap;
  }

  // The rows with a name, as Entrant messages (empty fields left out).
  enteredPlayers() {
    const players = [];
    for (const row of el('player-rows').children) {
      const entrant = {};
      for (const input of row.querySelectorAll('[data-field]')) {
        const value = input.value.trim();
        if (!value) continue;
        entrant[input.dataset.field] =
            input.dataset.field === 'rating' ? Number(value) : value;
      }
      if (entrant.name) players.push(entrant);
    }
    return players;
  }

  async submitRows(event) {
    event.preventDefault();
    const players = this.enteredPlayers();
    if (!players.length) {
      showMessage(this.message, t('tn.nothingToAdd'), 'error');
      return;
    }
    if (await this.add(players, '', el('players-submit'))) {
      el('player-rows').replaceChildren();
      this.addRow(false);
    }
  }

  async submitCsv(event) {
    event.preventDefault();
    const csv = el('csv-input').value;
    if (!csv.trim()) {
      showMessage(this.message, t('tn.nothingToAdd'), 'error');
      return;
    }
    if (await this.add([], csv, el('csv-submit'))) el('csv-input').value = '';
  }

  async add(players, csv, button) {
    const before = this.tournament?.players?.length ?? 0;
    button.disabled = true;
    try {
      const tournament = await addPlayers(this.context.name, players, csv);
      const count = (tournament.players ?? []).length - before;
      showMessage(this.message, t('tn.added', {count}), 'ok');
      this.context.onTournament(tournament);
      return true;
    } catch (error) {
      showMessage(this.message, errorText(error), 'error');
      return false;
    } finally {
      button.disabled = false;
    }
  }

  // `fields`: only what changes (present, fouls or withdraw).
  async setStatus(player, fields) {
    try {
      const tournament = await setPlayerStatus(
          this.context.name, {number: player.number, ...fields});
      showMessage(
          this.message,
          t('tn.statusSaved', {name: player.entrant?.name ?? player.number}),
          'ok');
      this.context.onTournament(tournament);
    } catch (error) {
      showMessage(this.message, errorText(error), 'error');
      this.render(this.tournament);  // put the controls back as they were
    }
  }

  render(tournament) {
    this.tournament = tournament;
    const open = (tournament.status ?? 'TOURNAMENT_STATUS_ENTRIES') ===
        'TOURNAMENT_STATUS_ENTRIES';
    el('entry-forms').hidden = !open || !this.context.isArbiter();
    el('entries-closed').hidden = open;
    const body = el('players-body');
    body.replaceChildren();
    const players = tournament.players ?? [];
    if (!players.length) {
      const cell = body.insertRow().insertCell();
      cell.colSpan = 7;
      cell.textContent = t('tn.noPlayers');
    }
    for (const player of players) body.appendChild(this.playerRow(player));
  }

  playerRow(player) {
    const arbiter = this.context.isArbiter();
    const name = player.entrant?.name ?? '';
    const row = document.createElement('tr');
    row.dataset.number = String(player.number);
    if (player.withdrawn) row.classList.add('withdrawn');
    const number = row.insertCell();
    number.className = 'num';
    number.textContent = String(player.number);
    const nameCell = row.insertCell();
    nameCell.className = 'player-name-cell';
    nameCell.textContent = name;
    row.insertCell().textContent = player.entrant?.unit ?? '';
    const rating = row.insertCell();
    rating.className = 'num';
    rating.textContent =
        player.entrant?.rating ? String(player.entrant.rating) : '';

    const present = document.createElement('input');
    present.type = 'checkbox';
    present.className = 'present-toggle';
    present.checked = Boolean(player.present);
    present.disabled = !arbiter || Boolean(player.withdrawn);
    present.setAttribute('aria-label', t('tn.presentOf', {name}));
    present.addEventListener(
        'change', () => this.setStatus(player, {present: present.checked}));
    row.insertCell().appendChild(present);

    if (!arbiter) {
      // Read only: the numbers as text.
      const foulsCell = row.insertCell();
      foulsCell.textContent = String(player.fouls ?? 0);
      row.insertCell().textContent = player.withdrawn ? t('tn.withdrawn') : '';
      return row;
    }
    const fouls = document.createElement('input');
    fouls.type = 'number';
    fouls.min = '0';
    fouls.max = '99';
    fouls.step = '1';
    fouls.className = 'fouls-input';
    fouls.value = String(player.fouls ?? 0);
    fouls.setAttribute('aria-label', t('tn.foulsOf', {name}));
    fouls.addEventListener('change', () => {
      const value = Math.max(0, Math.round(Number(fouls.value) || 0));
      this.setStatus(player, {fouls: value});
    });
    row.insertCell().appendChild(fouls);

    const withdrawCell = row.insertCell();
    if (player.withdrawn) {
      withdrawCell.textContent = t('tn.withdrawn');
    } else {
      const withdraw = document.createElement('button');
      withdraw.type = 'button';
      withdraw.className = 'danger withdraw';
      withdraw.dataset.i18n = 'tn.withdraw';
      withdraw.textContent = t('tn.withdraw');
      confirmingButton(
          withdraw, 'tn.confirmWithdraw',
          () => this.setStatus(player, {withdraw: true}));
      withdrawCell.appendChild(withdraw);
    }
    return row;
  }
}
