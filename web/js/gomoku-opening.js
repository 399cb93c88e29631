// The opening protocol of the Chinese rules, as a panel: what is due now
// (designated opening, swap after move 3, move 4, the fifth-move proposal
// of N points, White's choice among them), who does it, and the buttons or
// board clicks that do it. Decisions go to the server as the move texts it
// reads: "swap", "noswap", "propose:i10,j10", "choose:j10".

import {register, t} from './i18n.js';

register({
  'opening.title': {zh: '开局规则', en: 'Opening protocol'},
  'opening.move1': {
    zh: '第1手：黑方下天元 h8。',
    en: 'Move 1: black plays the centre, h8.',
  },
  'opening.move2': {
    zh: '第2手：白方下在 h8 旁（直指或斜指）。',
    en: 'Move 2: white plays next to h8 (directly or diagonally).',
  },
  'opening.move3': {
    zh: '第3手：黑方在中央5×5内下成26种指定开局之一。',
    en: 'Move 3: black completes one of the 26 designated openings ' +
        '(inside the central 5×5).',
  },
  'opening.swap': {
    zh: '三手交换：白方决定是否交换黑白。',
    en: 'Swap after move 3: white decides whether to swap colours.',
  },
  'opening.swap.button': {zh: '交换（改执黑）', en: 'Swap (take black)'},
  'opening.noswap.button': {zh: '不交换', en: 'No swap'},
  'opening.move4': {
    zh: '第4手：白方可下在任意点。',
    en: 'Move 4: white plays anywhere.',
  },
  'opening.propose': {
    zh: '五手{n}打：黑方提出{n}个第5手的点。',
    en: 'Fifth move: black proposes {n} points for move 5.',
  },
  'opening.propose.how': {
    zh: '在棋盘上点选{n}个点（再点一次取消），然后确认。已选：{points}',
    en: 'Click {n} points on the board (click again to remove), then ' +
        'confirm. Chosen: {points}',
  },
  'opening.propose.none': {zh: '无', en: 'none'},
  'opening.propose.confirm': {zh: '确认打点', en: 'Confirm proposal'},
  'opening.propose.clear': {zh: '清除', en: 'Clear'},
  'opening.choose': {
    zh: '白方从黑方提出的点中选一个作为第5手：{points}',
    en: 'White chooses one of black\'s proposed points as move 5: {points}',
  },
  'opening.choose.how': {
    zh: '点击棋盘上标出的点，或用下面的按钮。',
    en: 'Click a marked point on the board, or use a button below.',
  },
  'opening.choose.button': {zh: '选 {point}', en: 'Choose {point}'},
  'opening.you': {zh: '轮到你。', en: 'Your turn.'},
  'opening.waiting': {zh: '等待{who}。', en: 'Waiting for {who}.'},
  'opening.who': {zh: '{colour}（{name}）', en: '{colour} ({name})'},
  'opening.proposed': {zh: '提', en: 'P'},
  'opening.proposed.aria': {zh: '第5手候选点', en: 'proposed fifth move'},
  'opening.chosen.aria': {zh: '已选为候选点', en: 'chosen for the proposal'},
});

// A button; `action` names it for scripts and tests (data-action).
function button(text, onClick, action, className = '') {
  const el = document.createElement('button');
  el.type = 'button';
  el.textContent = text;
  el.dataset.action = action;
  if (className) el.className = className;
  el.addEventListener('click', onClick);
  return el;
}

export class OpeningPanel {
  // `host`: the panel element. `submit(moveText)` sends a decision;
  // `onChange()` is called when the points being chosen change (the board
  // redraws its marks).
  constructor(host, {submit, onChange}) {
    this.host = host;
    this.submit = submit;
    this.onChange = onChange;
    this.view = null;
    this.chosen = [];
  }

  // `view`: {protocol, phase, actor, myColour (null: watching), actorName,
  // alternatives, candidates, moveNumber, live, busy}.
  update(view) {
    if (this.view && (view.phase !== 'propose' || !view.live)) {
      this.chosen = [];
    }
    // Rebuilt only when something changed, so a focused button keeps focus.
    const key = JSON.stringify(view);
    if (key === this.viewKey) return;
    this.viewKey = key;
    this.view = view;
    this.render();
  }

