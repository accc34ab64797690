#!/usr/bin/env python3
"""Summarises `tsumi verify --json` output (one object per line) as a TSV table and counts.

Usage: python3 scripts/verify_summary.py VERIFY.jsonl > SUMMARY.tsv
"""
import json
import sys
from collections import Counter

UNSOUND = {"no-mate", "shorter-mate", "cook", "pieces-left", "longer-defence", "wrong-main-line"}
rows = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
verdicts = Counter()
print("# problem\tverdict\tlength\tstated\tminimal\tfindings (kind@move: detail)")
for r in rows:
    kinds = Counter(f["kind"] for f in r["findings"])
    if r["sound"]:
        verdict = "sound"
    elif any(k in UNSOUND for k in kinds):
        verdict = "unsound"
    else:
        verdict = "undecided"
    verdicts[verdict] += 1
    notes = []
    for f in r["findings"]:
        if f["kind"] in ("undecided", "futile-interposition"):
            continue
        notes.append(f"{f['japanese']}@{f['move']}: {f['detail']}")
    undecided = kinds.get("undecided", 0)
    if undecided:
        notes.append(f"未決 x{undecided}")
    pid = r["source"].split("#")[-1]
    print(f"zukou-{int(pid):03d}\t{verdict}\t{r['length']}\t{r['stated']}\t{r['minimal']}\t" + " | ".join(notes))
sys.stderr.write(" ".join(f"{k}={v}" for k, v in sorted(verdicts.items())) + "\n")
kinds_total = Counter()
problems_with = Counter()
for r in rows:
    ks = {f["kind"] for f in r["findings"]}
    for k in ks:
        problems_with[k] += 1
sys.stderr.write("problems with each finding: " + ", ".join(f"{k}={v}" for k, v in sorted(problems_with.items())) + "\n")
