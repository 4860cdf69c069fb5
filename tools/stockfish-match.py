#!/usr/bin/env python3
"""Oddboard against Stockfish in orthodox chess, refereed by python-chess.

Each of Oddboard's turns is a fresh process, as a player's computer opponent is:
`ODDBOARD bestmove chess --moves "…" --movetime MS` (or `--level NAME` instead of the move
time, to place the levels on Stockfish's scale). Stockfish runs on one thread with
`UCI_LimitStrength` and `UCI_Elo E`, given the same time per turn. The games start from about
twenty common openings (4 to 8 plies), each played twice with the colours swapped, in an order
shuffled by the seed. A game ends by python-chess's rules (checkmate, stalemate, insufficient
material, the 75-move rule and fivefold repetition; a claimable threefold repetition or
fifty-move rule counts as a draw at once) or as a draw after 300 plies. If Oddboard fails,
answers illegally or takes longer than ten times the move time and two seconds more (60 s with
`--level`), it loses the game.

Prints a line per game and the final score with the Elo difference and its 95 % error bar
(the per-game scores' standard error, mapped through -400·log10(1/score - 1)); writes every
game as PGN with `--pgn FILE`, rewritten after each game; Ctrl-C stops the match and reports the
games finished. Stockfish's UCI_Elo is calibrated at longer time controls, so the Oddboard
figure it gives is a rough one.

    pip install chess==1.11.2      # if `import chess` fails
    tools/stockfish-match.py --oddboard target/release/oddboard --elo 1500 --games 20 \\
        --movetime 200 [--level strong] [--seed 1] [--pgn games.pgn] \\
        [--stockfish /usr/games/stockfish] [--oddboard-arg=--threads=1]…
"""

import argparse
import math
import os
import random
import subprocess
import sys
import time

import chess
import chess.engine
import chess.pgn

