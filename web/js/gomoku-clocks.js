// Black's and white's clocks from the server's readings (Clocks). The
// running clock counts down from the moment a reading arrives; the server's
// timer is the one that ends the game.

import {register, t} from './i18n.js';

register({
  'clocks.none': {zh: '不计时', en: 'No clocks'},
  'clocks.paused': {zh: '暂停', en: 'paused'},
  'clocks.shared': {zh: '共用时 {time}', en: 'Shared clock {time}'},
  'clocks.aria': {zh: '{side}用时 {time}', en: '{side} clock {time}'},
});

export function formatMs(ms) {
  const clamped = Math.max(0, ms);
  if (clamped < 10000) return (clamped / 1000).toFixed(1);
  const total = Math.floor(clamped / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
               : `${minutes}:${seconds}`;
}

export class GomokuClocks {
  constructor(host) {
    this.host = host;
    this.reading = null;
    this.readingKey = '';
    this.receivedAt = 0;
    this.live = false;
    this.timer = setInterval(() => this.draw(), 100);
  }

  // `clocks`: the Clocks message; `names`: {black, white} labels.
  update(clocks, names, live) {
    const key = JSON.stringify(clocks ?? {});
    if (key !== this.readingKey) {
      this.readingKey = key;
      this.reading = clocks ?? {};
      this.receivedAt = performance.now();
    }
    this.names = names;
    this.live = live;
    this.draw();
  }

  remaining(colour) {
    const c = this.reading ?? {};
    let ms = Number(colour === 'black' ? c.blackMs ?? 0 : c.whiteMs ?? 0);
    const running = c.running === `SIDE_${colour.toUpperCase()}`;
    if (running && !c.paused && this.live && !Number(c.sharedMs ?? 0)) {
      ms -= performance.now() - this.receivedAt;
    }
    return ms;
  }

  draw() {
    const c = this.reading;
    if (!c) return;
    if (!c.timed) {
      this.host.dataset.timed = 'false';
      this.host.querySelector('.clock-note').textContent = t('clocks.none');
      for (const colour of ['black', 'white']) {
        this.host.querySelector(`.clock-${colour} .time`).textContent = '—';
      }
      return;
    }
    this.host.dataset.timed = 'true';
    for (const colour of ['black', 'white']) {
      const box = this.host.querySelector(`.clock-${colour}`);
      const ms = this.remaining(colour);
      const text = formatMs(ms);
      box.querySelector('.time').textContent = text;
      box.classList.toggle('running',
                           this.live && c.running === `SIDE_${colour.toUpperCase()}`);
      box.classList.toggle('low', ms < 30000);
      box.setAttribute('aria-label', t('clocks.aria',
                                       {side: this.names?.[colour] ?? colour,
                                        time: text}));
    }
    let note = c.paused ? t('clocks.paused') : '';
    let shared = Number(c.sharedMs ?? 0);
    if (shared && this.live && !c.paused && c.running) {
      shared -= performance.now() - this.receivedAt;
    }
    if (shared > 0) note = t('clocks.shared', {time: formatMs(shared)});
    this.host.querySelector('.clock-note').textContent = note;
  }
}
