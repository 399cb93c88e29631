"""The tournament page (tournament.html) as players and arbiters read it
(tests/browser/browser_harness.py).

An 8-player xiangqi Swiss with units of every length, two rounds played on boards (results
through the API) and round 3 paired, read on the page in 中文:

- the standings' tie-break columns carry their human names and say what their values are (a
  legend under the table, and the header's title); 前轮比较 shows each round's points, the
  latest round first, not the server's packed number;
- the pairing sheet of round 3 gives each player's unit and score before the round;
- on a 390 px wide window the standings, the pairings and the whole page fit: nothing overflows
  the page body and no table needs sideways scrolling;
- the page shows no English word in 中文 (latin_scan.py);
- a gomoku event's player links carry side= (black / white), as the start page's do;
- the create form offers the time-control presets: 5′+3″ creates an event of "300+3".
Screenshots: tournament-page-standings-zh.png, tournament-page-phone.png.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from selenium.webdriver.support.ui import Select  # noqa: E402

import browser_harness as h  # noqa: E402
from latin_scan import latin_words  # noqa: E402

PLAYERS = [("张强", "黑龙江省大庆市象棋协会"), ("李明", "上海"), ("王伟", "广东省广州市少年宫象棋队"),
           ("赵磊", "四川"), ("刘洋", "湖北省武汉市棋院"), ("陈杰", "浙江"),
           ("杨帆", "江苏省南京市玄武区青少年活动中心"), ("黄涛", "河北")]
NAMES = [p[0] for p in PLAYERS]
# Results by table, from red's side, for rounds 1 and 2.
RESULTS = {1: ["TABLE_RESULT_RED_WINS", "TABLE_RESULT_DRAW", "TABLE_RESULT_BLACK_WINS",
               "TABLE_RESULT_RED_WINS"],
           2: ["TABLE_RESULT_DRAW", "TABLE_RESULT_RED_WINS", "TABLE_RESULT_BLACK_WINS",
               "TABLE_RESULT_DRAW"]}
POINTS = {"TABLE_RESULT_RED_WINS": (2, 0), "TABLE_RESULT_BLACK_WINS": (0, 2),
          "TABLE_RESULT_DRAW": (1, 1)}


class TournamentPageTest(h.BrowserTestCase):

    def call(self, server, method, request):
        return server.call("TournamentService", method, dict(request, token=h.ARBITER_TOKEN))

    def make_event(self, server):
        """The Swiss: rounds 1 and 2 played, round 3 paired. Returns (name, points by round:
        {round: {number: points}})."""
        name = self.call(server, "CreateTournament", {
            "title": "全国象棋个人赛", "kind": "GAME_KIND_XIANGQI",
            "system": "PAIRING_SYSTEM_SWISS", "rounds": 3, "timeControl": "1200+5"})["name"]
        self.call(server, "AddPlayers", {"tournament": name, "players": [
            {"name": n, "unit": u} for n, u in PLAYERS]})
        for number in range(1, len(PLAYERS) + 1):
            self.call(server, "SetPlayerStatus", {"tournament": name, "number": number,
                                                  "present": True})
        by_round = {}
        for round_number in (1, 2):
            pairings = self.call(server, "PairRound", {
                "tournament": name, "round": round_number, "withoutGames": True})["pairings"]
            by_round[round_number] = {}
            for pairing, result in zip(pairings, RESULTS[round_number]):
                self.call(server, "RecordResult", {
                    "tournament": name, "round": round_number, "table": pairing["table"],
                    "result": result})
                red_points, black_points = POINTS[result]
                by_round[round_number][pairing["red"]] = red_points
                by_round[round_number][pairing["black"]] = black_points
        self.call(server, "PairRound", {"tournament": name, "round": 3, "withoutGames": True})
        return name, by_round

    def open_page(self, server, path, width=1280, height=1000):
        driver = self.open_browser(width, height)
        driver.get(server.base_url + "/tournament.html?lang=zh")
        driver.execute_script("sessionStorage.setItem('caipan.arbiterToken', arguments[0])",
                              h.ARBITER_TOKEN)
        driver.get(server.base_url + path)
        return driver

    def test_standings_and_pairings_read_by_people(self):
        server = self.start_server()
        name, by_round = self.make_event(server)
        standings = server.call("TournamentService", "GetStandings",
                                {"tournament": name, "afterRound": 2})
        chain = standings["tieBreaks"]
        self.assertIn("previous", chain)
        driver = self.open_page(server, "/tournament.html?lang=zh&t=" + name)
        self.wait_for(driver, lambda d: len(h.find_all(d, "#standings-body tr[data-number]"))
                      == 8, message="the standings after round 2")
        self.wait_for(driver, lambda d: len(h.find_all(d, "#pairings-body tr[data-table]"))
                      == 4, message="round 3's pairings")

        # Tie-breaks: named, and explained in a legend, one entry per column.
        heads = h.texts_of(driver, "#standings-head th.tie-break")
        self.assertEqual(len(heads), len(chain))
        self.assertIn("前轮比较", heads)
        for head, short in zip(heads, chain):
            self.assertNotEqual(head, short, "a tie-break named by its short name")
        legend = driver.execute_script(
            "return Array.from(document.querySelectorAll('#tiebreak-legend [data-tie-break]'),"
            " e => [e.dataset.tieBreak, e.textContent]);")
        self.assertEqual([key for key, _ in legend], chain)
        for key, text in legend:
            self.assertGreater(len(text), 12, "the legend explains %s: %r" % (key, text))
        previous_legend = dict(legend)["previous"]
        self.assertIn("最近一轮", previous_legend)
        titles = driver.execute_script(
            "return Array.from(document.querySelectorAll('#standings-head th.tie-break'),"
            " e => e.title);")
        self.assertTrue(all(titles), "every tie-break header has its explanation as a title")

        # 前轮比较: each round's points, latest first — for every player.
        column = chain.index("previous")
        for row in standings["rows"]:
            number = row["number"]
            expected = " · ".join(str(by_round[r][number]) for r in (2, 1))
            cell = '#standings-body tr[data-number="%d"] td.tie-break[data-tie-break="previous"]'
            self.assertEqual(h.text_of(driver, cell % number), expected,
                             "player %d's previous rounds" % number)
            self.assertIn("第2轮", h.attribute_of(driver, cell % number, "title"))
            self.assertEqual(h.texts_of(driver, '#standings-body tr[data-number="%d"] '
                                        'td.tie-break' % number)[column], expected)

        # The pairing sheet of round 3: each player's unit and score before the round.
        before = {r["number"]: r.get("points", 0) for r in standings["rows"]}
        round3 = server.call("TournamentService", "GetRound", {"tournament": name, "round": 3})
        for pairing in round3["pairings"]:
            for column_index, number in ((2, pairing["red"]), (3, pairing["black"])):
                cell = '#pairings-body tr[data-table="%d"] td:nth-child(%d)' % (
                    pairing["table"], column_index)
                self.assertEqual(h.text_of(driver, cell + " .player-unit"),
                                 PLAYERS[number - 1][1])
                self.assertEqual(h.attribute_of(driver, cell + " .player-score", "data-score"),
                                 str(int(before[number])))
                self.assertIn("%d分" % before[number], h.text_of(driver, cell + " .player-score"))
        self.assertIn("本轮前积分", h.text_of(driver, "#pairings-note"))
        self.assertEqual(latin_words(driver), [], "English words on the 中文 tournament page")
        h.screenshot(driver, "tournament-page-standings-zh.png", full_page=True)

        # English: the same explanations in English.
        h.find(driver, '[data-lang-switch] button[data-lang="en"]').click()
        self.wait_for(driver, lambda d: "Previous rounds" in h.text_of(d, "#tiebreak-legend"),
                      message="the legend in English")
        self.assertIn("pts", h.text_of(driver, "#pairings-body .player-score"))
        self.assert_no_page_errors(driver)

    def test_fits_a_390_px_window(self):
        server = self.start_server()
        name, _ = self.make_event(server)
        driver = self.open_page(server, "/tournament.html?lang=zh&t=" + name, 390, 844)
        h.emulate_phone(driver)
        driver.get(server.base_url + "/tournament.html?lang=zh&t=" + name)
        self.wait_for(driver, lambda d: len(h.find_all(d, "#standings-body tr[data-number]"))
                      == 8, message="the standings on the phone")
        self.wait_for(driver, lambda d: len(h.find_all(d, "#pairings-body tr[data-table]"))
                      == 4, message="the pairings on the phone")
        width = driver.execute_script("return document.documentElement.clientWidth")
        self.assertEqual(width, 390)
        sizes = driver.execute_script(
            "const out = {html: document.documentElement.scrollWidth,"
            "             body: document.body.scrollWidth};"
            "for (const id of ['standings-table', 'pairings-table', 'players-table']) {"
            "  const table = document.getElementById(id);"
            "  out[id] = Math.ceil(table.getBoundingClientRect().right);"
            "  out[id + '-box'] = table.parentElement.scrollWidth -"
            "      table.parentElement.clientWidth; }"
            "return out;")
        self.assertLessEqual(sizes["html"], width, sizes)
        self.assertLessEqual(sizes["body"], width, sizes)
        for table in ("standings-table", "pairings-table"):
            self.assertLessEqual(sizes[table], width, "%s fits: %s" % (table, sizes))
            self.assertLessEqual(sizes[table + "-box"], 0,
                                 "%s needs no sideways scrolling: %s" % (table, sizes))
        # Every cell of the standings is inside the window, its values readable.
        outside = driver.execute_script(
            "return Array.from(document.querySelectorAll('#standings-table th, "
            "#standings-table td')).filter(e => { const r = e.getBoundingClientRect();"
            "  return r.width > 0 && (r.left < 0 || r.right > arguments[0] + 0.5); })"
            ".map(e => e.textContent);", width)
        self.assertEqual(outside, [], "standings cells outside the window")
        self.assertEqual(latin_words(driver), [], "English words on the 中文 phone page")
        h.screenshot(driver, "tournament-page-phone.png", full_page=True)
        self.assert_no_page_errors(driver)

    def test_gomoku_links_and_time_presets(self):
        server = self.start_server()
        # A gomoku round with live games: each player's link names its side.
        name = self.call(server, "CreateTournament", {
            "title": "五子棋公开赛", "kind": "GAME_KIND_GOMOKU",
            "system": "PAIRING_SYSTEM_ROUND_ROBIN"})["name"]
        self.call(server, "AddPlayers", {"tournament": name, "players": [
            {"name": n, "unit": "棋院"} for n in ("甲", "乙", "丙", "丁")]})
        for number in range(1, 5):
            self.call(server, "SetPlayerStatus", {"tournament": name, "number": number,
                                                  "present": True})
        self.call(server, "PairRound", {"tournament": name, "round": 1})
        driver = self.open_page(server, "/tournament.html?lang=zh&t=" + name)
        self.wait_for(driver, lambda d: len(h.find_all(d, '#pairings-body a[data-link="black"]'))
                      == 2, message="the players' links")
        for side in ("black", "white"):
            for link in driver.execute_script(
                    "return Array.from(document.querySelectorAll("
                    "'#pairings-body a[data-link=\"' + arguments[0] + '\"]'), a => a.href);",
                    side):
                self.assertIn("gomoku.html#game=games/", link)
                self.assertIn("side=" + side, link)
        self.assertEqual(latin_words(driver), [], "English words on the 中文 gomoku event")

        # Creating an event with the preset 5′+3″.
        driver.get(server.base_url + "/tournament.html")
        h.find(driver, '[data-lang-switch] button[data-lang="zh"]').click()
        self.wait_for(driver, lambda d: "5分+3秒" in h.text_of(d, "#create-preset"),
                      message="the create form's presets in 中文")
        self.assertEqual(latin_words(driver), [], "English words on the 中文 create form")
        h.find(driver, "#create-title").send_keys("周末快棋赛")
        Select(h.find(driver, "#create-preset")).select_by_visible_text("5分+3秒")
        h.find(driver, "#create-button").click()
        self.wait_for(driver, lambda d: "?t=tournaments/" in d.current_url,
                      message="the new event's page opens")
        created = driver.current_url.split("?t=", 1)[1].split("&", 1)[0]
        self.assertEqual(server.call("TournamentService", "GetTournament",
                                     {"name": created})["timeControl"], "300+3")
        self.wait_for(driver, lambda d: "每方5分钟，每步加3秒" in h.text_of(d, "#event-summary"),
                      message="the summary says the time control in words")
        self.assert_no_page_errors(driver)


if __name__ == "__main__":
    h.run_main()
