// Game clocks counting down in the browser between the server's readings.
//
// Each reading (a Clocks message: milliseconds left at `readUnixMs` on the
// server's clock, and the side whose clock runs) is extrapolated locally. The
// browser's clock may differ from the server's, so the offset between them is
// estimated from when readings arrive: arrival - readUnixMs is the skew plus
// the delivery delay, and the smallest such value over recent readings is the
// best estimate (an old reading, e.g. a replayed event, arrives "late" and
// does not move it).
import {register, t} from './i18n.js';

register({
  'clock.paused': {zh: '暂停', en: 'paused'},
  'clock.untimed': {zh: '不计时', en: 'no clock'},
  'clock.shared': {zh: '共用时间', en: 'shared time'},
});

const SIDE_FIELDS = {SIDE_RED: 'redMs', SIDE_BLACK: 'blackMs', SIDE_WHITE: 'whiteMs'};
const OFFSET_SAMPLES = 16;
const LOW_TIME_MS = 30000;

// "5:00", "1:02:03", or "9.4" under ten seconds while running.
export function formatClock(ms, running = false) {
  const left = Math.max(0, ms);
  if (running && left < 10000) return (Math.ceil(left / 100) / 10).toFixed(1);
  const seconds = Math.ceil(left / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export class GameClocks {
  // `displays`: {SIDE_RED: element, SIDE_BLACK: element, shared: element?};
  // each element gets the time as text and the classes running, paused, low,
  // flagged.
  constructor(displays, tickMs = 100) {
    this.displays = displays;
    this.reading = null;
    this.offsets = [];
    this.timer = setInterval(() => this.render(), tickMs);
  }

  // A new reading from the server (a Game's or GameEvent's `clocks`),
  // received at `arrivedMs` on the browser's clock.
  update(clocks, arrivedMs = Date.now()) {
    if (!clocks) return;
    const readMs = Number(clocks.readUnixMs ?? 0);
    if (readMs > 0) {
      this.offsets.push(arrivedMs - readMs);
      if (this.offsets.length > OFFSET_SAMPLES) this.offsets.shift();
    }
    this.reading = {clocks, readMs: readMs > 0 ? readMs : null, arrivedMs};
    this.render();
  }

  // The browser's clock converted to the server's.
  serverNow(clientNowMs = Date.now()) {
    const offset = this.offsets.length ? Math.min(...this.offsets) : 0;
    return clientNowMs - offset;
  }

  // Milliseconds left for `side` ('SIDE_RED', ..., or 'shared') now.
  remaining(side, clientNowMs = Date.now()) {
    if (!this.reading) return 0;
    const {clocks, readMs, arrivedMs} = this.reading;
    const stored = Number(side === 'shared' ? clocks.sharedMs ?? 0
                                            : clocks[SIDE_FIELDS[side]] ?? 0);
    const elapsed = readMs === null ? clientNowMs - arrivedMs
                                    : this.serverNow(clientNowMs) - readMs;
    return this.runs(side) ? stored - Math.max(0, elapsed) : stored;
  }

  // Whether `side`'s clock (or the shared one) is counting down now.
  runs(side) {
    const clocks = this.reading?.clocks;
    if (!clocks || !clocks.timed || clocks.paused) return false;
    const running = clocks.running ?? 'SIDE_UNSPECIFIED';
    if (running === 'SIDE_UNSPECIFIED') return false;
    // During a shared period the shared clock runs instead of the side's.
    const sharedPeriod = Number(clocks.sharedMs ?? 0) > 0;
    return side === 'shared' ? sharedPeriod : !sharedPeriod && side === running;
  }

  render() {
    const clocks = this.reading?.clocks;
    for (const [side, element] of Object.entries(this.displays)) {
      if (!element) continue;
      let text;
      const classes = {running: false, paused: false, low: false, flagged: false};
      if (!clocks) {
        text = side === 'shared' ? '' : '–:––';
      } else if (!clocks.timed) {
        text = t('clock.untimed');
      } else if (side === 'shared' && Number(clocks.sharedMs ?? 0) <= 0) {
        text = '';
      } else {
        const ms = this.remaining(side);
        const running = this.runs(side);
        text = formatClock(ms, running);
        classes.running = running;
        classes.paused = Boolean(clocks.paused);
        classes.low = ms < LOW_TIME_MS;
        classes.flagged = ms <= 0;
      }
      if (element.textContent !== text) element.textContent = text;
      for (const [name, on] of Object.entries(classes)) element.classList.toggle(name, on);
      element.closest('.clock-box')?.classList.toggle('clock-running', classes.running);
      element.closest('.clock-box')?.classList.toggle('clock-paused', classes.paused);
      if (side === 'shared') element.closest('.clock-box')?.toggleAttribute('hidden', !text);
    }
  }

  stop() {
    clearInterval(this.timer);
  }
}
