// Labels in 中文 and English. Modules register their own strings; pages mark
// elements with data-i18n="key" (text) or data-i18n-title / data-i18n-aria
// (attributes) and call apply() after the language changes.

const strings = new Map();
const listeners = new Set();
const STORAGE_KEY = 'caipan.lang';

function initialLanguage() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked === 'zh' || asked === 'en') return asked;
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === 'zh' || saved === 'en') return saved;
  return (navigator.language || '').toLowerCase().startsWith('zh') ? 'zh'
                                                                    : 'en';
}

let current = initialLanguage();

// Adds strings: {key: {zh: '…', en: '…'}}. Texts may hold {name} slots.
export function register(table) {
  for (const [key, texts] of Object.entries(table)) strings.set(key, texts);
}

// The current language: 'zh' or 'en' (also the API's `language` field).
export function lang() {
  return current;
}

// The API's `language` field for the current language ("zh" or "en").
export function apiLanguage() {
  return current;
}

// The text of `key` in the current language, slots filled from `params`.
export function t(key, params = {}) {
  const texts = strings.get(key);
  const text = texts ? (texts[current] ?? texts.en) : key;
  return text.replace(/\{(\w+)\}/g,
                      (whole, name) => name in params ? params[name] : whole);
}

// Fills every data-i18n element under `root` in the current language.
export function apply(root = document) {
  document.documentElement.lang = current === 'zh' ? 'zh-CN' : 'en';
  for (const el of root.querySelectorAll('[data-i18n]')) {
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of root.querySelectorAll('[data-i18n-title]')) {
    el.title = t(el.dataset.i18nTitle);
  }
  for (const el of root.querySelectorAll('[data-i18n-aria]')) {
    el.setAttribute('aria-label', t(el.dataset.i18nAria));
  }
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
}

// Switches the language, remembers it, relabels the page and tells listeners.
export function setLang(language) {
  if (language !== 'zh' && language !== 'en') return;
  current = language;
  localStorage.setItem(STORAGE_KEY, language);
  apply();
  for (const listener of listeners) listener(language);
}

// Calls `listener(language)` after each switch.
export function onChange(listener) {
  listeners.add(listener);
}
