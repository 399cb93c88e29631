// Time controls as players write them and as the API takes them. Players
// say "5+3" for five minutes each and three seconds a move; GameService's
// time_control text counts seconds ("300+3"). The start page and the
// tournament page offer presets (the usual online ones and the regulations'
// controls), a field for minutes+seconds, and an advanced field that takes
// the API's text as it is, in seconds.
import {register, t} from './i18n.js';

register({
  'tc.label': {zh: '用时', en: 'Time control'},
  'tc.groupCommon': {zh: '常用', en: 'Common'},
  'tc.groupRules': {zh: '比赛规程', en: 'Regulations'},
  'tc.groupOther': {zh: '其他', en: 'Other'},
  'tc.fischer': {zh: '{minutes}分+{seconds}秒', en: '{minutes} min + {seconds} s'},
  'tc.suddenDeath':
      {zh: '每方{minutes}分钟包干', en: '{minutes} min each, no increment'},
  'tc.armageddonPreset': {
    zh: '加赛：先手6分+3秒，后手4分+3秒，和棋判后手胜',
    en: 'Armageddon: first mover 6 min + 3 s, second 4 min + 3 s, a draw goes to the second',
  },
  'tc.shared60': {
    zh: '共用时60分钟，然后每方30分钟包干',
    en: 'A shared 60 min, then 30 min each',
  },
  'tc.shared20': {
    zh: '共用时20分钟，然后每方10分+5秒',
    en: 'A shared 20 min, then 10 min + 5 s each',
  },
  'tc.none': {zh: '不计时', en: 'No clocks'},
  'tc.custom': {zh: '自定义（分+秒）…', en: 'Other (minutes + seconds)…'},
  'tc.help': {
    zh: '“5分+3秒”即每方5分钟，每走一步加3秒。',
    en: '"5 min + 3 s": 5 minutes each, plus 3 seconds for every move.',
  },
  'tc.minutesLabel': {
    zh: '每方分钟数+每步加秒数',
    en: 'Minutes each + seconds a move',
  },
  'tc.minutesHelp': {
    zh: '例如 5+3（5分钟，每步加3秒）、30（30分钟包干）。',
    en: 'For example 5+3 (5 minutes, 3 seconds a move) or 30 (30 minutes, no increment).',
  },
  'tc.advancedLabel': {
    zh: '高级：用时文本（单位：秒，可选）',
    en: 'Advanced: time control text (in seconds, optional)',
  },
  'tc.advancedHelp': {
    zh: '以秒为单位，按接口的写法填写；填写后代替上面的选择。300+3 为每方300秒（5分钟）加3秒；1800 为30分钟包干；W360+3-B240+3 为先手6分+3秒、后手4分+3秒；S3600:1800 为共用60分钟后每方30分钟。',
    en: 'In seconds, as the API writes it; when filled in it replaces the choice above. 300+3 is 300 seconds (5 minutes) each plus 3 a move; 1800 is 30 minutes; W360+3-B240+3 gives the first mover 6 min + 3 s and the second 4 min + 3 s; S3600:1800 is a shared 60 minutes, then 30 each.',
  },
  'tc.reads': {
    zh: '即{text}（按秒记为 {api}）',
    en: 'That is {text} ({api} in seconds)',
  },
  'tc.unreadable': {
    zh: '看不懂“{text}”：请写成 分钟+秒，例如 5+3。',
    en: 'Cannot read "{text}": write minutes+seconds, e.g. 5+3.',
  },
  'tc.missing': {
    zh: '请填写用时，例如 5+3（5分钟，每步加3秒）。',
    en: 'Fill in the time control, e.g. 5+3 (5 minutes, 3 seconds a move).',
  },
  // describe(): the API's text in words.
  'tc.each': {zh: '每方{period}', en: '{period} each'},
  'tc.periodFischer': {
    zh: '{time}，每步加{increment}秒',
    en: '{time} plus {increment} s a move',
  },
  'tc.periodSudden': {zh: '{time}包干', en: '{time}'},
  'tc.sides': {zh: '先手{first}；后手{second}', en: 'first mover {first}; second {second}'},
  'tc.sharedThen':
      {zh: '共用时{time}，然后{rest}', en: 'a shared {time}, then {rest}'},
  'tc.armageddon': {zh: '，和棋判后手胜', en: '; a draw goes to the second mover'},
  'tc.minutes': {zh: '{n}分钟', en: '{n} min'},
  'tc.minutesSeconds': {zh: '{m}分{s}秒', en: '{m} min {s} s'},
  'tc.seconds': {zh: '{n}秒', en: '{n} s'},
});

