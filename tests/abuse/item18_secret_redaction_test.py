#!/usr/bin/python3
"""Abuse item 18: the PostgreSQL password given to --store.

Attack: the server is started with store strings holding a password in every form libpq takes
(`password=…`, `postgresql://user:password@…`, a password libpq reports a piece of because it
was not quoted, a URI libpq cannot parse, a URI given without the `postgres:` prefix), first
with nothing listening, then against a throwaway PostgreSQL (deploy/pg_temp.sh) that asks for a
SCRAM password.
Checks: no line of stdout or stderr holds the password, whether the server starts or not; the
`listening` line shows the store with `***` in the password's place; the server connects with
the password from --store-password-file, from libpq's PGPASSWORD and from PGPASSFILE; a wrong
password or a password given twice stops it (status 2) with a message naming the cause. The
PostgreSQL part is skipped when the PostgreSQL binaries or psql are missing.
"""

import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import unittest

import abuse_common as ac

PG_TEMP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "deploy",
                       "pg_temp.sh")
PASSWORD = "Item18-Pw_s3cret!"


class Run:
    """caipan-server with `flags`: every line of its stdout and stderr, and its exit status.
    It runs until it prints `event=listening` (then it is stopped with SIGTERM) or exits."""

    def __init__(self, flags, data_dir, env=None, timeout=20):
        argv = [ac.ARGS.server, "--address=127.0.0.1:0", "--metrics-address=127.0.0.1:0",
                "--http-address=127.0.0.1:0", "--data-dir=" + data_dir] + list(flags)
        full_env = dict(os.environ)
        for key in ("PGPASSWORD", "PGPASSFILE"):
            full_env.pop(key, None)
        full_env.update(env or {})
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=full_env)
        self.lines = []
        self.listened = threading.Event()
        readers = [threading.Thread(target=self._read, args=(s,), daemon=True)
                   for s in (proc.stdout, proc.stderr)]
        for reader in readers:
            reader.start()
        deadline = time.monotonic() + timeout
        while proc.poll() is None and not self.listened.is_set():
            if time.monotonic() > deadline:
                break
            time.sleep(0.02)
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
        for reader in readers:
            reader.join(timeout=5)
        self.code = proc.returncode
        self.text = "\n".join(self.lines)

    def _read(self, stream):
        for raw in iter(stream.readline, b""):
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.lines.append(line)
            if "event=listening" in line:
                self.listened.set()
        stream.close()

    def listening_line(self):
        return next((l for l in self.lines if "event=listening" in l), "")


class SecretRedactionTest(ac.ServerTestCase):

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory(prefix="caipan-item18-")
        self.addCleanup(self.folder.cleanup)

    def run_server(self, flags, env=None):
        return Run(flags, os.path.join(self.folder.name, "data"), env=env)

    def assert_no_secret(self, run, secret, what):
        leaked = [l for l in run.lines if secret in l]
        self.assertEqual(leaked, [], "%s: the password is printed" % what)

    def test_refused_store_strings_never_print_the_password(self):
        cases = {
            "uri, nothing listening":
                "postgres:postgresql://caipan:%s@127.0.0.1:1/caipan?connect_timeout=2" % PASSWORD,
            "keywords, nothing listening":
                "postgres:host=127.0.0.1 port=1 connect_timeout=2 password=%s" % PASSWORD,
            "unquoted password libpq quotes a piece of":
                "postgres:host=127.0.0.1 port=1 password=first %s" % PASSWORD,
            "uri libpq cannot parse": "postgres:postgresql://caipan:%s@[::1/caipan" % PASSWORD,
            "uri without the postgres: prefix":
                "postgresql://caipan:%s@127.0.0.1:1/caipan" % PASSWORD,
        }
        codes = {}
        for what, store in cases.items():
            run = self.run_server(["--store=" + store])
            codes[what] = run.code
            ac.say("abuse item 18: %s: %s" % (what, " | ".join(run.lines[-2:])))
            self.assertFalse(run.listened.is_set(), what)
            self.assertNotEqual(run.code, 0, what)
            self.assertTrue(run.lines, "%s: no message at all" % what)
            self.assert_no_secret(run, PASSWORD, what)
            self.assert_no_secret(run, PASSWORD[:8], what)
        ac.figure(18, refused_store_strings=len(codes), leaked=0)

    def test_password_file_needs_a_postgres_store(self):
        path = os.path.join(self.folder.name, "pw")
        with open(path, "w") as f:
            f.write(PASSWORD + "\n")
        run = self.run_server(["--store=memory", "--store-password-file=" + path])
        self.assertEqual(run.code, 2)
        self.assertIn("--store-password-file", run.text)
        self.assertIn("needs --store postgres:", run.text)
        self.assert_no_secret(run, PASSWORD, "memory store")


