"""Browser test of the analysis page (web/analysis.html).

A perpetual-check record in Chinese notation is pasted into the page and adjudicated: the page
shows the ruling (black wins, forbidden repetition: red's perpetual check), classifies every
move (red's checks, black's idle moves) and steps through the game on the board with the
buttons and the ←/→ keys. A perpetual chase shows the chased pieces on the board, and a record
uploaded as a GBK file is decoded before it is sent.

Run: analysis_test.py --server caipan-server --web-root web --screenshots DIR
"""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import browser_harness as h  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

# Red's rook checks from e7 and f7 in turn; black's king steps between e9 and f9.
PERPETUAL_CHECK = """[Event "Perpetual check"]
[FEN "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1"]

1. 车四平五 将5平6 2. 车五平四 将6平5
3. 车四平五 将5平6 4. 车五平四 将6平5 *
"""

# Red's rook attacks the unprotected black cannons on c7 and a7 in turn.
PERPETUAL_CHASE = """[FEN "4k4/9/c1c6/9/9/9/9/R8/9/3K5 w - - 0 1"]
1. a2c2 e9e8 2. c2a2 e8e9 3. a2c2 e9e8 4. c2a2 e8e9
"""


def current_ply(driver):
    return int(h.attribute_of(driver, "table.annotations tr.current", "data-ply") or 0)


def piece_on(driver, square):
    return h.attribute_of(driver, "#board g.point[data-square='%s']" % square, "data-piece")


def is_shown(driver, css):
    """Whether the first match exists and is not hidden (read in one script call)."""
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return Boolean(e && !e.hidden);", css)


def table_rows(driver):
    """The rows of the move table as dicts (ply, kind, and the text of each cell class)."""
    return driver.execute_script("""
        return Array.from(document.querySelectorAll('table.annotations tbody tr'), (row) => ({
          ply: Number(row.dataset.ply), kind: row.dataset.kind || '',
          move: row.querySelector('.move')?.textContent ?? '',
          classification: row.querySelector('.kind')?.textContent ?? '',
          targets: row.querySelector('.targets')?.textContent ?? '',
        }));""")


