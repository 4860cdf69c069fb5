"""Atomic chess written in the variant language agrees with python-chess's atomic board: at every
position of seeded random games, the two give the same legal moves.

Usage: python3 python_chess_atomic_agrees.py path/to/oddboard path/to/atomic.ron
Plays games from the start (choosing captures more often than not, so that explosions come
early) and from random sparse positions (ten pieces, the kings among them, so that kings stand
next to captures and to each other), asks `oddboard moves` for each position's legal moves,
and exits 1 at the first position where they differ, naming it and the moves only one side has.
"""

import random
import subprocess
import sys

import chess
import chess.variant

ODDBOARD = sys.argv[1]
ATOMIC = sys.argv[2]
FROM_THE_START = 40
FROM_SPARSE = 40
PLIES = 60
SPARSE_PIECES = [chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN, chess.PAWN]


class Failure(Exception):
    """What went wrong, in one line."""


def oddboards_moves(board):
    """The file's legal moves in the position, as python-chess writes them (`e7e8q`)."""
    fen = board.fen(en_passant="fen")
    out = subprocess.run(
        [ODDBOARD, "moves", ATOMIC, "--fen", fen], capture_output=True, text=True
    )
    if out.returncode != 0:
        raise Failure(f"{fen}: refused: {out.stderr.strip()}")
    return sorted(m.replace("=", "").lower() for m in out.stdout.split())


def compare(board):
    """Fails if the file and python-chess differ on the position's legal moves."""
    ours = oddboards_moves(board)
    theirs = sorted(m.uci() for m in board.legal_moves)
    if ours != theirs:
        only_ours = sorted(set(ours) - set(theirs))
        only_theirs = sorted(set(theirs) - set(ours))
        raise Failure(f"{board.fen()}: only Oddboard {only_ours}, only python-chess {only_theirs}")


def sparse_position(rng):
    """A random legal position with both kings and up to eight other pieces."""
    while True:
        board = chess.variant.AtomicBoard(None)
        squares = rng.sample(chess.SQUARES, 10)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for square in squares[2:]:
            kind = rng.choice(SPARSE_PIECES)
            if kind == chess.PAWN and chess.square_rank(square) in (0, 7):
                continue
            board.set_piece_at(square, chess.Piece(kind, rng.choice(chess.COLORS)))
        board.turn = rng.choice(chess.COLORS)
        if board.is_valid():
            return board


def play(board, rng, prefer_captures):
    """Plays a random game from `board`, comparing every position; the positions compared."""
    for ply in range(PLIES + 1):
        compare(board)
        moves = list(board.legal_moves)
        if not moves or ply == PLIES:
            return ply + 1
        captures = [m for m in moves if board.is_capture(m)]
        if prefer_captures and captures and rng.random() < 0.6:
            moves = captures
        board.push(rng.choice(moves))


def main():
    rng = random.Random(65)
    positions = 0
    for _ in range(FROM_THE_START):
        positions += play(chess.variant.AtomicBoard(), rng, prefer_captures=True)
    for _ in range(FROM_SPARSE):
        positions += play(sparse_position(rng), rng, prefer_captures=False)
    print(f"atomic: {positions} positions agree with python-chess")


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        print(f"atomic: {failure}", file=sys.stderr)
        sys.exit(1)
