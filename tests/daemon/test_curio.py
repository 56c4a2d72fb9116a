"""Curio's shapes and the daemon's bounds: ids as Curio makes them (the WindowPoSt id with spaces
and brackets, 4096 bytes, not 4097); two concurrent Prove calls under one id with different
payloads (Curio's WindowPoSt partitions of a deadline), each answered with the proof of its own
request; the same payload joining one job; a client whose deadline expires retrying at once
under the same id; the unix socket's mode; 64 concurrent Prove callers under a quota of 8 RPC
threads; K parallel 256 MiB SubmitProofs with no parameters, the daemon's peak RSS bounded and
every caller answered NOT_FOUND or RESOURCE_EXHAUSTED. The figures are printed."""
import os
import stat
import threading
import time
import unittest

import cuzkd
from cuzkd import demo_request

WDPOST_ID = "wdpost-1000-3-[12 200 3 4 5 6 7 8]"  # Go's %d of a byte slice, as Curio sends it


def msg(i):
    return bytes([i % 256]) * 64


def concurrently(fn, args):
    """fn(*a) for each a on its own thread; the results (or exceptions) in order."""
    out = [None] * len(args)

    def run(i):
        try:
            out[i] = fn(*args[i])
        except Exception as e:  # noqa: BLE001 - reported by the caller
            out[i] = e
    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(args))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(600)
    return out


class CurioTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.pb = cuzkd.pb
        cls.d = cuzkd.Daemon('[daemon]\nrpc_threads = 8\n[memory]\ntotal_budget = "2GiB"\n')
        cls.d.start()
        cls.stub = cls.d.stub()

    @classmethod
    def tearDownClass(cls):
        cls.d.stop()
        cls.d.close()

    def prove(self, request, timeout=None):
        return self.stub.Prove(self.pb.ProveRequest(submit=request), timeout=timeout).result

    def test_socket_mode(self):
        self.assertEqual(stat.S_IMODE(os.stat(self.d.socket).st_mode), 0o660)
        self.assertEqual(stat.S_IMODE(os.stat(self.d.socket_dir).st_mode), 0o750)

    def test_ids(self):
        r = self.prove(demo_request(msg(1), WDPOST_ID, priority=self.pb.HIGH))
        self.assertEqual((r.job_id, r.status), (WDPOST_ID, self.pb.AwaitProofResponse.COMPLETED))
        self.assertTrue(cuzkd.verify_demo(r.proof, msg(1), self.d.dir))
        long_id = "x" * 4096
        self.assertEqual(self.prove(demo_request(msg(2), long_id)).job_id, long_id)
        with self.assertRaises(cuzkd.grpc.RpcError) as e:
            self.prove(demo_request(msg(2), long_id + "x"))
        self.assertEqual(e.exception.code(), cuzkd.grpc.StatusCode.INVALID_ARGUMENT)
        self.assertIn("4096", e.exception.details())
        # a control byte in an id reaches the log escaped
        self.prove(demo_request(msg(3), "ctl-\x1b[31m-\x07"))
        text = self.d.log_text()
        self.assertNotIn("\x1b", text)
        self.assertIn("ctl-\\x1b[31m-\\x07", text)

    def test_same_id_partitions(self):
        # two partitions of one deadline at once, twice (a retried task), each its own proof;
        # a third caller with the first payload joins the first job
        for round_ in range(2):
            ms = [msg(10 + round_), msg(20 + round_), msg(10 + round_)]
            rs = concurrently(lambda m: self.prove(demo_request(m, WDPOST_ID,
                                                                priority=self.pb.HIGH)),
                              [(m,) for m in ms])
            for m, r in zip(ms, rs):
                self.assertNotIsInstance(r, Exception, r)
                self.assertEqual(r.status, self.pb.AwaitProofResponse.COMPLETED, r.error_message)
                self.assertTrue(cuzkd.verify_demo(r.proof, m, self.d.dir), m)
        self.assertIn("joined the live job", self.d.log_text())

    def test_deadline_then_retry(self):
        # Curio's ProveTimeout expires; its task scheduler retries at once under the same id
        long = [msg(100 + i) for i in range(12)]
        req = demo_request(None, "porep-1000-7", messages=long, priority=self.pb.NORMAL)
        t = time.time()
        with self.assertRaises(cuzkd.grpc.RpcError) as e:
            self.prove(req, timeout=0.5)
        self.assertEqual(e.exception.code(), cuzkd.grpc.StatusCode.DEADLINE_EXCEEDED)
        r = self.prove(req)
        self.assertEqual(r.status, self.pb.AwaitProofResponse.COMPLETED, r.error_message)
        for i, m in enumerate(long):
            self.assertTrue(cuzkd.verify_demo(r.proof[192 * i:192 * (i + 1)], m, self.d.dir))
        print("deadline then retry: %.1f s" % (time.time() - t))

    def test_64_callers(self):
        t = time.time()
        ms = [msg(1000 + i) for i in range(64)]
        rs = concurrently(lambda i, m: self.d.stub().Prove(self.pb.ProveRequest(
            submit=demo_request(m, "many-%d" % i, priority=self.pb.LOW))).result,
            list(enumerate(ms)))
        for m, r in zip(ms, rs):
            self.assertNotIsInstance(r, Exception, r)
            self.assertEqual(r.status, self.pb.AwaitProofResponse.COMPLETED, r.error_message)
            self.assertTrue(cuzkd.verify_demo(r.proof, m, self.d.dir))
        print("64 concurrent Prove callers, rpc_threads = 8: all completed in %.1f s"
              % (time.time() - t))


class LargeSubmitTest(unittest.TestCase):
    K = 4
    MESSAGE = 4096
    COUNT = 65000  # ~254 MiB of vanilla_proofs: just under the 256 MiB message limit

    def test_parallel_large_submits(self):
        pb = cuzkd.pb
        d = cuzkd.Daemon('[memory]\ntotal_budget = "4GiB"\n',
                         param_cache=os.path.join(cuzkd.tempfile.mkdtemp(), "none"))
        d.start()
        try:
            base = d.peak_rss()
            big = [bytes([i % 251]) * self.MESSAGE for i in range(self.COUNT)]

            def submit(k):
                try:
                    d.stub().SubmitProof(demo_request(None, "big-%d" % k, messages=big))
                    return "OK"
                except cuzkd.grpc.RpcError as e:
                    return e.code().name
            codes = concurrently(submit, [(k,) for k in range(self.K)])
            peak = d.peak_rss()
            size = self.MESSAGE * self.COUNT
            # gRPC holds each message twice (the received bytes and the decoded request); the
            # parsed copies are bounded by max_parse_bytes (2 × 256 MiB)
            bound = (2 * self.K + 2) * size
            print("%d parallel %.0f MiB SubmitProofs, no parameters: %s; daemon peak RSS "
                  "%.0f MiB (at start %.0f MiB; bound %.0f MiB)"
                  % (self.K, size / 2**20, codes, peak / 2**20, base / 2**20, bound / 2**20))
            for c in codes:
                self.assertIn(c, ("NOT_FOUND", "RESOURCE_EXHAUSTED"))
            self.assertLess(peak, bound)
        finally:
            d.stop()
            d.close()


if __name__ == "__main__":
    cuzkd.main()
