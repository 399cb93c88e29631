// The tournament pages' labels in 中文 and English, and the names of
// TournamentService's enums and tie-breaks.
import {lang, register, t} from './i18n.js';

register({
  'tn.title': {zh: '赛事管理', en: 'Tournaments'},
  'tn.skipToMain': {zh: '跳到主要内容', en: 'Skip to the main content'},
  'tn.allEvents': {zh: '全部赛事', en: 'All events'},

  // The arbiter's token.
  'tn.tokenLabel': {zh: '裁判密钥', en: 'Arbiter token'},
  'tn.tokenHelp': {
    zh: '修改赛事（创建、报名、编排、录入成绩）需要裁判密钥；它只保存在本标签页中。',
    en: 'Changes (create, entries, pairing, results) need an arbiter token; it is kept in this tab only.',
  },
  'tn.useToken': {zh: '使用', en: 'Use'},
  'tn.forgetToken': {zh: '清除', en: 'Forget'},
  'tn.tokenSet': {zh: '已使用裁判密钥', en: 'Arbiter token in use'},
  'tn.tokenNone':
      {zh: '未输入裁判密钥（只读）', en: 'No arbiter token (read only)'},

  // Creating and listing events.
  'tn.createHeading': {zh: '创建赛事', en: 'Create an event'},
  'tn.eventTitle': {zh: '赛事名称', en: 'Event title'},
  'tn.kind': {zh: '棋种', en: 'Game'},
  'tn.kindXiangqi': {zh: '中国象棋', en: 'Xiangqi'},
  'tn.kindGomoku': {zh: '五子棋', en: 'Gomoku'},
  'tn.system': {zh: '编排制度', en: 'Pairing system'},
  'tn.rounds': {zh: '轮次', en: 'Rounds'},
  'tn.roundsHelp': {
    zh: '积分编排的计划轮数；循环赛和淘汰赛填 0 由人数决定。',
    en: 'A Swiss\'s planned rounds; 0 for round robin and knockout: set by the field.',
  },
  'tn.timeControl': {zh: '用时', en: 'Time control'},
  'tn.tieBreaks': {zh: '破同分规则', en: 'Tie-breaks'},
  'tn.tieBreaksHelp': {
    zh: '按比较的先后顺序填写，以逗号分隔，可选：对手分、中间对手分、累进分、胜局、后走胜局、后走局数、犯规、直胜、小分、前轮比较。留空用该赛制的默认顺序。',
    en: 'In order, comma-separated: opp, median, cumulative, wins, black-wins, black-games, fouls, direct, mini, previous. Empty: the format\'s default chain.',
  },
  'tn.foulLimit': {zh: '犯规判负次数', en: 'Foul limit'},
  'tn.foulLimitHelp': {zh: '0：按规则默认。', en: '0: the rules\' default.'},
  'tn.drawByLot': {zh: '抽签确定序号', en: 'Draw start numbers by lot'},
  'tn.armageddon': {
    zh: '淘汰赛平局时加赛超快棋（抽签选色）',
    en: 'Knockout: an Armageddon decider for drawn matches',
  },
  'tn.trfFile': {zh: 'TRF 文件（可选）', en: 'TRF file (optional)'},
  'tn.trfHelp': {
    zh: '从 TRF-2026 文件导入棋手和已赛轮次。',
    en: 'Start from a TRF-2026 file: its players and the rounds already played.',
  },
  'tn.create': {zh: '创建赛事', en: 'Create the event'},
  'tn.creating': {zh: '正在创建…', en: 'Creating…'},
  'tn.listHeading': {zh: '赛事列表', en: 'Events'},
  'tn.refresh': {zh: '刷新', en: 'Refresh'},
  'tn.more': {zh: '更多', en: 'More'},
  'tn.noEvents': {zh: '尚无赛事。', en: 'No event yet.'},
  'tn.colTitle': {zh: '赛事', en: 'Event'},
  'tn.colKind': {zh: '棋种', en: 'Game'},
  'tn.colSystem': {zh: '赛制', en: 'System'},
  'tn.colStatus': {zh: '状态', en: 'Status'},
  'tn.colRounds': {zh: '轮次', en: 'Rounds'},
  'tn.roundsOf': {zh: '{paired}/{rounds}', en: '{paired} of {rounds}'},
  'tn.untitled': {zh: '（无名称）', en: '(untitled)'},

  'system.PAIRING_SYSTEM_SWISS': {zh: '积分编排（瑞士制）', en: 'Swiss'},
  'system.PAIRING_SYSTEM_ROUND_ROBIN': {zh: '单循环', en: 'Round robin'},
  'system.PAIRING_SYSTEM_DOUBLE_ROUND_ROBIN':
      {zh: '双循环', en: 'Double round robin'},
  'system.PAIRING_SYSTEM_KNOCKOUT': {zh: '淘汰赛', en: 'Knockout'},
  'system.PAIRING_SYSTEM_UNSPECIFIED': {zh: '—', en: '—'},
  'status.TOURNAMENT_STATUS_ENTRIES': {zh: '报名中', en: 'Taking entries'},
  'status.TOURNAMENT_STATUS_RUNNING': {zh: '进行中', en: 'Running'},
  'status.TOURNAMENT_STATUS_FINISHED': {zh: '已结束', en: 'Finished'},
  'status.TOURNAMENT_STATUS_UNSPECIFIED': {zh: '—', en: '—'},

  // The event's summary and exports.
  'tn.created': {zh: '创建于', en: 'Created'},
  'tn.defaultChain': {zh: '赛制默认', en: 'the format\'s default'},
  'tn.noClock': {zh: '不计时', en: 'no clocks'},
  'tn.exportsHeading': {zh: '导出', en: 'Exports'},
  'tn.exportTrf': {zh: '下载 TRF', en: 'Download TRF'},
  'tn.exportCsv': {zh: '下载报名表 CSV', en: 'Download entries (CSV)'},
  'tn.exportPgn':
      {zh: '下载本轮棋谱 PGN', en: 'Download this round\'s games (PGN)'},
  'tn.exported': {
    zh: '已生成 {filename}（{bytes} 字节）',
    en: 'Saved {filename} ({bytes} bytes)'
  },
  'tn.loading': {zh: '正在载入…', en: 'Loading…'},

  // Entries.
  'tn.entriesHeading': {zh: '报名与签到', en: 'Entries and check-in'},
  'tn.addHeading': {zh: '添加棋手', en: 'Add players'},
  'tn.name': {zh: '姓名', en: 'Name'},
  'tn.playerId': {zh: '证件号 / 等级分编号', en: 'ID'},
  'tn.unit': {zh: '单位', en: 'Unit'},
  'tn.sex': {zh: '性别', en: 'Sex'},
  'tn.sexUnknown': {zh: '—', en: '—'},
  'tn.sexM': {zh: '男', en: 'male'},
  'tn.sexF': {zh: '女', en: 'female'},
  'tn.birthDate': {zh: '出生日期', en: 'Birth date'},
  'tn.rating': {zh: '等级分', en: 'Rating'},
  'tn.addRow': {zh: '再加一行', en: 'Another row'},
  'tn.removeRow': {zh: '删除此行', en: 'Remove this row'},
  'tn.addPlayers': {zh: '添加', en: 'Add the players'},
  'tn.csvHeading': {zh: '粘贴 CSV 报名表', en: 'Paste a CSV entry list'},
  'tn.csvHelp': {
    zh: '首行为列名：name（姓名）、id、unit（单位）、sex、birth_date、rating。',
    en: 'The first row names the columns: name, id, unit, sex, birth_date, rating.',
  },
  'tn.addCsv': {zh: '导入 CSV', en: 'Add from the CSV'},
  'tn.added': {zh: '已添加 {count} 名棋手', en: 'Added {count} players'},
  'tn.nothingToAdd':
      {zh: '请至少填写一名棋手的姓名。', en: 'Fill in at least one name.'},
  'tn.entriesClosed': {
    zh: '第一轮已编排，不能再报名。',
    en: 'Round 1 is paired: entries are closed.'
  },
  'tn.playersHeading': {zh: '棋手名单', en: 'Players'},
  'tn.noPlayers': {zh: '尚无棋手。', en: 'No player yet.'},
  'tn.colNumber': {zh: '序号', en: 'No.'},
  'tn.colName': {zh: '姓名', en: 'Name'},
  'tn.colUnit': {zh: '单位', en: 'Unit'},
  'tn.colRating': {zh: '等级分', en: 'Rating'},
  'tn.colPresent': {zh: '签到', en: 'Present'},
  'tn.colFouls': {zh: '犯规', en: 'Fouls'},
  'tn.colWithdraw': {zh: '退赛', en: 'Withdrawal'},
  'tn.presentOf': {zh: '{name} 签到', en: '{name} is present'},
  'tn.foulsOf': {zh: '{name} 的犯规次数', en: 'Fouls of {name}'},
  'tn.withdraw': {zh: '退赛', en: 'Withdraw'},
  'tn.confirmWithdraw': {zh: '再按一次确认', en: 'Click again to confirm'},
  'tn.withdrawn': {zh: '已退赛', en: 'Withdrawn'},
  'tn.statusSaved': {zh: '已更新 {name}', en: 'Updated {name}'},

  // Rounds and pairings.
  'tn.roundsHeading': {zh: '轮次与对阵', en: 'Rounds and pairings'},
  'tn.round': {zh: '轮次', en: 'Round'},
  'tn.roundN': {zh: '第 {round} 轮', en: 'Round {round}'},
  'tn.noRound': {zh: '尚未编排。', en: 'No round paired yet.'},
  'tn.pairNext': {zh: '编排下一轮', en: 'Pair the next round'},
  'tn.pairNextN': {zh: '编排第 {round} 轮', en: 'Pair round {round}'},
  'tn.withoutGames': {
    zh: '不创建在线对局（线下对局，由裁判录入成绩）',
    en: 'No live games (played on boards; arbiters enter the results)',
  },
  'tn.paired': {zh: '第 {round} 轮已编排', en: 'Round {round} is paired'},
  'tn.roundStart': {zh: '本轮开始时间', en: 'The round starts at'},
  'tn.roundStartsAt': {zh: '本轮定于{time}开始', en: 'This round starts at {time}'},
  'tn.startRoundN': {zh: '现在开始第{round}轮', en: 'Start round {round} now'},
  'tn.roundStarted': {
    zh: '第{round}轮已开始：各台棋钟开始计时',
    en: 'Round {round} started: every table\'s clocks are running',
  },
  'tn.roundStartHelp': {
    zh: '留空：编排后立即开钟。填写后，各台棋钟在该时刻开始走。',
    en: 'Empty: the clocks start at pairing. Set, every table\'s clock starts then.',
  },
  'tn.roundFinished': {zh: '本轮已全部结束', en: 'Every table is decided'},
  'tn.roundOpen':
      {zh: '{open} 台尚未结束', en: '{open} tables not decided yet'},
  'tn.colTable': {zh: '台次', en: 'Table'},
  'tn.colResult': {zh: '结果', en: 'Result'},
  'tn.colGame': {zh: '对局链接', en: 'Game links'},
  'tn.bye': {zh: '轮空', en: 'bye'},
  'tn.watch': {zh: '观战', en: 'Watch'},
  'tn.playerLink': {zh: '{name} 的链接', en: '{name}\'s link'},
  'tn.arbiterLink': {zh: '裁判', en: 'Arbiter'},
  'tn.noGame': {zh: '无在线对局', en: 'no live game'},
  'tn.printPairings': {zh: '打印对阵表', en: 'Print pairings'},
  'tn.pairingsSheet':
      {zh: '第 {round} 轮对阵表', en: 'Pairings, round {round}'},

  // Results.
  'tn.resultOf': {zh: '第 {table} 台结果', en: 'Result of table {table}'},
  'tn.reasonOf': {zh: '第 {table} 台改判理由', en: 'Reason, table {table}'},
  'tn.reason': {zh: '理由', en: 'Reason'},
  'tn.reasonHelp': {
    zh: '更改已记录的成绩必须填写理由。',
    en: 'A reason is required to change a recorded result.'
  },
  'tn.save': {zh: '保存', en: 'Save'},
  'tn.saveTable': {zh: '保存第 {table} 台', en: 'Save table {table}'},
  'tn.resultSaved':
      {zh: '第 {table} 台：{result}', en: 'Table {table}: {result}'},
  'tn.sourceGame': {zh: '对局', en: 'game'},
  'tn.sourceArbiter': {zh: '裁判', en: 'arbiter'},
  'tn.overridesHeading': {zh: '改判记录', en: 'Changed results'},
  'tn.noOverrides': {zh: '无', en: 'None'},
  'tn.override': {
    zh: '第 {table} 台：{from} → {to}，理由：{reason}',
    en: 'Table {table}: {from} → {to}, reason: {reason}'
  },
  'tn.first.xiangqi': {zh: '红方', en: 'Red'},
  'tn.second.xiangqi': {zh: '黑方', en: 'Black'},
  'tn.first.gomoku': {zh: '黑方（先手）', en: 'Black (first)'},
  'tn.second.gomoku': {zh: '白方', en: 'White'},
  'tr.TABLE_RESULT_PENDING': {zh: '未结束', en: 'pending'},
  'tr.TABLE_RESULT_UNSPECIFIED': {zh: '未结束', en: 'pending'},
  'tr.TABLE_RESULT_RED_WINS': {zh: '{first}胜', en: '{first} wins'},
  'tr.TABLE_RESULT_BLACK_WINS': {zh: '{second}胜', en: '{second} wins'},
  'tr.TABLE_RESULT_DRAW': {zh: '和棋', en: 'Draw'},
  'tr.TABLE_RESULT_RED_WINS_BY_FORFEIT':
      {zh: '{first}不战而胜', en: '{first} wins by forfeit'},
  'tr.TABLE_RESULT_BLACK_WINS_BY_FORFEIT':
      {zh: '{second}不战而胜', en: '{second} wins by forfeit'},
  'tr.TABLE_RESULT_DOUBLE_FORFEIT': {zh: '双方弃权', en: 'Double forfeit'},
  'tr.TABLE_RESULT_BYE': {zh: '轮空', en: 'Bye'},
  'tr.TABLE_RESULT_HALF_BYE': {zh: '轮空（半分）', en: 'Half-point bye'},
  'tr.TABLE_RESULT_FULL_BYE': {zh: '轮空（全分）', en: 'Full-point bye'},

  // Standings.
  'tn.standingsHeading': {zh: '名次', en: 'Standings'},
  'tn.afterRound': {zh: '截至', en: 'After'},
  'tn.afterLatest': {zh: '最近结束的一轮', en: 'the last finished round'},
  'tn.afterRoundN': {zh: '第 {round} 轮后', en: 'after round {round}'},
  'tn.colPlace': {zh: '名次', en: 'Place'},
  'tn.colPoints': {zh: '积分', en: 'Points'},
  'tn.noStandings': {zh: '尚无成绩。', en: 'No results yet.'},
  'tn.printStandings': {zh: '打印名次表', en: 'Print standings'},
  'tn.standingsSheet':
      {zh: '第 {round} 轮后名次表', en: 'Standings after round {round}'},
  'tn.standingsSheetNone': {zh: '名次表', en: 'Standings'},
  'tn.printedOn': {zh: '日期：{date}', en: 'Date: {date}'},
  'tn.shared': {zh: '并列', en: 'shared'},
  'tn.tieBreaksPlaceholder': {zh: '对手分,胜局,犯规', en: 'opp,wins,fouls'},
  'tn.legendHeading': {zh: '破同分规则说明', en: 'What the tie-break columns mean'},
  'tn.legendPoints': {
    zh: '积分相同时，依次比较下列各项，先比左边的一项。',
    en: 'Players level on points are compared by these columns, left to right.',
  },
  'tn.roundPoints': {zh: '第{round}轮 {points}分', en: 'round {round}: {points} pts'},
  'tn.listSeparator': {zh: '；', en: '; '},
  'tn.chainSeparator': {zh: '、', en: ', '},
  'tn.scoreBefore': {zh: '{points}分', en: '{points} pts'},
  'tn.scoreBeforeTitle': {
    zh: '本轮前积分：{points}分',
    en: 'Score before this round: {points} pts',
  },
  'tn.pairingsNote': {
    zh: '每位棋手名后为本轮前积分，其下为单位。',
    en: 'After each name: the score before this round; below it, the player\'s unit or club.',
  },

  'tb.opp': {zh: '对手分', en: 'Opponents\' points'},
  'tb.median': {zh: '中间对手分', en: 'Median opponents\' points'},
  'tb.cumulative': {zh: '累进分', en: 'Cumulative points'},
  'tb.wins': {zh: '胜局', en: 'Wins'},
  'tb.black-wins': {zh: '后走胜局', en: 'Wins as black'},
  'tb.black-games': {zh: '后走局数', en: 'Games as black'},
  'tb.fouls': {zh: '犯规', en: 'Fouls'},
  'tb.direct': {zh: '直胜', en: 'Direct encounter'},
  'tb.mini': {zh: '小分', en: 'Mini points'},
  'tb.previous': {zh: '前轮比较', en: 'Previous rounds'},

  // What each tie-break's values are (engine/tournament/tiebreak_values.h).
  'tbx.opp': {
    zh: '所遇各对手的总积分之和；轮空按全场最低积分的对手计。多者列前。',
    en: 'The final scores of all the player\'s opponents added up (a bye counts as an opponent with the lowest score in the field). More is better.',
  },
  'tbx.median': {
    zh: '对手分去掉最高和最低的一名对手后之和；对手少于三名时为0。多者列前。',
    en: 'Opponents\' points without the best and the worst opponent (0 with fewer than three opponents). More is better.',
  },
  'tbx.cumulative': {
    zh: '每轮结束时累计积分之和，早得分者高。多者列前。',
    en: 'The running score after each round, added up: points won early count more. More is better.',
  },
  'tbx.wins': {
    zh: '胜局数（对手弃权而胜也计入）。多者列前。',
    en: 'Games won (wins by forfeit included). More is better.',
  },
  'tbx.black-wins': {
    zh: '执后手（黑方）胜的局数。多者列前。',
    en: 'Games won as the second mover (black). More is better.',
  },
  'tbx.black-games': {
    zh: '执后手（黑方）下过的局数。多者列前。',
    en: 'Games played as the second mover (black). More is better.',
  },
  'tbx.fouls': {
    zh: '裁判记录的犯规次数。少者列前。',
    en: 'Fouls the arbiters recorded. Fewer is better.',
  },
  'tbx.direct': {
    zh: '同分棋手之间对局的得分，只在他们彼此都下过时比较（否则为0）。多者列前。',
    en: 'Points scored against the other players on the same score, compared only when all of them have met (otherwise 0). More is better.',
  },
  'tbx.mini': {
    zh: '同分棋手之间对局的得分之和。多者列前。',
    en: 'Points scored in the games among the players on the same score. More is better.',
  },
  'tbx.previous': {
    zh: '各轮得分，从最近一轮往前排列：先比最近一轮的得分，相同再比前一轮，依此类推。',
    en: 'The points of each round, the latest round first: the latest round is compared first, then the one before, and so on.',
  },
});

