#!/usr/bin/env python3
"""The turns Oddboard lost its games with, and whether a build still plays them.

`find` reads match records (`tools/stockfish-match.py --pgn`), takes every game Oddboard lost,
and has Stockfish at full strength (`--nodes` a judgement, both cores) judge each of Oddboard's
turns from ply 16 to ply 110 against the turn Stockfish prefers. A turn that loses `--drop`
hundredths of a Pawn or more (150 by default) from a position not already lost (Stockfish's
judgement above -3 Pawns) is written as a line of a suite: the drop, the record's seed, the
game, the ply, Stockfish's judgement before and after, the turn played, Stockfish's turn and
the FEN, tab-separated. The game's later turns are left out once its position is lost.

`retest` asks a build for its turn in each position of a suite (`ODDBOARD bestmove chess --fen
… --movetime MS`, a fresh process, every core as in a match) and has Stockfish judge it the
same way: a turn that still loses `--drop` or more counts as the blunder again. It prints a line
a position and the count. A position it now answers well says a change saw what the game
missed; one it never answers well at any time marks a blind spot of the judgement or the
pruning rather than of depth.

`curve` has Stockfish judge, for Oddboard, the positions at a few plies (`--plies`, 12, 20,
32, 40 and 60 by default) of every game of the records, and prints the median judgement at each
ply for the games Oddboard won, drew and lost and for all of them: where along the games their
results take shape.

`repeats` takes every game drawn by repetition and has Stockfish judge, for Oddboard, the
position where Oddboard first played a turn that brought back a position seen before: whether
the repetitions let a win go (Oddboard ahead) or save lost games (Oddboard behind). It prints a
line a game and how many stood a Pawn or more behind, within a Pawn, and a Pawn or more ahead.

    tools/stockfish-blunders.py find --out suite.tsv games/*.pgn
    tools/stockfish-blunders.py retest --oddboard target/release/oddboard --movetime 1000 suite.tsv
    tools/stockfish-blunders.py --nodes 100000 curve games/*.pgn
    tools/stockfish-blunders.py --nodes 2000000 repeats games/*.pgn
"""

import argparse
import re
import subprocess
import sys

import chess
import chess.engine
import chess.pgn

# A mate counts as this many hundredths of a Pawn.
MATE = 3000


def judge(engine, board, side, nodes):
    """Stockfish's judgement of `board` for `side` and its best turn."""
    info = engine.analyse(board, chess.engine.Limit(nodes=nodes))
    return info["score"].pov(side).score(mate_score=MATE), info.get("pv", [None])[0]


def games(paths):
    """Each game in the records `paths`: (seed, game number, game, Oddboard's side, Oddboard's
    result: "won", "drawn" or "lost")."""
    for path in paths:
        seed = re.search(r"seed(\d+)", path)
        with open(path) as records:
            number = 0
            while (game := chess.pgn.read_game(records)) is not None:
                number += 1
                white = game.headers["White"].startswith("Oddboard")
                side = chess.WHITE if white else chess.BLACK
                won = {chess.WHITE: "1-0", chess.BLACK: "0-1"}[side]
                score = game.headers["Result"]
                result = "won" if score == won else "drawn" if score == "1/2-1/2" else "lost"
                yield (seed.group(1) if seed else "-"), number, game, side, result


def find(args, engine):
    """Writes the suite of turns that lost `args.drop` or more in the games Oddboard lost."""
    out = open(args.out, "w") if args.out else sys.stdout
    for seed, number, game, side, result in games(args.pgn):
        if result != "lost":
            continue
        board = game.board()
        for ply, node in enumerate(game.mainline()):
            played = node.move
            if board.turn == side and 16 <= ply <= 110:
                before, best = judge(engine, board, side, args.nodes)
                if before < -300:
                    break
                if best is not None and best != played:
                    after_board = board.copy()
                    after_board.push(played)
                    after, _ = judge(engine, after_board, side, args.nodes)
                    if before - after >= args.drop:
                        fields = [before - after, seed, number, ply, before, after,
                                  board.san(played), board.san(best), board.fen()]
                        print(*fields, sep="\t", file=out, flush=True)
            board.push(played)


