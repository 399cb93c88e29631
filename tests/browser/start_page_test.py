"""The start page (index.html) as a first-time player uses it, without docs
(tests/browser/browser_harness.py).

In 中文 and in English: one player creates a xiangqi game and then a gomoku game on the start
page, follows their own link, and sends the other link to a friend, who opens it in a browser of
their own. Each page knows its player's side (never "Spectator"), and both play a couple of
moves each: 1. 炮二平五 马8进7 2. 马八进七 马2进3, and gomoku's designated opening (h8 g9 i8),
white's "no swap" and move 4. The 中文 pages show no English word on the way (latin_scan.py).

Time controls: choosing the preset 5′+3″ and typing "5+3" in the minutes field both create a
game whose time_control is "300+3"; the advanced field takes the API's text in seconds.
Screenshots: start-page-zh.png, start-page-links-zh.png, start-page-gomoku-zh.png,
start-page-xiangqi-en.png, start-page-time.png.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

import browser_harness as h  # noqa: E402
from latin_scan import latin_words  # noqa: E402

TEXTS = {
    "zh": {"role": {"red": "你执红方", "black": "你执黑方", "white": "你执白方"},
           "your_turn": "轮到你", "live": "已连接",
           "xiangqi_names": ("王天一", "郑惟桐"), "gomoku_names": ("黄金贵", "祁观")},
    "en": {"role": {"red": "You play Red", "black": "You play Black",
                    "white": "You play White"},
           "your_turn": "Your turn", "live": "Live",
           "xiangqi_names": ("Alice", "Bob"), "gomoku_names": ("Carol", "Dave")},
}
XIANGQI_MOVES = [("red", "h2", "e2", "C"), ("black", "h9", "g7", "n"),
                 ("red", "b0", "c2", "N"), ("black", "b9", "c7", "n")]


def piece_at(driver, square):
    return h.attribute_of(driver, '.point[data-square="%s"]' % square, "data-piece")


def stone_at(driver, point):
    classes = h.attribute_of(driver, "g.stone[data-point='%s']" % point, "class").split()
    return "black" if "black" in classes else "white" if "white" in classes else ""


class StartPageTest(h.BrowserTestCase):

    def assert_chinese_only(self, driver, where, names=()):
        words = latin_words(driver, allow=names)
        self.assertEqual(words, [], "English words on the 中文 %s" % where)

    def open_start_page(self, driver, server, lang):
        """The start page as a newcomer finds it: English (the browser's language), switched to
        中文 with the header's button when `lang` is zh."""
        driver.get(server.base_url + "/")
        self.wait_for(driver, lambda d: h.find(d, "#create-button").is_enabled(),
                      message="the start page loads")
        if lang == "zh":
            h.find(driver, '[data-lang-switch] button[data-lang="zh"]').click()
            self.wait_for(driver, lambda d: h.text_of(d, "#create-button") == "创建对局",
                          message="the start page in 中文")

    def create_on_start_page(self, driver, kind, names, preset):
        """Picks the game, the names and a time-control preset; returns the links by role."""
        h.find(driver, 'input[name="kind"][value="%s"]' % kind).click()
        for field, name in zip(("#first-name", "#second-name"), names):
            h.find(driver, field).clear()
            h.find(driver, field).send_keys(name)
        Select(h.find(driver, "#time-preset")).select_by_value(preset)
        h.find(driver, "#create-button").click()
        self.wait_for(driver, lambda d: len(h.find_all(d, "#links li a")) >= 3,
                      message="the links of the created %s game" % kind)
        return {item.get_attribute("data-link"):
                item.find_element(By.CSS_SELECTOR, "a").get_attribute("href")
                for item in h.find_all(driver, "#links li")}

    def open_friend(self, lang):
        """The friend's own browser, in their language (a 中文 friend's browser asks for
        zh-CN: the page opens in 中文 by itself)."""
        driver = self.open_browser()
        if lang == "zh":
            agent = driver.execute_script("return navigator.userAgent")
            driver.execute_cdp_cmd("Emulation.setUserAgentOverride",
                                   {"userAgent": agent, "acceptLanguage": "zh-CN"})
        return driver

    def follow_link(self, driver, link, side, lang):
        driver.get(link)
        texts = TEXTS[lang]
        self.wait_for(driver, lambda d: h.text_of(d, "#role") == texts["role"][side],
                      message="the %s player's page knows its side" % side)
        self.wait_for(driver, lambda d: h.text_of(d, "#connection") == texts["live"],
                      message="the %s player's page watches the game" % side)
        self.assertEqual(h.attribute_of(driver, "html", "lang"),
                         "zh-CN" if lang == "zh" else "en")

    def play_xiangqi(self, server, lang):
        texts = TEXTS[lang]
        names = texts["xiangqi_names"]
        host = self.open_browser()
        self.open_start_page(host, server, lang)
        if lang == "zh":
            self.assert_chinese_only(host, "start page")
            h.screenshot(host, "start-page-zh.png", full_page=True)
        links = self.create_on_start_page(host, "xiangqi", names, "600+5")
        for side in ("red", "black"):
            self.assertIn("side=%s" % side, links[side])
            self.assertIn("token=", links[side])
        self.assertNotIn("token=", links["spectator"])
        if lang == "zh":
            self.assert_chinese_only(host, "start page with the links", names)
            h.screenshot(host, "start-page-links-zh.png", full_page=True)
        friend = self.open_friend(lang)
        players = {"red": host, "black": friend}
        self.follow_link(host, links["red"], "red", lang)
        self.follow_link(friend, links["black"], "black", lang)
        for side, source, target, piece in XIANGQI_MOVES:
            driver = players[side]
            self.wait_for(driver, lambda d: h.find_all(d, '.point[data-square="%s"]' % source),
                          message="the board")
            h.find(driver, '.point[data-square="%s"]' % source).click()
            self.wait_for(driver, lambda d: h.find_all(
                d, '.point.destination[data-square="%s"]' % target),
                message="%s's destinations from the server" % source)
            h.find(driver, '.point[data-square="%s"]' % target).click()
            for viewer in players.values():
                self.wait_for(viewer, lambda d: piece_at(d, target) == piece,
                              message="%s%s on both pages" % (source, target))
        game = server.get_game(links["spectator"].split("#game=", 1)[1])
        self.assertEqual(game["moves"], ["h2e2", "h9g7", "b0c2", "b9c7"])
        self.assertEqual(game["timeControl"], "600+5")
        if lang == "zh":
            self.assertEqual(h.text_of(host, "#moves .move-text"), "炮二平五")
            for driver, where in ((host, "red player's page"), (friend, "black player's page")):
                self.assert_chinese_only(driver, where, names)
        else:
            h.screenshot(friend, "start-page-xiangqi-en.png")
        return host, friend

    def play_gomoku(self, server, lang, host, friend):
        texts = TEXTS[lang]
        names = texts["gomoku_names"]
        self.open_start_page(host, server, None)
        self.wait_for(host, lambda d: h.text_of(d, "#create-button") ==
                      ("创建对局" if lang == "zh" else "Create the game"),
                      message="the start page remembers its language")
        links = self.create_on_start_page(host, "gomoku", names, "300+3")
        self.assertIn("side=black", links["black"])
        self.assertIn("side=white", links["white"])
        if lang == "zh":
            self.assert_chinese_only(host, "start page with the gomoku links", names)
        players = {"black": host, "white": friend}
        self.follow_link(host, links["black"], "black", lang)
        self.follow_link(friend, links["white"], "white", lang)

        def play(side, point):
            driver = players[side]
            self.wait_for(driver, lambda d: texts["your_turn"] in h.text_of(d, "#status")
                          and h.find_all(d, "svg.gomoku-board.interactive"),
                          message="%s's turn on %s's page" % (side, side))
            h.find(driver, "rect.pt[data-point='%s']" % point).click()
            for viewer in players.values():
                self.wait_for(viewer, lambda d: stone_at(d, point) != "",
                              message="the stone on %s on both pages" % point)

        play("black", "h8")
        play("white", "g9")
        play("black", "i8")
        self.wait_for(friend, lambda d: h.find_all(
            d, "#opening button[data-action='noswap']:enabled"),
            message="white's page offers the swap decision")
        h.find(friend, "#opening button[data-action='noswap']").click()
        play("white", "o15")
        self.wait_for(host, lambda d: h.find_all(d, "#opening [data-phase='propose']"),
                      message="black's page asks for the fifth-move proposals")
        game = server.get_game(links["spectator"].split("#game=", 1)[1])
        self.assertEqual(game["kind"], "GAME_KIND_GOMOKU")
        self.assertEqual(game["timeControl"], "300+3")
        self.assertEqual(len(game["moves"]), 5, game["moves"])  # four stones and "no swap"
        if lang == "zh":
            h.screenshot(friend, "start-page-gomoku-zh.png")
            for driver, where in ((host, "black player's page"), (friend, "white player's page")):
                self.assert_chinese_only(driver, where, names)
        for driver in (host, friend):
            self.assert_no_page_errors(driver)

    def test_newcomers_play_xiangqi_then_gomoku_in_chinese(self):
        server = self.start_server()
        host, friend = self.play_xiangqi(server, "zh")
        self.play_gomoku(server, "zh", host, friend)

    def test_newcomers_play_xiangqi_then_gomoku_in_english(self):
        server = self.start_server()
        host, friend = self.play_xiangqi(server, "en")
        self.play_gomoku(server, "en", host, friend)

    def test_time_control_presets_and_minutes(self):
        server = self.start_server()
        driver = self.open_browser()
        self.open_start_page(driver, server, "zh")

        def created_time_control():
            h.find(driver, "#create-button").click()
            self.wait_for(driver, lambda d: h.find_all(d, '#links li[data-link="spectator"] a'),
                          message="the game is created")
            link = h.attribute_of(driver, '#links li[data-link="spectator"] a', "href")
            driver.execute_script("document.getElementById('links').replaceChildren()")
            return server.get_game(link.split("#game=", 1)[1])["timeControl"]

        # A preset, by its label.
        preset = Select(h.find(driver, "#time-preset"))
        labels = [option.text for option in preset.options]
        self.assertIn("5分+3秒", labels)
        preset.select_by_visible_text("5分+3秒")
        self.assertEqual(created_time_control(), "300+3")

        # "5+3" as players write it: minutes, then seconds a move.
        preset.select_by_value("custom")
        minutes = h.find(driver, "#time-minutes")
        self.assertTrue(minutes.is_displayed())
        minutes.clear()
        minutes.send_keys("5+3")
        self.wait_for(driver, lambda d: "300+3" in h.text_of(d, "#time-preview"),
                      message="the field says what it reads")
        self.assertIn("5分钟", h.text_of(driver, "#time-preview"))
        self.assert_chinese_only(driver, "start page (custom time)")
        h.screenshot(driver, "start-page-time.png", full_page=True)
        self.assertEqual(created_time_control(), "300+3")

        # A typo is refused on the page, and nothing is created.
        minutes.clear()
        minutes.send_keys("5+x")
        h.find(driver, "#create-button").click()
        self.wait_for(driver, lambda d: h.attribute_of(d, "#create-message", "data-kind")
                      == "error", message="an unreadable time control is refused")
        self.assertEqual(h.find_all(driver, "#links li"), [])

        # The advanced field: the API's text, in seconds, as its label says.
        self.assertIn("秒", h.text_of(driver, 'label[for="time-control"]'))
        minutes.clear()
        advanced = h.find(driver, "#time-control")
        advanced.send_keys("W360+3-B240+3;armageddon")
        self.assertEqual(created_time_control(), "W360+3-B240+3;armageddon")

        # English labels: the same presets, the choice kept.
        Select(h.find(driver, "#time-preset")).select_by_value("300+3")
        h.find(driver, '[data-lang-switch] button[data-lang="en"]').click()
        self.wait_for(driver, lambda d: Select(h.find(d, "#time-preset"))
                      .first_selected_option.text == "5 min + 3 s",
                      message="the preset relabelled in English")
        self.assertIn("seconds", h.text_of(driver, 'label[for="time-control"]'))
        self.assert_no_page_errors(driver)


if __name__ == "__main__":
    h.run_main()
