"""The arbiter's desk (arbiter.html) when things go wrong (tests/browser/browser_harness.py).

In 中文: the arbiter opens a game's desk without a token and types a wrong one. The first action
(pausing the clocks) is refused: the page says the token is wrong, in Chinese, and shows the
token box again, so the arbiter types the right token and the same action goes through. The
token can be changed later too.

Setting the result asks for confirmation first: the desk shows what will be set and why, the
game stays live until the arbiter confirms; "cancel" sets nothing; confirming ends the game.
The page shows no English word on the way (latin_scan.py).
Screenshots: arbiter-desk-token.png, arbiter-desk-confirm.png.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from selenium.webdriver.support.ui import Select  # noqa: E402

import browser_harness as h  # noqa: E402
from latin_scan import latin_words  # noqa: E402

NAMES = ("许银川", "吕钦")


def shown(driver, css):
    """Whether the first match exists and is rendered."""
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]);"
        "return Boolean(e) && e.getClientRects().length > 0;", css)


class ArbiterDeskTest(h.BrowserTestCase):

    def assert_chinese_only(self, driver, where):
        self.assertEqual(latin_words(driver, allow=NAMES), [],
                         "English words on the 中文 arbiter's desk (%s)" % where)

    def test_a_wrong_token_can_be_corrected(self):
        server = self.start_server()
        name, tokens, _ = server.create_xiangqi_game("600+5", *NAMES)
        server.submit_move(name, tokens["SIDE_RED"], "h2e2", 1)
        driver = self.open_browser(1280, 1100)
        driver.get(server.page_url("arbiter.html", game=name))
        h.find(driver, '[data-lang-switch] button[data-lang="zh"]').click()
        self.wait_for(driver, lambda d: h.text_of(d, "#name-red") == NAMES[0],
                      message="the desk shows the game")
        self.assertTrue(shown(driver, "#token-form"), "no token yet: the token box is shown")

        # A wrong token: accepted by the box, refused by the server at the first action.
        h.find(driver, "#token-input").send_keys("not-the-arbiter-token-0001")
        h.find(driver, "#token-form button[type=submit]").click()
        self.wait_for(driver, lambda d: not shown(d, "#token-form"),
                      message="the token box folds away once a token is given")
        self.wait_for(driver, lambda d: h.find(d, "#pause").is_enabled(),
                      message="the pause button")
        h.find(driver, "#pause-reason").send_keys("棋钟故障")
        h.find(driver, "#pause").click()
        self.wait_for(driver, lambda d: shown(d, "#token-form"),
                      message="a refused token brings the token box back")
        self.assertIn("裁判密钥不正确", h.text_of(driver, "#token-error"))
        self.assertEqual(h.attribute_of(driver, "#message", "data-kind"), "error")
        self.assertEqual(driver.switch_to.active_element.get_attribute("id"), "token-input",
                         "the token box has the focus")
        self.assertFalse(server.get_game(name)["clocks"].get("paused"))
        self.assertEqual(h.find(driver, "#pause-reason").get_attribute("value"), "棋钟故障",
                         "the reason typed is kept for the retry")
        self.assert_chinese_only(driver, "wrong token")
        h.screenshot(driver, "arbiter-desk-token.png")

        # The right token: the same action goes through.
        h.find(driver, "#token-input").send_keys(h.ARBITER_TOKEN)
        h.find(driver, "#token-form button[type=submit]").click()
        self.wait_for(driver, lambda d: not shown(d, "#token-form"),
                      message="the token box folds away again")
        self.assertFalse(shown(driver, "#token-error"))
        h.find(driver, "#pause").click()
        self.wait_for(driver, lambda d: h.attribute_of(d, "#message", "data-kind") == "ok",
                      message="the pause is done")
        h.wait_until(lambda: server.get_game(name)["clocks"].get("paused"),
                     message="the server has the clocks paused")
        self.assertIn("token=" + h.ARBITER_TOKEN, driver.current_url)

        # Changing the token shows the box again (and nothing else changes).
        self.assertTrue(shown(driver, "#token-change"), "a token in use can be changed")
        h.find(driver, "#token-change").click()
        self.assertTrue(shown(driver, "#token-form"))
        h.find(driver, "#token-input").send_keys(h.ARBITER_TOKEN)
        h.find(driver, "#token-form button[type=submit]").click()
        self.wait_for(driver, lambda d: not shown(d, "#token-form"), message="token kept")

        self.assert_no_page_errors(driver, ignore=("PauseClocks",))

    def test_setting_the_result_asks_for_confirmation(self):
        server = self.start_server()
        name, tokens, _ = server.create_xiangqi_game("600+5", *NAMES)
        server.submit_move(name, tokens["SIDE_RED"], "h2e2", 1)
        driver = self.open_browser(1280, 1100)
        driver.get(server.page_url("arbiter.html", game=name, token=h.ARBITER_TOKEN))
        h.find(driver, '[data-lang-switch] button[data-lang="zh"]').click()
        self.wait_for(driver, lambda d: h.text_of(d, "#name-red") == NAMES[0],
                      message="the desk shows the game")
        self.assertFalse(shown(driver, "#token-form"), "a token in the link: no token box")

        Select(h.find(driver, "#result-choice")).select_by_value("DRAW")
        h.find(driver, "#result-reason").send_keys("双方同意")
        h.find(driver, "#result-form button[type=submit]").click()
        self.wait_for(driver, lambda d: shown(d, "#result-confirm"),
                      message="the desk asks to confirm the result")
        question = h.text_of(driver, "#result-confirm-text")
        self.assertIn("和棋", question)
        self.assertIn("双方同意", question)
        self.assertEqual(server.get_game(name)["verdict"]["result"], "RESULT_ONGOING",
                         "nothing is set before the confirmation")
        self.assert_chinese_only(driver, "confirmation")
        h.screenshot(driver, "arbiter-desk-confirm.png")

        h.find(driver, "#result-confirm-no").click()
        self.wait_for(driver, lambda d: not shown(d, "#result-confirm"),
                      message="cancel closes the confirmation")
        self.assertEqual(server.get_game(name)["verdict"]["result"], "RESULT_ONGOING",
                         "cancel sets nothing")

        h.find(driver, "#result-form button[type=submit]").click()
        self.wait_for(driver, lambda d: shown(d, "#result-confirm"),
                      message="asked again")
        h.find(driver, "#result-confirm-yes").click()
        self.wait_for(driver, lambda d: "和棋" in h.text_of(d, "#banner-result"),
                      message="the result ends the game on the desk")
        game = server.get_game(name)
        self.assertEqual(game["verdict"]["result"], "RESULT_DRAW")
        self.assertEqual(game["verdict"]["reason"], "VERDICT_REASON_ARBITER_DECISION")
        self.assertFalse(shown(driver, "#result-confirm"))
        self.assert_chinese_only(driver, "game over")
        self.assert_no_page_errors(driver)

    def test_the_arbiter_starts_a_game_waiting_for_its_start_time(self):
        server = self.start_server()
        start_ms = int(time.time() * 1000) + 3_600_000
        name, _, _ = server.create_game(
            kind="GAME_KIND_XIANGQI", timeControl="600+5", startTimeUnixMs=str(start_ms),
            players=[{"side": "SIDE_RED", "name": NAMES[0]},
                     {"side": "SIDE_BLACK", "name": NAMES[1]}])
        self.assertTrue(server.get_game(name)["clocks"].get("waitingForStartTime"))
        driver = self.open_browser(1280, 1100)
        driver.get(server.page_url("arbiter.html", game=name, token=h.ARBITER_TOKEN))
        h.find(driver, '[data-lang-switch] button[data-lang="zh"]').click()
        self.wait_for(driver, lambda d: shown(d, "#start-clocks"),
                      message="the desk offers to start the clocks")
        self.assertEqual(h.text_of(driver, "#start-clocks"), "现在开始计时")
        self.assert_chinese_only(driver, "a game waiting for its start")
        h.find(driver, "#start-clocks").click()
        self.wait_for(driver, lambda d: not shown(d, "#start-clocks"),
                      message="started: the button goes")
        clocks = server.get_game(name)["clocks"]
        self.assertEqual(clocks.get("running"), "SIDE_RED")
        self.assertFalse(clocks.get("waitingForStartTime"))
        self.assertIn("开始计时", h.text_of(driver, "body"))
        self.assert_no_page_errors(driver)


if __name__ == "__main__":
    h.run_main()
