"""Browser test of the analysis page's adjudication mode (web/analysis.html, issue 31 item 9).

A record of a game played over the board states its result: the page rules it in claim mode
by default (nothing is ruled unless a player claimed), so a published draw in which black gave
perpetual check is not turned into a red win; the automatic mode is one choice away and gives
that red win; the ruling says which mode ruled and why it was chosen. A record without a
result is ruled automatically. A new action (a submit, an example, a file) clears the old
error, a failing submit takes the old ruling away, and a click anywhere on a move's row shows
that position on the board. On the 中文 page no English is shown in these flows (latin_scan.py).

Run: analysis_mode_test.py --server caipan-server [--web-root web] --screenshots DIR
Screenshots: analysis-mode-claim.png, analysis-mode-zh.png.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import browser_harness as h  # noqa: E402
from latin_scan import latin_words  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

CLAIM = "XIANGQI_ADJUDICATION_MODE_CLAIM"
AUTOMATIC = "XIANGQI_ADJUDICATION_MODE_AUTOMATIC"

# Black's rook checks red's king from e2 and f2 in turn: automatically a red win (black's
# perpetual check), but the players agreed a draw and nobody claimed.
PUBLISHED_DRAW = """[Event "Club game"]
[Result "1/2-1/2"]
[FEN "3k5/9/9/9/9/9/9/4r4/9/4K4 w - - 0 1"]