# Common openings (name with ECO code, moves in UCI), each 4 to 8 plies.
OPENINGS = [
    ("Ruy Lopez, Morphy Defence (C70)", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"),
    ("Giuoco Piano (C50)", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"),
    ("Two Knights Defence (C55)", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6"),
    ("Scotch Game (C45)", "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4"),
    ("Petrov Defence (C42)", "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6"),
    ("Sicilian, Open (B54)", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6"),
    ("Sicilian, Kan (B41)", "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 a7a6"),
    ("Sicilian, Alapin (B22)", "e2e4 c7c5 c2c3 d7d5"),
    ("French, Classical (C11)", "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6"),
    ("French, Advance (C02)", "e2e4 e7e6 d2d4 d7d5 e4e5 c7c5"),
    ("Caro-Kann, Classical (B18)", "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5"),
    ("Scandinavian (B01)", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5"),
    ("Pirc Defence (B07)", "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6"),
    ("Queen's Gambit Declined (D35)", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6"),
    ("Slav Defence (D11)", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6"),
    ("Queen's Gambit Accepted (D23)", "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6"),
    ("King's Indian Defence (E70)", "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6"),
    ("Nimzo-Indian Defence (E20)", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4"),
    ("Queen's Indian Defence (E12)", "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6"),
    ("Gruenfeld Defence (D80)", "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5"),
    ("Dutch Defence (A90)", "d2d4 f7f5 c2c4 g8f6 g2g3 e7e6"),
    ("English, Reversed Sicilian (A22)", "c2c4 e7e5 b1c3 g8f6 g2g3 d7d5"),
]

PLY_CAP = 300


class Parser(argparse.ArgumentParser):
    """argparse, telling a bad option in one line on stderr (exit code 2)."""

    def error(self, message):
        print(f"stockfish-match.py: {message}", file=sys.stderr)
        sys.exit(2)


def options():
    """The command line's options."""
    parser = Parser(description="Oddboard against Stockfish in chess.")
    parser.add_argument("--oddboard", required=True, help="the oddboard binary")
    parser.add_argument("--elo", required=True, type=int, help="Stockfish's UCI_Elo")
    parser.add_argument("--games", type=int, default=20, help="games (default 20)")
    parser.add_argument("--movetime", type=int, default=200, help="ms a turn (default 200)")
    parser.add_argument("--level", choices=["beginner", "casual", "strong", "max"],
                        help="Oddboard plays at this level instead of the move time")
    parser.add_argument("--seed", type=int, default=1, help="orders the openings (default 1)")
    parser.add_argument("--pgn", help="write the games to this file")
    parser.add_argument("--stockfish", default="/usr/games/stockfish", help="Stockfish binary")
    parser.add_argument("--oddboard-arg", action="append", default=[], metavar="ARG",
                        help="add ARG to each bestmove command (repeatable; write "
                             "--oddboard-arg=--threads=1 for an argument starting with -)")
    args = parser.parse_args()
    if args.games < 1 or args.movetime < 1:
        parser.error("--games and --movetime must be at least 1")
    for path in (args.oddboard, args.stockfish):
        if not os.access(path, os.X_OK):
            parser.error(f"'{path}' is not an executable file")
    return args


def to_oddboard(board, move):
    """`move` in Oddboard's canonical text: UCI, a promotion written `=Q` (Black's `=q`)."""
    text = move.uci()
    if move.promotion:
        letter = chess.piece_symbol(move.promotion)
        text = text[:4] + "=" + (letter.upper() if board.turn == chess.WHITE else letter)
    return text


def from_oddboard(board, text):
    """Oddboard's turn `text` as a legal move of `board`, or None."""
    try:
        move = chess.Move.from_uci(text.replace("=", "").lower())
    except ValueError:
        return None
    return move if move in board.legal_moves else None


class Forfeit(Exception):
    """Oddboard gave no legal move in time; the message says why."""


def oddboard_move(args, board, played):
    """Asks Oddboard for its move after the `played` turns: the move and the seconds taken.
    Raises Forfeit if it fails, answers too late or answers illegally."""
    command = [args.oddboard, "bestmove", "chess", "--moves", " ".join(played)]
    if args.level:
        command += ["--level", args.level]
        patience = 60.0
    else:
        command += ["--movetime", str(args.movetime)]
        patience = 10 * args.movetime / 1000 + 2
    command += args.oddboard_arg
    started = time.monotonic()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=patience)
    except subprocess.TimeoutExpired:
        raise Forfeit(f"no answer within {patience:.1f} s") from None
    took = time.monotonic() - started
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise Forfeit(f"exit code {done.returncode}: {last}")
    lines = done.stdout.strip().splitlines()
    text = lines[-1].strip() if lines else ""
    move = from_oddboard(board, text)
    if move is None:
        raise Forfeit(f"illegal or unreadable move '{text}'")
    return move, took


def play_game(args, stockfish, number, opening, oddboard_white, times):
    """Plays one game from `opening`: the PGN game, Oddboard's points and how it ended."""
    name, line = opening
    board = chess.Board()
    for uci in line.split():
        board.push_uci(uci)
    played = line.split()
    oddboard_side = chess.WHITE if oddboard_white else chess.BLACK
    result, how = None, None
    while result is None:
        outcome = board.outcome(claim_draw=True)
        if outcome:
            result, how = outcome.result(), outcome.termination.name.lower().replace("_", " ")
        elif board.ply() >= PLY_CAP:
            result, how = "1/2-1/2", f"{PLY_CAP}-ply cap"
        elif board.turn == oddboard_side:
            try:
                move, took = oddboard_move(args, board, played)
                times.append(took)
            except Forfeit as why:
                result = "0-1" if oddboard_white else "1-0"
                how = f"Oddboard forfeits: {why}"
        else:
            limit = chess.engine.Limit(time=args.movetime / 1000)
            move = stockfish.play(board, limit, game=number).move
        if result is None:
            played.append(to_oddboard(board, move))
            board.push(move)
    points = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
    if not oddboard_white:
        points = 1.0 - points
    return pgn_game(args, board, number, name, oddboard_white, result, how), points, how


def write_games(path, games):
    """Writes the games finished so far to `path` (a temporary file renamed over it), so a
    match stopped early keeps them."""
    temporary = path + ".tmp"
    with open(temporary, "w", encoding="utf-8") as out:
        for game in games:
            print(game, file=out, end="\n\n")
    os.replace(temporary, path)


def pgn_game(args, board, number, opening, oddboard_white, result, how):
    """The game as python-chess's PGN game, with its players, result and opening."""
    game = chess.pgn.Game.from_board(board)
    oddboard = "Oddboard " + (args.level or f"{args.movetime} ms")
    stockfish = f"Stockfish UCI_Elo {args.elo}"
    white, black = (oddboard, stockfish) if oddboard_white else (stockfish, oddboard)
    game.headers.update({
        "Event": "Oddboard v Stockfish", "Site": "stockfish-match.py",
        "Date": time.strftime("%Y.%m.%d"), "Round": str(number),
        "White": white, "Black": black, "Result": result, "Opening": opening,
        "Termination": how, "TimeControl": f"{args.movetime / 1000:g} s a move",
    })
    game.headers["BlackElo" if oddboard_white else "WhiteElo"] = str(args.elo)
    return game


def elo(score):
    """The Elo difference of a mean score: -400·log10(1/score - 1), ±inf at 0 and 1."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return 400 * math.log10(score / (1 - score))


def elo_margin(scores):
    """Half the 95 % interval of the Elo difference: the mean ± 1.96 standard errors, mapped."""
    n = len(scores)
    mean = sum(scores) / n
    spread = 1.96 * math.sqrt(sum((s - mean) ** 2 for s in scores) / n / n)
    margin = (elo(mean + spread) - elo(mean - spread)) / 2
    return margin if math.isfinite(margin) else math.inf


def main():
    """Plays the match and prints it."""
    args = options()
    order = random.Random(args.seed).sample(OPENINGS, len(OPENINGS))
    for _, line in order:  # every opening is legal and leaves the game open
        board = chess.Board()
        for uci in line.split():
            board.push_uci(uci)
        assert board.outcome() is None
    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    scores, games, times = [], [], []
    try:
        elo_option = stockfish.options["UCI_Elo"]
        if not elo_option.min <= args.elo <= elo_option.max:
            Parser().error(f"--elo: Stockfish takes {elo_option.min} to {elo_option.max}")
        stockfish.configure({"Threads": 1, "UCI_LimitStrength": True, "UCI_Elo": args.elo})
        for number in range(1, args.games + 1):
            opening = order[(number - 1) // 2 % len(order)]
            oddboard_white = number % 2 == 1
            game, points, how = play_game(args, stockfish, number, opening, oddboard_white, times)
            scores.append(points)
            games.append(game)
            colour = "White" if oddboard_white else "Black"
            print(f"game {number} ({opening[0]}, Oddboard {colour}): "
                  f"{game.headers['Result']} {how}, {game.end().ply()} plies; Oddboard {points:g}",
                  flush=True)
            if args.pgn:
                write_games(args.pgn, games)
    except KeyboardInterrupt:
        print(f"stopped: {len(scores)} game(s) finished", file=sys.stderr)
    finally:
        try:
            stockfish.quit()
        except chess.engine.EngineError:
            pass
    if not scores:
        sys.exit(1)
    n = len(scores)
    score = sum(scores)
    difference, margin = elo(score / n), elo_margin(scores)
    who = "Oddboard " + (f"level {args.level}" if args.level else f"at {args.movetime} ms")
    estimate = (f"so about {args.elo + difference:.0f} on Stockfish's scale"
                if math.isfinite(difference) else "no finite estimate: change --elo")
    print(f"{who}: {score:g}/{n} against Stockfish UCI_Elo {args.elo} at {args.movetime} ms: "
          f"Elo difference {difference:+.0f} ± {margin:.0f} (95 %), {estimate}")
    if times:
        print(f"Oddboard's turns: {len(times)}, {1000 * sum(times) / len(times):.0f} ms on average "
              f"(process start to exit), the longest {1000 * max(times):.0f} ms")


if __name__ == "__main__":
    main()