// The presets: [group, [API text, label key, label params]].
const PRESETS = [
  ['tc.groupCommon', [
    ['180+2', 'tc.fischer', {minutes: 3, seconds: 2}],
    ['300+3', 'tc.fischer', {minutes: 5, seconds: 3}],
    ['600+5', 'tc.fischer', {minutes: 10, seconds: 5}],
    ['900+10', 'tc.fischer', {minutes: 15, seconds: 10}],
    ['1200+5', 'tc.fischer', {minutes: 20, seconds: 5}],
  ]],
  // shared/rules/tournament.md, "Time controls": 20′+5″ (knockout, above),
  // 25′+5″ (Daqing), 10′+5″ and 5′+3″ (above), 30′ and 60′ sudden death,
  // Armageddon 6′+3″ / 4′+3″, and the two shared periods.
  ['tc.groupRules', [
    ['1500+5', 'tc.fischer', {minutes: 25, seconds: 5}],
    ['1800', 'tc.suddenDeath', {minutes: 30}],
    ['3600', 'tc.suddenDeath', {minutes: 60}],
    ['W360+3-B240+3;armageddon', 'tc.armageddonPreset', {}],
    ['S3600:1800', 'tc.shared60', {}],
    ['S1200:600+5', 'tc.shared20', {}],
  ]],
  ['tc.groupOther', [
    ['none', 'tc.none', {}],
    ['custom', 'tc.custom', {}],
  ]],
];

// Full-width digits and signs, primes and unit words as players type them.
function normalise(text) {
  return text.replace(/[\uff01-\uff5e]/g,
                      (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
      .replace(/\s+/g, '')
      .toLowerCase();
}

// "5+3", "5′+3″", "5分+3秒", "5min+3s", "30", "1.5+2": minutes (and an
// increment in seconds) as the API's text in seconds ("300+3", "1800",
// "90+2"); null when it cannot be read.
export function minutesToApi(text) {
  const match = normalise(text).match(
      /^(\d+(?:\.\d+)?)(?:分钟|分|min|m|′|')?(?:\+(\d+)(?:秒钟|秒|sec|s|″|")?)?$/);
  if (!match) return null;
  const seconds = Math.round(Number(match[1]) * 60);
  const increment = Number(match[2] ?? 0);
  if (!seconds || seconds > 24 * 3600 || increment > 3600) return null;
  return increment ? `${seconds}+${increment}` : String(seconds);
}

function durationText(totalSeconds) {
  const m = Math.floor(totalSeconds / 60);
  const s = totalSeconds % 60;
  if (!m) return t('tc.seconds', {n: s});
  return s ? t('tc.minutesSeconds', {m, s}) : t('tc.minutes', {n: m});
}

function periodText(period) {
  const match = period.match(/^(\d+)(?:\+(\d+))?$/);
  if (!match) return null;
  const time = durationText(Number(match[1]));
  return match[2] && Number(match[2]) ?
      t('tc.periodFischer', {time, increment: Number(match[2])}) :
      t('tc.periodSudden', {time});
}

// The API's time control text in words ("每方5分钟，每步加3秒"); the text
// itself when it is of a form this does not know.
export function describe(text) {
  const raw = (text ?? '').trim();
  if (!raw || raw === 'none' || raw === '-') return t('tc.none');
  const match = raw.match(/^(?:S(\d+):)?(?:W([\d+]+)-B([\d+]+)|([\d+]+))(;armageddon)?$/);
  if (!match) return raw;
  const [, shared, first, second, both, armageddon] = match;
  let rest;
  if (both) {
    const period = periodText(both);
    if (!period) return raw;
    rest = t('tc.each', {period});
  } else {
    const a = periodText(first);
    const b = periodText(second);
    if (!a || !b) return raw;
    rest = t('tc.sides', {first: a, second: b});
  }
  if (shared) {
    rest = t('tc.sharedThen', {time: durationText(Number(shared)), rest});
  }
  return armageddon ? rest + t('tc.armageddon') : rest;
}

// Wires a time-control picker. `ids`: {preset (select), custom (the box
// around the minutes field), minutes, preview, advanced}; `initial`: the
// preset chosen at first. Returns {read(): {text} or {error}, relabel()}.
export function mountTimeControl(ids, initial) {
  const el = (id) => document.getElementById(id);
  const preset = el(ids.preset);
  const minutes = el(ids.minutes);
  const preview = el(ids.preview);
  const advanced = el(ids.advanced);

  const fill = () => {
    const chosen = preset.value || initial;
    preset.replaceChildren();
    for (const [groupKey, options] of PRESETS) {
      const group = document.createElement('optgroup');
      group.label = t(groupKey);
      for (const [value, key, params] of options) {
        const option = document.createElement('option');
        option.value = value;
        option.textContent = t(key, params);
        group.appendChild(option);
      }
      preset.appendChild(group);
    }
    preset.value = chosen;
  };

  const update = () => {
    el(ids.custom).hidden = preset.value !== 'custom';
    const typed = minutes.value.trim();
    if (preset.value !== 'custom' || !typed) {
      preview.textContent = '';
      delete preview.dataset.kind;
      return;
    }
    const api = minutesToApi(typed);
    preview.dataset.kind = api ? 'ok' : 'error';
    preview.textContent = api ? t('tc.reads', {text: describe(api), api}) :
                                t('tc.unreadable', {text: typed});
  };

  preset.addEventListener('change', () => {
    update();
    if (preset.value === 'custom') minutes.focus();
  });
  minutes.addEventListener('input', update);
  fill();
  update();

  return {
    read() {
      const text = advanced.value.trim();
      if (text) return {text};
      if (preset.value !== 'custom') return {text: preset.value};
      const typed = minutes.value.trim();
      if (!typed) return {error: t('tc.missing')};
      const api = minutesToApi(typed);
      return api ? {text: api} : {error: t('tc.unreadable', {text: typed})};
    },
    relabel() {
      fill();
      update();
    },
  };
}
