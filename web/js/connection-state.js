// The connection badge of the live pages: connected, reconnecting, offline,
// or the game over, from the watch stream's status (api.js watchGame) and
// the browser's own online state. A watch that keeps failing to reopen, or
// a browser without a network, is shown as offline (the page still retries).
import {register, t} from './i18n.js';

register({
  'connection.connected': {zh: '已连接', en: 'Live'},
  'connection.reconnecting': {zh: '重新连接中…', en: 'Reconnecting…'},
  'connection.offline': {zh: '已离线', en: 'Offline'},
  'connection.offlineHelp': {
    zh: '无法连接服务器，网络恢复后会自动重连。',
    en: 'The server cannot be reached; the page reconnects by itself.',
  },
  'connection.ended': {zh: '连接已结束', en: 'Disconnected'},
  'connection.over': {zh: '对局已结束', en: 'Finished'},
});

export class ConnectionBadge {
  // `element`: where the state is shown (its data-status is the state).
  // `offlineAfter`: failed reopenings in a row that mean offline.
  constructor(element, {offlineAfter = 3} = {}) {
    this.element = element;
    this.offlineAfter = offlineAfter;
    this.watch = '';  // the watch's last status
    this.failures = 0;
    this.final = false;  // ended or over: nothing changes any more
    window.addEventListener('online', () => this.render());
    window.addEventListener('offline', () => this.render());
  }

  // A status of the watch: 'live', 'reconnecting', 'ended' or 'over'.
  update(status) {
    if (this.final) return;
    if (status === 'live') this.failures = 0;
    if (status === 'reconnecting') this.failures += 1;
    if (status === 'ended' || status === 'over') this.final = true;
    this.watch = status;
    this.render();
  }

  // 'connected', 'reconnecting', 'offline', 'ended', 'over' or '' (not
  // started).
  state() {
    if (this.watch === 'over' || this.watch === 'ended') return this.watch;
    if (!this.watch) return '';
    if (navigator.onLine === false) return 'offline';
    if (this.watch === 'reconnecting') {
      return this.failures >= this.offlineAfter ? 'offline' : 'reconnecting';
    }
    return 'connected';
  }

  render() {
    const state = this.state();
    this.element.dataset.status = state;
    this.element.textContent = state ? t(`connection.${state}`) : '';
    this.element.title = state === 'offline' ? t('connection.offlineHelp') : '';
  }
}
