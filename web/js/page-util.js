// Small helpers the xiangqi pages share: the link's parameters and messages.
import {register, t} from './i18n.js';

// Labels both game pages (play and arbiter) use.
register({
  'play.boardHeading': {zh: '棋盘', en: 'Board'},
  'play.noGame': {zh: '链接中没有对局（#game=games/…）。', en: 'The link names no game (#game=games/…).'},
  'play.toMove': {zh: '{side}走棋', en: '{side} to move'},
  'play.check': {zh: '将军！', en: 'Check!'},
  'play.paused': {zh: '裁判已暂停计时', en: 'The arbiter paused the clocks'},
  'play.gameOver': {zh: '对局结束', en: 'Game over'},
  'conn.live': {zh: '已连接', en: 'Live'},
  'conn.reconnecting': {zh: '重新连接中…', en: 'Reconnecting…'},
  'conn.ended': {zh: '连接已结束', en: 'Disconnected'},
  'conn.over': {zh: '对局已结束', en: 'Finished'},
  'error.prefix': {zh: '错误：{message}（{code}）', en: 'Error: {message} ({code})'},
});

// The parameters in the link's fragment (#game=games/…&token=…&side=red).
export function hashParams() {
  return new URLSearchParams(location.hash.replace(/^#/, ''));
}

// An ApiError (or any error) as one line, with the server's own message.
export function errorText(error) {
  if (error?.code) return t('error.prefix', {message: error.message, code: error.code});
  return String(error?.message ?? error);
}

// Shows `text` in the message element; kind: 'error', 'info' or 'ok'.
export function showMessage(element, text, kind = 'info') {
  element.textContent = text;
  element.dataset.kind = kind;
  element.hidden = !text;
}

// A button that asks for a second click within a few seconds before acting
// (resign, abort): the label says what the second click does.
export function confirmingButton(button, confirmKey, action, windowMs = 4000) {
  let armedUntil = 0;
  let timer = null;
  button.addEventListener('click', () => {
    if (Date.now() < armedUntil) {
      armedUntil = 0;
      clearTimeout(timer);
      button.classList.remove('armed');
      button.textContent = t(button.dataset.i18n);
      action();
      return;
    }
    armedUntil = Date.now() + windowMs;
    button.classList.add('armed');
    button.textContent = t(confirmKey);
    timer = setTimeout(() => {
      button.classList.remove('armed');
      button.textContent = t(button.dataset.i18n);
    }, windowMs);
  });
}