1. 帅五平四 车5平6 2. 帅四平五 车6平5 3. 帅五平四 车5平6 4. 帅四平五 车6平5 1/2-1/2
"""

# The same moves with no result: a position checked for a ruling, ruled automatically.
NO_RESULT = PUBLISHED_DRAW.replace('[Result "1/2-1/2"]\n', "").replace(" 1/2-1/2\n", " *\n")

# The first move is no move: the server refuses the record.
BROKEN = """[FEN "3k5/9/9/9/9/9/9/4r4/9/4K4 w - - 0 1"]
1. ... 车6平5 2. 帅五平四
"""

# Names on this page beyond latin_scan's: the encodings (UTF-8, GBK / GB18030, Big5) and the
# keys of the step hint, as printed on the keyboard.
PAGE_WORDS = ("UTF", "GBK", "GB", "Big", "Home", "End")


def is_shown(driver, css):
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return Boolean(e && !e.hidden);", css)


def current_ply(driver):
    return int(h.attribute_of(driver, "table.annotations tr.current", "data-ply") or 0)


def piece_on(driver, square):
    return h.attribute_of(driver, "#board g.point[data-square='%s']" % square, "data-piece")


class AnalysisModeTest(h.BrowserTestCase):

    def open_page(self, language):
        server = self.start_server()
        driver = self.open_browser(height=1300)
        driver.get("%s/analysis.html?lang=%s" % (server.base_url, language))
        self.wait_for(driver, lambda d: h.find_all(d, "[data-lang-switch] button"),
                      message="the page is ready")
        return driver

    def submit(self, driver, record, mode=None):
        """Pastes `record`, picks `mode` (an option value) when given, and submits; waits for
        the answer (a ruling or an error)."""
        box = h.find(driver, "#record")
        box.clear()
        if record:
            box.send_keys(record)
        if mode:
            Select(h.find(driver, "#xiangqi-mode")).select_by_value(mode)
        driver.execute_script("""window.__before = [
            document.querySelector('#verdict .verdict-headline'),
            document.getElementById('error').firstChild];""")
        h.find(driver, "#submit").click()
        self.wait_for(driver, lambda d: d.execute_script("""
            const error = document.getElementById('error');
            const headline = document.querySelector('#verdict .verdict-headline');
            if (document.getElementById('submit').disabled) return false;
            if (!error.hidden && error.firstChild !== window.__before[1]) return true;
            return !document.getElementById('results').hidden &&
                headline !== window.__before[0];"""), timeout=15, message="the page answers")

    def verdict(self, driver):
        return {
            "result": h.text_of(driver, ".verdict-result"),
            "reason": h.attribute_of(driver, ".verdict-reason", "data-reason"),
            "mode": h.attribute_of(driver, ".verdict-mode", "data-mode"),
            "chosen_by": h.attribute_of(driver, ".verdict-mode", "data-chosen-by"),
            "mode_text": h.text_of(driver, ".verdict-mode"),
        }

    def test_published_draw_is_ruled_on_claim_by_default(self):
        d = self.open_page("en")
        self.assertEqual(h.find(d, "#xiangqi-mode").get_attribute("value"), "record",
                         "the mode follows the record by default")
        self.submit(d, PUBLISHED_DRAW)
        self.assertFalse(is_shown(d, "#error"), h.text_of(d, "#error"))
        ruling = self.verdict(d)
        self.assertEqual(ruling["result"], "No ruling (nothing was claimed)",
                         "a published draw is no red win")
        self.assertIn(ruling["reason"], ("", "VERDICT_REASON_NONE"))
        self.assertEqual(ruling["mode"], CLAIM)
        self.assertEqual(ruling["chosen_by"], "stated")
        self.assertIn("on claim", ruling["mode_text"])
        self.assertIn("states a result", ruling["mode_text"])
        self.assertIn("1/2-1/2", h.text_of(d, ".verdict-recorded"))
        self.assertIn("black must vary", h.text_of(d, ".verdict-claim-at-end"))
        self.assertIn("repetition", h.text_of(d, ".verdict-claimable"))
        d.execute_script("document.getElementById('results').scrollIntoView()")
        h.screenshot(d, "analysis-mode-claim.png")

        # The user switches to the automatic mode: black's perpetual check loses.
        self.submit(d, PUBLISHED_DRAW, mode=AUTOMATIC)
        ruling = self.verdict(d)
        self.assertEqual(ruling["result"], "Red wins")
        self.assertEqual(ruling["reason"], "VERDICT_REASON_FORBIDDEN_REPETITION")
        self.assertEqual(ruling["mode"], AUTOMATIC)
        self.assertEqual(ruling["chosen_by"], "")
        self.assertIn("automatically", ruling["mode_text"])

        # Claim mode picked by hand: said, without a reason for the choice.
        self.submit(d, PUBLISHED_DRAW, mode=CLAIM)
        ruling = self.verdict(d)
        self.assertEqual((ruling["mode"], ruling["chosen_by"]), (CLAIM, ""))
        self.assertIn(ruling["reason"], ("", "VERDICT_REASON_NONE"))

        # A record without a result, mode from the record: ruled automatically, and said so.
        self.submit(d, NO_RESULT, mode="record")
        ruling = self.verdict(d)
        self.assertEqual(ruling["result"], "Red wins")
        self.assertEqual((ruling["mode"], ruling["chosen_by"]), (AUTOMATIC, "unstated"))
        self.assertIn("states no result", ruling["mode_text"])
        self.assert_no_page_errors(d)

    def test_new_actions_clear_old_messages_and_rows_jump(self):
        d = self.open_page("en")
        self.submit(d, PUBLISHED_DRAW)
        self.assertEqual(current_ply(d), 8)

        # A click on a row's move (not only its ply button) shows that position.
        h.find(d, "table.annotations tr[data-ply='3'] td.move").click()
        self.wait_for(d, lambda d: current_ply(d) == 3, message="the row's click shows ply 3")
        self.assertEqual(h.text_of(d, "#ply-label"), "Ply 3 of 8")
        self.assertEqual(piece_on(d, "e0"), "K")
        self.assertEqual(piece_on(d, "f2"), "r")
        h.find(d, "table.annotations tr[data-ply='6'] td.kind").click()
        self.wait_for(d, lambda d: current_ply(d) == 6, message="the kind cell jumps too")
        self.assertEqual(piece_on(d, "f0"), "K")

        # A refused record: its error shows, and the last ruling (another record's) goes.
        self.submit(d, BROKEN)
        self.wait_for(d, lambda d: "not a move" in h.text_of(d, "#error"),
                      message="the server's error")
        self.assertFalse(is_shown(d, "#results"), "the old ruling is not left standing")

        # Loading the example is a new action: the old error goes.
        h.find(d, "#example").click()
        self.wait_for(d, lambda d: not is_shown(d, "#error"),
                      message="the example clears the old error")
        self.assertIn("车四平五", d.execute_script(
            "return document.getElementById('record').value"))

        # An empty submit says so; the next good one clears it.
        self.submit(d, "")
        self.assertIn("Enter or upload a record first", h.text_of(d, "#error"))
        self.submit(d, PUBLISHED_DRAW)
        self.assertFalse(is_shown(d, "#error"))
        self.assertTrue(is_shown(d, "#results"))
        self.assert_no_page_errors(d, ignore=["AdjudicateGame - Failed to load resource"])

    def test_chinese_page_shows_no_english(self):
        d = self.open_page("zh")
        self.assertEqual(latin_words(d, allow=PAGE_WORDS), [], "the empty page")
        self.submit(d, PUBLISHED_DRAW)
        self.assertEqual(h.text_of(d, ".verdict-result"), "未裁决（无人提请）")
        self.assertIn("提请", h.text_of(d, ".verdict-mode"))
        self.assertIn("棋谱写明了结果", h.text_of(d, ".verdict-mode"))
        h.find(d, "table.annotations tr[data-ply='2'] td.move").click()
        self.wait_for(d, lambda d: current_ply(d) == 2, message="row click")
        self.assertEqual(latin_words(d, allow=PAGE_WORDS), [], "the ruling in claim mode")
        d.execute_script("document.getElementById('results').scrollIntoView()")
        h.screenshot(d, "analysis-mode-zh.png")
        self.submit(d, PUBLISHED_DRAW, mode=AUTOMATIC)
        self.assertEqual(h.text_of(d, ".verdict-result"), "红方胜")
        self.assertEqual(latin_words(d, allow=PAGE_WORDS), [], "the ruling in automatic mode")
        # The server's error (in English) is read in Chinese; its own words stay folded.
        self.submit(d, BROKEN)
        self.assertIn("棋谱第1步", h.text_of(d, "#error"))
        self.assertEqual(latin_words(d, allow=PAGE_WORDS), [], "the server's error in Chinese")
        self.assertIn("not a move", h.text_of(d, "#error details code"))
        self.assert_no_page_errors(d, ignore=["AdjudicateGame - Failed to load resource"])


if __name__ == "__main__":
    h.run_main()
