"""SnapDeals at 2 KiB through the daemon as Curio sends it (lib/ffi/cuzk_funcs.go): Prove with
proof_kind SNAP_DEALS_UPDATE, one bincode PartitionProof per partition in vanilla_proofs and the
three commitments — the committed request tests/data/filecoin/snap_2KiB.json (`cuzk snap gen
--size 2KiB`), which is that message in protobuf's JSON mapping; the proof checked with `cuzk
verify snap` against the request; again as proofshare sends it (sector_size 0), both with explicit
priorities and with `self_check = false`, which SnapDeals ignore (the log shows their check).
A partition proof with a wrong byte in a path is refused at
submit, naming the partition. The parameters come from the cache tests/integration/cli_snap.sh
shares ($CUZK_TEST_PARAMS, default ~/.cache/cuzk; made there with the demo's seed when
missing)."""
import os
import subprocess
import unittest

from google.protobuf import json_format

import cuzkd

REQUEST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "filecoin",
                       "snap_2KiB.json")


def params_dir():
    cache = os.environ.get("CUZK_TEST_PARAMS") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "cuzk")
    os.makedirs(cache, exist_ok=True)
    return cache


class SnapTest(unittest.TestCase):
    def test_snap_2k(self):
        pb, cuzk = cuzkd.pb, cuzkd.ARGS.cuzk
        cache = params_dir()
        r = subprocess.run([cuzk, "params", "path", "--proof", "snap", "--size", "2KiB",
                            "--vk", "--params", cache + "/"], capture_output=True, text=True)
        if r.returncode != 0:
            subprocess.run([cuzk, "setup", "snap", "--size", "2KiB", "--params", cache,
                            "--insecure-seed", "0x637a6b736e6170"], check=True)
        with open(REQUEST) as f:
            req = json_format.Parse(f.read(), pb.SubmitProofRequest())
        self.assertEqual(req.proof_kind, pb.SNAP_DEALS_UPDATE)
        # self_check off: SnapDeals proofs are verified anyway (Curio never verifies them)
        d = cuzkd.Daemon('[pipeline]\nself_check = false\n[logging]\nlevel = "debug"\n',
                         param_cache=cache).start()
        try:
            stub = d.stub()
            req.miner_id = 1000
            req.priority = pb.NORMAL
            # as Curio's snap task sends it, then as proofshare's (sector_size 0)
            for rid, size in (("snap-1000-0", req.sector_size), ("ps-snap-1000-0-1", 0)):
                req.request_id = rid
                req.sector_size = size
                res = stub.Prove(pb.ProveRequest(submit=req)).result
                self.assertEqual(res.status, pb.AwaitProofResponse.COMPLETED, res.error_message)
                self.assertEqual(len(res.proof), 192)
                proof = os.path.join(d.dir, rid + ".proof")
                with open(proof, "wb") as f:
                    f.write(res.proof)
                v = subprocess.run([cuzk, "verify", "snap", "--request", REQUEST, "--vk", cache,
                                    "--proof", proof], capture_output=True, text=True)
                self.assertEqual(v.stdout.strip(), "VALID", rid + ": " + v.stderr)
                checked = [l for l in d.log_lines()
                           if "stage=self_check" in l and "job_id=" + rid + " " in l]
                self.assertTrue(checked, rid + ": no self-check with self_check = false")
            # a flipped byte inside the partition proof's first path: refused at submit
            bad = bytearray(req.vanilla_proofs[0])
            bad[len(bad) // 2] ^= 1
            req.request_id = "snap-1000-0-bad"
            req.vanilla_proofs[0] = bytes(bad)
            try:
                stub.SubmitProof(req)
                self.fail("a wrong partition proof was accepted")
            except cuzkd.grpc.RpcError as e:
                self.assertEqual(e.code(), cuzkd.grpc.StatusCode.INVALID_ARGUMENT, e.details())
                self.assertIn("partition 0", e.details())
        finally:
            d.close()


if __name__ == "__main__":
    cuzkd.main()
