"""Shared helpers of the browser tests (tests/browser/*_test.py).

Each test module drives the board pages in headless Chromium (Selenium, Debian's
python3-selenium and chromium-driver) against a real caipan-server that serves the pages of
--web-root through its HTTP gateway. Only 127.0.0.1 is ever a target and every wait is bounded.

Command line (`parse_args`, then the rest goes to unittest, e.g. `-k NAME`):
  --server PATH       the caipan-server binary (built with the HTTP gateway)
  --web-root DIR      serve the pages from this folder (the repository's web/) instead of the
                      copy built into the binary (optional: ctest tests the built-in copy)
  --screenshots DIR   where `screenshot()` saves PNG files (created when missing)

What a test module uses (stable names):
  run_main()                    entry point: parses the options, runs the module's unittest tests
  ARGS                          the parsed options (after run_main)
  ARBITER_TOKEN                 the arbiter token every `Server` accepts
  Server(extra_flags=(), store="memory", port=None)  caipan-server on free loopback ports (the
                                HTTP gateway on `port` when given: a restart on the same address),
                                `--store STORE`, the arbiter tokens file, its pages (or
                                --web-root's); waits for /healthz.
      .base_url                 "http://127.0.0.1:PORT"
      .page_url(path, **hash)   base_url/path#key=value&... (values URL-encoded in the fragment)
      .call(service, method, request)  a Connect JSON call ("GameService", "CreateGame", {...});
                                returns the response dict or raises ApiCallError(code, message)
      .create_game(**request)   CreateGame; returns (game name, {"SIDE_RED": token, ...}, game)
      .create_xiangqi_game(time_control="", red="", black="", start_fen="")  the same, xiangqi
      .submit_move(name, token, move, ply)  SubmitMove; returns the response dict
      .get_game(name)           GetGame
      .stop()                   SIGTERM (then SIGKILL); log_text() is its stderr
  BrowserTestCase               unittest.TestCase with:
      .start_server(extra_flags=(), **options)  a Server (options: store, port) stopped when
                                the test ends
      .open_browser(width=1280, height=900)  a new headless Chromium (a separate profile: one
                                browser per player), quit when the test ends
      .wait_for(driver, predicate, timeout=10, message="")  WebDriverWait(driver).until
      .assert_no_page_errors(driver, ignore=())  fails on SEVERE entries of the browser's
                                console log (except those holding an `ignore` string)
  screenshot(driver, name, full_page=False)  saves ARGS.screenshots/name (PNG); returns the
                                path (full_page: the whole page, not just the viewport)
  wait_until(predicate, timeout=10, message="", interval=0.1)  polls a plain predicate
  emulate_phone(driver, width=390, height=844)  a phone-sized viewport for the driver
  find(driver, css) / find_all(driver, css)  shorthands for By.CSS_SELECTOR lookups
  text_of(driver, css)          the text content of the first match ('' when none)
  texts_of(driver, css)         the text content of every match
  attribute_of(driver, css, name)  an attribute of the first match ('' when none)
  say(text)                     one line on stderr for the CI log

A missing Chromium or chromedriver fails the tests: the setup script installs them.
"""

import argparse
import base64
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ARGS = None
HOST = "127.0.0.1"
ARBITER_TOKEN = "browser-test-arbiter-token-0001"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def parse_args(argv=None):
    """Our options; the rest is returned for unittest."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True, help="the caipan-server binary")
    parser.add_argument("--web-root", help="serve the pages from this folder (web/); default: "
                        "the copy built into the binary")
    parser.add_argument("--screenshots", required=True, help="folder for PNG screenshots")
    return parser.parse_known_args(argv)


def run_main():
    """Entry point of a test module: parses the options and runs its tests."""
    global ARGS
    ARGS, rest = parse_args()
    os.makedirs(ARGS.screenshots, exist_ok=True)
    runner = unittest.TextTestRunner(stream=sys.stderr, verbosity=2)
    program = unittest.main(module="__main__", argv=[sys.argv[0]] + rest, exit=False,
                            testRunner=runner)
    sys.exit(0 if program.result.wasSuccessful() else 1)


def say(text):
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def wait_until(predicate, timeout=10.0, message="", interval=0.1):
    """Polls `predicate` until it returns a true value (returned) or `timeout` seconds pass
    (AssertionError with `message`)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError("timed out after %.1f s: %s" % (timeout, message))
        time.sleep(interval)


