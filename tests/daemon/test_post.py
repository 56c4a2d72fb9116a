"""WindowPoSt and WinningPoSt at 2 KiB through the daemon as Curio sends them
(lib/ffi/cuzk_funcs.go WindowPoStCuzk / WinningPoStCuzk): Prove with proof_kind
WINDOW_POST_PARTITION or WINNING_POST, one bincode FallbackPoStSectorProof per sector in
vanilla_proofs (`cuzk post gen`, miner 1000), the randomness, the registered proof as Go numbers
it and the partition index, the priorities Curio gives (HIGH, CRITICAL); two WindowPoSt
partitions of one deadline sent at once under Curio's id for it (`wdpost-1000-0-[3 3 3 3 3 3 3
3]`), each with its own sectors and each proof checked against them; the proofs checked with `cuzk verify post-window|post-winning`
against the chain's public info. A vanilla proof with a wrong path is refused at submit, naming
the sector and challenge. The parameters come from the cache tests/integration/cli_post.sh
shares ($CUZK_TEST_PARAMS, default ~/.cache/cuzk; made there with the same seed when missing:
about 40 s)."""
import os
import shutil
import subprocess
import tempfile
import threading
import unittest

import cuzkd


def params_dir():
    cache = os.environ.get("CUZK_TEST_PARAMS") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "cuzk")
    os.makedirs(cache, exist_ok=True)
    return cache


def ensure_params(cuzk, cache, kind):
    r = subprocess.run([cuzk, "params", "path", "--proof", kind + "-post", "--size", "2KiB",
                        "--vk", "--params", cache + "/"], capture_output=True, text=True)
    if r.returncode != 0:
        subprocess.run([cuzk, "setup", "post-" + kind, "--size", "2KiB", "--params", cache,
                        "--insecure-seed", "0x637a6b706f7374"], check=True)


