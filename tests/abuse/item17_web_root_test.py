#!/usr/bin/python3
"""Abuse item 17: --web-root asked for files through symbolic links and for huge files.

Attack: the folder given to --web-root holds a link to /etc/passwd, a link to /etc and a link
to a sibling folder whose name starts with the root's ("web2" beside "web"); a 512 MiB sparse
file; and a 7 MiB file that eight clients ask for at once without reading their answers.
Checks: the links are answered 404 without a byte of what they point to; the 512 MiB file is
refused (404) before it is read: the server's peak RSS (VmHWM) grows by less than 50 MB; the
7 MiB file is served whole and right (and its HEAD gives its length and no body) while the
server holds at most 24 MB more than before the eight requests (it sends the file a buffer at
a time instead of holding a copy per client); pages in the folder are served as before.
"""

import hashlib
import os
import re
import socket
import tempfile
import time

import abuse_common as ac

HUGE_BYTES = 512 << 20
MEDIUM_BYTES = 7 << 20
CLIENTS = 8
HUGE_GROWTH_LIMIT_MB = 50
STREAM_GROWTH_LIMIT_MB = 24


def status_value(pid, key):
    """A field of /proc/PID/status in MB (VmRSS, VmHWM)."""
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1]) / 1024.0
    raise AssertionError("no %s for pid %d" % (key, pid))


def send_request(port, path, method="GET"):
    """A socket that has sent the request and reads with a small receive buffer, so the server
    cannot hand its whole answer to the kernel."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(30)
    sock.connect((ac.HOST, port))
    sock.sendall(("%s %s HTTP/1.1\r\nHost: %s:%d\r\nConnection: close\r\n\r\n"
                  % (method, path, ac.HOST, port)).encode())
    return sock


def read_answer(sock):
    """(status, headers dict with lower-case names, body) of an answer read to its end."""
    chunks = []
    while True:
        chunk = sock.recv(1 << 20)
        if not chunk:
            break
        chunks.append(chunk)
    sock.close()
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(re.match(r"HTTP/1\.[01] (\d+)", lines[0]).group(1))
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


def get(port, path, method="GET"):
    return read_answer(send_request(port, path, method))


class WebRootTest(ac.ServerTestCase):

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory(prefix="caipan-item17-")
        base = cls.folder.name
        root = os.path.join(base, "web")
        os.makedirs(os.path.join(root, "js"))
        os.makedirs(os.path.join(base, "web2"))
        with open(os.path.join(root, "index.html"), "w") as f:
            f.write("<!doctype html><p>item 17</p>\n")
        with open(os.path.join(base, "web2", "secret.txt"), "w") as f:
            f.write("the sibling's secret\n")
        os.symlink("/etc/passwd", os.path.join(root, "passwd.txt"))
        os.symlink("/etc", os.path.join(root, "etc"))
        os.symlink(os.path.join(base, "web2", "secret.txt"), os.path.join(root, "secret.txt"))
        os.symlink("../../web2", os.path.join(root, "js", "up"))
        with open(os.path.join(root, "huge.png"), "wb") as f:
            f.truncate(HUGE_BYTES)  # sparse: no disk, no page cache
        cls.medium = os.urandom(MEDIUM_BYTES)
        with open(os.path.join(root, "medium.png"), "wb") as f:
            f.write(cls.medium)
        cls.server = cls.start_class_server(["--web-root=" + root])

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def test_links_out_of_the_root_are_not_followed(self):
        port = self.server.http_port
        answers = {}
        for path in ("/passwd.txt", "/etc/passwd", "/secret.txt", "/js/up/secret.txt"):
            status, _, body = get(port, path)
            answers[path] = status
            self.assertIn(status, (403, 404), path)
            self.assertNotIn(b"root:", body, path)
            self.assertNotIn(b"secret", body, path)
        ac.figure(17, **{"status" + p.replace("/", "_").replace(".", "_"): s
                         for p, s in answers.items()})
        status, _, body = get(port, "/")
        self.assertEqual(status, 200)
        self.assertIn(b"item 17", body)

    def test_huge_file_is_refused_before_it_is_read(self):
        pid = self.server.proc.pid
        before = status_value(pid, "VmHWM")
        start = time.monotonic()
        status, _, body = get(self.server.http_port, "/huge.png")
        elapsed = time.monotonic() - start
        growth = status_value(pid, "VmHWM") - before
        ac.figure(17, huge_mb=HUGE_BYTES >> 20, status=status, seconds=elapsed,
                  peak_rss_growth_mb=growth, limit_mb=HUGE_GROWTH_LIMIT_MB)
        self.assertIn(status, (404, 413))
        self.assertLess(len(body), 1024)
        if not self.skip_rss_check():
            self.assertLess(growth, HUGE_GROWTH_LIMIT_MB)
        self.assert_serving(self.server)

    def test_big_file_is_streamed_not_held_per_client(self):
        port = self.server.http_port
        pid = self.server.proc.pid
        time.sleep(0.2)
        before = status_value(pid, "VmRSS")
        sockets = [send_request(port, "/medium.png") for _ in range(CLIENTS)]
        # Every answer has begun and waits on its client.
        time.sleep(1.0)
        held = status_value(pid, "VmRSS") - before
        answers = [read_answer(s) for s in sockets]
        ac.figure(17, clients=CLIENTS, file_mb=MEDIUM_BYTES >> 20, rss_held_mb=held,
                  limit_mb=STREAM_GROWTH_LIMIT_MB)
        digest = hashlib.sha256(self.medium).hexdigest()
        for status, headers, body in answers:
            self.assertEqual(status, 200)
            self.assertEqual(int(headers["content-length"]), MEDIUM_BYTES)
            self.assertEqual(headers["content-type"], "image/png")
            self.assertIn("content-security-policy", headers)
            self.assertEqual(hashlib.sha256(body).hexdigest(), digest)
        if not self.skip_rss_check():
            self.assertLess(held, STREAM_GROWTH_LIMIT_MB)
        status, headers, body = get(port, "/medium.png", method="HEAD")
        self.assertEqual(status, 200)
        self.assertEqual(int(headers["content-length"]), MEDIUM_BYTES)
        self.assertEqual(body, b"")


if __name__ == "__main__":
    ac.run_main()
