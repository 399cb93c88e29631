// The 中文 / English switch every page shows in its header. Each label is
// written in its own language so a reader of either can find it.
import {apply, lang, onChange, register, setLang, t} from './i18n.js';

register({
  'lang.switch': {zh: '界面语言', en: 'Language'},
});

// Fills `container` (default: the page's [data-lang-switch] element) with
// the two buttons and labels the page in the current language.
export function mountLangSwitch(container = document.querySelector('[data-lang-switch]')) {
  if (!container) return;
  container.replaceChildren();
  container.classList.add('lang-switch', 'segmented');
  container.setAttribute('role', 'group');
  container.dataset.i18nAria = 'lang.switch';
  const buttons = [['zh', '中文', 'zh-CN'], ['en', 'English', 'en']].map(
      ([code, label, htmlLang]) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.lang = htmlLang;
        button.textContent = label;
        button.dataset.lang = code;
        button.addEventListener('click', () => setLang(code));
        container.appendChild(button);
        return button;
      });
  const update = () => {
    for (const button of buttons) {
      button.setAttribute('aria-pressed', String(button.dataset.lang === lang()));
    }
    container.setAttribute('aria-label', t('lang.switch'));
  };
  onChange(update);
  update();
  apply();
}