// Every name ParseTieBreak accepts (engine/tournament/tiebreak.cc), English
// and Chinese, mapped to its short English name; a few spellings besides.
const TIE_BREAK_ALIASES = {
  '对手分': 'opp',
  '中间对手分': 'median',
  '累进分': 'cumulative',
  '胜局': 'wins',
  '后走胜局': 'black-wins',
  'black_wins': 'black-wins',
  '后走局数': 'black-games',
  'black_games': 'black-games',
  '犯规': 'fouls',
  '直胜': 'direct',
  '小分': 'mini',
  'sb': 'mini',
  'small': 'mini',
  '前轮比较': 'previous',
};

// The label of a tie-break name as Standings.tie_breaks gives it; an unknown
// name is shown as the server wrote it.
export function tieBreakLabel(name) {
  const key = TIE_BREAK_ALIASES[name] ?? name;
  const label = t(`tb.${key}`);
  return label === `tb.${key}` ? name : label;
}

// What a tie-break's values are, in a sentence; '' for an unknown name.
export function tieBreakExplanation(name) {
  const key = `tbx.${TIE_BREAK_ALIASES[name] ?? name}`;
  const text = t(key);
  return text === key ? '' : text;
}

// The short name ("opp", …) of a tie-break name as the server gives it.
export function tieBreakKey(name) {
  return TIE_BREAK_ALIASES[name] ?? name;
}