  // Redraws in the current language.
  relabel() {
    this.render();
  }

  myTurn() {
    const v = this.view;
    return Boolean(v && v.live && v.myColour && v.myColour === v.actor);
  }

  // A board click during the opening decisions. Returns true when the panel
  // used it (the page then sends nothing itself).
  handlePoint(point) {
    const v = this.view;
    if (!v || !this.myTurn()) return false;
    if (v.phase === 'propose') {
      const at = this.chosen.indexOf(point);
      if (at >= 0) {
        this.chosen.splice(at, 1);
      } else if (this.chosen.length < v.alternatives) {
        this.chosen.push(point);
      }
      this.render();
      this.onChange?.();
      return true;
    }
    if (v.phase === 'choose') {
      if (v.candidates.includes(point)) this.submit(`choose:${point}`);
      return true;
    }
    return v.phase === 'swap';
  }

  // Marks for the board: the points being chosen and the pending proposal.
  boardMarks() {
    const v = this.view;
    if (!v) return [];
    if (v.phase === 'choose') {
      return v.candidates.map((point) => ({
        point, style: 'proposal', label: t('opening.proposed'),
        description: t('opening.proposed.aria'),
      }));
    }
    if (v.phase === 'propose') {
      return this.chosen.map((point, i) => ({
        point, style: 'pending', label: String(i + 1),
        description: t('opening.chosen.aria'),
      }));
    }
    return [];
  }

  render() {
    const v = this.view;
    this.host.replaceChildren();
    // Nothing is due once the opening or the game is over, or under rules
    // without an opening protocol.
    if (!v || !v.protocol || !v.live || ['play', 'drawn'].includes(v.phase)) {
      return;
    }
    const title = document.createElement('h2');
    title.textContent = t('opening.title');
    const due = document.createElement('p');
    due.className = 'opening-due';
    due.dataset.phase = v.phase;
    const turn = document.createElement('p');
    turn.className = 'opening-turn';
    const actions = document.createElement('div');
    actions.className = 'opening-actions';
    this.host.append(title, due, turn, actions);
    const n = v.alternatives;
    const points = v.candidates.join(', ');
    const texts = {
      opening: ['opening.move1', 'opening.move2', 'opening.move3'][
          Math.min(v.moveNumber, 2)],
      swap: 'opening.swap',
      fourth: 'opening.move4',
      propose: 'opening.propose',
      choose: 'opening.choose',
    };
    due.textContent = t(texts[v.phase], {n, points});
    turn.textContent = this.myTurn()
        ? t('opening.you')
        : t('opening.waiting', {who: v.actorName});
    if (!this.myTurn()) return;
    const disabled = Boolean(v.busy);
    if (v.phase === 'swap') {
      actions.append(
          button(t('opening.swap.button'), () => this.submit('swap'), 'swap'),
          button(t('opening.noswap.button'), () => this.submit('noswap'),
                 'noswap'));
    } else if (v.phase === 'propose') {
      const how = document.createElement('p');
      how.textContent = t('opening.propose.how', {
        n, points: this.chosen.join(', ') || t('opening.propose.none'),
      });
      const confirm = button(t('opening.propose.confirm'), () =>
          this.submit(`propose:${this.chosen.join(',')}`), 'propose',
                             'primary');
      confirm.disabled = disabled || this.chosen.length !== n;
      const clear = button(t('opening.propose.clear'), () => {
        this.chosen = [];
        this.render();
        this.onChange?.();
      }, 'clear');
      clear.disabled = this.chosen.length === 0;
      actions.append(how, confirm, clear);
    } else if (v.phase === 'choose') {
      const how = document.createElement('p');
      how.textContent = t('opening.choose.how');
      actions.append(how);
      for (const point of v.candidates) {
        const choose = button(t('opening.choose.button', {point}),
                              () => this.submit(`choose:${point}`), 'choose');
        choose.dataset.point = point;
        actions.append(choose);
      }
    }
    for (const el of actions.querySelectorAll('button')) {
      if (disabled) el.disabled = true;
    }
  }
}
