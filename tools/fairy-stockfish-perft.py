#!/usr/bin/env python3
"""Perft of each classic variant file against Fairy-Stockfish's built-in variant, in one run.

For each row of tests/interop/fairy-stockfish.tsv whose variant the Fairy-Stockfish binary
knows (Debian's /usr/games/fairy-stockfish by default), counts perft from the start with
`oddboard perft FILE N` and with Fairy-Stockfish's `go perft N` over UCI, at the first depth
from 4 at which Fairy-Stockfish takes at least a second, and prints a Markdown table row: the
depth, the leaves, each program's CPU seconds (its process's, so a busy machine skews it
little) and their ratio. A row whose two counts differ says so, and the tool exits 1.

    tools/fairy-stockfish-perft.py target/release/oddboard [--fsf PATH] [FILE-ID…]
"""
import argparse
import resource
import subprocess
import sys

MANIFEST = "tests/interop/fairy-stockfish.tsv"
SECOND = 1.0
FIRST_DEPTH = 4
LAST_DEPTH = 9


def timed(command, stdin=None):
    """The command's standard output and the CPU seconds its process took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(command, input=stdin, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out.stdout, seconds


def fsf_variants(fsf):
    """The variants the Fairy-Stockfish binary offers."""
    out, _ = timed([fsf], "uci\nquit\n")
    for line in out.splitlines():
        if line.startswith("option name UCI_Variant"):
            return set(line.split(" var ")[1:])
    return set()


def fsf_perft(fsf, name, depth):
    """Fairy-Stockfish's perft from the start: leaves and CPU seconds."""
    script = f"setoption name UCI_Variant value {name}\nposition startpos\ngo perft {depth}\nquit\n"
    out, seconds = timed([fsf], script)
    leaves = next(
        int(line.split()[-1]) for line in out.splitlines() if line.startswith("Nodes searched")
    )
    return leaves, seconds


def rows(only):
    """The manifest's file and Fairy-Stockfish name of each row (those named in `only`)."""
    with open(MANIFEST, encoding="utf-8") as manifest:
        for line in manifest:
            if line.startswith("#") or not line.strip():
                continue
            file, name = line.split("\t")[:2]
            ident = file.rsplit("/", 1)[-1].removesuffix(".ron")
            if not only or ident in only:
                yield file, ident, name


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("oddboard")
    parser.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    parser.add_argument("only", nargs="*")
    args = parser.parse_args()
    known = fsf_variants(args.fsf)
    print("| file | Fairy-Stockfish | depth | leaves | Fairy-Stockfish | file | file / Fairy-Stockfish |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    differ = False
    for file, ident, name in rows(args.only):
        if name not in known:
            print(f"| `{ident}.ron` | `{name}` | | | not in this Fairy-Stockfish | | |")
            continue
        for depth in range(FIRST_DEPTH, LAST_DEPTH + 1):
            theirs, their_seconds = fsf_perft(args.fsf, name, depth)
            if their_seconds >= SECOND:
                break
        out, our_seconds = timed([args.oddboard, "perft", file, str(depth)])
        ours = int(out.split()[-1])
        if ours != theirs:
            differ = True
            print(f"| `{ident}.ron` | `{name}` | {depth} | {ours} against {theirs} | | | |")
            continue
        print(
            f"| `{ident}.ron` | `{name}` | {depth} | {ours:,} | {their_seconds:.2f} s | "
            f"{our_seconds:.2f} s | {our_seconds / their_seconds:.2f}× |",
            flush=True,
        )
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