// 前轮比较's value as the server packs it (the decimal digits, left to
// right, are the points of the last round, the one before, …; see
// TieBreakContext::PreviousRoundsValue) unpacked into each round's points,
// latest first — or null when the value cannot be read back for sure: the
// digits must be `rounds` many and add up to the player's `total` (scoring
// in halves is read at twice the scale).
export function previousRoundPoints(value, rounds, total) {
  const number = Number(value ?? 0);
  if (!(rounds > 0) || !Number.isFinite(number) || number < 0) return null;
  for (const scale of [1, 2]) {
    const scaled = Math.round(number * scale);
    if (Math.abs(scaled - number * scale) > 1e-6) continue;
    const digits = String(scaled).padStart(rounds, '0');
    if (digits.length !== rounds) continue;
    const points = Array.from(digits, (d) => Number(d) / scale);
    const sum = points.reduce((a, b) => a + b, 0);
    if (Math.abs(sum - Number(total ?? 0)) < 1e-6) return points;
  }
  return null;
}

export function kindText(kind) {
  return kind === 'GAME_KIND_GOMOKU' ? t('tn.kindGomoku') : t('tn.kindXiangqi');
}

export function systemText(system) {
  return t(`system.${system || 'PAIRING_SYSTEM_UNSPECIFIED'}`);
}