def retest(args, engine):
    """Plays the build on each position of the suite and counts the blunders it repeats."""
    repeated = total = 0
    for line in open(args.suite):
        drop, seed, number, ply, before, _, played, best, fen = line.rstrip("\n").split("\t")
        board = chess.Board(fen)
        side = board.turn
        command = [args.oddboard, "bestmove", "chess", "--fen", fen, "--movetime", str(args.movetime)]
        output = subprocess.run(command, capture_output=True, text=True).stdout.split()
        if not output:
            sys.exit(f"no turn from {args.oddboard} for {fen}")
        turn = chess.Move.from_uci(output[-1])
        answer = board.san(turn)
        board.push(turn)
        after, _ = judge(engine, board, side, args.nodes)
        lost = int(before) - after
        total += 1
        repeated += lost >= args.drop
        verdict = "blunder again" if lost >= args.drop else ""
        print(f"seed {seed} game {number} ply {ply}: played {played}, Stockfish {best}, "
              f"now {answer} (loses {lost}) {verdict}", flush=True)
    print(f"{repeated}/{total} lose {args.drop} or more again")


def curve(args, engine):
    """Prints the median judgement for Oddboard at each of `args.plies` by the games' results."""
    plies = args.plies
    judged = {result: {ply: [] for ply in plies} for result in ("won", "drawn", "lost", "all")}
    for _, _, game, side, result in games(args.pgn):
        board = game.board()
        for ply, move in enumerate(game.mainline_moves(), start=1):
            if ply > plies[-1]:
                break
            board.push(move)
            if ply in plies:
                score, _ = judge(engine, board, side, args.nodes)
                judged[result][ply].append(score)
                judged["all"][ply].append(score)
    print(f"{'games':<5}{'count':>6}" + "".join(f"{f'ply {ply}':>11}" for ply in plies))
    for result, by_ply in judged.items():
        cells = "".join(f"{median(by_ply[ply]):>11}" for ply in plies)
        print(f"{result:<5}{len(by_ply[plies[0]]):>6}{cells}")


def repeats(args, engine):
    """Prints Stockfish's judgement where Oddboard first repeated a position in each game drawn
    by repetition, and how many of those positions it stood behind, level and ahead in."""
    standing = {"behind": 0, "within a Pawn": 0, "ahead": 0}
    for seed, number, game, side, result in games(args.pgn):
        if result != "drawn" or "repetition" not in game.headers.get("Termination", ""):
            continue
        board = game.board()
        for ply, move in enumerate(game.mainline_moves()):
            mover = board.turn
            board.push(move)
            if mover == side and board.is_repetition(2):
                board.pop()
                score, best = judge(engine, board, side, args.nodes)
                what = "behind" if score <= -100 else "ahead" if score >= 100 else "within a Pawn"
                standing[what] += 1
                better = board.san(best) if best is not None else "-"
                print(f"seed {seed} game {number} ply {ply}: {board.san(move)} repeats, "
                      f"Oddboard {score:+d} ({what}), Stockfish {better}", flush=True)
                break
    print(", ".join(f"{count} {what}" for what, count in standing.items()))


def ply_list(text):
    """The plies a comma-separated list names, in order: each a whole number from 1."""
    try:
        plies = sorted({int(ply) for ply in text.split(",")})
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}': plies are whole numbers, comma-separated")
    if plies[0] < 1:
        raise argparse.ArgumentTypeError(f"'{text}': a ply counts from 1")
    return plies


def median(scores):
    """The median of `scores` (the lower middle one of an even count); "-" for none."""
    return sorted(scores)[(len(scores) - 1) // 2] if scores else "-"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stockfish", default="/usr/games/stockfish", help="Stockfish binary")
    parser.add_argument("--nodes", type=int, default=200000)
    parser.add_argument("--drop", type=int, default=150)
    commands = parser.add_subparsers(dest="command", required=True)
    finding = commands.add_parser("find")
    finding.add_argument("--out")
    finding.add_argument("pgn", nargs="+")
    finding.set_defaults(run=find)
    testing = commands.add_parser("retest")
    testing.add_argument("--oddboard", required=True)
    testing.add_argument("--movetime", type=int, default=1000)
    testing.add_argument("suite")
    testing.set_defaults(run=retest)
    curving = commands.add_parser("curve")
    curving.add_argument("--plies", type=ply_list, default=[12, 20, 32, 40, 60])
    curving.add_argument("pgn", nargs="+")
    curving.set_defaults(run=curve)
    repeating = commands.add_parser("repeats")
    repeating.add_argument("pgn", nargs="+")
    repeating.set_defaults(run=repeats)
    args = parser.parse_args()
    engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    engine.configure({"Threads": 1 if args.command == "retest" else 2, "Hash": 64})
    try:
        args.run(args, engine)
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
