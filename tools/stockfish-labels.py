#!/usr/bin/env python3
"""Quiet orthodox-chess positions labelled by Stockfish's judgement, for the tune bench.

Plays games from random openings between Stockfish instances held to a random Skill Level (so
the games hold the uneven, mistaken positions a search meets), samples positions along them,
and asks a full-strength Stockfish for each one's score at a fixed depth. A position is kept
when the mover is not in check and Stockfish's best turn takes nothing and promotes nothing
(a quiet position, which a static judgement can be fitted to). Each line is a FEN, a tab, and
White's win chance by Stockfish's score (1 / (1 + 10^(-cp / 400)), mates as 1 or 0): the
`--load` format of `cargo bench --bench tune`.

    tools/stockfish-labels.py --games 1000 --seed 1 --out labels.tsv [--depth 9]

With `--pgn FILE…` the positions are sampled from those games instead (the engine's own games
against Stockfish, say) and none are played.
"""
import argparse
import random
from typing import Iterator, TextIO

import chess
import chess.engine
import chess.pgn

STOCKFISH = "/usr/games/stockfish"


def win_chance(score: chess.engine.PovScore) -> float:
    """White's win chance by Stockfish's score."""
    white = score.white()
    if white.is_mate():
        return 1.0 if white.mate() > 0 else 0.0
    cp = max(-2000, min(2000, white.score()))
    return 1.0 / (1.0 + 10 ** (-cp / 400))


def label(judge: chess.engine.SimpleEngine, board: chess.Board, depth: int, out: TextIO) -> int:
    """Writes `board` with its win chance to `out` if it is quiet; how many lines it wrote."""
    if board.is_check():
        return 0
    info = judge.analyse(board, chess.engine.Limit(depth=depth))
    pv = info.get("pv") or []
    if not pv or board.is_capture(pv[0]) or pv[0].promotion is not None or "score" not in info:
        return 0
    out.write(f"{board.fen()}\t{win_chance(info['score']):.4f}\n")
    return 1


def recorded(paths: list[str]) -> Iterator[chess.Board]:
    """Every position of every game in the PGN files `paths`."""
    for path in paths:
        with open(path) as pgn:
            while (game := chess.pgn.read_game(pgn)) is not None:
                board = game.board()
                for move in game.mainline_moves():
                    board.push(move)
                    yield board.copy(stack=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--play-nodes", type=int, default=1500)
    parser.add_argument("--sample", type=float, default=0.15)
    parser.add_argument("--out", required=True)
    parser.add_argument("--pgn", nargs="*", default=[])
    args = parser.parse_args()
    rng = random.Random(args.seed)
    judge = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
    judge.configure({"Threads": 1, "Hash": 32})
    kept = 0
    if args.pgn:
        with open(args.out, "w") as out:
            for board in recorded(args.pgn):
                if board.ply() >= 10 and rng.random() < args.sample:
                    kept += label(judge, board, args.depth, out)
        print(f"{kept} kept")
        judge.quit()
        return
    player = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
    player.configure({"Threads": 1, "Hash": 16})
    with open(args.out, "w") as out:
        for game in range(args.games):
            board = chess.Board()
            for _ in range(rng.randint(2, 6)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            skill = rng.randint(0, 20)
            player.configure({"Skill Level": skill})
            while not board.is_game_over(claim_draw=True) and board.ply() < 300:
                if board.ply() >= 10 and rng.random() < args.sample:
                    kept += label(judge, board, args.depth, out)
                played = player.play(board, chess.engine.Limit(nodes=args.play_nodes))
                board.push(played.move)
            out.flush()
            print(f"game {game + 1}: skill {skill}, {board.ply()} plies, {kept} kept", flush=True)
    player.quit()
    judge.quit()


if __name__ == "__main__":
    main()