class PostTest(unittest.TestCase):
    def test_post_2k(self):
        pb, cuzk = cuzkd.pb, cuzkd.ARGS.cuzk
        cache = params_dir()
        for kind in ("window", "winning"):
            ensure_params(cuzk, cache, kind)
        d = cuzkd.Daemon(param_cache=cache).start()
        try:
            stub = d.stub()
            randomness = b"\x03" * 32  # post gen's default
            # Curio's WindowPoSt id: Go's %d of randomness[:8] (spaces and brackets)
            wdpost_id = "wdpost-1000-0-[%s]" % " ".join(str(b) for b in randomness[:8])
            for kind, proof_kind, registered, sectors, priority in (
                    ("window", pb.WINDOW_POST_PARTITION, 10, 2, pb.HIGH),
                    ("winning", pb.WINNING_POST, 0, 1, pb.CRITICAL)):
                # WindowPoSt: two partitions of one deadline (their own sectors), sent at once
                # under one id as Curio does; each proof checked against its own sectors
                sets = []
                for first in ((1, 1 + sectors) if kind == "window" else (1,)):
                    out = os.path.join(d.dir, "%s-%d" % (kind, first))
                    subprocess.run([cuzk, "post", "gen", "--kind", kind, "--size", "2KiB",
                                    "--sectors", str(sectors), "--first-sector", str(first),
                                    "--out", out], check=True, capture_output=True)
                    vanilla = []
                    for i in range(first, first + sectors):
                        with open(os.path.join(out, "sector-%d.vproof" % i), "rb") as f:
                            vanilla.append(f.read())
                    sets.append((out, vanilla))
                rid = wdpost_id if kind == "window" else "winpost-1000-0303"

                def request(vanilla):
                    return pb.SubmitProofRequest(request_id=rid, proof_kind=proof_kind,
                                                 sector_size=2048, registered_proof=registered,
                                                 priority=priority, vanilla_proofs=vanilla,
                                                 miner_id=1000, randomness=randomness,
                                                 partition_index=0)
                results = [None] * len(sets)

                def prove(i):
                    results[i] = d.stub().Prove(pb.ProveRequest(submit=request(sets[i][1])))
                threads = [threading.Thread(target=prove, args=(i,)) for i in range(len(sets))]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join(600)
                for i, (out, vanilla) in enumerate(sets):
                    r = results[i].result
                    self.assertEqual(r.status, pb.AwaitProofResponse.COMPLETED, r.error_message)
                    self.assertEqual((r.job_id, len(r.proof)), (rid, 192))
                    proof = os.path.join(d.dir, "%s-%d.proof" % (kind, i))
                    with open(proof, "wb") as f:
                        f.write(r.proof)
                    v = subprocess.run([cuzk, "verify", "post-" + kind, "--public",
                                        os.path.join(out, "public.json"), "--vk", cache,
                                        "--proof", proof], capture_output=True, text=True)
                    self.assertEqual(v.stdout.strip(), "VALID", "%s %d: %s" % (rid, i, v.stderr))
                # a wrong sibling in the last sector's third path: refused, naming it
                vanilla = sets[0][1]
                req = request(vanilla)
                bad = bytearray(vanilla[-1])
                bad[56 + 556 * 2 + 84] ^= 1
                req.request_id = rid + "-bad"
                req.vanilla_proofs[-1] = bytes(bad)
                try:
                    stub.SubmitProof(req)
                    self.fail("a wrong vanilla proof was accepted")
                except cuzkd.grpc.RpcError as e:
                    self.assertEqual(e.code(), cuzkd.grpc.StatusCode.INVALID_ARGUMENT,
                                     e.details())
                    self.assertIn("sector %d (vanilla proof %d) challenge 2" %
                                  (sectors, sectors - 1), e.details())
        finally:
            d.close()

    def test_native_only(self):
        """A param_cache holding only what `setup --native` wrote (<stem>.czparams and the .vk,
        no .params): the daemon maps it (WARM), proves from it, and converts nothing."""
        pb, cuzk = cuzkd.pb, cuzkd.ARGS.cuzk
        cache = tempfile.mkdtemp(prefix="cuzk-native-")
        try:
            subprocess.run([cuzk, "setup", "post-window", "--size", "2KiB", "--native",
                            "--params", cache, "--insecure-seed", "0x637a6b706f7374"],
                           check=True, capture_output=True)
            self.assertEqual(sorted(os.path.splitext(f)[1] for f in os.listdir(cache)),
                             [".czparams", ".vk"])
            out = os.path.join(cache, "sectors")
            subprocess.run([cuzk, "post", "gen", "--kind", "window", "--size", "2KiB",
                            "--sectors", "2", "--out", out], check=True, capture_output=True)
            vanilla = []
            for i in (1, 2):
                with open(os.path.join(out, "sector-%d.vproof" % i), "rb") as f:
                    vanilla.append(f.read())
            d = cuzkd.Daemon(param_cache=cache).start()
            try:
                stub = d.stub()
                req = pb.SubmitProofRequest(request_id="wdpost-native", sector_size=2048,
                                            proof_kind=pb.WINDOW_POST_PARTITION,
                                            registered_proof=10, vanilla_proofs=vanilla,
                                            miner_id=1000, randomness=b"\x03" * 32)
                r = stub.Prove(pb.ProveRequest(submit=req)).result
                self.assertEqual(r.status, pb.AwaitProofResponse.COMPLETED, r.error_message)
                srs = stub.GetStatus(pb.GetStatusRequest()).loaded_srs
                self.assertEqual([s.tier for s in srs], [pb.SRSStatus.WARM])
                text = stub.GetMetrics(pb.GetMetricsRequest()).prometheus_text
                self.assertEqual(cuzkd.metric(text, "cuzk_srs_conversions_total"), 0)
            finally:
                d.close()
            proof = os.path.join(cache, "proof")
            with open(proof, "wb") as f:
                f.write(r.proof)
            v = subprocess.run([cuzk, "verify", "post-window", "--public",
                                os.path.join(out, "public.json"), "--vk", cache, "--proof",
                                proof], capture_output=True, text=True)
            self.assertEqual(v.stdout.strip(), "VALID", v.stderr)
        finally:
            shutil.rmtree(cache)


if __name__ == "__main__":
    cuzkd.main()
