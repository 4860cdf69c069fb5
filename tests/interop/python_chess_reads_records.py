"""Oddboard's chess records are plain PGN: python-chess, a standard PGN reader, reads each one
without error to the same final position and result as Oddboard's own `status`.

Usage: python3 python_chess_reads_records.py path/to/oddboard
Plays seeded random games through the command line (`moves`), writes each with `record`, and
exits 1 naming the first game that another reader sees differently.
"""

import io
import random
import subprocess
import sys

import chess.pgn

ODDBOARD = sys.argv[1]

# Positions the games start from: the start, and one with castling both ways, promotions on
# both sides and an en passant square, so every kind of SAN is written.
STARTS = [None] * 8 + ["r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 30"] * 4


def oddboard(*args):
    """The command line's standard output for `args`."""
    return subprocess.run([ODDBOARD, *args], capture_output=True, text=True, check=True).stdout


def random_game(seed, fen, plies=250):
    """The moves of a seeded random game from `fen` (the start when None)."""
    rng = random.Random(seed)
    base = ["--fen", fen] if fen else []
    moves = []
    for _ in range(plies):
        legal = oddboard("moves", "chess", *base, "--moves", " ".join(moves)).split()
        if not legal:
            break
        moves.append(rng.choice(legal))
    return base, moves


def main():
    for seed, fen in enumerate(STARTS):
        base, moves = random_game(seed, fen, plies=250 if fen is None else 40)
        played = ["--moves", " ".join(moves)]
        record = oddboard("record", "chess", *base, *played)
        final_fen, outcome = oddboard("status", "chess", *base, *played).splitlines()[:2]
        game = chess.pgn.read_game(io.StringIO(record))
        board = game.end().board()
        result = outcome.split()[0] if outcome != "ongoing" else "*"
        problems = []
        if game.errors:
            problems.append(f"python-chess reports {game.errors}")
        if board.fen() != final_fen:
            problems.append(f"python-chess ends at {board.fen()}, Oddboard at {final_fen}")
        if game.headers["Result"] != result:
            problems.append(f"Result {game.headers['Result']}, Oddboard says {outcome}")
        if len(list(game.mainline_moves())) != len(moves):
            problems.append("python-chess read a different number of moves")
        if problems:
            print(f"game {seed} ({len(moves)} plies):", "; ".join(problems), file=sys.stderr)
            print(record, file=sys.stderr)
            sys.exit(1)
        print(f"game {seed}: {len(moves)} plies, {game.headers['Result']}, read alike")
    print(f"python-chess read all {len(STARTS)} records to Oddboard's final positions")


main()
