"""Browser test of the live board's comforts (web/xiangqi.html, gomoku.html; issue 31 item 8).

What a lichess or 天天象棋 player expects of a live board: red drags 炮二平五 to its point (black
answers by click-click); the last move is marked on both its points, over the piece; each page
flips its board at will; a page plays a short synthesized sound per move (WebAudio, counted
here by wrapping OscillatorNode.start) unless muted, and the mute switch is remembered; black
looks back at an earlier position (a click on a move, ← / →) while red moves on, the view stays
where it was with a note of the new move, and "Back to the game" returns; the connection badge
follows the watch: Live, reconnecting and offline while the server is down, Live again when it
is back (same address, same SQLite store) with the moves made meanwhile. A premove picked on
the opponent's turn is played when the turn comes, dropped with a note when it is not legal
then, cancelled by a click or Escape, and the switch turns premoves off. The gomoku page has
the sound switch and the badge too. The 中文 pages show no English in these flows
(latin_scan.py).

Run: board_comforts_test.py --server caipan-server [--web-root web] --screenshots DIR
Screenshots: comforts-drag.png, comforts-browsing.png, comforts-premove.png, comforts-offline.png,
comforts-zh.png.
"""

import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

import browser_harness as h  # noqa: E402
from latin_scan import latin_words  # noqa: E402

# Counts the tones the page starts (each move sound starts one or more oscillators).
COUNT_TONES = """
window.__tones = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__tones += 1;
  return start.apply(this, args);
};
"""

def point_css(square):
    return '.point[data-square="%s"]' % square


def piece_at(driver, square):
    return h.attribute_of(driver, point_css(square), "data-piece")


def tones(driver):
    return driver.execute_script("return window.__tones || 0")


def last_move_marks(driver):
    """The squares whose last-move corners are drawn (displayed, with a visible stroke, over
    the piece), sorted."""
    return sorted(driver.execute_script("""
        const out = [];
        for (const point of document.querySelectorAll('#board .point')) {
          const corners = point.querySelector('.last-corners');
          if (!corners) continue;
          const style = getComputedStyle(corners);
          const box = corners.getBoundingClientRect();
          const piece = point.querySelector('.piece');
          const above = !piece || Boolean(
              piece.compareDocumentPosition(corners) & Node.DOCUMENT_POSITION_FOLLOWING);
          if (style.display !== 'none' && style.stroke !== 'none' && box.width > 20 &&
              parseFloat(style.strokeWidth) >= 3 && above) {
            out.push(point.dataset.square);
          }
        }
        return out;"""))


def screen_y(driver, square):
    return driver.execute_script(
        "return document.querySelector(arguments[0]).getBoundingClientRect().top;",
        point_css(square))


def shown_ply_text(driver):
    return h.text_of(driver, "#browse-note") if driver.execute_script(
        "return !document.getElementById('browse-bar').hidden") else ""


