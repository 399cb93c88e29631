"""The tournament manager's page (tournament.html) in headless Chromium
(tests/browser/browser_harness.py), against TournamentService through the gateway.

An 8-player Swiss run through the page, in Chinese: the arbiter's token, the event created with
the form, the players entered as a pasted CSV list, a check-in toggled off and on, round 1 paired
(each table's player links carry the players' game tokens), every table's result entered with
the result selects, the standings' points as the results give them (2 a win, 1 a draw, 0 a
loss) and their tie-break columns named as the regulations name them; a recorded result changed
without a reason is refused with the server's message, and with a reason it is changed and
listed; the TRF export's text; the page in English; the print layouts of the pairings and the
standings (print media emulated: controls hidden, one sheet, the event's header); the event in
the list of events; the page on a 390 px phone.

A gomoku round robin played on boards: players entered with the form's rows, round 1 paired
without live games (no game links), a result entered with the keyboard alone, the columns and
results named for gomoku (black moves first, then white) and the tie-breaks' labels.
Screenshots: tournament-entries.png, tournament-event.png, tournament-print-pairings.png, tournament-print-standings.png,
tournament-list.png, tournament-phone.png.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import browser_harness as h  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

PLAYERS = [("张强", "北京", 2400), ("李明", "上海", 2350), ("王伟", "广东", 2300),
           ("赵磊", "四川", 2250), ("刘洋", "湖北", 2200), ("陈杰", "浙江", 2150),
           ("杨帆", "江苏", 2100), ("黄涛", "河北", 2050)]
CSV = "name,unit,rating\n" + "".join("%s,%s,%d\n" % p for p in PLAYERS)
# The results entered for tables 1..4 of round 1.
RESULTS = ["TABLE_RESULT_RED_WINS", "TABLE_RESULT_BLACK_WINS", "TABLE_RESULT_DRAW",
           "TABLE_RESULT_RED_WINS"]
# Labels of the tie-breaks in Chinese and English, by the short names of
# engine/tournament/tiebreak.cc.
TIE_BREAKS = {
    "opp": ("对手分", "Opponents' points"), "median": ("中间对手分", "Median opponents' points"),
    "cumulative": ("累进分", "Cumulative points"), "wins": ("胜局", "Wins"),
    "black-wins": ("后走胜局", "Wins as black"), "black-games": ("后走局数", "Games as black"),
    "fouls": ("犯规", "Fouls"), "direct": ("直胜", "Direct encounter"),
    "mini": ("小分", "Mini points"), "previous": ("前轮比较", "Previous rounds"),
}


def expected_points(pairings, results):
    """Points by start number: 2 for a win, 1 for a draw, 0 for a loss."""
    points = {}
    for pairing in pairings:
        red, black = pairing["red"], pairing.get("black", 0)
        result = results[pairing["table"]]
        points.setdefault(red, 0)
        points.setdefault(black, 0)
        if result == "TABLE_RESULT_RED_WINS":
            points[red] += 2
        elif result == "TABLE_RESULT_BLACK_WINS":
            points[black] += 2
        elif result == "TABLE_RESULT_DRAW":
            points[red] += 1
            points[black] += 1
    return points


def shown_points(driver):
    """{start number: points text} of the standings table, read in one call."""
    return driver.execute_script(
        "const out = {};"
        "for (const row of document.querySelectorAll('#standings-body tr[data-number]')) {"
        "  out[row.dataset.number] = row.querySelector('td.points').textContent; }"
        "return out;")


def displayed(driver, css):
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]);"
        "return Boolean(e) && getComputedStyle(e).display !== 'none' &&"
        "  e.getClientRects().length > 0;", css)


class TournamentTest(h.BrowserTestCase):

    def wait_idle(self, driver, message="the page's calls are answered"):
        """Waits for the page's TournamentService calls to be answered (main's aria-busy): a
        click starts its call at once, and a result's answer is followed by reloads."""
        self.wait_for(driver, lambda d: h.attribute_of(d, "#main", "aria-busy") == "false",
                      message=message)

    def check_in_everybody(self, driver, server, name, count):
        """Ticks the present box of each player entered absent, through the page."""
        for number in range(1, count + 1):
            box = '#players-body tr[data-number="%d"] input.present-toggle' % number
            if not h.find(driver, box).is_selected():
                h.find(driver, box).click()
                self.wait_idle(driver)
                self.wait_for(driver, lambda d: h.find(d, box).is_selected(),
                              message="player %d checked in" % number)
        players = server.call("TournamentService", "GetTournament", {"name": name})["players"]
        self.assertTrue(all(p.get("present") for p in players), players)

    def enter_result(self, driver, table, result, reason=""):
        form = '#pairings-body tr[data-table="%d"] form.result-edit' % table
        Select(h.find(driver, form + " select")).select_by_value(result)
        reason_input = h.find(driver, form + " input")
        reason_input.clear()
        if reason:
            reason_input.send_keys(reason)
        h.find(driver, form + " button").click()
        self.wait_idle(driver)

    def result_of(self, driver, table):
        return h.attribute_of(driver, '#pairings-body tr[data-table="%d"] .result-text' % table,
                              "data-result")

    def check_standings(self, driver, server, name, pairings, results):
        expected = {str(n): str(p) for n, p in expected_points(pairings, results).items()}
        self.wait_for(driver, lambda d: shown_points(d) == expected,
                      message="the standings show the points of the results %s" % expected)
        answer = server.call("TournamentService", "GetStandings", {"tournament": name})
        self.assertEqual({str(r["number"]): str(int(r.get("points", 0))) for r in answer["rows"]},
                         expected, "the server's standings agree")
        return answer

    def open_as_arbiter(self, server, path):
        driver = self.open_browser(1280, 1000)
        driver.get(server.base_url + "/tournament.html?lang=en")
        driver.execute_script("sessionStorage.setItem('caipan.arbiterToken', arguments[0])",
                              h.ARBITER_TOKEN)
        driver.get(server.base_url + path)
        return driver

    def test_gomoku_round_robin_on_boards_by_keyboard(self):
        """Players entered with the form's rows; a round paired without live games; a result
        entered with the keyboard alone; gomoku's side names and its tie-breaks' labels."""
        server = self.start_server()
        name = server.call("TournamentService", "CreateTournament", {
            "token": h.ARBITER_TOKEN, "title": "Gomoku league", "kind": "GAME_KIND_GOMOKU",
            "system": "PAIRING_SYSTEM_ROUND_ROBIN"})["name"]
        driver = self.open_as_arbiter(server, "/tournament.html?lang=en&t=" + name)
        self.wait_for(driver, lambda d: h.text_of(d, "#event-title") == "Gomoku league",
                      message="the event's page")
        names = ["Ann", "Bo", "Cai", "Dan"]
        for i, player in enumerate(names):
            if i:
                h.find(driver, "#add-row").click()
            rows = h.find_all(driver, "#player-rows .player-row")
            self.assertEqual(len(rows), i + 1)
            rows[-1].find_element(By.CSS_SELECTOR, '[data-field="name"]').send_keys(player)
            rows[-1].find_element(By.CSS_SELECTOR, '[data-field="unit"]').send_keys("Club")
        h.find(driver, "#players-submit").click()
        self.wait_idle(driver)
        self.wait_for(driver, lambda d: len(h.find_all(d, "#players-body tr[data-number]")) == 4,
                      message="4 players listed")
        self.assertEqual(h.texts_of(driver, "#players-body tr td:nth-child(2)"), names)
        self.check_in_everybody(driver, server, name, 4)

        h.find(driver, "#without-games").click()
        h.find(driver, "#pair-next").click()
        self.wait_idle(driver)
        self.wait_for(driver, lambda d: len(h.find_all(d, "#pairings-body tr[data-table]")) == 2,
                      message="round 1's two tables")
        self.assertEqual(h.text_of(driver, "#col-first"), "Black (first)")
        self.assertEqual(h.text_of(driver, "#col-second"), "White")
        self.assertEqual(h.find_all(driver, "#pairings-body a"), [], "no game, no link")
        self.assertIn("no live game", h.text_of(driver, "#pairings-body"))
        pairings = server.call("TournamentService", "GetRound",
                               {"tournament": name, "round": 1})["pairings"]
        self.assertFalse(any(p.get("game") for p in pairings))

        # The keyboard alone: the select's next option (the first mover wins), then Enter in the
        # reason field submits the table's form.
        table = pairings[0]["table"]
        form = '#pairings-body tr[data-table="%d"] form.result-edit' % table
        h.find(driver, form + " select").send_keys(Keys.ARROW_DOWN)
        self.assertEqual(h.find(driver, form + " select").get_attribute("value"),
                         "TABLE_RESULT_RED_WINS")
        self.assertIn("Black (first) wins", h.find(driver, form + " select").text)
        h.find(driver, form + " input").send_keys(Keys.ENTER)
        self.wait_idle(driver)
        self.wait_for(driver, lambda d: self.result_of(d, table) == "TABLE_RESULT_RED_WINS",
                      message="the result entered by keyboard")
        self.assertIn("Black (first) wins", h.text_of(
            driver, '#pairings-body tr[data-table="%d"] .result-text' % table))
        stored = server.call("TournamentService", "GetRound", {"tournament": name, "round": 1})
        self.assertEqual(stored["pairings"][0].get("result"), "TABLE_RESULT_RED_WINS")

        other = pairings[1]["table"]
        self.enter_result(driver, other, "TABLE_RESULT_DRAW")
        self.wait_for(driver, lambda d: self.result_of(d, other) == "TABLE_RESULT_DRAW",
                      message="the second table's draw")
        standings = self.check_standings(
            driver, server, name, pairings,
            {table: "TABLE_RESULT_RED_WINS", other: "TABLE_RESULT_DRAW"})
        chain = standings.get("tieBreaks", [])
        self.assertTrue(chain, standings)
        self.assertEqual(h.texts_of(driver, "#standings-head th.tie-break"),
                         [TIE_BREAKS[n][1] for n in chain])
        self.assert_no_page_errors(driver)

    def test_swiss_event_through_the_page(self):
        server = self.start_server()
        driver = self.open_browser(1280, 1000)
        # Downloads are refused: the export's text is read from the page's Blob instead.
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "deny"})
        driver.get(server.base_url + "/tournament.html")
        h.find(driver, '[data-lang-switch] button[data-lang="zh"]').click()
        self.wait_for(driver, lambda d: h.text_of(d, "#create-heading") == "创建赛事",
                      message="the page in Chinese")

        # A wrong token is refused with the server's words.
        h.find(driver, "#create-title").send_keys("全国象棋锦标赛")
        h.find(driver, "#token-input").send_keys("not-an-arbiter-token-000")
        h.find(driver, "#token-form button[type=submit]").click()
        h.find(driver, "#create-button").click()
        self.wait_for(driver, lambda d: h.attribute_of(d, "#create-message", "data-kind")
                      == "error" and "unauthenticated" in h.text_of(d, "#create-message"),
                      message="an unknown token is refused")

        h.find(driver, "#token-forget").click()
        h.find(driver, "#token-input").send_keys(h.ARBITER_TOKEN)
        h.find(driver, "#token-form button[type=submit]").click()
        self.wait_for(driver, lambda d: "已使用" in h.text_of(d, "#token-state"),
                      message="the token is in use")
        Select(h.find(driver, "#create-system")).select_by_value("PAIRING_SYSTEM_SWISS")
        rounds = h.find(driver, "#create-rounds")
        rounds.clear()
        rounds.send_keys("3")
        time_control = h.find(driver, "#create-time")
        time_control.clear()
        time_control.send_keys("600+5")
        h.find(driver, "#create-button").click()
        self.wait_for(driver, lambda d: "?t=tournaments/" in d.current_url,
                      message="the new event's page opens")
        name = driver.current_url.split("?t=", 1)[1]
        self.wait_for(driver, lambda d: h.text_of(d, "#event-title") == "全国象棋锦标赛",
                      message="the event's title")
        self.assertIn("积分编排", h.text_of(driver, "#event-summary"))

        # Entries: a CSV list.
        h.find(driver, "#csv-input").send_keys(CSV)
        h.find(driver, "#csv-submit").click()
        self.wait_idle(driver)
        self.wait_for(driver, lambda d: len(h.find_all(d, "#players-body tr[data-number]")) == 8,
                      message="8 players listed")
        self.assertEqual(h.texts_of(driver, "#players-body tr td:nth-child(2)"),
                         [p[0] for p in PLAYERS])
        self.assertIn("已添加 8 名棋手", h.text_of(driver, "#entries-message"))
        h.screenshot(driver, "tournament-entries.png", full_page=True)
        tournament = server.call("TournamentService", "GetTournament", {"name": name})
        self.assertEqual([p["entrant"]["name"] for p in tournament["players"]],
                         [p[0] for p in PLAYERS])

        # Check-in: everybody present (a player entered absent is checked in), then player 8
        # checked out and in again.
        def toggle(number):
            return '#players-body tr[data-number="%d"] input.present-toggle' % number

        def server_present(number):
            players = server.call("TournamentService", "GetTournament", {"name": name})["players"]
            return bool(players[number - 1].get("present"))

        self.check_in_everybody(driver, server, name, 8)
        for present in (False, True):
            h.find(driver, toggle(8)).click()
            self.wait_idle(driver)
            self.wait_for(driver, lambda d: h.find(d, toggle(8)).is_selected() == present and
                          "已更新" in h.text_of(d, "#entries-message"),
                          message="player 8's check-in is saved")
            h.wait_until(lambda: server_present(8) == present,
                         message="the server has player 8 present: %s" % present)

        # Round 1: four tables, each player's link with its game token. The round is scheduled
        # an hour ahead: every table's clock starts then, not at pairing.
        start = driver.execute_script(
            "const d = new Date(Date.now() + 3600e3); d.setSeconds(0, 0);"
            "const p = (n) => String(n).padStart(2, '0');"
            "return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T`"
            "  + `${p(d.getHours())}:${p(d.getMinutes())}`;")
        driver.execute_script(
            "document.getElementById('round-start').value = arguments[0];", start)
        start_ms = driver.execute_script("return new Date(arguments[0]).getTime();", start)
        self.assertIn("本轮开始时间", h.text_of(driver, ".pair-controls"))
        h.find(driver, "#pair-next").click()
        self.wait_idle(driver)
        self.wait_for(driver, lambda d: len(h.find_all(d, "#pairings-body tr[data-table]")) == 4,
                      message="round 1's four tables")
        self.assertIn("第 1 轮已编排", h.text_of(driver, "#round-message"))
        round1 = server.call("TournamentService", "GetRound",
                             {"tournament": name, "round": 1, "token": h.ARBITER_TOKEN})
        pairings = round1["pairings"]
        self.assertEqual(len(pairings), 4)
        for pairing in pairings:
            row = '#pairings-body tr[data-table="%d"]' % pairing["table"]
            self.assertEqual(h.attribute_of(driver, row + " td:nth-child(2)", "data-number"),
                             str(pairing["red"]))
            self.assertEqual(h.attribute_of(driver, row + " td:nth-child(3)", "data-number"),
                             str(pairing["black"]))
            self.assertIn(PLAYERS[pairing["red"] - 1][0], h.text_of(driver, row))
            if pairing.get("game"):
                game = server.get_game(pairing["game"])
                self.assertEqual(int(game.get("startTimeUnixMs", 0)), start_ms,
                                 "table %d starts at the round's time" % pairing["table"])
                self.assertNotIn("running", game.get("clocks", {}),
                                 "no clock runs before the round starts")
                self.assertTrue(game["clocks"].get("waitingForStartTime"))
                tokens = {t["side"]: t["token"] for t in pairing.get("tokens", [])}
                red_link = h.attribute_of(driver, row + ' a[data-link="red"]', "href")
                self.assertIn("xiangqi.html#game=" + pairing["game"], red_link)
                self.assertIn("token=" + tokens["SIDE_RED"], red_link)
                self.assertIn("side=red", red_link)
                self.assertIn("token=" + tokens["SIDE_BLACK"],
                              h.attribute_of(driver, row + ' a[data-link="black"]', "href"))
                self.assertNotIn("token=", h.attribute_of(
                    driver, row + ' a[data-link="spectator"]', "href"))

        # The arbiter starts the round now: the clocks of every table run from the click.
        self.assertIn("本轮定于", h.text_of(driver, "#round-start-note"))
        self.assertEqual(h.text_of(driver, "#start-round"), "现在开始第1轮")
        h.find(driver, "#start-round").click()
        self.wait_idle(driver)
        self.wait_for(driver, lambda d: "第1轮已开始" in h.text_of(d, "#round-message"),
                      message="the round started")
        self.wait_for(driver, lambda d: not h.find(d, "#start-round").is_displayed(),
                      message="no start button once the round runs")
        for pairing in pairings:
            if pairing.get("game"):
                clocks = server.get_game(pairing["game"]).get("clocks", {})
                self.assertEqual(clocks.get("running"), "SIDE_RED",
                                 "table %d's clock runs" % pairing["table"])
                self.assertFalse(clocks.get("waitingForStartTime"))

        # Every table's result through the page.
        results = {}
        for pairing, result in zip(pairings, RESULTS):
            table = pairing["table"]
            self.enter_result(driver, table, result)
            self.wait_for(driver, lambda d: self.result_of(d, table) == result,
                          message="table %d shows its result" % table)
            results[table] = result
        self.wait_for(driver, lambda d: "本轮已全部结束" in h.text_of(d, "#round-status"),
                      message="round 1 is finished")
        if pairings[0].get("game"):
            self.assertEqual(len(h.find_all(driver, '#pairings-body a[data-link="red"]')), 4,
                             "the players' links stay after the results")
        standings = self.check_standings(driver, server, name, pairings, results)

        # The tie-break columns, one per name of the chain, in Chinese.
        chain = standings.get("tieBreaks", [])
        self.assertEqual(h.texts_of(driver, "#standings-head th.tie-break"),
                         [TIE_BREAKS.get(n, (n, n))[0] for n in chain])
        self.assertEqual(h.texts_of(driver, "#standings-head th")[:5],
                         ["名次", "序号", "姓名", "单位", "积分"])

        # A change without a reason is refused with the server's message; with one it is kept.
        changed = pairings[2]["table"]
        self.enter_result(driver, changed, "TABLE_RESULT_RED_WINS")
        self.wait_for(driver, lambda d: h.attribute_of(d, "#round-message", "data-kind")
                      == "error", message="the change without a reason is refused")
        refusal = h.text_of(driver, "#round-message")
        try:
            server.call("TournamentService", "RecordResult", {
                "token": h.ARBITER_TOKEN, "tournament": name, "round": 1, "table": changed,
                "result": "TABLE_RESULT_RED_WINS"})
            self.fail("the server took a change without a reason")
        except h.ApiCallError as error:
            self.assertIn(error.message, refusal)
        self.assertEqual(self.result_of(driver, changed), "TABLE_RESULT_DRAW")
        self.enter_result(driver, changed, "TABLE_RESULT_RED_WINS", "记分表填写错误")
        self.wait_for(driver, lambda d: "记分表填写错误" in h.text_of(d, "#overrides"),
                      message="the change is listed with its reason")
        self.assertEqual(self.result_of(driver, changed), "TABLE_RESULT_RED_WINS")
        overrides = server.call("TournamentService", "GetRound",
                                {"tournament": name, "round": 1}).get("overrides", [])
        self.assertEqual([(o["table"], o["from"], o["to"]) for o in overrides],
                         [(changed, "TABLE_RESULT_DRAW", "TABLE_RESULT_RED_WINS")])
        results[changed] = "TABLE_RESULT_RED_WINS"
        self.check_standings(driver, server, name, pairings, results)

        # The TRF export: the text the page saves, as the server sends it.
        driver.execute_script(
            "window.savedBlobs = [];"
            "const create = URL.createObjectURL;"
            "URL.createObjectURL = (blob) => { window.savedBlobs.push(blob);"
            "  return create.call(URL, blob); };")
        h.find(driver, "#export-trf").click()
        self.wait_for(driver, lambda d: h.attribute_of(d, "#export-message", "data-kind")
                      == "ok", message="the TRF export is saved")
        trf = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.savedBlobs[0].text().then(done);")
        self.assertIn("001", trf)
        self.assertIn(PLAYERS[0][0], trf)
        exported = server.call("TournamentService", "ExportTournament",
                               {"tournament": name, "format": "EXPORT_FORMAT_TRF"})
        self.assertEqual(trf, exported["text"])
        self.assertIn(exported["filename"], h.text_of(driver, "#export-message"))

        # English.
        h.find(driver, '[data-lang-switch] button[data-lang="en"]').click()
        self.wait_for(driver, lambda d: h.text_of(d, "#standings-heading") == "Standings",
                      message="the page in English")
        self.assertEqual(h.texts_of(driver, "#standings-head th.tie-break"),
                         [TIE_BREAKS.get(n, (n, n))[1] for n in chain])
        self.assertEqual(h.text_of(driver, "#pair-next"), "Pair round 2")
        self.assertIn("Red wins", h.text_of(driver, "#pairings-body"))
        self.assertIn("reason", h.text_of(driver, "#overrides"))
        h.screenshot(driver, "tournament-event.png", full_page=True)

        # Printing: the page's print stub counts calls; print media is emulated.
        driver.execute_script("window.printCalls = 0; window.print = () => window.printCalls++;")
        h.find(driver, "#print-standings").click()
        self.assertEqual(driver.execute_script("return window.printCalls"), 1)
        self.assertEqual(h.attribute_of(driver, "body", "data-print"), "standings")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        self.assertTrue(displayed(driver, "#standings-table"))
        self.assertTrue(displayed(driver, "#print-header"))
        for hidden in ("#round-card", "#token-form", "#entries-card", ".site-header",
                       "#print-standings", "#standings-round"):
            self.assertFalse(displayed(driver, hidden), hidden + " is not printed")
        self.assertEqual(h.text_of(driver, "#print-event"), "全国象棋锦标赛")
        self.assertIn("Standings after round 1", h.text_of(driver, "#print-sheet"))
        self.assertIn("Date:", h.text_of(driver, "#print-date"))
        border = driver.execute_script(
            "return getComputedStyle(document.querySelector('#standings-body td')).borderTopStyle")
        self.assertEqual(border, "solid")
        h.screenshot(driver, "tournament-print-standings.png", full_page=True)
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})

        h.find(driver, "#print-pairings").click()
        self.assertEqual(h.attribute_of(driver, "body", "data-print"), "pairings")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        self.assertTrue(displayed(driver, "#pairings-table"))
        for hidden in ("#standings-card", ".result-edit", ".col-links", "#pair-next"):
            self.assertFalse(displayed(driver, hidden), hidden + " is not printed")
        self.assertIn("Pairings, round 1", h.text_of(driver, "#print-sheet"))
        h.screenshot(driver, "tournament-print-pairings.png", full_page=True)
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        driver.execute_script("window.dispatchEvent(new Event('afterprint'))")
        self.assertEqual(h.attribute_of(driver, "body", "data-print"), "")
        self.assertTrue(displayed(driver, "#token-form"))
        self.assert_no_page_errors(driver, ignore=("RecordResult", "CreateTournament"))

        # The list of events.
        driver.get(server.base_url + "/tournament.html")
        self.wait_for(driver, lambda d: len(h.find_all(d, "#events-body tr[data-name]")) == 1,
                      message="the event is listed")
        self.assertIn("全国象棋锦标赛", h.text_of(driver, "#events-body"))
        self.assertEqual(h.text_of(driver, "#events-body td:nth-child(4)"), "Running")
        self.assertEqual(h.text_of(driver, "#events-body td:nth-child(5)"), "1 of 3")
        created = int(server.call("TournamentService", "GetTournament",
                                  {"name": name})["createTimeUnixMs"])
        self.assertIn(str(time.localtime(created / 1000).tm_year),
                      h.text_of(driver, "#events-body td:nth-child(6)"))
        h.screenshot(driver, "tournament-list.png", full_page=True)

        # A phone: the event's page fits 390 px (wide tables scroll in their own box).
        phone = self.open_browser(390, 844)
        h.emulate_phone(phone)
        phone.get(server.base_url + "/tournament.html?lang=en&t=" + name)
        self.wait_for(phone, lambda d: len(h.find_all(d, "#standings-body tr[data-number]")) == 8,
                      message="the standings on the phone")
        self.assertLessEqual(phone.execute_script(
            "return document.documentElement.scrollWidth"), 391, "no sideways scrolling")
        h.screenshot(phone, "tournament-phone.png", full_page=True)
        self.assert_no_page_errors(phone)


if __name__ == "__main__":
    h.run_main()