@unittest.skipUnless(shutil.which("psql"), "psql is not installed")
class PostgresPasswordTest(ac.ServerTestCase):

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="caipan-item18-pg-")
        os.chmod(cls.folder, 0o755)  # the cluster runs as caipan-pg when we are root
        cls.pg_dir = os.path.join(cls.folder, "pg")
        start = subprocess.run(["bash", PG_TEMP, "start", cls.pg_dir], capture_output=True,
                               text=True, timeout=120,
                               env=dict(os.environ, CAIPAN_PG_FSYNC="off"))
        if start.returncode == 3:
            shutil.rmtree(cls.folder, ignore_errors=True)
            raise unittest.SkipTest("PostgreSQL binaries not found")
        if start.returncode != 0:
            shutil.rmtree(cls.folder, ignore_errors=True)
            raise AssertionError("pg_temp.sh start failed: " + start.stderr)
        fields = dict(f.split("=", 1) for f in start.stdout.split())
        cls.port = fields["port"]
        # A password for caipan, then SCRAM asked of every TCP connection.
        cls.psql("ALTER ROLE caipan PASSWORD '%s'" % PASSWORD)
        with open(os.path.join(cls.pg_dir, "data", "pg_hba.conf"), "w") as hba:
            hba.write("local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\n")
        cls.psql("SELECT pg_reload_conf()")
        cls.conninfo = "host=127.0.0.1 port=%s user=caipan dbname=postgres" % cls.port

    @classmethod
    def tearDownClass(cls):
        subprocess.run(["bash", PG_TEMP, "stop", cls.pg_dir], capture_output=True, timeout=60)
        shutil.rmtree(cls.folder, ignore_errors=True)

    @classmethod
    def psql(cls, sql):
        subprocess.run(["psql", "-h", cls.pg_dir, "-p", cls.port, "-U", "caipan", "-d",
                        "postgres", "-v", "ON_ERROR_STOP=1", "-qAt", "-c", sql],
                       check=True, capture_output=True, timeout=30)

    def run_server(self, flags, env=None):
        data = os.path.join(self.folder, "data")
        return Run(flags, data, env=env)

    def assert_started_without_secret(self, run, what):
        self.assertTrue(run.listened.is_set(), "%s: did not start:\n%s" % (what, run.text))
        self.assertEqual([l for l in run.lines if PASSWORD in l], [],
                         "%s: the password is printed" % what)

    def test_password_in_the_uri_is_redacted_on_the_listening_line(self):
        store = "postgres:postgresql://caipan:%s@127.0.0.1:%s/postgres" % (PASSWORD, self.port)
        run = self.run_server(["--store=" + store])
        self.assert_started_without_secret(run, "password in the URI")
        line = run.listening_line()
        ac.say("abuse item 18: " + line)
        self.assertIn("postgresql://caipan:***@127.0.0.1:%s/postgres" % self.port, line)
        keywords = self.run_server(["--store=postgres:%s password=%s" % (self.conninfo,
                                                                         PASSWORD)])
        self.assert_started_without_secret(keywords, "password= in the conninfo")
        self.assertIn("password=***", keywords.listening_line())

    def test_password_from_a_file_or_libpq_environment(self):
        path = os.path.join(self.folder, "password")
        with open(path, "w") as f:
            f.write(PASSWORD + "\n")
        os.chmod(path, 0o600)
        pgpass = os.path.join(self.folder, "pgpass")
        with open(pgpass, "w") as f:
            f.write("127.0.0.1:%s:*:caipan:%s\n" % (self.port, PASSWORD))
        os.chmod(pgpass, 0o600)
        store = "--store=postgres:" + self.conninfo
        runs = {
            "--store-password-file": self.run_server([store, "--store-password-file=" + path]),
            "PGPASSWORD": self.run_server([store], env={"PGPASSWORD": PASSWORD}),
            "PGPASSFILE": self.run_server([store], env={"PGPASSFILE": pgpass}),
        }
        for what, run in runs.items():
            self.assert_started_without_secret(run, what)
        ac.figure(18, started_with_password_from="file,PGPASSWORD,PGPASSFILE")

    def test_wrong_or_doubled_password_stops_the_server(self):
        wrong = self.run_server(["--store=postgres:%s password=Wrong-%s" % (self.conninfo,
                                                                           PASSWORD)])
        self.assertEqual(wrong.code, 2, wrong.text)
        self.assertIn("password authentication failed", wrong.text)
        self.assertEqual([l for l in wrong.lines if PASSWORD in l], [])
        path = os.path.join(self.folder, "password2")
        with open(path, "w") as f:
            f.write(PASSWORD + "\n")
        doubled = self.run_server(["--store=postgres:%s password=%s" % (self.conninfo,
                                                                        PASSWORD),
                                   "--store-password-file=" + path])
        self.assertEqual(doubled.code, 2, doubled.text)
        self.assertIn("already gives a password", doubled.text)
        self.assertEqual([l for l in doubled.lines if PASSWORD in l], [])


if __name__ == "__main__":
    ac.run_main()
