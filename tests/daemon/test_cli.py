"""The daemon's command line and service life: --check-config on Curio's own cuzk.example.toml
(tests/daemon/curio-cuzk.example.toml, byte for byte filecoin-project/curio e0294b0f
extern/cuzk/cuzk.example.toml), on contrib/cuzk.toml and on broken files; every `cuzk client`
command against a daemon logging JSON with TIMELINE lines; SIGHUP reopening the log file; the
systemd unit."""
import hashlib
import json
import os
import shutil
import signal
import subprocess
import tempfile
import unittest

import cuzkd
from cuzkd import wait_for

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run(*args, **kw):
    return subprocess.run([cuzkd.ARGS.cuzk] + list(args), capture_output=True, text=True, **kw)


class CheckConfigTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cuzk-cfg-")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def check(self, text):
        path = os.path.join(self.dir, "c.toml")
        with open(path, "w") as f:
            f.write(text)
        r = run("daemon", "--check-config", "--config", path)
        return r.returncode, r.stderr.replace(path, "c.toml")

    def test_curio_example_loads_unchanged(self):
        path = os.path.join(HERE, "curio-cuzk.example.toml")
        with open(path, "rb") as f:  # the fixture is Curio's file, not an edited copy
            self.assertEqual(hashlib.sha256(f.read()).hexdigest(),
                             "023b0d3d1affa88706ef1b6e0a26cec4be2d1f05aa43bdb86a9fd5bf19021b3a")
        r = run("daemon", "--check-config", "--config", path)
        self.assertEqual(r.returncode, 0, r.stderr)
        for key in ("gpus.devices", "gpus.gpu_threads", "gpus.gpu_workers_per_device"):
            self.assertRegex(r.stderr, r"note: .*:\d+: %s only concerns GPUs" % key)
        self.assertNotIn("warning", r.stderr)

    def test_contrib_example(self):
        r = run("daemon", "--check-config", "--config", os.path.join(ROOT, "contrib", "cuzk.toml"))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr, "")

    def test_diagnostics_name_file_and_line(self):
        rc, err = self.check('[daemon]\nlisten = "0.0.0.0:9820"\nlisen = "x"\n[nope]\na = 1\n'
                             '[synthesis]\npartition_workers = 12\n')
        self.assertEqual(rc, 1, err)
        self.assertIn("warning: c.toml:3: unknown key 'lisen' in [daemon]", err)
        self.assertIn("warning: c.toml:4: unknown section [nope]", err)
        self.assertIn("warning: c.toml:7: synthesis.partition_workers is deprecated", err)
        for text, line, what in [
            ('[memory]\n\ntotal_budget = "lots"\n', 3, "memory.total_budget: 'lots'"),
            ('[daemon]\nlisten = "nowhere"\n', 2, "daemon.listen"),
            ('[scheduler]\nmax_batch_size = -1\n', 2, "max_batch_size: -1 is out of range"),
            ('[pipeline]\nenabled = "yes"\n', 2, "'yes' is not true or false"),
            ('[pipeline]\nenabled = 1\n', 2, "expected true or false, got an integer"),
            ('[memory]\neviction_min_idle = "5 fortnights"\n', 2, "eviction_min_idle"),
            ('[logging]\nlevel = "loud"\n', 2, "logging.level"),
            ('[daemon]\nlisten = "unterminated\n', 2, "Unterminated string"),
            ('[daemon]\n[daemon]\n', 2, "Redefinition"),
        ]:
            rc, err = self.check(text)
            self.assertEqual(rc, 2, text)
            self.assertIn("error: c.toml:%d: " % line, err, text)
            self.assertIn(what, err, text)

    def test_missing_file_and_bad_options(self):
        r = run("daemon", "--config", os.path.join(self.dir, "none.toml"))
        self.assertEqual(r.returncode, 2)
        self.assertIn("none.toml", r.stderr)
        r = run("daemon", "--log-level", "loud")
        self.assertEqual(r.returncode, 2)
        r = run("daemon", "--listen", "nowhere", "--check-config", "--config",
                os.path.join(ROOT, "contrib", "cuzk.toml"))
        self.assertEqual(r.returncode, 2)
        self.assertIn("--listen", r.stderr)

    @unittest.skipUnless(shutil.which("systemd-analyze"), "systemd-analyze is not installed")
    def test_systemd_unit(self):
        with open(os.path.join(ROOT, "contrib", "cuzk.service")) as f:
            unit = f.read().replace("/usr/local/bin/cuzk", "/bin/true")
        path = os.path.join(self.dir, "cuzk.service")
        with open(path, "w") as f:
            f.write(unit)
        r = subprocess.run(["systemd-analyze", "verify", path], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)