class BoardComfortsTest(h.BrowserTestCase):

    def open_player(self, server, name, token, side, lang="en"):
        driver = self.open_browser()
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_TONES})
        driver.get(server.page_url("xiangqi.html", game=name, token=token, side=side)
                   .replace("/xiangqi.html#", "/xiangqi.html?lang=%s#" % lang))
        self.wait_for(driver, lambda d: piece_at(d, "h2") == "C", message="the board")
        self.wait_for(driver, lambda d: h.text_of(d, "#connection") in ("Live", "已连接"),
                      message="the watch is connected")
        return driver

    def click_move(self, driver, source, target):
        h.find(driver, point_css(source)).click()
        self.wait_for(driver, lambda d: h.find_all(d, ".point.destination" + point_css(target)),
                      message="%s's destinations" % source)
        h.find(driver, point_css(target)).click()

    def test_drag_marks_flip_sound_and_browsing(self):
        server = self.start_server()
        name, tokens, _ = server.create_xiangqi_game("600+5", "Red Player", "Black Player")
        red = self.open_player(server, name, tokens["SIDE_RED"], "red")
        black = self.open_player(server, name, tokens["SIDE_BLACK"], "black")
        self.assertEqual(h.text_of(red, "#connection"), "Live")

        # Flip: black's board has black at the bottom; the switch turns it, and back.
        self.assertIn("flipped", h.attribute_of(black, "body", "class"))
        self.assertGreater(screen_y(black, "e9"), screen_y(black, "e0"))
        h.find(black, "#flip-board").click()
        self.wait_for(black, lambda d: "flipped" not in h.attribute_of(d, "body", "class"),
                      message="black's board turned: red at the bottom")
        self.assertGreater(screen_y(black, "e0"), screen_y(black, "e9"))
        self.assertEqual(h.attribute_of(black, "#flip-board", "aria-pressed"), "true")
        h.find(black, "#flip-board").click()
        self.wait_for(black, lambda d: screen_y(d, "e9") > screen_y(d, "e0"),
                      message="black's board turned back")

        # 1. 炮二平五 by drag and drop.
        self.wait_for(red, lambda d: h.text_of(d, "#status") == "Your move",
                      message="red's turn")
        ActionChains(red).click_and_hold(h.find(red, point_css("h2"))) \
            .move_by_offset(-20, 0).move_to_element(h.find(red, point_css("e2"))) \
            .release().perform()
        for driver in (red, black):
            self.wait_for(driver, lambda d: piece_at(d, "e2") == "C" and not piece_at(d, "h2"),
                          message="the dragged move on both pages")
            self.wait_for(driver, lambda d: last_move_marks(d) == ["e2", "h2"],
                          message="the last move marked on both its points")
        self.assertEqual(server.get_game(name)["moves"], ["h2e2"])
        h.screenshot(red, "comforts-drag.png")

        # Sounds: red's own move ticked; black's page (used: the flip clicks) ticked too.
        self.wait_for(red, lambda d: tones(d) >= 1, message="red's page played the move")
        self.wait_for(black, lambda d: tones(d) >= 1, message="black's page played red's move")

        # Mute on red's page: remembered across a reload; black's next move is silent there.
        h.find(red, "#sound-toggle").click()
        self.assertEqual(h.text_of(red, "#sound-toggle"), "Sound: off")
        self.assertEqual(h.attribute_of(red, "#sound-toggle", "aria-pressed"), "false")
        self.assertEqual(red.execute_script("return localStorage.getItem('caipan.sound')"), "off")
        red.refresh()
        self.wait_for(red, lambda d: piece_at(d, "e2") == "C", message="red's page reloaded")
        self.assertEqual(h.text_of(red, "#sound-toggle"), "Sound: off")
        h.find(red, "body").click()  # the reader has used the page: sound would be allowed
        black_tones = tones(black)
        self.click_move(black, "h9", "g7")  # 1... 马8进7
        self.wait_for(red, lambda d: piece_at(d, "g7") == "n", message="red sees 马8进7")
        self.wait_for(black, lambda d: tones(d) > black_tones, message="black's own tick")
        self.assertEqual(tones(red), 0, "a muted page makes no sound")
        self.assertEqual(last_move_marks(red), ["g7", "h9"])
        h.find(red, "#sound-toggle").click()
        self.assertEqual(h.text_of(red, "#sound-toggle"), "Sound: on")

        # 2. 马八进七 by clicks; black looks back at ply 1 with a click on the move.
        self.click_move(red, "b0", "c2")
        self.wait_for(black, lambda d: len(h.find_all(d, "#moves .move-text[data-ply]")) == 3,
                      message="three moves on black's page")
        h.find(black, '#moves .move-text[data-ply="1"]').click()
        self.wait_for(black, lambda d: "ply 1 of 3" in shown_ply_text(d),
                      message="black shows the position after ply 1")
        self.assertEqual(piece_at(black, "h9"), "n")
        self.assertEqual(piece_at(black, "b0"), "N")
        self.assertEqual(piece_at(black, "e2"), "C")
        self.assertEqual(last_move_marks(black), ["e2", "h2"])
        self.assertIn("move-current",
                      h.attribute_of(black, '#moves .move-text[data-ply="1"]', "class"))

        # A move arrives while black looks back: listed, noted, the view stays.
        server.submit_move(name, tokens["SIDE_BLACK"], "b9c7", 4)
        self.wait_for(black, lambda d: len(h.find_all(d, "#moves .move-text[data-ply]")) == 4,
                      message="the new move is listed")
        self.wait_for(black, lambda d: "New moves" in h.text_of(d, "#browse-bar"),
                      message="the new move is noted")
        self.assertIn("ply 1 of 4", shown_ply_text(black))
        self.assertEqual(piece_at(black, "h9"), "n", "the view was not pulled to the new move")
        self.assertEqual(piece_at(black, "b9"), "n")
        h.screenshot(black, "comforts-browsing.png")

        # ← / → step (outside the board); Home shows the start; Back to the game returns.
        h.find(black, "#moves").send_keys(Keys.ARROW_RIGHT)
        self.wait_for(black, lambda d: "ply 2 of 4" in shown_ply_text(d), message="→")
        self.assertEqual(piece_at(black, "g7"), "n")
        self.assertEqual(piece_at(black, "b0"), "N")
        black.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        black.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        self.wait_for(black, lambda d: "start position" in shown_ply_text(d), message="← ←")
        self.assertEqual(piece_at(black, "h2"), "C")
        self.assertEqual(last_move_marks(black), [])
        h.find(black, "#back-to-live").click()
        self.wait_for(black, lambda d: shown_ply_text(d) == "", message="back to the game")
        self.assertEqual(piece_at(black, "c7"), "n")
        self.assertEqual(piece_at(black, "c2"), "N")
        self.assertEqual(last_move_marks(black), ["b9", "c7"])
        self.assertEqual(h.find_all(black, "#moves .move-current"), [])

        # Red's page: → from the live position stays live; the last move shows; flip works.
        self.wait_for(red, lambda d: piece_at(d, "c7") == "n", message="red sees 马2进3")
        h.find(red, "#moves").send_keys(Keys.ARROW_LEFT)
        self.wait_for(red, lambda d: "ply 3 of 4" in shown_ply_text(d), message="red looks back")
        self.assertEqual(piece_at(red, "b9"), "n")
        red.switch_to.active_element.send_keys(Keys.END)
        self.wait_for(red, lambda d: shown_ply_text(d) == "", message="End returns")
        h.find(red, "#flip-board").click()
        self.wait_for(red, lambda d: screen_y(d, "e0") < screen_y(d, "e9"),
                      message="red's board flipped")
        self.assertIn("flipped", h.attribute_of(red, "body", "class"))
        for driver in (red, black):
            self.assert_no_page_errors(driver)

    def test_premove(self):
        server = self.start_server()
        name, tokens, _ = server.create_xiangqi_game("600+5", "Red Player", "Black Player")
        black = self.open_player(server, name, tokens["SIDE_BLACK"], "black")
        self.assertEqual(h.text_of(black, "#premove-toggle"), "Premove: on")

        def premove_marks(driver):
            return sorted(p.get_attribute("data-square")
                          for p in h.find_all(driver, ".point.mark-premove"))

        def moves():
            return server.get_game(name).get("moves", [])

        # Red to move: black picks 马8进7 by clicks; it waits, marked, and is played the
        # moment red has moved.
        self.wait_for(black, lambda d: h.text_of(d, "#status") == "Waiting for the opponent",
                      message="red's turn on black's page")
        h.find(black, point_css("h9")).click()
        self.wait_for(black, lambda d: premove_marks(d) == ["h9"], message="the piece picked")
        h.find(black, point_css("g7")).click()
        self.wait_for(black, lambda d: premove_marks(d) == ["g7", "h9"],
                      message="the premove marked")
        self.assertIn("Premove", h.text_of(black, "#message"))
        self.assertEqual(moves(), [])
        h.screenshot(black, "comforts-premove.png")
        server.submit_move(name, tokens["SIDE_RED"], "h2e2", 1)
        self.wait_for(black, lambda d: moves() == ["h2e2", "h9g7"],
                      message="the premove played when the turn came")
        self.wait_for(black, lambda d: piece_at(d, "g7") == "n" and premove_marks(d) == [],
                      message="the premove shown as played")

        # A premove the position does not allow then (the chariot through its own soldier)
        # is not sent: the page says so.
        h.find(black, point_css("a9")).click()
        h.find(black, point_css("a5")).click()
        self.wait_for(black, lambda d: premove_marks(d) == ["a5", "a9"],
                      message="the second premove marked")
        server.submit_move(name, tokens["SIDE_RED"], "b0c2", 3)
        self.wait_for(black, lambda d: "not legal now" in h.text_of(d, "#message"),
                      message="the illegal premove dropped")
        self.assertEqual(moves(), ["h2e2", "h9g7", "b0c2"])
        self.assertEqual(premove_marks(black), [])
        self.assertEqual(h.text_of(black, "#status"), "Your move")

        # Cancelled by a click on the board, and by Escape.
        server.submit_move(name, tokens["SIDE_BLACK"], "b9c7", 4)
        self.wait_for(black, lambda d: h.text_of(d, "#status") == "Waiting for the opponent",
                      message="red's turn again")
        h.find(black, point_css("a9")).click()
        h.find(black, point_css("a8")).click()
        self.wait_for(black, lambda d: premove_marks(d) == ["a8", "a9"], message="marked")
        h.find(black, point_css("e5")).click()
        self.wait_for(black, lambda d: premove_marks(d) == [], message="cancelled by a click")
        self.assertEqual(h.text_of(black, "#message"), "Premove cancelled")
        h.find(black, point_css("a9")).click()
        h.find(black, point_css("a8")).click()
        self.wait_for(black, lambda d: premove_marks(d) == ["a8", "a9"], message="marked again")
        h.find(black, "body").send_keys(Keys.ESCAPE)
        self.wait_for(black, lambda d: premove_marks(d) == [], message="cancelled by Escape")
        server.submit_move(name, tokens["SIDE_RED"], "a0a1", 5)
        self.wait_for(black, lambda d: h.text_of(d, "#status") == "Your move",
                      message="black's turn")
        time.sleep(0.5)
        self.assertEqual(len(moves()), 5, "a cancelled premove is never sent")

        # Switched off (remembered): a click on the opponent's turn picks nothing.
        server.submit_move(name, tokens["SIDE_BLACK"], "a9a8", 6)
        self.wait_for(black, lambda d: h.text_of(d, "#status") == "Waiting for the opponent",
                      message="red's turn, a third time")
        h.find(black, "#premove-toggle").click()
        self.assertEqual(h.text_of(black, "#premove-toggle"), "Premove: off")
        self.assertEqual(black.execute_script("return localStorage.getItem('caipan.premove')"),
                         "off")
        h.find(black, point_css("c7")).click()
        self.wait_for(black, lambda d: h.text_of(d, "#message") == "It is not your turn",
                      message="no premove while switched off")
        self.assertEqual(premove_marks(black), [])
        self.assert_no_page_errors(black)

    def test_connection_badge_follows_the_watch(self):
        data = tempfile.TemporaryDirectory(prefix="caipan-comforts-")
        self.addCleanup(data.cleanup)
        store = "sqlite:" + os.path.join(data.name, "games.db")
        flags = ["--data-dir=" + data.name]
        server = self.start_server(flags, store=store)
        name, tokens, _ = server.create_xiangqi_game("", "Red Player", "Black Player")
        red = self.open_player(server, name, tokens["SIDE_RED"], "red")
        self.assertEqual(h.text_of(red, "#connection"), "Live")
        self.assertTrue(h.find(red, "#connection").is_displayed())

        # The server goes away: reconnecting at once, offline after failed attempts.
        server.proc.kill()
        server.stop()
        self.wait_for(red, lambda d: h.attribute_of(d, "#connection", "data-status")
                      == "reconnecting", message="reconnecting")
        self.assertEqual(h.text_of(red, "#connection"), "Reconnecting…")
        self.wait_for(red, lambda d: h.attribute_of(d, "#connection", "data-status")
                      == "offline", timeout=15, message="offline after failed reconnections")
        self.assertEqual(h.text_of(red, "#connection"), "Offline")
        h.screenshot(red, "comforts-offline.png")

        # Back on the same address with the same store: live again, and a move made meanwhile
        # (through the API) shows.
        again = self.start_server(flags, store=store, port=server.port)
        again.submit_move(name, tokens["SIDE_RED"], "h2e2", 1)
        self.wait_for(red, lambda d: h.attribute_of(d, "#connection", "data-status")
                      == "connected", timeout=15, message="connected again")
        self.assertEqual(h.text_of(red, "#connection"), "Live")
        self.wait_for(red, lambda d: piece_at(d, "e2") == "C", message="the move made meanwhile")

        # The browser loses its network: offline at once; back: live.
        red.execute_cdp_cmd("Network.enable", {})
        red.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        self.wait_for(red, lambda d: h.attribute_of(d, "#connection", "data-status")
                      == "offline", message="offline with the network gone")
        red.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        self.wait_for(red, lambda d: h.attribute_of(d, "#connection", "data-status")
                      == "connected", timeout=15, message="live with the network back")
        self.assert_no_page_errors(red, ignore=["WebSocket", "ERR_INTERNET_DISCONNECTED",
                                                "ERR_CONNECTION_REFUSED"])

    def test_chinese_pages_and_gomoku(self):
        server = self.start_server()
        name, tokens, _ = server.create_xiangqi_game("300+2", "王天一", "郑惟桐")
        red = self.open_player(server, name, tokens["SIDE_RED"], "red", lang="zh")
        names = ("王天一", "郑惟桐")
        self.assertEqual(h.text_of(red, "#connection"), "已连接")
        self.assertEqual(h.text_of(red, "#sound-toggle"), "声音：开")
        self.assertEqual(h.text_of(red, "#flip-board"), "翻转棋盘")
        self.click_move(red, "h2", "e2")
        self.wait_for(red, lambda d: last_move_marks(d) == ["e2", "h2"], message="marked")
        server.submit_move(name, tokens["SIDE_BLACK"], "h9g7", 2)
        self.wait_for(red, lambda d: piece_at(d, "g7") == "n", message="black's move")
        h.find(red, '#moves .move-text[data-ply="1"]').click()
        self.wait_for(red, lambda d: shown_ply_text(d) == "正在查看第1步后的局面（共2步）",
                      message="looking back, in Chinese")
        server.submit_move(name, tokens["SIDE_RED"], "b0c2", 3)
        self.wait_for(red, lambda d: "已有新着法" in h.text_of(d, "#browse-bar"),
                      message="the new move noted in Chinese")
        self.assertEqual(h.text_of(red, "#back-to-live"), "回到当前局面")
        self.assertEqual(latin_words(red, allow=names), [], "the 中文 page while looking back")
        h.screenshot(red, "comforts-zh.png")
        h.find(red, "#sound-toggle").click()
        self.assertEqual(h.text_of(red, "#sound-toggle"), "声音：关")
        self.assertEqual(latin_words(red, allow=names), [], "the 中文 page, muted")

        # Gomoku: the same sound switch (its setting shared) and the connection badge.
        gomoku, gomoku_tokens, _ = server.create_game(
            kind="GAME_KIND_GOMOKU", players=[{"side": "SIDE_BLACK", "name": "黄金贵"},
                                              {"side": "SIDE_WHITE", "name": "祁观"}])
        red.get(server.page_url("gomoku.html", game=gomoku, token=gomoku_tokens["SIDE_BLACK"],
                                side="black").replace("/gomoku.html#", "/gomoku.html?lang=zh#"))
        self.wait_for(red, lambda d: h.attribute_of(d, "#connection", "data-status")
                      == "connected", message="the gomoku page's badge")
        self.assertEqual(h.text_of(red, "#connection"), "已连接")
        self.assertEqual(h.text_of(red, "#sound-toggle"), "声音：关")
        h.find(red, "#sound-toggle").click()
        self.assertEqual(h.text_of(red, "#sound-toggle"), "声音：开")
        before = tones(red)
        self.wait_for(red, lambda d: h.find_all(d, "svg.gomoku-board.interactive"),
                      message="black's turn")
        h.find(red, "rect.pt[data-point='h8']").click()
        self.wait_for(red, lambda d: h.find_all(d, "g.stone[data-point='h8']"),
                      message="the stone")
        self.wait_for(red, lambda d: tones(d) > before, message="the stone's tick")
        self.assertEqual(latin_words(red, allow=("黄金贵", "祁观")), [], "the 中文 gomoku page")
        self.assert_no_page_errors(red)


