"""Faults: a client that disconnects mid-Prove (its job is cancelled and its memory freed),
kill -9 of the daemon mid-proof and a restart on the same socket (UNAVAILABLE, then success on
resubmit), garbage bytes and oversized messages on the socket (answered or dropped, never a
crash)."""
import hashlib
import os
import signal
import socket
import subprocess
import sys
import time
import unittest

import cuzkd
from cuzkd import demo_request, metric, wait_for

LONG = [hashlib.sha256(b"fault-%d" % i).digest() * 2 for i in range(16)]

# A client in its own process: Prove of a long job, until it is killed.
CLIENT = """
import sys
sys.path.insert(0, sys.argv[1])
import grpc
from cuzk.v1 import proving_pb2 as pb, proving_pb2_grpc as pbg
stub = pbg.ProvingEngineStub(grpc.insecure_channel(sys.argv[2]))
req = pb.SubmitProofRequest(request_id=sys.argv[3], proof_kind=5)
req.vanilla_proofs.extend([bytes([i]) * 64 for i in range(16)])
stub.Prove(pb.ProveRequest(submit=req))
"""


class FaultTest(unittest.TestCase):
    def setUp(self):
        self.d = cuzkd.Daemon('[daemon]\nshutdown_grace = "2s"\n').start()
        self.stub = self.d.stub()
        self.pb = cuzkd.pb

    def tearDown(self):
        self.d.close()

    def used_bytes(self):
        return metric(self.stub.GetMetrics(self.pb.GetMetricsRequest()).prometheus_text,
                      "cuzk_memory_used_bytes")

    def test_client_disconnects_mid_prove(self):
        self.stub.PreloadSRS(self.pb.PreloadSrsRequest(circuit_id=cuzkd.DEMO_CIRCUIT))
        idle = self.used_bytes()
        gen = os.path.dirname(os.path.dirname(os.path.dirname(cuzkd.pb.__file__)))
        client = subprocess.Popen([sys.executable, "-c", CLIENT, gen, self.d.addr, "gone-1"])
        try:
            wait_for(lambda: cuzkd.running_jobs(self.stub) >= 1)
        finally:
            client.kill()  # the connection drops mid-Prove
            client.wait()
        r = self.stub.AwaitProof(self.pb.AwaitProofRequest(job_id="gone-1", timeout_ms=60000))
        self.assertEqual(r.status, self.pb.AwaitProofResponse.CANCELLED)
        wait_for(lambda: self.used_bytes() == idle, timeout=30)
        self.assertIn("Prove client went away", self.d.log_text())
        # Curio retries under the same request_id
        r = self.stub.Prove(self.pb.ProveRequest(submit=demo_request(LONG[1], "gone-1"))).result
        self.assertEqual(r.status, self.pb.AwaitProofResponse.COMPLETED, r.error_message)
        self.assertTrue(cuzkd.verify_demo(r.proof, LONG[1], self.d.dir))

    def test_kill9_and_restart(self):
        self.stub.SubmitProof(demo_request(None, "crash-1", messages=LONG))
        wait_for(lambda: cuzkd.running_jobs(self.stub) >= 1)
        self.d.kill9()
        self.assertTrue(os.path.exists(self.d.socket))  # left behind, stale
        with self.assertRaises(cuzkd.grpc.RpcError) as e:
            self.d.stub().GetStatus(self.pb.GetStatusRequest(), timeout=5)
        self.assertEqual(e.exception.code(), cuzkd.grpc.StatusCode.UNAVAILABLE)
        self.d.start()  # the same socket: the stale one is removed
        stub = self.d.stub()
        m = LONG[0]
        r = stub.Prove(self.pb.ProveRequest(submit=demo_request(m, "crash-1"))).result
        self.assertEqual(r.status, self.pb.AwaitProofResponse.COMPLETED, r.error_message)
        self.assertTrue(cuzkd.verify_demo(r.proof, m, self.d.dir))

    def test_second_daemon_refused(self):
        other = cuzkd.Daemon(socket_dir=self.d.socket_dir)
        with self.assertRaises(RuntimeError) as e:
            other.start(timeout=20)
        self.assertIn("another process is listening", str(e.exception))
        other.close()
        self.stub.GetStatus(self.pb.GetStatusRequest())

    def test_tcp_listener(self):
        tcp = cuzkd.Daemon(listen="127.0.0.1:0").start()
        try:
            self.assertRegex(tcp.addr, r"^127\.0\.0\.1:[1-9]\d*$")
            tcp.stub().GetStatus(self.pb.GetStatusRequest(), timeout=10)
            taken = cuzkd.Daemon(listen=tcp.addr)
            with self.assertRaises(RuntimeError) as e:
                taken.start(timeout=20)
            self.assertIn("cannot listen on " + tcp.addr, str(e.exception))
            taken.close()
        finally:
            tcp.close()

    def test_garbage(self):
        payloads = [os.urandom(4096), b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
                    b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + os.urandom(1024),
                    b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x12\x04\x00\x00\x00\x00\x00"]
        for p in payloads:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(self.d.socket)
            s.sendall(p)
            s.settimeout(2)
            try:
                s.recv(4096)
            except (socket.timeout, ConnectionError):
                pass
            s.close()
        # a gRPC call whose body is not a SubmitProofRequest
        raw = self.d.channel().unary_unary("/cuzk.v1.ProvingEngine/SubmitProof",
                                           request_serializer=lambda b: b,
                                           response_deserializer=lambda b: b)
        with self.assertRaises(cuzkd.grpc.RpcError) as e:
            raw(b"\xff\xff\xff\xff\x0f garbage")
        self.assertIn(e.exception.code(), (cuzkd.grpc.StatusCode.INTERNAL,
                                           cuzkd.grpc.StatusCode.INVALID_ARGUMENT))
        unknown = self.d.channel().unary_unary("/cuzk.v1.ProvingEngine/Nope",
                                               request_serializer=lambda b: b,
                                               response_deserializer=lambda b: b)
        with self.assertRaises(cuzkd.grpc.RpcError) as e:
            unknown(b"")
        self.assertEqual(e.exception.code(), cuzkd.grpc.StatusCode.UNIMPLEMENTED)
        # oversized: past the 256 MiB limit
        with self.assertRaises(cuzkd.grpc.RpcError) as e:
            self.stub.SubmitProof(demo_request(b"\0" * (cuzkd.MAX_MESSAGE + 1), "huge"))
        self.assertEqual(e.exception.code(), cuzkd.grpc.StatusCode.RESOURCE_EXHAUSTED)
        # still serving
        self.assertIsNone(self.d.proc.poll())
        self.stub.GetStatus(self.pb.GetStatusRequest())

    def test_sigterm_drains_then_cancels(self):
        """SIGTERM: no new connections; the grace period (2 s) runs out on a long job, which is
        cancelled; exit 0 and the socket is gone."""
        self.stub.SubmitProof(demo_request(None, "drain-1", messages=LONG))
        wait_for(lambda: cuzkd.running_jobs(self.stub) >= 1)
        t = time.time()
        self.assertEqual(self.d.stop(signal.SIGTERM), 0)
        self.assertLess(time.time() - t, 60)
        log = self.d.log_text()
        self.assertIn("grace period over: cancelling", log)
        self.assertIn("job cancelled", log)
        self.assertFalse(os.path.exists(self.d.socket))


if __name__ == "__main__":
    cuzkd.main()
