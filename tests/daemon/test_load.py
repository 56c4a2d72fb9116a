"""Load: 8 concurrent clients, each on its own channel, send a bounded stream of demo jobs of
mixed priorities through Prove. Every job must be answered once with a proof that `cuzk verify`
accepts, no job lost or duplicated, the daemon's memory under its budget, and the HIGH jobs,
sent after the LOW ones, must overtake LOW jobs queued before them."""
import hashlib
import threading
import time
import unittest

import cuzkd
from cuzkd import demo_request, metric

CLIENTS = 8
HIGH_CLIENTS = 2  # the last two; they start once the other clients' jobs are queued
JOBS = [1] * (CLIENTS - HIGH_CLIENTS) + [2] * HIGH_CLIENTS  # per client, one after the other
BUDGET = 1 << 30


def message(client, job):
    return hashlib.sha256(b"load-%d-%d" % (client, job)).digest() * 2


class LoadTest(unittest.TestCase):
    def test_load(self):
        pb = cuzkd.pb
        d = cuzkd.Daemon('[memory]\ntotal_budget = "1GiB"\n').start()
        try:
            results = {}  # job id → (priority, submitted, finished, response)
            lock = threading.Lock()
            low_queued = threading.Event()
            errors = []

            def client(c):
                high = c >= CLIENTS - HIGH_CLIENTS
                prio = pb.HIGH if high else (pb.LOW if c % 2 else pb.NORMAL)
                stub = d.stub()  # a channel per client
                if high:
                    low_queued.wait(60)
                for j in range(JOBS[c]):
                    jid = "load-%d-%d" % (c, j)
                    t = time.time()
                    try:
                        r = stub.Prove(pb.ProveRequest(
                            submit=demo_request(message(c, j), jid, priority=prio))).result
                    except cuzkd.grpc.RpcError as e:
                        errors.append((jid, e.code(), e.details()))
                        continue
                    with lock:
                        if jid in results:
                            errors.append((jid, "answered twice"))
                        results[jid] = (prio, t, time.time(), r)

            threads = [threading.Thread(target=client, args=(c,)) for c in range(CLIENTS)]
            for t in threads:
                t.start()
            stub = d.stub()
            lows = CLIENTS - HIGH_CLIENTS
            cuzkd.wait_for(lambda: metric(stub.GetMetrics(pb.GetMetricsRequest()).prometheus_text,
                                          "cuzk_jobs_submitted_total") >= lows)
            low_queued.set()
            for t in threads:
                t.join(600)
            self.assertEqual(errors, [])

            # every job answered once, with a proof of its own message
            self.assertEqual(len(results), sum(JOBS))
            for jid, (_, _, _, r) in results.items():
                c, j = map(int, jid.split("-")[1:])
                self.assertEqual(r.job_id, jid)
                self.assertEqual(r.status, pb.AwaitProofResponse.COMPLETED, r.error_message)
                self.assertTrue(cuzkd.verify_demo(r.proof, message(c, j), d.dir), jid)
            s = stub.GetStatus(pb.GetStatusRequest())
            text = stub.GetMetrics(pb.GetMetricsRequest()).prometheus_text
            self.assertEqual(s.total_proofs_completed, sum(JOBS))
            self.assertEqual(metric(text, "cuzk_jobs_submitted_total"), sum(JOBS))
            self.assertEqual(sum(q.pending + q.in_progress for q in s.queues), 0)

            # memory: the engine's accounting and the process's peak resident set
            self.assertLessEqual(metric(text, "cuzk_memory_peak_bytes"), BUDGET)
            self.assertLessEqual(metric(text, "cuzk_memory_allocated_peak_bytes"),
                                 metric(text, "cuzk_memory_peak_bytes"))
            self.assertLessEqual(d.peak_rss(), BUDGET)

            # priority: each HIGH job finished before some LOW/NORMAL job submitted earlier
            highs = [v for v in results.values() if v[0] == pb.HIGH]
            others = [v for v in results.values() if v[0] != pb.HIGH]
            for prio, sent, done, r in highs:
                overtaken = [o for o in others if o[1] < sent and o[2] > done]
                self.assertGreater(len(overtaken), 0, "%s overtook nothing" % r.job_id)
            self.assertLess(max(h[2] for h in highs), max(o[2] for o in others))
        finally:
            code = d.stop()
            d.close()
        self.assertEqual(code, 0)


if __name__ == "__main__":
    cuzkd.main()