def gomoku_stones(driver):
    return len(h.find_all(driver, "g.stone"))


class GomokuLookBackTest(h.BrowserTestCase):

    def test_gomoku_looks_back_while_the_game_goes_on(self):
        server = self.start_server()
        name, tokens, _ = server.create_game(
            kind="GAME_KIND_GOMOKU", timeControl="600+5",
            players=[{"side": "SIDE_BLACK", "name": "黄金贵"},
                     {"side": "SIDE_WHITE", "name": "祁观"}])
        for ply, (side, point) in enumerate(
                [("SIDE_BLACK", "h8"), ("SIDE_WHITE", "h9"), ("SIDE_BLACK", "i8")], 1):
            server.submit_move(name, tokens[side], point, ply)
        # White keeps its colour (the swap after move 3), then the game goes on.
        server.call("GameService", "SubmitMove",
                    {"name": name, "token": tokens["SIDE_WHITE"], "ply": 4,
                     "gomokuAction": {"declineSwap": {}}})
        white = self.open_browser()
        white.get(server.page_url("gomoku.html", game=name, token=tokens["SIDE_WHITE"],
                                  side="white").replace("/gomoku.html#", "/gomoku.html?lang=zh#"))
        self.wait_for(white, lambda d: gomoku_stones(d) == 3, message="three stones")
        h.find(white, '#moves li[data-ply="1"]').click()
        self.wait_for(white, lambda d: gomoku_stones(d) == 1, message="the board after move 1")
        self.assertIn("第1手", h.text_of(white, "#browse-note"))
        self.assertIn("move-current",
                      h.attribute_of(white, '#moves li[data-ply="1"]', "class"))
        # A move arrives while white looks back: noted, the view stays.
        server.submit_move(name, tokens["SIDE_WHITE"], "g9", 5)
        self.wait_for(white, lambda d: len(h.find_all(d, "#moves li[data-ply]")) == 5,
                      message="the new move is listed")
        self.wait_for(white, lambda d: "已有新着法" in h.text_of(d, "#browse-bar"),
                      message="the new move is noted")
        self.assertEqual(gomoku_stones(white), 1, "the view was not pulled to the new move")
        h.find(white, "#moves").send_keys(Keys.ARROW_RIGHT)
        self.wait_for(white, lambda d: gomoku_stones(d) == 2, message="→ shows move 2")
        self.assertEqual(latin_words(white, allow=("黄金贵", "祁观")), [],
                         "the 中文 page looking back")
        h.find(white, "#back-to-live").click()
        self.wait_for(white, lambda d: gomoku_stones(d) == 4, message="back to the game")
        self.assertTrue(h.find(white, "#browse-bar").get_attribute("hidden") is not None)
        self.assert_no_page_errors(white)


if __name__ == "__main__":
    h.run_main()
