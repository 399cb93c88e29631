"""The arbiter's page (arbiter.html) in headless Chromium (tests/browser/browser_harness.py).

- Pausing the clocks: the arbiter pauses them with a reason; both players' pages (each in its own
  browser) show the clocks paused and stopped, the server agrees, and resuming starts black's
  clock again; a foul recorded on the page is listed with the rulings.
- The repetition ruling move by move: a game from a position where red's chariot chases
  black's cannon back and forth (c2b2 b7c7 b2c2 c7b7, played through SubmitMove over HTTP) ends
  in a forbidden repetition; the arbiter's page lists the cycle's classified moves from
  RuleOnRepetition, and picking a chase shows its position with the chasing chariot and the
  chased cannon marked, as the server names them. The natural-limit status is shown.
Screenshot: arbiter.png.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import browser_harness as h  # noqa: E402

CHASE_FEN = "4k4/9/1c7/9/9/9/9/2R6/9/3K5 w - - 0 1"
CHASE_CYCLE = ["c2b2", "b7c7", "b2c2", "c7b7"]


def point_classes(driver, square):
    return h.attribute_of(driver, '.point[data-square="%s"]' % square, "class").split()


def clock_classes(driver, side):
    return h.attribute_of(driver, "#clock-%s" % side, "class").split()


class ArbiterTest(h.BrowserTestCase):

    def open_player(self, server, name, side, token):
        driver = self.open_browser()
        driver.get(server.page_url("xiangqi.html", game=name, token=token, side=side))
        self.wait_for(driver, lambda d: h.attribute_of(d, ".point[data-square='e2']",
                                                       "data-piece") == "C",
                      message="%s's page shows the position" % side)
        return driver

    def open_arbiter(self, server, name, width=1280, height=1100):
        driver = self.open_browser(width, height)
        driver.get(server.page_url("arbiter.html", game=name, token=h.ARBITER_TOKEN))
        return driver

    def test_pause_shows_on_both_players_pages(self):
        server = self.start_server()
        name, tokens, _ = server.create_xiangqi_game("600+5", "Red", "Black")
        self.assertTrue(server.submit_move(name, tokens["SIDE_RED"], "h2e2", 1)["check"]["legal"])
        red = self.open_player(server, name, "red", tokens["SIDE_RED"])
        black = self.open_player(server, name, "black", tokens["SIDE_BLACK"])
        for driver in (red, black):
            self.wait_for(driver, lambda d: "running" in clock_classes(d, "black"),
                          message="black's clock runs")
        arbiter = self.open_arbiter(server, name)
        self.wait_for(arbiter, lambda d: h.find(d, "#pause").is_enabled(),
                      message="the arbiter's page is ready to pause")

        h.find(arbiter, "#pause-reason").send_keys("medical break")
        h.find(arbiter, "#pause").click()
        self.wait_for(arbiter, lambda d: "Done" in h.text_of(d, "#message"),
                      message="the pause is acknowledged")
        for driver in (red, black):
            self.wait_for(driver, lambda d: "paused" in clock_classes(d, "black")
                          and "running" not in clock_classes(d, "black"),
                          message="the player's page shows the clocks paused")
            self.assertIn("The arbiter paused the clocks", h.text_of(driver, "#status"))
        before = [h.text_of(d, "#clock-black") for d in (red, black)]
        time.sleep(1.5)
        self.assertEqual([h.text_of(d, "#clock-black") for d in (red, black)], before,
                         "paused clocks do not count down")
        self.assertTrue(server.get_game(name)["clocks"].get("paused"))
        h.screenshot(red, "xiangqi-paused.png")

        h.find(arbiter, "#resume").click()
        for driver in (red, black):
            self.wait_for(driver, lambda d: "running" in clock_classes(d, "black"),
                          message="black's clock runs again after the resume")

        h.find(arbiter, "#foul-side").send_keys("Black")
        h.find(arbiter, "#foul-reason").send_keys("touched a piece and moved another")
        h.find(arbiter, "#foul-form button[type=submit]").click()
        self.wait_for(arbiter, lambda d: "touched a piece" in h.text_of(d, "#fouls"),
                      message="the foul is listed")
        self.assertIn("Black", h.text_of(arbiter, "#fouls"))
        self.wait_for(arbiter, lambda d: len(h.texts_of(d, "#rulings li")) == 2,
                      message="pause and resume listed as rulings")
        self.assertIn("medical break", h.text_of(arbiter, "#rulings"))
        fouls = server.get_game(name).get("fouls", [])
        self.assertEqual([f["side"] for f in fouls], ["SIDE_BLACK"])

        # Two minutes more for red (not running: black is to move): the server and red's page
        # agree.
        red_ms = int(server.get_game(name)["clocks"]["redMs"])
        h.find(arbiter, "#adjust-side").send_keys("Red")
        seconds = h.find(arbiter, "#adjust-seconds")
        seconds.clear()
        seconds.send_keys("120")
        h.find(arbiter, "#adjust-reason").send_keys("clock malfunction")
        h.find(arbiter, "#adjust-form button[type=submit]").click()
        seconds_left = -(-(red_ms + 120000) // 1000)  # shown rounded up
        expected = "%d:%02d" % (seconds_left // 60, seconds_left % 60)
        self.wait_for(red, lambda d: h.text_of(d, "#clock-red") == expected,
                      message="red's page shows the added time: " + expected)
        self.assertEqual(int(server.get_game(name)["clocks"]["redMs"]), red_ms + 120000)

        # The arbiter's result ends the game on the players' pages.
        h.find(arbiter, "#result-choice").send_keys("Draw")
        h.find(arbiter, "#result-reason").send_keys("both players agreed at the table")
        h.find(arbiter, "#result-form button[type=submit]").click()
        # The desk asks for a confirmation before it sets the result.
        self.wait_for(arbiter, lambda d: h.find(d, "#result-confirm-yes").is_displayed(),
                      message="the desk asks to confirm the result")
        h.find(arbiter, "#result-confirm-yes").click()
        for driver in (red, black, arbiter):
            self.wait_for(driver, lambda d: "Draw" in h.text_of(d, "#banner-result"),
                          message="the arbiter's result on every page")
            self.assertIn("arbiter decision", h.text_of(driver, "#banner-reason"))
        self.wait_for(arbiter, lambda d: "both players agreed" in h.text_of(d, "#rulings"),
                      message="the result is listed with the rulings")
        for driver in (red, black, arbiter):
            self.assert_no_page_errors(driver)

    def test_repetition_ruling_shows_the_chase(self):
        server = self.start_server()
        name, tokens, _ = server.create_xiangqi_game("600+5", "Chaser", "Cannon",
                                                     start_fen=CHASE_FEN)
        sides = ["SIDE_RED", "SIDE_BLACK"]
        for ply, move in enumerate(CHASE_CYCLE * 3, start=1):
            answer = server.submit_move(name, tokens[sides[(ply - 1) % 2]], move, ply)
            self.assertTrue(answer["check"]["legal"], answer)
            if answer["check"]["verdict"]["result"] != "RESULT_ONGOING":
                break
        game = server.get_game(name)
        self.assertEqual(game["verdict"]["reason"], "VERDICT_REASON_FORBIDDEN_REPETITION")
        ruling = server.call("AdjudicationService", "RuleOnRepetition", {
            "xiangqi": {"fen": CHASE_FEN, "moves": game["moves"]}, "language": "en"})["ruling"]
        chases = [m for c in ruling["conducts"] for m in c.get("moves", [])
                  if m.get("kind") == "XIANGQI_MOVE_KIND_CHASE" and m.get("targets")]
        self.assertTrue(chases, ruling)
        chase = chases[0]
        target = chase["targets"][0]

        arbiter = self.open_arbiter(server, name)
        cycle_plies = ruling["cycleLastPly"] - ruling["cycleFirstPly"] + 1
        self.wait_for(arbiter, lambda d: len(h.find_all(d, "#cycle-list button")) == cycle_plies,
                      message="the cycle's moves are listed")
        self.assertIn("Red must vary", h.text_of(arbiter, "#ruling-outcome"))
        self.assertIn("perpetual chase", h.text_of(arbiter, "#ruling-summary"))
        self.assertIn("Game over", h.text_of(arbiter, "#banner"))

        row = h.find(arbiter, '#cycle-list button[data-ply="%d"]' % chase["ply"])
        self.assertIn("chase", row.text)
        self.assertIn("unprotected", row.text)
        row.click()
        self.wait_for(arbiter, lambda d: "mark-target" in point_classes(d, target["square"]),
                      message="the chased piece is marked")
        self.assertIn("mark-attacker", point_classes(arbiter, target["attackerSquare"]))
        self.assertIn("last-to", point_classes(arbiter, chase["move"][2:4]))
        self.assertEqual(row.get_attribute("aria-pressed"), "true")
        self.assertTrue(h.find(arbiter, "#view-note").is_displayed())
        # The board shows the position after the chase: the chariot on its target square.
        self.assertEqual(h.attribute_of(arbiter, '.point[data-square="%s"]'
                                        % target["attackerSquare"], "data-piece"), "R")

        # The natural limit: both sides, plies without capture as the server counts them.
        self.wait_for(arbiter, lambda d: len(h.find_all(d, "#limit-body tr")) == 2,
                      message="the natural-limit status")
        self.assertIn(str(len(game["moves"])), h.text_of(arbiter, "#limit-body tr td + td"))

        # The ruling in Chinese, asked again in the switched language.
        h.find(arbiter, '[data-lang-switch] button[data-lang="zh"]').click()
        self.wait_for(arbiter, lambda d: "红方必须变着" in h.text_of(d, "#ruling-outcome"),
                      message="the ruling in Chinese")
        self.wait_for(arbiter, lambda d: "捉" in h.text_of(d, "#cycle-list"),
                      message="move kinds in Chinese")
        h.find(arbiter, '[data-lang-switch] button[data-lang="en"]').click()
        self.wait_for(arbiter, lambda d: "Red must vary" in h.text_of(d, "#ruling-outcome"),
                      message="back in English")
        row = h.find(arbiter, '#cycle-list button[data-ply="%d"]' % chase["ply"])
        if row.get_attribute("aria-pressed") != "true":
            row.click()
        self.wait_for(arbiter, lambda d: "mark-target" in point_classes(d, target["square"]),
                      message="the chase still shown")
        h.screenshot(arbiter, "arbiter.png", full_page=True)

        h.find(arbiter, "#back-live").click()
        self.wait_for(arbiter, lambda d: not h.find(d, "#view-note").is_displayed(),
                      message="back to the live position")
        self.assertEqual(point_classes(arbiter, target["square"]).count("mark-target"), 0)
        self.assert_no_page_errors(arbiter)


if __name__ == "__main__":
    h.run_main()
