"""Every cuzk.v1 RPC from a Python gRPC client (built from the same .proto) against a real
daemon on a unix socket; the status HTTP server on loopback; metrics through promtool."""
import hashlib
import html.parser
import json
import os
import subprocess
import time
import unittest
import urllib.error
import urllib.request

import cuzkd
from cuzkd import DEMO_CIRCUIT, demo_request, metric, wait_for

# SHA-256 of the FileDescriptorSet that protoc 3.21 makes of Curio's proving.proto
# (filecoin-project/curio e0294b0f, extern/cuzk/cuzk-proto/proto/cuzk/v1/proving.proto):
# ours must describe the same package, service, messages, fields and numbers.
CURIO_DESCRIPTOR_SHA256 = "d84ee6681505c41c7a3b4be54b298caf7c3edc684aa1b2602ef9afeaa33a23a4"

BUDGET = 2 << 30
RUST_SERIES = ["cuzk_proofs_completed_total", "cuzk_proofs_failed_total", "cuzk_uptime_seconds",
               "cuzk_queue_depth", "cuzk_running_jobs", "cuzk_gpu_workers"]
RUST_KINDS = ["porep_c2", "snap_update", "window_post", "winning_post"]


def msg(i):
    return hashlib.sha256(b"rpc-%d" % i).digest() * 2  # 64 bytes


class RpcTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.d = cuzkd.Daemon('[memory]\ntotal_budget = "2GiB"\n').start()
        cls.stub = cls.d.stub()
        cls.pb = cuzkd.pb

    @classmethod
    def tearDownClass(cls):
        code = cls.d.stop()
        log = cls.d.log_text()
        cls.d.close()
        assert code == 0, "the daemon exited with %s on SIGTERM:\n%s" % (code, log)

    def check_code(self, code, fn, *args, contains=None):
        with self.assertRaises(cuzkd.grpc.RpcError) as e:
            fn(*args)
        self.assertEqual(e.exception.code(), code, e.exception.details())
        if contains:
            self.assertIn(contains, e.exception.details())
        return e.exception.details()

    def test_descriptor_is_curios(self):
        out = os.path.join(self.d.dir, "proving.pb")
        subprocess.run(["protoc", "-I", cuzkd.ARGS.proto, "--descriptor_set_out=" + out,
                        "cuzk/v1/proving.proto"], check=True)
        with open(out, "rb") as f:
            self.assertEqual(hashlib.sha256(f.read()).hexdigest(), CURIO_DESCRIPTOR_SHA256)

    def test_prove(self):
        m = msg(1)
        r = self.stub.Prove(self.pb.ProveRequest(submit=demo_request(m, "prove-1"))).result
        self.assertEqual(r.status, self.pb.AwaitProofResponse.COMPLETED, r.error_message)
        self.assertEqual(r.job_id, "prove-1")
        self.assertEqual(len(r.proof), 192)
        self.assertTrue(cuzkd.verify_demo(r.proof, m, self.d.dir))
        self.assertFalse(cuzkd.verify_demo(r.proof, msg(2), self.d.dir))
        self.assertGreaterEqual(r.total_ms, r.queue_wait_ms)
        self.assertGreater(r.total_ms, 0)

    def test_prove_partitions(self):
        ms = [msg(10), msg(11)]
        r = self.stub.Prove(self.pb.ProveRequest(submit=demo_request(None, messages=ms))).result
        self.assertEqual(r.status, self.pb.AwaitProofResponse.COMPLETED, r.error_message)
        self.assertTrue(r.job_id)  # the daemon picked one
        self.assertEqual(len(r.proof), 2 * 192)
        for i, m in enumerate(ms):
            self.assertTrue(cuzkd.verify_demo(r.proof[192 * i:192 * (i + 1)], m, self.d.dir))

    def test_submit_await(self):
        s = self.stub.SubmitProof(demo_request(msg(3), "submit-1"))
        self.assertEqual(s.job_id, "submit-1")
        self.assertEqual(s.assigned_gpu, "")
        r = self.stub.AwaitProof(self.pb.AwaitProofRequest(job_id="submit-1"))
        self.assertEqual(r.status, self.pb.AwaitProofResponse.COMPLETED, r.error_message)
        self.assertTrue(cuzkd.verify_demo(r.proof, msg(3), self.d.dir))
        again = self.stub.AwaitProof(self.pb.AwaitProofRequest(job_id="submit-1", timeout_ms=1))
        self.assertEqual(again.proof, r.proof)  # the result stays for later waits
        # the id of a finished job runs anew (clients retry under one id); while it lives, the
        # same payload is the same job (idempotent) and another payload is refused
        long = [msg(200 + i) for i in range(16)]
        self.stub.SubmitProof(demo_request(None, "submit-1", messages=long))
        self.stub.SubmitProof(demo_request(None, "submit-1", messages=long))
        self.check_code(cuzkd.grpc.StatusCode.ALREADY_EXISTS, self.stub.SubmitProof,
                        demo_request(msg(4), "submit-1"), contains="another payload")
        self.stub.CancelProof(self.pb.CancelProofRequest(job_id="submit-1"))
        r = self.stub.AwaitProof(self.pb.AwaitProofRequest(job_id="submit-1"))
        self.assertEqual((r.job_id, r.status), ("submit-1", self.pb.AwaitProofResponse.CANCELLED))
        r = self.stub.Prove(self.pb.ProveRequest(submit=demo_request(msg(4), "submit-1"))).result
        self.assertEqual((r.job_id, r.status), ("submit-1", self.pb.AwaitProofResponse.COMPLETED))
        self.assertTrue(cuzkd.verify_demo(r.proof, msg(4), self.d.dir))
        r = self.stub.AwaitProof(self.pb.AwaitProofRequest(job_id="submit-1"))  # the newest
        self.assertTrue(cuzkd.verify_demo(r.proof, msg(4), self.d.dir))

    def test_cancel_and_timeout(self):
        long = [msg(100 + i) for i in range(16)]
        self.stub.SubmitProof(demo_request(None, "long-1", messages=long))
        self.stub.SubmitProof(demo_request(msg(5), "queued-1"))
        wait_for(lambda: cuzkd.running_jobs(self.stub) >= 1)
        t = time.time()
        r = self.stub.AwaitProof(self.pb.AwaitProofRequest(job_id="queued-1", timeout_ms=200))
        self.assertEqual(r.status, self.pb.AwaitProofResponse.TIMEOUT)
        self.assertLess(time.time() - t, 5)
        # a queued job leaves the queue; a running one stops
        self.assertFalse(self.stub.CancelProof(self.pb.CancelProofRequest(job_id="queued-1"))
                         .was_running)
        self.assertTrue(self.stub.CancelProof(self.pb.CancelProofRequest(job_id="long-1"))
                        .was_running)
        for job in ("queued-1", "long-1"):
            r = self.stub.AwaitProof(self.pb.AwaitProofRequest(job_id=job))
            self.assertEqual(r.status, self.pb.AwaitProofResponse.CANCELLED, job)
            self.assertEqual(r.proof, b"")
        self.check_code(cuzkd.grpc.StatusCode.NOT_FOUND, self.stub.CancelProof,
                        self.pb.CancelProofRequest(job_id="never"))

    def test_errors(self):
        code = cuzkd.grpc.StatusCode
        bad_kind = self.pb.SubmitProofRequest(request_id="e1", vanilla_proof=b"x")
        self.check_code(code.INVALID_ARGUMENT, self.stub.SubmitProof, bad_kind,
                        contains="proof_kind")
        bad_kind.proof_kind = 99
        self.check_code(code.INVALID_ARGUMENT, self.stub.SubmitProof, bad_kind,
                        contains="proof_kind 99")
        self.check_code(code.INVALID_ARGUMENT, self.stub.SubmitProof,
                        demo_request(b"short", "e2"), contains="vanilla_proof")
        r = demo_request(msg(6), "e3")
        r.comm_r_old = b"\x01" * 31
        self.check_code(code.INVALID_ARGUMENT, self.stub.SubmitProof, r, contains="comm_r_old")
        r = demo_request(msg(6), "e4", priority=7)
        self.check_code(code.INVALID_ARGUMENT, self.stub.SubmitProof, r, contains="priority")
        self.check_code(code.INVALID_ARGUMENT, self.stub.Prove, self.pb.ProveRequest(),
                        contains="submit")
        self.check_code(code.NOT_FOUND, self.stub.AwaitProof,
                        self.pb.AwaitProofRequest(job_id="never"), contains="never")
        self.check_code(code.NOT_FOUND, self.stub.PreloadSRS,
                        self.pb.PreloadSrsRequest(circuit_id="nope-2k"), contains="nope-2k")
        self.check_code(code.NOT_FOUND, self.stub.EvictSRS,
                        self.pb.EvictSrsRequest(circuit_id="nope-2k"))

    def test_porep_malformed_c1(self):
        porep = self.pb.SubmitProofRequest(request_id="e5", proof_kind=1,
                                           vanilla_proof=b"{not json")
        try:
            self.stub.SubmitProof(porep)
        except cuzkd.grpc.RpcError as e:
            if e.code() == cuzkd.grpc.StatusCode.UNIMPLEMENTED:
                self.skipTest("the engine has no PoRep job kind yet: " + e.details())
            self.assertEqual(e.code(), cuzkd.grpc.StatusCode.INVALID_ARGUMENT, e.details())
            self.assertIn("vanilla_proof", e.details())
        else:
            self.fail("a malformed C1 was accepted")

    def test_preload_evict(self):
        # a bellperson set is mapped from its native file, made beside it on first use
        # ([srs] native_params, on by default): WARM, its bytes what proofs hold, not its points
        status = lambda: {s.circuit_id: s for s in
                          self.stub.GetStatus(self.pb.GetStatusRequest()).loaded_srs}
        self.stub.PreloadSRS(self.pb.PreloadSrsRequest(circuit_id=DEMO_CIRCUIT))
        warm = status()[DEMO_CIRCUIT]
        self.assertEqual(warm.tier, self.pb.SRSStatus.WARM)
        self.assertGreater(warm.size_bytes, 0)
        self.assertTrue(self.stub.PreloadSRS(self.pb.PreloadSrsRequest(
            circuit_id=DEMO_CIRCUIT)).already_loaded)
        ev = self.stub.EvictSRS(self.pb.EvictSrsRequest(circuit_id=DEMO_CIRCUIT))
        self.assertTrue(ev.was_loaded)
        self.assertEqual(ev.freed_bytes, warm.size_bytes)
        self.assertEqual(status()[DEMO_CIRCUIT].tier, self.pb.SRSStatus.COLD)
        text = self.stub.GetMetrics(self.pb.GetMetricsRequest()).prometheus_text
        self.assertEqual(metric(text, "cuzk_srs_bytes", {"tier": "mapped"}), 0)
        self.assertFalse(self.stub.EvictSRS(self.pb.EvictSrsRequest(
            circuit_id=DEMO_CIRCUIT)).was_loaded)
        p = self.stub.PreloadSRS(self.pb.PreloadSrsRequest(circuit_id=DEMO_CIRCUIT))
        self.assertFalse(p.already_loaded)
        self.assertEqual(status()[DEMO_CIRCUIT].size_bytes, warm.size_bytes)
        text = self.stub.GetMetrics(self.pb.GetMetricsRequest()).prometheus_text
        self.assertEqual(metric(text, "cuzk_srs_bytes", {"tier": "mapped"}), warm.size_bytes)
        self.assertEqual(metric(text, "cuzk_srs_bytes", {"tier": "resident"}), 0)
        # made at most once, whatever this class's other tests loaded
        self.assertLessEqual(metric(text, "cuzk_srs_conversions_total"), 1)

    def test_status_and_metrics(self):
        self.stub.Prove(self.pb.ProveRequest(submit=demo_request(msg(7), "status-1")))
        s = self.stub.GetStatus(self.pb.GetStatusRequest())
        self.assertEqual([q.proof_kind for q in s.queues][:4],
                         ["porep-c2", "snap-update", "window-post", "winning-post"])
        self.assertGreaterEqual(s.total_proofs_completed, 1)
        self.assertEqual(s.pinned_memory_limit_bytes, BUDGET)
        self.assertLessEqual(s.pinned_memory_bytes, BUDGET)
        self.assertEqual(len(s.gpus), 0)
        text = self.stub.GetMetrics(self.pb.GetMetricsRequest()).prometheus_text
        lint = subprocess.run(["promtool", "check", "metrics"], input=text, text=True,
                              capture_output=True)
        self.assertEqual(lint.returncode, 0, lint.stdout + lint.stderr)
        for name in RUST_SERIES:
            self.assertIsNotNone(metric(text, name), name)
        for kind in RUST_KINDS:
            for name in ("cuzk_proofs_completed", "cuzk_proofs_failed",
                         "cuzk_proof_duration_seconds_count", "cuzk_proof_duration_seconds_sum"):
                self.assertIsNotNone(metric(text, name, {"proof_kind": kind}), (name, kind))
        self.assertEqual(metric(text, "cuzk_proofs_completed_total"), s.total_proofs_completed)
        self.assertGreaterEqual(metric(text, "cuzk_proofs_completed", {"proof_kind": "sha256_demo"}), 1)
        self.assertGreaterEqual(metric(text, "cuzk_jobs_finished_total",
                                       {"proof_kind": "sha256_demo", "outcome": "completed"}), 1)
        self.assertIsNotNone(metric(text, "cuzk_jobs_queued",
                                    {"proof_kind": "winning_post", "priority": "critical"}))
        self.assertEqual(metric(text, "cuzk_memory_budget_bytes"), BUDGET)
        self.assertLessEqual(metric(text, "cuzk_memory_peak_bytes"), BUDGET)
        self.assertIsNotNone(metric(text, "cuzk_phase_duration_seconds_count",
                                    {"proof_kind": "sha256_demo", "phase": "synthesis"}))

    def test_http(self):
        base = "http://" + self.d.http
        with urllib.request.urlopen(base + "/status") as r:
            self.assertIsNone(r.headers["Access-Control-Allow-Origin"])  # no CORS
            st = json.load(r)
        for key in ("uptime_secs", "memory", "synthesis", "pipelines", "gpu_workers",
                    "allocations", "counters", "queues", "draining"):
            self.assertIn(key, st)
        self.assertEqual(st["memory"]["total_bytes"], BUDGET)
        with urllib.request.urlopen(base + "/metrics") as r:
            lint = subprocess.run(["promtool", "check", "metrics"], input=r.read(),
                                  capture_output=True)
            self.assertEqual(lint.returncode, 0, lint.stdout + lint.stderr)

        class Tables(html.parser.HTMLParser):
            ids = []

            def handle_starttag(self, tag, attrs):
                if tag == "table":
                    self.ids.append(dict(attrs).get("id"))

        with urllib.request.urlopen(base + "/") as r:
            self.assertTrue(r.headers["Content-Type"].startswith("text/html"))
            page = Tables()
            page.feed(r.read().decode())
        self.assertEqual(page.ids, ["memory", "jobs", "running", "params"])
        for path, method, code in (("/nope", "GET", 404), ("/status", "POST", 405)):
            with self.assertRaises(urllib.error.HTTPError) as e:
                urllib.request.urlopen(urllib.request.Request(base + path, method=method,
                                                              data=b"" if method == "POST" else None))
            self.assertEqual(e.exception.code, code)

    def test_large_request(self):
        # 100 MiB passes the transport (a 32 GiB C1 is ~51 MB) and is refused by the engine
        r = demo_request(b"\0" * (100 << 20), "large-1")
        self.check_code(cuzkd.grpc.StatusCode.INVALID_ARGUMENT, self.stub.SubmitProof, r)


if __name__ == "__main__":
    cuzkd.main()