export function statusText(status) {
  return t(`status.${status || 'TOURNAMENT_STATUS_UNSPECIFIED'}`);
}

// The two sides' names in the event's game: xiangqi red / black; gomoku the
// first mover (black stones) / white.
export function sideLabels(kind) {
  const game = kind === 'GAME_KIND_GOMOKU' ? 'gomoku' : 'xiangqi';
  return {first: t(`tn.first.${game}`), second: t(`tn.second.${game}`)};
}

export function tableResultText(result, kind) {
  return t(`tr.${result || 'TABLE_RESULT_PENDING'}`, sideLabels(kind));
}

// The results an arbiter may enter for a table with two players.
export const ENTERABLE_RESULTS = [
  'TABLE_RESULT_PENDING',
  'TABLE_RESULT_RED_WINS',
  'TABLE_RESULT_BLACK_WINS',
  'TABLE_RESULT_DRAW',
  'TABLE_RESULT_RED_WINS_BY_FORFEIT',
  'TABLE_RESULT_BLACK_WINS_BY_FORFEIT',
  'TABLE_RESULT_DOUBLE_FORFEIT',
];

// Points and tie-break values: whole numbers as such, halves as 0.5.
export function formatNumber(value) {
  const number = Number(value ?? 0);
  return Number.isInteger(number) ? String(number) :
                                    String(Math.round(number * 100) / 100);
}

// A time in int64 milliseconds (a string in JSON) as a local date and time.
export function dateText(unixMs) {
  const ms = Number(unixMs ?? 0);
  return ms ? new Date(ms).toLocaleString(lang() === 'zh' ? 'zh-CN' : 'en-GB') :
              '';
}