def free_port():
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


class ApiCallError(Exception):
    """A Connect error answer: `code` ("invalid_argument", ...) and the server's message."""

    def __init__(self, code, message, status):
        super().__init__("%s (HTTP %d): %s" % (code, status, message))
        self.code = code
        self.message = message
        self.status = status


class Server:
    """caipan-server with its HTTP gateway on a free loopback port, serving --web-root."""

    def __init__(self, extra_flags=(), start_timeout=20.0, store="memory", port=None):
        self._dir = tempfile.TemporaryDirectory(prefix="caipan-browser-")
        tokens_file = os.path.join(self._dir.name, "arbiters.txt")
        with open(tokens_file, "w") as f:
            f.write(ARBITER_TOKEN + "\n")
        self._log_path = os.path.join(self._dir.name, "server.log")
        last_error = None
        for _ in range(3):  # a free port can be taken between the probe and the bind
            self.port = port or free_port()
            self.base_url = "http://%s:%d" % (HOST, self.port)
            self.argv = [ARGS.server, "--address=%s:0" % HOST, "--metrics-address=off",
                         "--store=" + store, "--http-address=%s:%d" % (HOST, self.port),
                         "--arbiter-tokens-file=" + tokens_file] + list(extra_flags)
            if ARGS.web_root:
                self.argv.append("--web-root=" + os.path.abspath(ARGS.web_root))
            self._log = open(self._log_path, "ab")
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL,
                                         stdout=self._log, stderr=subprocess.STDOUT)
            try:
                self._wait_healthy(start_timeout)
                return
            except AssertionError as error:
                last_error = error
                self.stop()
        raise AssertionError("caipan-server did not start: %s\n%s" % (last_error,
                                                                     self.log_text()[-4000:]))

    def _wait_healthy(self, timeout):
        def healthy():
            if self.proc.poll() is not None:
                raise AssertionError("exited with %s" % self.proc.returncode)
            try:
                with urllib.request.urlopen(self.base_url + "/healthz", timeout=1) as r:
                    return r.status == 200
            except (urllib.error.URLError, OSError):
                return False
        wait_until(healthy, timeout, "GET /healthz", interval=0.1)

    def log_text(self):
        try:
            with open(self._log_path, "rb") as f:
                return f.read().decode("utf-8", "replace")
        except OSError:
            return ""

    def stop(self, timeout=10.0):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self._log.close()
        return self.proc.returncode

    def page_url(self, path, **fragment):
        """The page `path` ("xiangqi.html") with `fragment` as #key=value&..."""
        url = "%s/%s" % (self.base_url, path.lstrip("/"))
        if fragment:
            url += "#" + urllib.parse.urlencode(fragment, safe="/")
        return url

    def call(self, service, method, request, timeout=10.0):
        """A Connect unary call with a JSON body; the response dict, or ApiCallError."""
        body = json.dumps(request).encode("utf-8")
        req = urllib.request.Request(
            "%s/caipan.v1.%s/%s" % (self.base_url, service, method), data=body, method="POST",
            headers={"Content-Type": "application/json", "Connect-Protocol-Version": "1"})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as response:
                return json.loads(response.read().decode("utf-8") or "{}")
        except urllib.error.HTTPError as error:
            text = error.read().decode("utf-8", "replace")
            try:
                answer = json.loads(text)
            except ValueError:
                answer = {"code": "unknown", "message": text}
            raise ApiCallError(answer.get("code", "unknown"), answer.get("message", ""),
                               error.code) from None

    def create_game(self, **request):
        """CreateGame with `request` (JSON field names); returns (name, tokens by side, game).
        Unless the request says otherwise, the clocks run from the start (CreateGame's own
        default waits for both first moves: the start page's games test that)."""
        request.setdefault("clockStart", "CLOCK_START_AT_START_TIME")
        response = self.call("GameService", "CreateGame", request)
        tokens = {t["side"]: t["token"] for t in response.get("tokens", [])}
        return response["game"]["name"], tokens, response["game"]

    def create_xiangqi_game(self, time_control="", red="", black="", start_fen=""):
        request = {"kind": "GAME_KIND_XIANGQI", "timeControl": time_control,
                   "players": [{"side": "SIDE_RED", "name": red},
                               {"side": "SIDE_BLACK", "name": black}]}
        if start_fen:
            request["startFen"] = start_fen
        return self.create_game(**request)

    def submit_move(self, name, token, move, ply):
        return self.call("GameService", "SubmitMove",
                         {"name": name, "token": token, "move": move, "ply": ply})

    def get_game(self, name):
        return self.call("GameService", "GetGame", {"name": name})


