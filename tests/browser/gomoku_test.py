"""Browser test of the live gomoku page (web/gomoku.html).

Two players, each in their own headless Chromium, play a gomoku game under the Chinese rules
through the opening protocol in the page — designated opening (h8 g9 i8), no swap, move 4,
black's two fifth-move proposals, white's choice — and on until black's j8 is a double-three.
The page marks j8 as forbidden (33) while black is to move, warns on the first click and sends
the move on the second; the server's refusal (black loses by a forbidden move) is shown with
its kind on both players' pages.

Run: gomoku_test.py --server caipan-server --web-root web --screenshots DIR
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import browser_harness as h  # noqa: E402
from selenium.common.exceptions import (  # noqa: E402
    NoSuchElementException, StaleElementReferenceException)
from selenium.webdriver.common.keys import Keys  # noqa: E402


def stone_at(driver, point):
    """The colour of the stone on `point` ('black' / 'white'), or '' when empty."""
    classes = h.attribute_of(driver, "g.stone[data-point='%s']" % point, "class").split()
    return "black" if "black" in classes else "white" if "white" in classes else ""


def is_shown(driver, css):
    """Whether the first match exists and is not hidden (read in one script call)."""
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return Boolean(e && !e.hidden);", css)


class GomokuPageTest(h.BrowserTestCase):

    def setUp(self):
        self.server = self.start_server()
        self.name, tokens, game = self.server.create_game(
            kind="GAME_KIND_GOMOKU", timeControl="600+5",
            gomokuRules={"ruleSet": "GOMOKU_RULE_SET_CHINESE"},
            players=[{"side": "SIDE_BLACK", "name": "Black player"},
                     {"side": "SIDE_WHITE", "name": "White player"}])
        self.assertEqual(game["kind"], "GAME_KIND_GOMOKU")
        self.black = self.open_page(tokens["SIDE_BLACK"], "black")
        self.white = self.open_page(tokens["SIDE_WHITE"], "white")

    def open_page(self, token, side):
        driver = self.open_browser()
        driver.get(self.server.page_url("gomoku.html", game=self.name, token=token, side=side))
        self.wait_for(driver, lambda d: h.text_of(d, "#connection") == "Live",
                      message="%s's page watches the game" % side)
        return driver

    def wait_my_turn(self, driver, side):
        self.wait_for(driver, lambda d: "Your turn" in h.text_of(d, "#status"),
                      message="%s's page says it is %s's turn" % (side, side))
        self.wait_for(driver, lambda d: h.find_all(d, "svg.gomoku-board.interactive"),
                      message="%s's board takes clicks" % side)

    def play_point(self, driver, side, point):
        """Clicks `point` on `side`'s board; waits for the stone on both pages."""
        self.wait_my_turn(driver, side)
        h.find(driver, "rect.pt[data-point='%s']" % point).click()
        for viewer in (self.black, self.white):
            self.wait_for(viewer, lambda d: stone_at(d, point) != "",
                          message="the stone on %s appears" % point)

    def click_action(self, driver, action):
        """Clicks the opening panel's `action` button once it is offered (the panel may be
        redrawn meanwhile: the lookup and the click are retried together)."""
        selector = "#opening button[data-action='%s']:enabled" % action

        def click(d):
            try:
                h.find(d, selector).click()
                return True
            except (NoSuchElementException, StaleElementReferenceException):
                return False
        self.wait_for(driver, click, message="the opening panel offers %s" % action)

    def test_opening_protocol_then_a_forbidden_double_three(self):
        black, white = self.black, self.white
        # Designated opening: h8, then g9 (diagonal), then i8 (银月, I9).
        self.wait_for(black, lambda d: h.find_all(d, "circle.hint"),
                      message="black's page shows where move 1 may go")
        self.assertEqual(len(h.find_all(black, "circle.hint")), 1, "move 1 must be h8")
        self.play_point(black, "black", "h8")
        self.play_point(white, "white", "g9")
        self.play_point(black, "black", "i8")
        self.assertEqual(stone_at(white, "i8"), "black")

        # Swap after move 3: white's page asks; black's page says who decides.
        self.wait_for(white, lambda d: h.find_all(d, "#opening .opening-due[data-phase='swap']"),
                      message="white's page shows the swap decision")
        self.wait_for(black, lambda d: "Waiting for White" in h.text_of(d, "#opening"),
                      message="black's page waits for white's decision")
        self.click_action(white, "noswap")
        self.wait_for(white, lambda d: h.find_all(d, "#opening [data-phase='fourth']"),
                      message="move 4 is due after no swap")
        self.play_point(white, "white", "o15")

        # Fifth move: black proposes two points, then white chooses one.
        self.wait_for(black, lambda d: h.find_all(d, "#opening [data-phase='propose']"),
                      message="black's page asks for the fifth-move proposal")
        self.wait_my_turn(black, "black")
        for point in ("j7", "a15"):
            h.find(black, "rect.pt[data-point='%s']" % point).click()
        self.wait_for(black, lambda d: len(h.find_all(d, "g.mark.pending")) == 2,
                      message="both chosen points are marked")
        self.click_action(black, "propose")
        self.wait_for(white, lambda d: len(h.find_all(d, "g.mark.proposal")) == 2,
                      message="white's board marks the two proposed points")
        self.assertIn("j7, a15", h.text_of(white, "#opening"))
        self.click_action(white, "choose")  # the first button: j7
        for viewer in (black, white):
            self.wait_for(viewer, lambda d: stone_at(d, "j7") == "black",
                          message="j7 is played as black's move 5")
        self.assertEqual(stone_at(black, "a15"), "", "the other proposal is not played")

        # Normal play up to black's double-three at j8.
        self.play_point(white, "white", "a1")
        # Black plays j6 by keyboard: from j7 (its focused stone) one point down, then Enter.
        self.wait_my_turn(black, "black")
        black.execute_script("document.querySelector(\"rect.pt[data-point='j7']\").focus()")
        active = black.switch_to.active_element
        self.assertEqual(active.get_attribute("data-point"), "j7")
        active.send_keys(Keys.ARROW_DOWN)
        active = black.switch_to.active_element
        self.assertEqual(active.get_attribute("data-point"), "j6", "↓ moves to j6")
        self.assertIn("j6", active.get_attribute("aria-label"))
        active.send_keys(Keys.ENTER)
        for viewer in (black, white):
            self.wait_for(viewer, lambda d: stone_at(d, "j6") == "black",
                          message="Enter plays j6")
        self.play_point(white, "white", "a3")

        # Black to move: j8 is marked forbidden with its kind.
        self.wait_my_turn(black, "black")
        forbidden = "g.forbidden[data-point='j8']"
        self.wait_for(black, lambda d: h.find_all(d, forbidden),
                      message="black's board marks j8 as forbidden")
        self.assertEqual(h.attribute_of(black, forbidden, "data-kind"), "DOUBLE_THREE")
        self.assertEqual(h.text_of(black, forbidden), "33")
        self.assertIn("j8", h.text_of(black, "#forbidden-count"))
        h.screenshot(black, "gomoku-forbidden-point.png")

        # First click warns, second plays; the server rules it a forbidden move.
        h.find(black, "rect.pt[data-point='j8']").click()
        self.wait_for(black, lambda d: "forbidden for black (double-three)"
                      in h.text_of(d, "#message"), message="the page warns before playing j8")
        self.assertEqual(stone_at(black, "j8"), "", "a warning sends nothing")
        h.find(black, "rect.pt[data-point='j8']").click()
        self.wait_for(black, lambda d: "Forbidden: j8 is a double-three"
                      in h.text_of(d, "#message"),
                      message="the refusal is shown with its kind")
        self.assertEqual(h.attribute_of(black, "#message", "data-kind"), "error")
        for viewer, side in ((black, "black"), (white, "white")):
            self.wait_for(viewer, lambda d: is_shown(d, "#banner"),
                          message="%s's page shows the game-over banner" % side)
            self.assertEqual(h.attribute_of(viewer, "#banner", "data-reason"),
                             "VERDICT_REASON_FORBIDDEN_MOVE")
            self.assertEqual(h.text_of(viewer, "#banner-result"), "White wins")
            self.wait_for(viewer, lambda d: h.find_all(
                d, "g.forbidden[data-point='j8'][data-kind='DOUBLE_THREE']"),
                message="%s's board keeps j8's kind" % side)
        game = self.server.get_game(self.name)
        self.assertEqual(game["verdict"]["reason"], "VERDICT_REASON_FORBIDDEN_MOVE")
        self.assertEqual(game["verdict"]["winner"], "SIDE_WHITE")
        self.assertEqual(game["moves"][-1], "j8")
        h.screenshot(black, "gomoku.png")
        self.assert_no_page_errors(black)
        self.assert_no_page_errors(white)


if __name__ == "__main__":
    h.run_main()
