"""Two players play a live xiangqi game in two browsers (tests/browser/browser_harness.py).

The index page creates the game and shows the players' links; red and black each open their
own link in a separate headless Chromium. They move by clicking and by keyboard (1. 炮二平五
象3进5 2. 炮五进四, a check), each page shows the other's moves, both show the check (the black
general highlighted, 将军/Check in the status line), and the clocks run from the server's
readings, starting once both sides have made their first move. A destination the server did not list is not sent: the page shows the server's reason
and the game does not change. A spectator link shows the same position without the controls.
Screenshots: index.png, xiangqi.png.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

import browser_harness as h  # noqa: E402


def point(driver, square):
    return h.find(driver, '.point[data-square="%s"]' % square)


def piece_at(driver, square):
    return h.attribute_of(driver, '.point[data-square="%s"]' % square, "data-piece")


def point_has_class(driver, square, name):
    classes = h.attribute_of(driver, '.point[data-square="%s"]' % square, "class")
    return name in classes.split()


def has_class(element, name):
    return name in (element.get_attribute("class") or "").split()


def click_point(driver, square):
    point(driver, square).click()


class XiangqiPlayTest(h.BrowserTestCase):

    def create_game_on_index(self, server, driver):
        """Fills the index page's form; returns the links it shows, by role."""
        driver.get(server.base_url + "/index.html?lang=en")
        self.wait_for(driver, lambda d: h.find(d, "#create-button").is_enabled(),
                      message="the index page loads")
        h.find(driver, "#first-name").send_keys("Red Player")
        h.find(driver, "#second-name").send_keys("Black Player")
        time_control = h.find(driver, "#time-control")
        time_control.clear()
        time_control.send_keys("600+5")
        h.find(driver, "#create-button").click()
        self.wait_for(driver, lambda d: len(h.find_all(d, "#links li a")) >= 3,
                      message="the links of the created game")
        links = {item.get_attribute("data-link"):
                 item.find_element(By.CSS_SELECTOR, "a").get_attribute("href")
                 for item in h.find_all(driver, "#links li")}
        h.screenshot(driver, "index.png", full_page=True)
        return links

    def test_two_players_play_to_check(self):
        server = self.start_server()
        red = self.open_browser()
        links = self.create_game_on_index(server, red)
        self.assertIn("token=", links["red"])
        self.assertIn("side=red", links["red"])
        self.assertIn("side=black", links["black"])
        self.assertNotIn("token=", links["spectator"])
        game_name = links["spectator"].split("#game=", 1)[1]
        self.assertTrue(game_name.startswith("games/"), game_name)

        black = self.open_browser()
        red.get(links["red"])
        black.get(links["black"])
        for driver, side in ((red, "Red"), (black, "Black")):
            self.wait_for(driver, lambda d: "You play " + side in h.text_of(d, "#role"),
                          message="%s's page knows its side" % side)
            self.wait_for(driver, lambda d: h.text_of(d, "#name-red") == "Red Player",
                          message="player names shown")
        # Black's page shows black at the bottom.
        self.assertIn("flipped", black.find_element(By.TAG_NAME, "body").get_attribute("class"))
        self.assertNotIn("flipped", red.find_element(By.TAG_NAME, "body").get_attribute("class"))
        # Both clocks show 10:00 before the first move, and neither runs: the clocks start
        # once both sides have made their first move.
        self.wait_for(red, lambda d: h.text_of(d, "#clock-red") == "10:00",
                      message="red's clock shows 10:00")
        self.assertFalse(has_class(h.find(red, "#clock-red"), "running"))
        self.assertEqual(h.text_of(red, "#clock-black"), "10:00")

        # 1. 炮二平五 by clicks: the destinations come from the server.
        click_point(red, "h2")
        self.wait_for(red, lambda d: point_has_class(d, "h2", "selected"),
                      message="h2 selected")
        destinations = {p.get_attribute("data-square")
                        for p in h.find_all(red, ".point.destination")}
        self.assertIn("e2", destinations)
        self.assertIn("h9", destinations)  # the capture of the horse
        self.assertNotIn("g3", destinations)  # red's own soldier
        click_point(red, "e2")
        self.wait_for(black, lambda d: piece_at(d, "e2") == "C",
                      message="black's page shows red's move")
        self.wait_for(black, lambda d: h.text_of(d, "#moves .move-text") == "炮二平五",
                      message="the move list in Chinese")
        self.assertFalse(has_class(h.find(black, "#clock-black"), "running"),
                         "black's first move is untimed")

        # Black tries a destination the server did not list: nothing is sent, the reason shows.
        click_point(black, "b9")
        self.wait_for(black, lambda d: point_has_class(d, "b9", "selected"),
                      message="b9 selected")
        self.assertEqual({p.get_attribute("data-square")
                          for p in h.find_all(black, ".point.destination")}, {"a7", "c7"})
        click_point(black, "b5")
        self.wait_for(black, lambda d: "not a legal move" in h.text_of(d, "#message")
                      and ":" in h.text_of(d, "#message").split("legal move", 1)[1],
                      message="the server's reason for the illegal destination")
        self.assertEqual(server.get_game(game_name).get("ply", 0), 1)

        # 1... 象3进5 by keyboard on black's flipped board: c9, two left and two up is e7.
        black.execute_script("arguments[0].focus()", point(black, "c9"))
        active = black.switch_to.active_element
        active.send_keys(Keys.ENTER)
        self.wait_for(black, lambda d: point_has_class(d, "c9", "selected"),
                      message="c9 selected by keyboard")
        for key in (Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_UP, Keys.ARROW_UP):
            black.switch_to.active_element.send_keys(key)
        self.assertEqual(black.switch_to.active_element.get_attribute("data-square"), "e7")
        black.switch_to.active_element.send_keys(Keys.ENTER)
        self.wait_for(red, lambda d: piece_at(d, "e7") == "b",
                      message="red's page shows black's move")
        self.wait_for(red, lambda d: has_class(h.find(d, "#clock-red"), "running"),
                      message="red's clock runs once both sides have moved")

        # 2. 炮五进四 gives check: both pages show it.
        click_point(red, "e2")
        click_point(red, "e6")
        for driver in (red, black):
            self.wait_for(driver, lambda d: point_has_class(d, "e9", "check"),
                          message="the checked general is highlighted")
            self.wait_for(driver, lambda d: "Check!" in h.text_of(d, "#status"),
                          message="the check is announced")
        self.wait_for(black, lambda d: len(h.find_all(d, "#moves .move-text[data-ply]")) == 3,
                      message="three moves listed")
        self.assertEqual(piece_at(black, "e6"), "C")
        self.assertTrue(point_has_class(red, "e6", "last-to"))

        # The move list in WXF and ICCS, texts from the server.
        h.find(red, '#notation-switch button[data-notation="iccs"]').click()
        self.wait_for(red, lambda d: h.texts_of(d, "#moves .move-text")
                      == ["h2e2", "c9e7", "e2e6", ""], message="ICCS move list")
        h.find(red, '#notation-switch button[data-notation="wxf"]').click()
        self.wait_for(red, lambda d: h.text_of(d, "#moves .move-text") == "C2.5",
                      message="WXF move list")

        # 中文 labels.
        h.find(red, '[data-lang-switch] button[data-lang="zh"]').click()
        self.wait_for(red, lambda d: "将军" in h.text_of(d, "#status"),
                      message="将军 in Chinese")
        self.assertEqual(h.text_of(red, "#role"), "你执红方")
        h.find(red, '[data-lang-switch] button[data-lang="en"]').click()
        h.screenshot(red, "xiangqi.png")

        # A spectator: the same position, no controls, moves not possible.
        black.switch_to.new_window("tab")
        black.get(links["spectator"])
        self.wait_for(black, lambda d: piece_at(d, "e6") == "C" and
                      point_has_class(d, "e9", "check"), message="the spectator's board")
        self.assertEqual(h.text_of(black, "#role"), "Spectator")
        self.assertFalse(h.find(black, "#actions").is_displayed())

        # On a 390 px wide phone the page fits the width: the board scales, panels stack.
        h.emulate_phone(black)
        self.wait_for(black, lambda d: d.execute_script(
            "return document.documentElement.clientWidth") == 390, message="phone width")
        self.assertLessEqual(black.execute_script(
            "return document.documentElement.scrollWidth"),
            black.execute_script("return document.documentElement.clientWidth"))
        board_box = black.execute_script(
            "const r = document.querySelector('#board svg').getBoundingClientRect();"
            "return [r.left, r.right];")
        self.assertGreaterEqual(board_box[0], 0)
        self.assertLessEqual(board_box[1], 390)
        h.screenshot(black, "xiangqi-phone.png", full_page=True)
        for driver in (red, black):
            self.assert_no_page_errors(driver)


    def test_draw_offer_claim_and_resign(self):
        server = self.start_server()
        name, tokens, _ = server.create_xiangqi_game("300+2", "R", "B")
        red = self.open_browser()
        black = self.open_browser()
        red.get(server.page_url("xiangqi.html", game=name, token=tokens["SIDE_RED"],
                                side="red"))
        # Black's link carries no side: the page asks the server whose token it is.
        black.get(server.page_url("xiangqi.html", game=name, token=tokens["SIDE_BLACK"]))
        self.wait_for(black, lambda d: h.text_of(d, "#role") == "You play Black",
                      message="the side found without side= in the link")
        self.wait_for(red, lambda d: h.find(d, "#offer-draw").is_displayed(),
                      message="red's actions")

        # A draw offer: black may accept or decline; declined, it is gone on both pages.
        h.find(red, "#offer-draw").click()
        self.wait_for(black, lambda d: h.find(d, "#accept-draw").is_displayed(),
                      message="black sees the offer")
        self.assertIn("offers a draw", h.text_of(black, "#draw-offer-text"))
        self.wait_for(red, lambda d: "waiting" in h.text_of(d, "#draw-offer-text"),
                      message="red sees its own offer pending")
        self.assertFalse(h.find(red, "#accept-draw").is_displayed())
        h.find(black, "#decline-draw").click()
        for driver in (red, black):
            self.wait_for(driver, lambda d: not h.find(d, "#draw-offer").is_displayed(),
                          message="the declined offer is gone")

        # A claim with nothing to claim: the server's explanation is shown.
        h.find(red, "#claim-draw").click()
        self.wait_for(red, lambda d: "Claim rejected" in h.text_of(d, "#claim-result"),
                      message="the claim's answer")
        self.assertGreater(len(h.text_of(red, "#claim-result")), len("Claim rejected: "))

        # Resigning takes a second click; both pages then show the verdict.
        h.find(red, "#resign").click()
        self.assertEqual(h.find(red, "#resign").text, "Click again to resign")
        self.assertEqual(server.get_game(name)["status"], "GAME_STATUS_LIVE")
        h.find(red, "#resign").click()
        for driver in (red, black):
            self.wait_for(driver, lambda d: "Black wins" in h.text_of(d, "#banner-result"),
                          message="the game-over banner")
            self.assertIn("resignation", h.text_of(driver, "#banner-reason"))
            self.assertFalse(h.find(driver, "#actions").is_displayed())
            self.wait_for(driver, lambda d: h.text_of(d, "#connection") == "Finished",
                          message="the watch ends with the game")
        self.assertEqual(server.get_game(name)["verdict"]["reason"],
                         "VERDICT_REASON_RESIGNATION")
        self.assert_no_page_errors(red)
        # The side probe on black's page is refused as "not your turn" (HTTP 412).
        self.assert_no_page_errors(black, ignore=["SubmitMove - Failed to load resource: the "
                                                  "server responded with a status of 412"])

    def test_index_gomoku_links_and_refused_create(self):
        server = self.start_server()
        driver = self.open_browser()
        driver.get(server.base_url + "/index.html?lang=en")
        self.wait_for(driver, lambda d: h.find(d, "#create-button").is_enabled(),
                      message="the index page loads")
        # A time control the server refuses: its message is shown.
        time_control = h.find(driver, "#time-control")
        time_control.clear()
        time_control.send_keys("ten minutes")
        h.find(driver, "#create-button").click()
        self.wait_for(driver, lambda d: "invalid_argument" in h.text_of(d, "#create-message"),
                      message="the refused create shows the server's error")
        self.assertIn("time_control", h.text_of(driver, "#create-message"))
        # Gomoku: black and white players, no FEN, links to gomoku.html with the tokens.
        h.find(driver, 'input[name="kind"][value="gomoku"]').click()
        self.assertFalse(h.find(driver, "#start-fen").is_displayed())
        self.assertEqual(h.text_of(driver, "#second-name-label"), "White player")
        time_control.clear()
        h.find(driver, "#create-button").click()
        self.wait_for(driver, lambda d: len(h.find_all(d, "#links li a")) == 3,
                      message="gomoku links: two players and spectators")
        links = {
            item.get_attribute("data-link"):
            item.find_element(By.CSS_SELECTOR, "a").get_attribute("href")
            for item in h.find_all(driver, "#links li")}
        self.assertEqual(sorted(links), ["black", "spectator", "white"])
        for side in ("black", "white"):
            # side= too: without it gomoku.html opens the link as a spectator's.
            self.assertRegex(links[side],
                             r"/gomoku\.html#game=games/[^&]+&token=[^&]+&side=%s$" % side)
        name = links["spectator"].split("#game=", 1)[1]
        self.assertEqual(server.get_game(name)["kind"], "GAME_KIND_GOMOKU")
        # The new game is listed among the games being played.
        self.wait_for(driver, lambda d: name in h.text_of(d, "#games-body"),
                      message="the game is listed")
        # On a phone nothing is wider than the screen.
        h.emulate_phone(driver)
        self.wait_for(driver, lambda d: d.execute_script(
            "return document.documentElement.scrollWidth") <= 390,
            message="the index page fits a 390 px wide screen")
        self.assert_no_page_errors(driver, ignore=["GameService/CreateGame - Failed to load "
                                                   "resource: the server responded with a "
                                                   "status of 400"])

    def test_clocks_count_from_the_server_reading(self):
        """clock.js: the running side's clock counts down from the reading; the browser's clock
        offset is taken from the earliest-arriving reading, so a late (replayed) reading does
        not add time; a paused reading does not count."""
        server = self.start_server()
        driver = self.open_browser()
        driver.get(server.base_url + "/index.html?lang=en")
        result = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            import('/js/clock.js').then(({GameClocks, formatClock}) => {
              const red = document.createElement('span');
              const black = document.createElement('span');
              const clocks = new GameClocks({SIDE_RED: red, SIDE_BLACK: black}, 1000000);
              // Server clock 5 s ahead of the browser; the reading arrives 100 ms after it
              // was taken.
              const read = 1000000 + 5000;
              clocks.update({timed: true, redMs: '60000', blackMs: '30000',
                             running: 'SIDE_RED', readUnixMs: String(read)}, 1000100);
              const out = {};
              out.redAfter1s = clocks.remaining('SIDE_RED', 1001100);
              out.blackAfter1s = clocks.remaining('SIDE_BLACK', 1001100);
              // A replayed reading taken 10 s earlier and arriving now: 10 s have passed on it.
              clocks.update({timed: true, redMs: '70000', blackMs: '30000',
                             running: 'SIDE_RED', readUnixMs: String(read - 10000)}, 1001100);
              out.redReplayed = clocks.remaining('SIDE_RED', 1001100);
              clocks.update({timed: true, redMs: '50000', blackMs: '30000', paused: true,
                             running: 'SIDE_RED', readUnixMs: String(read)}, 1000100);
              out.pausedLater = clocks.remaining('SIDE_RED', 1009100);
              out.formats = [formatClock(600000), formatClock(3723000), formatClock(9400, true),
                             formatClock(-5)];
              clocks.stop();
              done(out);
            }, (error) => done({error: String(error)}));
        """)
        self.assertNotIn("error", result)
        self.assertEqual(result["redAfter1s"], 59000)
        self.assertEqual(result["blackAfter1s"], 30000)
        self.assertEqual(result["redReplayed"], 59000)
        self.assertEqual(result["pausedLater"], 50000)
        self.assertEqual(result["formats"], ["10:00", "1:02:03", "9.4", "0:00"])


if __name__ == "__main__":
    h.run_main()
