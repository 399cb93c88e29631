// What the two players agree on, on both game pages: taking back a move
// (in a game created with takebacks allowed) and playing a rematch once the
// game is over. The server keeps the state (Game.takebackRequest,
// Game.rematch); these controls show it and ask.
import {call} from './api.js';
import {register, t} from './i18n.js';
import {sideKey, sideName} from './game-labels.js';

register({
  'play.requestTakeback': {zh: '请求悔棋', en: 'Ask to take back'},
  'play.takebackAsked': {
    zh: '已请求悔棋，等待对方回应',
    en: 'You asked to take back your last move',
  },
  'play.takebackTheirs': {
    zh: '对方请求悔棋', en: 'Your opponent asks to take back a move'},
  'play.takebackSide': {zh: '{side}请求悔棋', en: '{side} asks to take back a move'},
  'play.acceptTakeback': {zh: '同意悔棋', en: 'Accept'},
  'play.declineTakeback': {zh: '拒绝', en: 'Decline'},
  'play.rematch': {zh: '再来一局', en: 'Rematch'},
  'play.rematchOffered': {
    zh: '对手邀请再来一局（交换先后手）',
    en: 'Your opponent wants a rematch (colours reversed)',
  },
  'play.acceptRematch': {zh: '接受再战', en: 'Accept the rematch'},
  'play.rematchOpening': {zh: '正在开始新对局…', en: 'Starting the rematch…'},
});

// How often, and for how long, a finished game's page looks for a rematch
// the opponent asked for.
const REMATCH_POLL_MS = 3000;
const REMATCH_POLL_LIMIT = 200;

function button(id, key, className = '') {
  const element = document.createElement('button');
  element.type = 'button';
  element.id = id;
  element.dataset.i18n = key;
  element.textContent = t(key);
  if (className) element.className = className;
  return element;
}

export class AgreementControls {
  // `act(method,
  // extra)` runs a player's action, resolving with its answer or null (having
  // shown the error); `applyGame(game)` takes an answer's game. The controls
  // go into `actions` (the player's buttons), after `noticeAfter` (the draw
  // offer's notice) and into `banner` (shown once the game is over).
  constructor({gameName, token, act, applyGame, actions, noticeAfter, banner}) {
    this.gameName = gameName;
    this.token = token;
    this.act = act;
    this.applyGame = applyGame;
    this.game = null;
    this.mySide = '';
    this.rematchFound = false;
    this.polls = 0;
    this.pollTimer = null;

    this.takebackButton = button('request-takeback', 'play.requestTakeback');
    actions.prepend(this.takebackButton);
    this.takebackButton.addEventListener(
        'click', () => this.answered(this.act('RequestTakeback')));

    this.notice = document.createElement('div');
    this.notice.id = 'takeback-offer';
    this.notice.className = 'notice';
    this.notice.hidden = true;
    this.noticeText = document.createElement('span');
    this.noticeText.id = 'takeback-text';
    this.acceptButton = button('accept-takeback', 'play.acceptTakeback');
    this.declineButton = button('decline-takeback', 'play.declineTakeback');
    this.notice.append(this.noticeText, ' ', this.acceptButton, ' ',
                       this.declineButton);
    noticeAfter.after(this.notice);
    this.acceptButton.addEventListener(
        'click', () => this.answered(
                     this.act('RespondToTakeback', {accept: true})));
    this.declineButton.addEventListener(
        'click', () => this.answered(
                     this.act('RespondToTakeback', {accept: false})));

    this.rematchBox = document.createElement('div');
    this.rematchBox.id = 'rematch';
    this.rematchBox.className = 'rematch';
    this.rematchBox.hidden = true;
    this.rematchText = document.createElement('p');
    this.rematchText.id = 'rematch-text';
    this.rematchButton = button('rematch-button', 'play.rematch', 'primary');
    this.rematchBox.append(this.rematchText, this.rematchButton);
    banner.append(this.rematchBox);
    this.rematchButton.addEventListener('click', () => this.rematch());
  }

  async answered(promise) {
    const answer = await promise;
    if (answer) this.applyGame(answer);
  }

  // Shows `game` as seen by the player of `mySide` (empty: a spectator);
  // `busy` while the page waits for one of its own calls.
  render(game, mySide, busy = false) {
    this.game = game;
    this.mySide = mySide;
    const live = game.status === 'GAME_STATUS_LIVE';
    const request = game.takebackRequest ?? 'SIDE_UNSPECIFIED';
    const pending = live && request !== 'SIDE_UNSPECIFIED';
    const theirs = pending && Boolean(mySide) && request !== mySide;
    this.takebackButton.hidden = !game.allowTakebacks;
    this.takebackButton.disabled = busy || pending || !this.hasMoved();
    this.notice.hidden = !pending;
    this.acceptButton.hidden = !theirs;
    this.declineButton.hidden = !theirs;
    this.noticeText.textContent = !pending ? '' :
        theirs             ? t('play.takebackTheirs') :
        request === mySide ? t('play.takebackAsked') :
                 t('play.takebackSide', {side: sideName(request)});
    this.renderRematch(live);
  }

  // Whether the player has a move the server would take back.
  hasMoved() {
    const moves = this.game.moves?.length ?? 0;
    if (!this.mySide || moves === 0) return false;
    // The side to act has moved before unless only the opponent has.
    return this.game.sideToAct !== this.mySide || moves >= 2;
  }

  renderRematch(live) {
    const possible = !live && Boolean(this.mySide) &&
        Boolean(this.game.rematch) && !this.game.table;
    this.rematchBox.hidden = !possible;
    if (!possible) return;
    this.rematchText.textContent =
        this.rematchFound ? t('play.rematchOffered') : '';
    this.rematchText.hidden = !this.rematchFound;
    const key = this.rematchFound ? 'play.acceptRematch' : 'play.rematch';
    this.rematchButton.dataset.i18n = key;
    this.rematchButton.textContent = t(key);
    this.pollForRematch();
  }

  // Looks for a rematch the opponent asked for (GetGame on its name).
  pollForRematch() {
    if (this.pollTimer || this.rematchFound ||
        this.polls >= REMATCH_POLL_LIMIT) {
      return;
    }
    this.pollTimer = setTimeout(async () => {
      this.pollTimer = null;
      this.polls++;
      try {
        await call('GameService', 'GetGame', {name: this.game.rematch});
        this.rematchFound = true;
        this.renderRematch(false);
      } catch (error) {
        this.pollForRematch();
      }
    }, REMATCH_POLL_MS);
  }

  async rematch() {
    this.rematchButton.disabled = true;
    this.rematchText.hidden = false;
    this.rematchText.textContent = t('play.rematchOpening');
    const answer = await this.act('Rematch');
    this.rematchButton.disabled = false;
    if (!answer?.game?.name || !answer.token?.token) {
      this.renderRematch(false);
      return;
    }
    clearTimeout(this.pollTimer);
    // The same page and query (its language), the rematch's link: only the
    // fragment changes, which loads nothing by itself, so the page reloads.
    const name = encodeURIComponent(answer.game.name).replace(/%2F/gi, '/');
    const url = new URL(location.href);
    url.hash = `game=${name}&token=${
        encodeURIComponent(answer.token.token)}&side=${
        sideKey(answer.token.side)}`;
    location.replace(url.href);
    location.reload();
  }
}
