"""Variant files agree with Fairy-Stockfish: for each row of a manifest, seeded random games are
played with pyffish (Fairy-Stockfish's Python binding), and at every position Oddboard's file
must give the same legal moves, the same game end (whether the game is over, and its result)
and the same board; then perft from the start must agree.

Usage: python3 fairy_stockfish_agrees.py path/to/oddboard path/to/manifest.tsv [FILE_ID…]

The manifest (tab-separated, `#` starts a comment line) has one row per variant file:

    file                    the variant file, relative to the project's root
    fairy-stockfish         Fairy-Stockfish's name for the variant
    games, plies            how many random games, and the longest (in plies)
    perft                   the perft depth checked from the start
    letters                 `-`, or the piece letters that differ, ours=theirs: `F=Q,E=B`
    excluded                `-`, or known differences (below), comma-separated
    notes                   for readers

Move text: Fairy-Stockfish writes UCI (`e7e8q`, drops `P@e4`, `a10a9` on ten ranks); Oddboard's
canonical text (`e7e8=Q`, `P@e4`) is mapped to it by dropping the `=` and writing the promoted
piece's letter in lower case, through `letters`. The board is the first field of the FEN, with
Fairy-Stockfish's promoted-piece marks (`~`) and holdings (`[…]`) left out. Where the file's
`state` has a `Reserve` field, the holdings are compared with it (as sets of letters with their
counts), and where it has a `Promoted` field, the squares of the pieces Fairy-Stockfish marks `~`
with it.

Fairy-Stockfish's optional ends (its threefold repetition and fifty-move rule) are asked for
where they can apply: a position's third occurrence, a halfmove clock of 100; everywhere in a
row that excludes `counting`. pyffish sets its variant up afresh on every call (about a
millisecond), so the rows are checked two at a time, each with its own seeded games.

Known differences are rules Fairy-Stockfish applies that a file cannot state. A game stops,
unjudged from there on, at the first position where one of the row's known differences could
apply, and the report counts such stops by name:

    repetition   a position that repeats one before it (perpetual check and chase)
    counting     Fairy-Stockfish's optional end other than threefold repetition and the
                 fifty-move rule (makruk's counting)
    insufficient-material
                 neither side has mating material by Fairy-Stockfish's measure: the file ends
                 the game there as a draw, Fairy-Stockfish plays on
    move-rule    a halfmove clock of 100, where the file's move counter draws and
                 Fairy-Stockfish's longer move rule (Shatranj's 70 moves) plays on

The games choose a capture (a move onto an occupied square) more often than not where there
is one, so that they reach endings, promotions and mates. Oddboard judges every position of the run in one process (`oddboard variant positions`), each
from the start with the game's moves, so the moves are played by both programs. The check exits 1
at the first difference, with one line naming the variant, the position and what differs.
"""

import functools
import multiprocessing
import random
import re
import subprocess
import sys
from dataclasses import dataclass

import pyffish as sf

SEED = 66
CAPTURES = 0.6
JOBS = 2


class Failure(Exception):
    """What went wrong, in one line."""


@dataclass
class Row:
    """One manifest row."""

    file: str
    fsf: str
    games: int
    plies: int
    perft: int
    letters: dict
    excluded: list

    @property
    def name(self):
        return self.file.rsplit("/", 1)[-1].removesuffix(".ron")

    @functools.cached_property
    def state(self):
        """The file's `state` list: the names of its FEN fields after the side to move."""
        with open(self.file, encoding="utf-8") as text:
            found = re.search(r"^\s*state:\s*\[([^\]]*)\]", text.read(), re.M)
        return [name.strip() for name in found.group(1).split(",") if name.strip()] if found else []