class AnalysisPageTest(h.BrowserTestCase):

    def setUp(self):
        self.server = self.start_server()
        self.driver = self.open_browser(height=1300)
        self.driver.get(self.server.page_url("analysis.html"))
        self.wait_for(self.driver, lambda d: h.find_all(d, "[data-lang-switch] button"),
                      message="the page is ready")

    def adjudicate(self, record):
        d = self.driver
        h.find(d, "#record").clear()
        h.find(d, "#record").send_keys(record)
        h.find(d, "#submit").click()
        self.wait_for(d, lambda d: is_shown(d, "#results") and
                      h.find_all(d, "table.annotations tbody tr"),
                      timeout=15, message="the ruling and the table appear")

    def test_perpetual_check_ruling_classifications_and_stepping(self):
        d = self.driver
        self.adjudicate(PERPETUAL_CHECK)
        self.assertEqual(h.attribute_of(d, ".verdict-reason", "data-reason"),
                         "VERDICT_REASON_FORBIDDEN_REPETITION")
        self.assertEqual(h.text_of(d, ".verdict-result"), "Black wins")
        self.assertIn("perpetual", h.text_of(d, ".verdict-explanation"))
        self.assertIn("decided at ply 8", h.text_of(d, ".verdict-facts"))
        red = ".conducts li[data-side='SIDE_RED']"
        self.assertEqual(h.attribute_of(d, red, "data-conduct"),
                         "XIANGQI_CONDUCT_PERPETUAL_CHECK")
        self.assertIn("perpetual check", h.text_of(d, red))
        self.assertEqual(h.attribute_of(d, ".conducts li[data-side='SIDE_BLACK']",
                                        "data-conduct"), "XIANGQI_CONDUCT_ALLOWED")
        self.assertIn("Red must vary", h.text_of(d, ".repetition-outcome"))

        rows = table_rows(d)
        self.assertEqual([row["ply"] for row in rows], list(range(1, 9)))
        for row in rows:
            red_moves = row["ply"] % 2 == 1
            self.assertEqual(row["kind"], "XIANGQI_MOVE_KIND_CHECK" if red_moves
                             else "XIANGQI_MOVE_KIND_IDLE", "ply %d" % row["ply"])
            self.assertIn("check" if red_moves else "idle", row["classification"])
        self.assertIn("车四平五", rows[0]["move"])
        self.assertIn("deciding", rows[7]["classification"])

        # The board starts at the last ply; ← and → step, buttons and rows jump.
        self.assertEqual(current_ply(d), 8)
        self.assertEqual(piece_on(d, "f7"), "R")
        h.find(d, "body").send_keys(Keys.ARROW_LEFT)
        self.wait_for(d, lambda d: current_ply(d) == 7, message="← goes back one ply")
        self.assertEqual(h.text_of(d, "#ply-label"), "Ply 7 of 8")
        self.assertIn("check", h.text_of(d, "#ply-move"))
        self.assertEqual(piece_on(d, "f7"), "R")
        self.assertEqual(piece_on(d, "f9"), "k")
        self.assertTrue(h.find_all(d, "#board g.point.check[data-square='f9']"),
                        "the checked king is marked")
        h.find(d, "#prev").click()
        self.wait_for(d, lambda d: current_ply(d) == 6, message="Previous goes back")
        self.assertEqual(piece_on(d, "e7"), "R")
        h.find(d, "#first").click()
        self.wait_for(d, lambda d: h.text_of(d, "#ply-label") == "Start position",
                      message="Start shows the start position")
        self.assertEqual(current_ply(d), 0)
        self.assertEqual(piece_on(d, "f7"), "R")
        self.assertEqual(piece_on(d, "e9"), "k")
        h.find(d, "body").send_keys(Keys.ARROW_RIGHT)
        self.wait_for(d, lambda d: current_ply(d) == 1, message="→ goes forward")
        self.assertEqual(piece_on(d, "e7"), "R")
        self.assertEqual(piece_on(d, "f7"), "")
        h.find(d, "table.annotations tr[data-ply='5'] button.goto").click()
        self.wait_for(d, lambda d: current_ply(d) == 5, message="a row's button jumps there")
        d.execute_script("document.getElementById('results').scrollIntoView()")
        h.screenshot(d, "analysis.png")

        # The ruling follows the page's language.
        h.find(d, "[data-lang-switch] button[data-lang='zh']").click()
        self.wait_for(d, lambda d: h.text_of(d, ".verdict-result") == "黑方胜",
                      message="the ruling in Chinese")
        self.wait_for(d, lambda d: "长将" in h.text_of(d, ".verdict-explanation"),
                      message="the server's explanation in Chinese")
        self.assertEqual(current_ply(d), 5, "the shown ply is kept")
        self.assert_no_page_errors(d)

    def test_perpetual_chase_marks_the_chased_pieces(self):
        d = self.driver
        self.adjudicate(PERPETUAL_CHASE)
        self.assertIn("perpetual chase", h.text_of(d, ".conducts li[data-side='SIDE_RED']"))
        first = table_rows(d)[0]
        self.assertEqual(first["kind"], "XIANGQI_MOVE_KIND_CHASE")
        self.assertIn("c7", first["targets"])
        h.find(d, "table.annotations tr[data-ply='1'] button.goto").click()
        self.wait_for(d, lambda d: current_ply(d) == 1, message="ply 1 shown")
        self.assertTrue(h.find_all(d, "#board g.point.mark-target[data-square='c7']"),
                        "the chased cannon is marked")
        self.assertTrue(h.find_all(d, "#board g.point.mark-attacker[data-square='c2']"),
                        "the chasing rook is marked")
        self.assertIn("c7", h.text_of(d, "#ply-chased"))
        self.assert_no_page_errors(d)

    def test_uploaded_gbk_record_is_decoded(self):
        d = self.driver
        with tempfile.NamedTemporaryFile("wb", suffix=".pgn", delete=False) as f:
            f.write(PERPETUAL_CHECK.encode("gbk"))
        self.addCleanup(os.unlink, f.name)
        h.find(d, "#record-file").send_keys(f.name)
        self.wait_for(d, lambda d: "车四平五" in d.execute_script(
                          "return document.getElementById('record').value"),
                      message="the GBK file is read into the text box")
        h.find(d, "#submit").click()
        self.wait_for(d, lambda d: h.find_all(d, ".verdict-reason[data-reason="
                                              "'VERDICT_REASON_FORBIDDEN_REPETITION']"),
                      timeout=15, message="the uploaded record is ruled")
        self.assert_no_page_errors(d)


if __name__ == "__main__":
    h.run_main()
