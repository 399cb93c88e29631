"""Browser test of takeback by agreement and the rematch (issue 31 item 8).

A xiangqi game created with takebacks allowed: red (on the 中文 page) plays 炮二平五 and asks
to take it back; black (English page) sees the request and accepts; both boards show the
cannon back on h2 and no move listed. Black asks in turn after its reply and red declines:
nothing changes. Then black resigns; both banners offer a rematch. Red asks first and is taken
to the new game as black; black's page notices the opponent's rematch within seconds, accepts,
and is taken to it as red; the new red moves and the new black's board shows it. A game
created without takebacks shows no takeback button. The 中文 page shows no English in these
flows (latin_scan.py). The start page's checkbox makes its games allow takebacks.

Run: takeback_rematch_test.py --server caipan-server [--web-root web] --screenshots DIR
Screenshots: takeback-request.png, rematch-offered.png.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import browser_harness as h  # noqa: E402
from latin_scan import latin_words  # noqa: E402

NAMES = ("王天一", "郑惟桐")


def point_css(square):
    return '.point[data-square="%s"]' % square


def piece_at(driver, square):
    return h.attribute_of(driver, point_css(square), "data-piece")


def shown(driver, css):
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]);"
        "return Boolean(e) && !e.hidden && e.offsetParent !== null;", css)


def stone_at(driver, point):
    """The colour of the gomoku stone on `point` ('black' / 'white'), or '' when empty."""
    classes = h.attribute_of(driver, "g.stone[data-point='%s']" % point, "class").split()
    return "black" if "black" in classes else "white" if "white" in classes else ""


def listed_moves(driver):
    return len(h.find_all(driver, "#moves .move-text[data-ply]"))


class TakebackRematchTest(h.BrowserTestCase):

    def open_player(self, server, name, token, side, lang):
        driver = self.open_browser()
        driver.get(server.page_url("xiangqi.html", game=name, token=token, side=side)
                   .replace("/xiangqi.html#", "/xiangqi.html?lang=%s#" % lang))
        self.wait_for(driver, lambda d: piece_at(d, "h2") == "C", message="the board")
        return driver

    def click_move(self, driver, source, target):
        h.find(driver, point_css(source)).click()
        self.wait_for(driver, lambda d: h.find_all(d, ".point.destination" + point_css(target)),
                      message="%s's destinations" % source)
        h.find(driver, point_css(target)).click()

    def test_takeback_then_rematch(self):
        server = self.start_server()
        name, tokens, game = server.create_game(
            kind="GAME_KIND_XIANGQI", timeControl="600+5", allowTakebacks=True,
            players=[{"side": "SIDE_RED", "name": NAMES[0]},
                     {"side": "SIDE_BLACK", "name": NAMES[1]}])
        self.assertTrue(game.get("allowTakebacks"))
        red = self.open_player(server, name, tokens["SIDE_RED"], "red", "zh")
        black = self.open_player(server, name, tokens["SIDE_BLACK"], "black", "en")

        # Nothing to take back before one's first move.
        self.assertTrue(h.find(red, "#request-takeback").get_attribute("disabled"))
        self.click_move(red, "h2", "e2")
        self.wait_for(black, lambda d: piece_at(d, "e2") == "C", message="black sees 炮二平五")
        self.wait_for(red, lambda d: not h.find(d, "#request-takeback").get_attribute("disabled"),
                      message="red may ask to take back")
        self.assertEqual(h.text_of(red, "#request-takeback"), "请求悔棋")
        h.find(red, "#request-takeback").click()
        self.wait_for(red, lambda d: "已请求悔棋" in h.text_of(d, "#takeback-offer"),
                      message="red's page says the request is pending")
        self.wait_for(black, lambda d: shown(d, "#accept-takeback"),
                      message="black is asked")
        self.assertIn("take back", h.text_of(black, "#takeback-text"))
        self.assertEqual(latin_words(red, allow=NAMES), [], "the 中文 page with the request")
        h.screenshot(black, "takeback-request.png")
        h.find(black, "#accept-takeback").click()
        for driver in (red, black):
            self.wait_for(driver, lambda d: piece_at(d, "h2") == "C" and not piece_at(d, "e2"),
                          message="the cannon is back on h2")
            self.wait_for(driver, lambda d: listed_moves(d) == 0, message="no move listed")
            self.wait_for(driver, lambda d: not shown(d, "#takeback-offer"),
                          message="the request is answered")
        self.assertEqual(server.get_game(name).get("moves", []), [])

        # Red plays again; black replies and asks; red declines: nothing changes.
        self.click_move(red, "b2", "e2")
        self.wait_for(black, lambda d: piece_at(d, "e2") == "C", message="black sees 炮八平五")
        self.click_move(black, "h9", "g7")
        self.wait_for(red, lambda d: piece_at(d, "g7") == "n", message="red sees 马8进7")
        h.find(black, "#request-takeback").click()
        self.wait_for(red, lambda d: shown(d, "#decline-takeback"), message="red is asked")
        self.assertEqual(h.text_of(red, "#takeback-text"), "对方请求悔棋")
        self.assertEqual(latin_words(red, allow=NAMES), [], "the 中文 page asked")
        h.find(red, "#decline-takeback").click()
        self.wait_for(black, lambda d: not shown(d, "#takeback-offer"), message="declined")
        self.assertEqual(server.get_game(name)["moves"], ["b2e2", "h9g7"])

        # Black resigns; red asks for a rematch first and plays black in it.
        server.call("GameService", "Resign", {"name": name, "token": tokens["SIDE_BLACK"]})
        for driver in (red, black):
            self.wait_for(driver, lambda d: shown(d, "#rematch-button"),
                          message="the banner offers a rematch")
        self.assertEqual(h.text_of(red, "#rematch-button"), "再来一局")
        self.assertEqual(latin_words(red, allow=NAMES), [], "the finished 中文 page")
        h.find(red, "#rematch-button").click()
        self.wait_for(red, lambda d: "side=black" in d.current_url and
                      h.text_of(d, "#status") != "", message="red is taken to the rematch")
        rematch = server.get_game(name)["rematch"]
        self.assertIn(rematch, red.current_url)
        self.wait_for(red, lambda d: piece_at(d, "h2") == "C", message="the rematch's board")
        self.assertIn("flipped", h.attribute_of(red, "body", "class"),
                      "the former red sees the board from black's side")

        # Black's page learns of it and accepts: red in the rematch.
        self.wait_for(black, lambda d: "wants a rematch" in h.text_of(d, "#rematch"),
                      timeout=15, message="black's page notices the rematch")
        h.screenshot(black, "rematch-offered.png")
        h.find(black, "#rematch-button").click()
        self.wait_for(black, lambda d: "side=red" in d.current_url, message="black is taken")
        self.assertIn(rematch, black.current_url)
        self.wait_for(black, lambda d: piece_at(d, "h2") == "C", message="the rematch's board")
        self.click_move(black, "h2", "e2")
        self.wait_for(red, lambda d: piece_at(d, "e2") == "C",
                      message="the rematch's black sees its red's move")
        self.assertEqual(server.get_game(rematch)["players"][0]["name"], NAMES[1])
        self.assertEqual(latin_words(red, allow=NAMES), [], "the 中文 rematch page")
        for driver in (red, black):
            self.assert_no_page_errors(driver, ignore=("GetGame", "404", "not_found"))

    def test_gomoku_takeback_and_rematch(self):
        server = self.start_server()
        name, tokens, _ = server.create_game(
            kind="GAME_KIND_GOMOKU", timeControl="600+5", allowTakebacks=True,
            players=[{"side": "SIDE_BLACK", "name": NAMES[0]},
                     {"side": "SIDE_WHITE", "name": NAMES[1]}])
        black = self.open_browser()
        black.get(server.page_url("gomoku.html", game=name, token=tokens["SIDE_BLACK"],
                                  side="black").replace("/gomoku.html#", "/gomoku.html?lang=zh#"))
        self.wait_for(black, lambda d: h.text_of(d, "#connection") == "已连接",
                      message="black's page watches the game")
        server.submit_move(name, tokens["SIDE_BLACK"], "h8", 1)
        self.wait_for(black, lambda d: stone_at(d, "h8") == "black", message="black's stone")
        self.wait_for(black, lambda d: shown(d, "#request-takeback") and
                      not h.find(d, "#request-takeback").get_attribute("disabled"),
                      message="black may ask to take back")
        h.find(black, "#request-takeback").click()
        self.wait_for(black, lambda d: "已请求悔棋" in h.text_of(d, "#takeback-offer"),
                      message="the request is pending")
        server.call("GameService", "RespondToTakeback",
                    {"name": name, "token": tokens["SIDE_WHITE"], "accept": True})
        self.wait_for(black, lambda d: stone_at(d, "h8") == "", message="the stone is taken back")
        server.call("GameService", "Resign", {"name": name, "token": tokens["SIDE_WHITE"]})
        self.wait_for(black, lambda d: shown(d, "#rematch-button"), message="a rematch offered")
        self.assertEqual(latin_words(black, allow=NAMES), [], "the finished 中文 gomoku page")
        h.find(black, "#rematch-button").click()
        self.wait_for(black, lambda d: "side=white" in d.current_url,
                      message="black plays white in the rematch")

    def test_no_takeback_button_without_the_option(self):
        server = self.start_server()
        name, tokens, _ = server.create_xiangqi_game("600+5", *NAMES)
        red = self.open_player(server, name, tokens["SIDE_RED"], "red", "en")
        self.wait_for(red, lambda d: shown(d, "#resign"), message="the player's buttons")
        self.assertFalse(shown(red, "#request-takeback"))

    def test_start_page_games_allow_takebacks(self):
        server = self.start_server()
        driver = self.open_browser()
        driver.get(server.page_url("index.html"))
        box = h.find(driver, "#allow-takebacks")
        self.assertTrue(box.is_selected(), "takebacks are on for a friendly game")
        h.find(driver, "#create-button").click()
        self.wait_for(driver, lambda d: shown(d, "#created"), message="the game is created")
        link = h.attribute_of(driver, '[data-link="red"] a', "href")
        game_name = link.split("game=")[1].split("&")[0]
        self.assertTrue(server.get_game(game_name).get("allowTakebacks"))


if __name__ == "__main__":
    h.run_main()
