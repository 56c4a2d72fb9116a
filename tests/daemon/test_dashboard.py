"""contrib/grafana/cuzk-dashboard.json against a real daemon's /metrics: every series a query
names is one the daemon exports, with the labels the query uses, and every query is PromQL that
promtool accepts (as a recording rule)."""
import hashlib
import json
import os
import re
import subprocess
import tempfile
import unittest

import cuzkd
from cuzkd import demo_request

DASHBOARD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "contrib",
                         "grafana", "cuzk-dashboard.json")
# labels Prometheus itself adds at scrape time, and a histogram bucket's bound
SCRAPE_LABELS = {"instance", "job"}


def exported(text):
    """{series name: set of label names} of Prometheus text, histograms' _bucket/_sum/_count
    included."""
    series = {}
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        m = re.match(r"([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? \S+$", line)
        if m:
            labels = set(re.findall(r'(\w+)="', m.group(3) or ""))
            series.setdefault(m.group(1), set()).update(labels)
    return series


def queries(dash):
    for p in dash["panels"]:
        for t in p.get("targets", []):
            yield p["title"], t["expr"]
    for v in dash["templating"]["list"]:
        if v["type"] == "query":
            yield "variable " + v["name"], v["query"]


class DashboardTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.d = cuzkd.Daemon().start()
        stub = cls.d.stub()
        stub.Prove(cuzkd.pb.ProveRequest(submit=demo_request(hashlib.sha256(b"dashboard").digest() * 2, "dash-1")))
        cls.series = exported(stub.GetMetrics(cuzkd.pb.GetMetricsRequest()).prometheus_text)
        with open(DASHBOARD) as f:
            cls.dash = json.load(f)

    @classmethod
    def tearDownClass(cls):
        cls.d.close()

    def test_series_and_labels(self):
        n = 0
        for title, expr in queries(self.dash):
            names = re.findall(r"\bcuzk_[a-z0-9_]+", expr)
            self.assertTrue(names, "%s: %s names no cuzk series" % (title, expr))
            for name in names:
                n += 1
                self.assertIn(name, self.series, "%s: %s is not exported" % (title, name))
            known = set().union(*(self.series[x] for x in names)) | SCRAPE_LABELS
            used = set(re.findall(r"(\w+)\s*(?:=~|!=|=)\s*\"", expr))
            for group in re.findall(r"by \(([^)]*)\)", expr):
                used |= {x.strip() for x in group.split(",")}
            self.assertLessEqual(used, known, "%s: labels %s not on %s" %
                                 (title, sorted(used - known), names))
        print("dashboard: %d series references checked" % n)

    def test_promql(self):
        rules = {"groups": [{"name": "dashboard", "rules": [
            {"record": "cuzk:dashboard:%d" % i,
             "expr": re.sub(r"label_values\((\w+), (\w+)\)", r"group by (\2) (\1)",
                            expr.replace("$instance", ".*"))}
            for i, (_, expr) in enumerate(queries(self.dash))]}]}
        with tempfile.NamedTemporaryFile("w", suffix=".yml", delete=False) as f:
            json.dump(rules, f)  # YAML is a superset of JSON
        try:
            r = subprocess.run(["promtool", "check", "rules", f.name], capture_output=True,
                               text=True)
        finally:
            os.unlink(f.name)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)


if __name__ == "__main__":
    cuzkd.main()
