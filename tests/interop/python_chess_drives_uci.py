"""Chess software drives Oddboard's engine through UCI: python-chess opens `oddboard uci`,
analyses a position for its three best lines, and plays a game against Stockfish, checking
every move Oddboard gives is legal.

Usage: python3 python_chess_drives_uci.py path/to/oddboard [path/to/stockfish]
Stockfish (Debian's package `stockfish`) is /usr/games/stockfish unless given. Both sides
search a fixed number of nodes per move (never a time), so a loaded machine plays the same
game. Prints the game's PGN and result; exits 1 on any failure.
"""

import sys

import chess
import chess.engine
import chess.pgn

ODDBOARD = sys.argv[1]
STOCKFISH = sys.argv[2] if len(sys.argv) > 2 else "/usr/games/stockfish"

# The position analysed: the Italian Game after 3... Bc5, many reasonable moves.
ANALYSED = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
ANALYSIS_NODES = 50_000
ODDBOARD_NODES = 30_000
STOCKFISH_NODES = 20_000
STOCKFISH_ELO = 1350
MOST_PLIES = 200


class Failure(Exception):
    """What went wrong, in one line."""


def check_options(oddboard):
    """The options a GUI needs are offered."""
    for name in ["Hash", "Threads", "MultiPV", "UCI_LimitStrength", "UCI_Elo", "UCI_Variant"]:
        if name not in oddboard.options:
            raise Failure(f"no option {name} (offered: {sorted(oddboard.options)})")
    if "chess" not in oddboard.options["UCI_Variant"].var:
        raise Failure("UCI_Variant does not offer chess")


def analyse(oddboard):
    """Three distinct legal lines, each with a score, for the analysed position."""
    board = chess.Board(ANALYSED)
    lines = oddboard.analyse(board, chess.engine.Limit(nodes=ANALYSIS_NODES), multipv=3)
    if len(lines) != 3:
        raise Failure(f"analysis gave {len(lines)} lines, not 3")
    firsts = []
    for number, line in enumerate(lines, start=1):
        pv = line.get("pv")
        if not pv or "score" not in line:
            raise Failure(f"line {number} has no pv or no score: {line}")
        replay = board.copy()
        for move in pv:
            if move not in replay.legal_moves:
                raise Failure(f"line {number}: {move} is not legal in {replay.fen()}")
            replay.push(move)
        firsts.append(pv[0])
        print(f"line {number}: {line['score'].white()} {board.variation_san(pv)}")
    if len(set(firsts)) != 3:
        raise Failure(f"the lines do not start with three different moves: {firsts}")


def play(oddboard, stockfish):
    """A game, Oddboard White, until it ends or MOST_PLIES; returns the board."""
    stockfish.configure({"UCI_LimitStrength": True, "UCI_Elo": STOCKFISH_ELO, "Threads": 1})
    board = chess.Board()
    limits = {
        chess.WHITE: chess.engine.Limit(nodes=ODDBOARD_NODES),
        chess.BLACK: chess.engine.Limit(nodes=STOCKFISH_NODES),
    }
    players = {chess.WHITE: oddboard, chess.BLACK: stockfish}
    while not board.is_game_over() and board.ply() < MOST_PLIES:
        mover = board.turn
        result = players[mover].play(board, limits[mover], game="oddboard-vs-stockfish")
        if result.move is None or result.move not in board.legal_moves:
            side = "Oddboard" if mover == chess.WHITE else "Stockfish"
            raise Failure(f"{side} played {result.move} in {board.fen()}, not a legal move")
        board.push(result.move)
    return board


def main():
    try:
        with chess.engine.SimpleEngine.popen_uci([ODDBOARD, "uci"]) as oddboard:
            check_options(oddboard)
            analyse(oddboard)
            with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as stockfish:
                board = play(oddboard, stockfish)
    except (Failure, chess.engine.EngineError, chess.engine.EngineTerminatedError) as failure:
        print(f"python-chess driving oddboard uci: {failure}", file=sys.stderr)
        return 1
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = "python-chess drives oddboard uci"
    game.headers["White"] = f"Oddboard ({ODDBOARD_NODES} nodes)"
    game.headers["Black"] = f"Stockfish (UCI_Elo {STOCKFISH_ELO}, {STOCKFISH_NODES} nodes)"
    outcome = board.outcome(claim_draw=True)
    game.headers["Result"] = outcome.result() if outcome else "*"
    print(game)
    ending = outcome.termination.name.lower() if outcome else f"unfinished after {board.ply()} plies"
    print(f"result: {game.headers['Result']} ({ending})")
    print("python-chess drives oddboard uci: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