class ClientTest(unittest.TestCase):
    def setUp(self):
        self.d = cuzkd.Daemon(args=["--log-format", "json", "--timeline"])
        self.d.args += ["--log-file", self.d.log]
        self.d.start()
        self.env = dict(os.environ, CUZK_ADDR=self.d.addr)

    def tearDown(self):
        self.d.close()

    def client(self, *args):
        return run("client", *args, env=self.env)

    def file(self, name, data):
        path = os.path.join(self.d.dir, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def test_commands(self):
        m = hashlib.sha256(b"cli").digest() * 2
        msg = self.file("m", m)
        out = os.path.join(self.d.dir, "proof")
        r = self.client("prove", "--kind", "sha256-demo", "--input", msg, "--request-id", "c1",
                        "--out", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("c1: COMPLETED, 192 proof bytes", r.stdout)
        with open(out, "rb") as f:
            self.assertTrue(cuzkd.verify_demo(f.read(), m, self.d.dir))
        r = self.client("await", "c1", "--out", out + "2")
        self.assertEqual(r.returncode, 0, r.stderr)
        # a long job, a queued one behind it; TIMEOUT exits 1; cancel both
        vanilla = self.file("v.json", json.dumps(
            [__import__("base64").b64encode(bytes([i]) * 64).decode() for i in range(16)]).encode())
        r = self.client("submit", "--kind", "sha256-demo", "--vanilla", vanilla,
                        "--request-id", "c2", "--priority", "high")
        self.assertEqual((r.returncode, r.stdout), (0, "c2 queued at position 0\n"), r.stderr)
        wait_for(lambda: cuzkd.running_jobs(self.d.stub()) >= 1)
        r = self.client("submit", "--kind", "sha256-demo", "--input", msg, "--request-id", "c3")
        self.assertEqual(r.returncode, 0, r.stderr)
        r = self.client("await", "c3", "--timeout-ms", "100")
        self.assertEqual(r.returncode, 1)
        self.assertIn("c3: TIMEOUT", r.stdout)
        r = self.client("cancel", "c3")
        self.assertIn("it was queued", r.stdout)
        r = self.client("cancel", "c2")
        self.assertIn("it was running", r.stdout)
        r = self.client("await", "c2")
        self.assertEqual((r.returncode, r.stdout), (1, "c2: CANCELLED\n"))
        # errors carry the gRPC code; exit 2
        r = self.client("await", "never")
        self.assertEqual(r.returncode, 2)
        self.assertIn("NOT_FOUND", r.stderr)
        r = self.client("submit", "--kind", "sha256-demo", "--input", msg, "--comm-r-old", "00")
        self.assertEqual(r.returncode, 2)
        self.assertIn("--comm-r-old must be 32 bytes", r.stderr)
        # status, metrics, preload, evict
        r = self.client("status")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("porep-c2", r.stdout)
        r = self.client("metrics")
        lint = subprocess.run(["promtool", "check", "metrics"], input=r.stdout, text=True,
                              capture_output=True)
        self.assertEqual(lint.returncode, 0, lint.stdout)
        r = self.client("evict", cuzkd.DEMO_CIRCUIT)
        self.assertRegex(r.stdout, r"evicted, [1-9]\d* bytes freed")
        r = self.client("preload", cuzkd.DEMO_CIRCUIT)
        self.assertRegex(r.stdout, r"loaded in \d+ ms")
        r = self.client("preload", cuzkd.DEMO_CIRCUIT)
        self.assertIn("already loaded", r.stdout)
        r = run("client", "status", env=dict(self.env, CUZK_ADDR="unix://" + self.d.dir + "/no"))
        self.assertEqual(r.returncode, 2)
        self.assertIn("UNAVAILABLE", r.stderr)

        # the log: JSON lines; job events; TIMELINE records
        records = [json.loads(l) for l in self.d.log_lines()]
        msgs = [r["msg"] for r in records]
        for event in ("job queued", "job started", "job completed", "job cancelled"):
            self.assertIn(event, msgs)
        done = next(r for r in records if r["msg"] == "job completed")
        self.assertEqual((done["job_id"], done["proof_bytes"]), ("c1", 192))
        self.assertTrue(all(r["level"] in ("info", "warn", "error") for r in records))
        self.assertTrue(any(x.startswith("TIMELINE,") and ",SYNTH_START,c1,partition=0" in x
                            for x in msgs))

    def test_sighup_reopens_log(self):
        moved = self.d.log + ".1"
        os.rename(self.d.log, moved)
        self.d.proc.send_signal(signal.SIGHUP)
        wait_for(lambda: os.path.exists(self.d.log))
        self.client("status")
        r = self.client("preload", cuzkd.DEMO_CIRCUIT)
        self.assertEqual(r.returncode, 0, r.stderr)
        wait_for(lambda: "PreloadSRS" in self.d.log_text())
        self.assertIn("log file reopened", self.d.log_text())
        with open(moved) as f:
            self.assertIn("cuzk daemon ready", f.read())


if __name__ == "__main__":
    cuzkd.main()