def new_browser(width=1280, height=900):
    """A headless Chromium with its own temporary profile."""
    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=%d,%d" % (width, height), "--lang=en-US",
                "--disable-extensions", "--no-first-run"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(20)
    return driver


def screenshot(driver, name, full_page=False):
    """Saves the page as ARGS.screenshots/name (PNG); returns the path. full_page: the whole
    page rather than the window's viewport."""
    path = os.path.join(ARGS.screenshots, name)
    if full_page:
        size = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"],
                     "scale": 1}})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
    else:
        driver.save_screenshot(path)
    say("browser: screenshot %s" % path)
    return path


def emulate_phone(driver, width=390, height=844):
    """Makes the page's viewport a phone's (CSS pixels, touch, mobile) until the driver quits;
    a headless window cannot be made that narrow by resizing."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})


def find(driver, css):
    return driver.find_element(By.CSS_SELECTOR, css)


def find_all(driver, css):
    return driver.find_elements(By.CSS_SELECTOR, css)


def text_of(driver, css):
    # Read in one script call: a page may re-render between a lookup and a read.
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.textContent : '';", css)


def texts_of(driver, css):
    """The text content of every match, in document order (read in one script call)."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0]), e => e.textContent);", css)


def attribute_of(driver, css, name):
    """An attribute of the first match ('' when no element or no attribute)."""
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]);"
        "return (e && e.getAttribute(arguments[1])) || '';", css, name)


class BrowserTestCase(unittest.TestCase):
    """A TestCase whose servers and browsers are closed after each test, pass or fail."""

    def start_server(self, extra_flags=(), **options):
        server = Server(extra_flags, **options)
        self.addCleanup(server.stop)
        return server

    def open_browser(self, width=1280, height=900):
        driver = new_browser(width, height)
        self.addCleanup(driver.quit)
        return driver

    def wait_for(self, driver, predicate, timeout=10.0, message=""):
        """WebDriverWait(driver, timeout).until(predicate(driver)), failing with `message`."""
        try:
            return WebDriverWait(driver, timeout, poll_frequency=0.1).until(
                predicate, message)
        except Exception as error:  # TimeoutException: add the page's console to the report
            raise AssertionError("%s: %s\nconsole: %s" % (message, error,
                                                         console_text(driver))) from None

    def assert_no_page_errors(self, driver, ignore=()):
        """Fails on SEVERE console entries, except those whose message holds one of the
        `ignore` strings (e.g. the URL of a call the test made fail on purpose)."""
        errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"
                  and not any(text in e.get("message", "") for text in ("favicon",) + tuple(ignore))]
        self.assertEqual(errors, [], "the page logged errors")


def console_text(driver):
    try:
        return "\n".join(e.get("message", "") for e in driver.get_log("browser"))
    except Exception:  # the browser may be gone already
        return "(no console)"
