"""Browser test of the live page's wording for players (issue 31 item 5; web/js/player-wording.js).

A refused move is said as a player would say it, in the page's language, without the ICCS
squares the board does not show and without a Connect code: red picks its horse and a point
its leg is blocked from (b0 to d1, the elephant on c0 stands on the leg) and reads "the
horse's leg is blocked" / 马腿被绊; with "Show coordinates" turned on (remembered) the board
shows its files and ranks and the message may then name the squares. With the server gone, a
move says the connection is lost (连接中断), never "Failed to fetch" or "(unavailable)". The
中文 pages show no English (latin_scan.py).

Run: player_wording_test.py --server caipan-server [--web-root web] --screenshots DIR
Screenshots: wording-zh.png, wording-offline.png, wording-finished-zh.png.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import browser_harness as h  # noqa: E402
from latin_scan import latin_words  # noqa: E402

NAMES = ("王天一", "郑惟桐")
# An ICCS square standing alone ("c0", "b0d1" holds two); not inside a longer word.
ICCS = re.compile(r"(?<![A-Za-z0-9])[a-i][0-9](?![0-9])|[a-i][0-9][a-i][0-9]")
# A Connect code shown to the reader.
CODE = re.compile(r"invalid_argument|failed_precondition|unavailable|deadline_exceeded|"
                  r"Failed to fetch|\([a-z_]+\)|（[a-z_]+）")


def point_css(square):
    return '.point[data-square="%s"]' % square


def shown_message(driver):
    """The message as the reader sees it (folded details left out)."""
    return driver.execute_script(
        "const e = document.getElementById('message');"
        "return e && !e.hidden ? e.innerText : '';")


class PlayerWordingTest(h.BrowserTestCase):

    def open_red(self, server, name, token, lang):
        driver = self.open_browser()
        driver.get(server.page_url("xiangqi.html", game=name, token=token, side="red")
                   .replace("/xiangqi.html#", "/xiangqi.html?lang=%s#" % lang))
        self.wait_for(driver, lambda d: h.attribute_of(d, "#connection", "data-status")
                      == "connected", message="the watch is connected")
        return driver

    def try_move(self, driver, source, target, wait_destinations=True):
        h.find(driver, point_css(source)).click()
        self.wait_for(driver, lambda d: "selected" in h.attribute_of(
            d, point_css(source), "class").split(), message="%s picked" % source)
        if wait_destinations:
            self.wait_for(driver, lambda d: h.find_all(d, ".point.destination"),
                          message="%s's destinations" % source)
        h.find(driver, point_css(target)).click()

    def assert_plain(self, text, what):
        self.assertIsNone(ICCS.search(text), "%s names an ICCS square: %r" % (what, text))
        self.assertIsNone(CODE.search(text), "%s shows a code: %r" % (what, text))

    def test_blocked_horse_in_both_languages_and_coordinates(self):
        server = self.start_server()
        name, tokens, _ = server.create_xiangqi_game("", *NAMES)

        # English: the horse on b0 to d1, its leg (c0) blocked by the elephant.
        red = self.open_red(server, name, tokens["SIDE_RED"], "en")
        self.try_move(red, "b0", "d1")
        self.wait_for(red, lambda d: "horse's leg is blocked" in shown_message(d),
                      message="the blocked leg in English")
        text = shown_message(red)
        self.assertIn("not a legal move", text)
        self.assert_plain(text, "the English refusal")
        self.assertEqual(h.attribute_of(red, "#message", "data-kind"), "error")
        self.assertEqual(server.get_game(name).get("ply", 0), 0, "nothing was sent")

        # 中文: the same move, 马腿被绊 (蹩马腿), no English on the page.
        h.find(red, '[data-lang-switch] button[data-lang="zh"]').click()
        self.wait_for(red, lambda d: h.text_of(d, "#coordinates-toggle") == "显示坐标",
                      message="the coordinates switch in Chinese")
        self.try_move(red, "b0", "d1")
        self.wait_for(red, lambda d: "马腿被绊" in shown_message(d),
                      message="the blocked leg in Chinese")
        self.assert_plain(shown_message(red), "the Chinese refusal")
        self.assertEqual(latin_words(red, allow=NAMES), [], "the 中文 page with the refusal")
        h.screenshot(red, "wording-zh.png")

        # Coordinates on: the board shows files and ranks, and the refusal may name squares.
        self.assertEqual(h.attribute_of(red, "#coordinates-toggle", "aria-pressed"), "false")
        self.assertEqual(h.find_all(red, "#board .coord-label"), [])
        h.find(red, "#coordinates-toggle").click()
        self.wait_for(red, lambda d: len(h.find_all(d, "#board .coord-label")) == 19,
                      message="files a-i and ranks 0-9 on the board")
        labels = h.texts_of(red, "#board .coord-label")
        self.assertEqual(labels[:9], list("abcdefghi"))
        self.assertEqual(h.attribute_of(red, "#coordinates-toggle", "aria-pressed"), "true")
        self.try_move(red, "b0", "d1")
        self.wait_for(red, lambda d: "c0" in shown_message(d) and "马腿" in shown_message(d),
                      message="the leg's square named with coordinates on")
        # Remembered across a reload.
        self.assertEqual(red.execute_script("return localStorage.getItem('caipan.coordinates')"),
                         "on")
        red.refresh()
        self.wait_for(red, lambda d: len(h.find_all(d, "#board .coord-label")) == 19,
                      message="the coordinates kept after a reload")
        h.find(red, "#coordinates-toggle").click()
        self.wait_for(red, lambda d: h.find_all(d, "#board .coord-label") == [],
                      message="coordinates off again")
        self.assert_no_page_errors(red)

    def test_draw_claim_and_finished_game_in_chinese(self):
        # The server's own texts (the claim's answer, the verdict) reach the 中文 page in
        # Chinese: the page asks for its language and shows the game's verdict worded in it.
        server = self.start_server()
        name, tokens, _ = server.create_xiangqi_game("", *NAMES)
        red = self.open_red(server, name, tokens["SIDE_RED"], "zh")
        self.wait_for(red, lambda d: not h.find(d, "#claim-draw").get_attribute("disabled"),
                      message="red may claim on its turn")
        h.find(red, "#claim-draw").click()
        self.wait_for(red, lambda d: "无和棋可提" in h.text_of(d, "#claim-result"),
                      message="the claim's answer in Chinese")
        self.assertEqual(latin_words(red, allow=NAMES), [], "the 中文 page after the claim")
        server.call("GameService", "Resign", {"name": name, "token": tokens["SIDE_BLACK"]})
        self.wait_for(red, lambda d: "黑方认输" in h.text_of(d, "#banner-explanation"),
                      message="the verdict's explanation in Chinese")
        self.assertEqual(latin_words(red, allow=NAMES), [], "the finished 中文 page")
        h.screenshot(red, "wording-finished-zh.png")
        self.assert_no_page_errors(red)

    def test_lost_connection_in_both_languages(self):
        server = self.start_server()
        name, tokens, _ = server.create_xiangqi_game("", *NAMES)
        pages = {lang: self.open_red(server, name, tokens["SIDE_RED"], lang)
                 for lang in ("en", "zh")}
        for driver in pages.values():  # the legal moves are in before the server goes
            h.find(driver, point_css("h2")).click()
            self.wait_for(driver, lambda d: h.find_all(d, ".point.destination"),
                          message="h2's destinations")
            h.find(driver, point_css("h2")).click()
        server.stop()
        for driver in pages.values():
            self.try_move(driver, "h2", "e2")
        self.wait_for(pages["en"], lambda d: "Connection lost" in shown_message(d),
                      timeout=15, message="the lost connection in English")
        self.wait_for(pages["zh"], lambda d: "连接中断" in shown_message(d),
                      timeout=15, message="the lost connection in Chinese")
        for lang, driver in pages.items():
            self.assert_plain(shown_message(driver), "the %s connection message" % lang)
            self.assertNotIn("Failed to fetch", h.text_of(driver, "#message"))
        self.assertEqual(latin_words(pages["zh"], allow=NAMES), [], "the offline 中文 page")
        h.screenshot(pages["zh"], "wording-offline.png")


if __name__ == "__main__":
    h.run_main()
