// Small helpers the xiangqi pages share: the link's parameters and messages.
import {register, t} from './i18n.js';

register({
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
