// Move sounds of the live boards: a short tick synthesized with WebAudio (no
// sound files), a lower knock for a capture, and a switch that mutes them,
// remembered in localStorage. Browsers let a page make sound only after the
// reader has used it (a click, a key), so until then nothing is played.
import {register, t} from './i18n.js';

register({
  'sound.on': {zh: '声音：开', en: 'Sound: on'},
  'sound.off': {zh: '声音：关', en: 'Sound: off'},
  'sound.label': {zh: '走棋声音', en: 'Move sounds'},
});

const STORAGE_KEY = 'caipan.sound';

// [frequency in Hz, seconds] of each tone of a sound.
const TONES = {
  move: [[880, 0.05]],
  capture: [[330, 0.07], [220, 0.06]],
  end: [[660, 0.09], [440, 0.12]],
};

export class MoveSound {
  // `button`: the mute switch (a <button>; may be null).
  constructor(button = null) {
    this.button = button;
    this.muted = localStorage.getItem(STORAGE_KEY) === 'off';
    this.context = null;
    button?.addEventListener('click', () => this.setMuted(!this.muted));
    this.render();
  }

  setMuted(muted) {
    this.muted = Boolean(muted);
    localStorage.setItem(STORAGE_KEY, this.muted ? 'off' : 'on');
    this.render();
  }

  // Labels the switch in the current language.
  render() {
    if (!this.button) return;
    this.button.textContent = t(this.muted ? 'sound.off' : 'sound.on');
    this.button.setAttribute('aria-pressed', String(!this.muted));
    this.button.title = t('sound.label');
    this.button.dataset.sound = this.muted ? 'off' : 'on';
  }

  // Plays `kind` ('move', 'capture' or 'end') unless muted.
  play(kind = 'move') {
    if (this.muted) return;
    const activated = navigator.userActivation?.hasBeenActive ?? true;
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!activated || !Context) return;
    try {
      this.context ??= new Context();
      if (this.context.state === 'suspended') this.context.resume();
      let at = this.context.currentTime + 0.01;
      for (const [frequency, seconds] of TONES[kind] ?? TONES.move) {
        this.tone(frequency, at, seconds);
        at += seconds * 0.8;
      }
    } catch (error) {
      this.context = null;  // no sound rather than a broken page
    }
  }

  tone(frequency, at, seconds) {
    const oscillator = this.context.createOscillator();
    const gain = this.context.createGain();
    oscillator.type = 'triangle';
    oscillator.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
    oscillator.connect(gain).connect(this.context.destination);
    oscillator.start(at);
    oscillator.stop(at + seconds + 0.02);
  }
}