def read_manifest(path):
    """The manifest's rows."""
    rows = []
    with open(path, encoding="utf-8") as manifest:
        for number, line in enumerate(manifest, 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 7:
                raise Failure(f"{path}:{number}: {len(fields)} fields, not 7")
            file, fsf, games, plies, perft, letters, excluded = fields[:7]
            pairs = [] if letters == "-" else [pair.split("=") for pair in letters.split(",")]
            names = [] if excluded == "-" else excluded.split(",")
            for name in names:
                if name not in EXCLUSIONS:
                    raise Failure(f"{path}:{number}: '{name}' is not a known difference")
            rows.append(
                Row(file, fsf, int(games), int(plies), int(perft), dict(pairs), names)
            )
    return rows


def in_fsf_text(ours, letters):
    """Oddboard's canonical turn text as Fairy-Stockfish writes it."""
    def letter(ch):
        return letters.get(ch.upper(), ch.upper())

    if "@" in ours:
        piece, square = ours.split("@", 1)
        return f"{letter(piece)}@{square}"
    if "=" in ours:
        move, promoted = ours.split("=", 1)
        return move + letter(promoted).lower()
    return ours


def board_of(fen, letters=None):
    """The board part of a FEN, without promoted marks and holdings, in Fairy-Stockfish's
    letters when `letters` maps ours to theirs."""
    board = fen.split(" ", 1)[0].split("[", 1)[0].replace("~", "")
    if letters:
        board = "".join(
            (letters.get(ch, ch) if ch.isupper() else letters.get(ch.upper(), ch.upper()).lower())
            if ch.isalpha()
            else ch
            for ch in board
        )
    return board


def fsf_holdings(fen):
    """Fairy-Stockfish's holdings (sorted letters) and the squares of its pieces marked `~`."""
    board, _, pocket = fen.split(" ", 1)[0].partition("[")
    promoted = set()
    ranks = board.split("/")
    for row, text in enumerate(ranks):
        file = 0
        for number, mark in re.findall(r"(\d+)|(.)", text):
            if number:
                file += int(number)
            elif mark == "~":
                promoted.add(f"{chr(ord('a') + file - 1)}{len(ranks) - row}")
            elif mark.isalpha():
                file += 1
    return sorted(pocket.rstrip("]")), promoted


def our_holdings(fen, row):
    """Oddboard's holdings (sorted, in Fairy-Stockfish's letters) and promoted squares, from
    the file's `Reserve` and `Promoted` fields; `None` for a field the file does not have."""
    fields = fen.split(" ")
    def field(name):
        return fields[2 + row.state.index(name)] if name in row.state else None
    reserve, promoted = field("Reserve"), field("Promoted")
    if reserve is not None:
        reserve = sorted(
            row.letters.get(ch, ch) if ch.isupper() else row.letters.get(ch.upper(), ch.upper()).lower()
            for ch in reserve
            if ch.isalpha()
        )
    if promoted is not None:
        promoted = set(re.findall(r"[a-l]\d+", promoted))
    return reserve, promoted


def result_text(value, side):
    """A Fairy-Stockfish value for the side to move (`w` or `b`) as a result."""
    if value == 0:
        return "1/2-1/2"
    white_wins = (value > 0) == (side == "w")
    return "1-0" if white_wins else "0-1"


@dataclass
class Theirs:
    """What Fairy-Stockfish says of a position."""

    fen: str
    moves: list
    result: str
    optional: bool


def fsf_position(row, start, moves, earlier_keys):
    """Fairy-Stockfish's FEN, legal moves and result (`ongoing` unless the game is over), the
    position coming after those of `earlier_keys`. Its optional end is asked for only where
    one can be: on the third time a position occurs, at the hundredth half-move of the clock,
    or where the row excludes `counting`."""
    fen = sf.get_fen(row.fsf, start, moves)
    side = fen.split(" ")[1]
    over, value = sf.is_immediate_game_end(row.fsf, start, moves)
    legal = [] if over else sf.legal_moves(row.fsf, start, moves)
    if not over and not legal:
        over, value = True, sf.game_result(row.fsf, start, moves)
    optional = False
    may_end = (
        earlier_keys.count(key_of(fen)) >= 2
        or int(fen.split(" ")[-2]) >= 100
        or "counting" in row.excluded
    )
    if not over and may_end:
        optional, value = sf.is_optional_game_end(row.fsf, start, moves)
        over = optional
    return Theirs(fen, sorted(legal), result_text(value, side) if over else "ongoing", optional)


def key_of(fen):
    """A FEN without its clocks: what repeats."""
    return " ".join(fen.split(" ")[:-2])


def repetition(row, start, moves, history):
    """The position repeats an earlier one of the game."""
    return key_of(history[-1].fen) in {key_of(earlier.fen) for earlier in history[:-1]}


def counting(row, start, moves, history):
    """Fairy-Stockfish's optional end, but neither threefold repetition nor the fifty-move
    rule."""
    theirs = history[-1]
    if not theirs.optional:
        return False
    key = key_of(theirs.fen)
    repeated = sum(key_of(earlier.fen) == key for earlier in history) >= 3
    return not repeated and int(theirs.fen.split(" ")[-2]) < 100


def insufficient_material(row, start, moves, history):
    """Neither side has mating material, by Fairy-Stockfish's measure."""
    return all(sf.has_insufficient_material(row.fsf, start, moves))


def move_rule(row, start, moves, history):
    """A halfmove clock of 100: the file's move counter draws there, where Fairy-Stockfish's
    rule (Shatranj's 70 moves) counts on."""
    return int(history[-1].fen.split(" ")[-2]) >= 100


EXCLUSIONS = {
    "repetition": repetition,
    "counting": counting,
    "insufficient-material": insufficient_material,
    "move-rule": move_rule,
}


def play_game(row, rng):
    """A random game's positions as Fairy-Stockfish sees them, with the moves to each, and the
    known difference it stopped at (if any)."""
    start = sf.start_fen(row.fsf)
    moves, history = [], []
    for ply in range(row.plies + 1):
        theirs = fsf_position(row, start, moves, [key_of(h.fen) for h in history])
        history.append(theirs)
        for name in row.excluded:
            if EXCLUSIONS[name](row, start, moves, history):
                return history[:-1], moves[:-1], name
        if theirs.result != "ongoing" or ply == row.plies:
            return history, moves, None
        moves.append(random_move(rng, theirs))
    return history, moves, None


def random_move(rng, theirs):
    """A random legal move, a capture (by replacement) more often than not where there is one,
    so that games reach endings, promotions and mates."""
    captures = [move for move in theirs.moves if occupied(theirs.fen, move)]
    if captures and rng.random() < CAPTURES:
        return rng.choice(captures)
    return rng.choice(theirs.moves)


def occupied(fen, move):
    """Whether the square `move` goes to holds a piece in the FEN's board."""
    target = re.search(r"[a-l](\d+)[a-z]?$", move.split("@")[-1])
    if "@" in move or not target:
        return False
    file = ord(move[len(move) - len(target.group(0))]) - ord("a")
    rank = int(target.group(1))
    rows = board_of(fen).split("/")
    row = rows[len(rows) - rank]
    squares = []
    for token in re.findall(r"\d+|.", row):
        squares.extend(["."] * int(token) if token.isdigit() else [token])
    return file < len(squares) and squares[file] not in ".*"


class Oddboard:
    """An `oddboard variant positions` process for one file."""

    def __init__(self, oddboard, row):
        self.row = row
        self.process = subprocess.Popen(
            [oddboard, "variant", "positions", row.file],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def judge(self, our_moves):
        """Oddboard's FEN, result and legal moves (its own text) after `our_moves`."""
        line = "startpos" + (" moves " + " ".join(our_moves) if our_moves else "")
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().rstrip("\n")
        if not answer:
            raise Failure(f"{self.row.file}: oddboard stopped: {self.process.stderr.read().strip()}")
        if answer.startswith("error: "):
            raise Failure(f"{line}: Oddboard refused it: {answer}")
        fen, result, legal = answer.split("\t")
        return fen, result, legal.split()

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def compare_game(board, row, history, fsf_moves):
    """Fails at the first position of the game where Oddboard and Fairy-Stockfish differ;
    Oddboard's result of the last position."""
    our_moves, result = [], "ongoing"
    for ply, theirs in enumerate(history):
        fen, result, legal = board.judge(our_moves)
        where = f"{theirs.fen} (moves: {' '.join(fsf_moves[:ply]) or 'none'})"
        by_text = {in_fsf_text(move, row.letters): move for move in legal}
        ours = sorted(by_text)
        if ours != theirs.moves:
            only_ours = sorted(set(ours) - set(theirs.moves))
            only_theirs = sorted(set(theirs.moves) - set(ours))
            raise Failure(
                f"{where}: only Oddboard {only_ours}, only Fairy-Stockfish {only_theirs}"
            )
        our_result = result.split(" ")[0]
        if our_result != theirs.result:
            raise Failure(f"{where}: Oddboard says {result}, Fairy-Stockfish {theirs.result}")
        if board_of(fen, row.letters) != board_of(theirs.fen):
            raise Failure(f"{where}: Oddboard's board is {fen}")
        for ours_held, theirs_held, what in zip(
            our_holdings(fen, row), fsf_holdings(theirs.fen), ("holdings", "promoted pieces")
        ):
            if ours_held is not None and ours_held != theirs_held:
                raise Failure(f"{where}: Oddboard's {what} differ: {fen}")
        if ply < len(fsf_moves):
            our_moves.append(by_text[fsf_moves[ply]])
    return result


def fsf_perft(row, start, moves, depth):
    """Fairy-Stockfish's perft by recursion, not going on from a position where the game has
    ended by the variant's own rules."""
    if depth == 0:
        return 1
    if sf.is_immediate_game_end(row.fsf, start, moves)[0]:
        return 0
    legal = sf.legal_moves(row.fsf, start, moves)
    if depth == 1:
        return len(legal)
    return sum(fsf_perft(row, start, moves + [move], depth - 1) for move in legal)


def compare_perft(oddboard, row):
    """Fails unless the perft counts from the start agree at every depth up to the row's."""
    for depth in range(1, row.perft + 1):
        theirs = fsf_perft(row, sf.start_fen(row.fsf), [], depth)
        out = subprocess.run(
            [oddboard, "perft", row.file, str(depth)], capture_output=True, text=True
        )
        if out.returncode != 0:
            raise Failure(f"perft {depth}: Oddboard refused: {out.stderr.strip()}")
        ours = int(out.stdout.split()[-1])
        if ours != theirs:
            raise Failure(f"perft {depth} from the start: Oddboard {ours}, Fairy-Stockfish {theirs}")


def check(oddboard, row, rng):
    """Checks one row; returns the line to report."""
    board = Oddboard(oddboard, row)
    positions, ends = 0, {}
    try:
        for _ in range(row.games):
            history, moves, stopped = play_game(row, rng)
            result = compare_game(board, row, history, moves)
            positions += len(history)
            end = f"stopped at {stopped}" if stopped else result.partition(" ")[2] or "unfinished"
            ends[end] = ends.get(end, 0) + 1
    finally:
        board.close()
    compare_perft(oddboard, row)
    ends = ", ".join(f"{count} {end}" for end, count in sorted(ends.items()))
    return (
        f"{row.name}: {positions} positions of {row.games} games ({ends}) and perft "
        f"{row.perft} agree with Fairy-Stockfish's {row.fsf}"
    )


def checked(oddboard, row):
    """The report line for `row`, or the failure naming it."""
    try:
        return check(oddboard, row, random.Random(f"{SEED} {row.name}"))
    except Failure as failure:
        raise Failure(f"{row.name}: {failure}") from None


def main():
    oddboard, manifest, *only = sys.argv[1:]
    rows = [row for row in read_manifest(manifest) if not only or row.name in only]
    with multiprocessing.Pool(JOBS) as pool:
        for line in pool.imap(functools.partial(checked, oddboard), rows):
            print(line, flush=True)


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        print(f"fairy-stockfish: {failure}", file=sys.stderr)
        sys.exit(1)
