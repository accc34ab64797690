#!/usr/bin/env python3
"""Builds the bundled collections (problems/collections/*.tsv) from ../shared/problems/.

Run from the project root: python3 scripts/import_collections.py [SHARED_DIR]
The output format is described in docs/formats.md ("Collection files").
"""
import os
import sys

shared = sys.argv[1] if len(sys.argv) > 1 else os.path.join("..", "shared")
out_dir = os.path.join("problems", "collections")


def rows(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n").rstrip("\r")
            if line and not line.startswith("#"):
                yield line.split("\t")


def write(name, header, problems):
    with open(os.path.join(out_dir, name + ".tsv"), "w", encoding="utf-8") as f:
        f.write("# tsumi collection (docs/formats.md)\n")
        for k, v in header:
            f.write(f"# {k}: {v}\n")
        f.write("# id\tsfen\tlength\tmain_line\ttitle\tauthor\tsource\ttags\n")
        for p in problems:
            f.write("\t".join(p) + "\n")


tanuki = []
for i, r in enumerate(rows(os.path.join(shared, "problems", "tanuki", "tanuki.tsv")), 1):
    sfen, length, line, source, complete = r[:5]
    tags = ["generated", "strict-convention"] + ([] if complete == "1" else ["incomplete-piece-box"])
    tanuki.append([f"tanuki-{i:04d}", sfen, length, line, "", "tanuki-tsume-shogi generator", source, ",".join(tags)])
write("tanuki", [("name", "tanuki"),
                 ("title", "Tanuki generated problems (1-11 plies)"),
                 ("license", "MIT (see tanuki.LICENSE)"),
                 ("source", "tokuhirom/tanuki-tsume-shogi puzzles/{1,3,5,7,9,11}.json at 09483437d88a4c69a069a411605035756aae8f44")],
      tanuki)

flags = {r[0]: r[1] for r in rows(os.path.join(shared, "problems", "zukou", "zukou_flags.tsv"))}
zukou = []
for r in rows(os.path.join(shared, "problems", "zukou", "zukou.tsv")):
    pid, sfen, length, line = r[:4]
    n = int(pid.split("-")[1])
    tags = ["classical", "edo"] + (["record-imperfect"] if pid in flags else [])
    zukou.append([pid, sfen, length, line, f"将棋図巧 第{n}番", "伊藤看寿", "将棋図巧 (1755)", ",".join(tags)])
write("zukou", [("name", "zukou"),
                ("title", "Shogi Zukou (将棋図巧), Ito Kanju, 1755"),
                ("license", "public-domain works; records CC0 (tokoroten/edo_era_tsume_shogi)"),
                ("source", "tokoroten/edo_era_tsume_shogi, via ../shared/problems/zukou")],
      zukou)
