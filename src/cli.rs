//! The rules command line of NOTATION.md: `variants`, `moves`, `perft`, `status`, the
//! computer opponent's `bestmove` and `selfplay`, game records' `record` and `replay`, the
//! courses' `lessons`, `puzzles list` and `puzzles mine`, a variant file's `variant check`, and
//! for packaging the hidden `generate` (man pages and shell completions). Wherever a command
//! takes a variant id, a path to a variant file works too. No Bevy: it asks the rules engine
//! and prints, and bad input is one line on stderr with exit code 2. `uci` hands standard input
//! and output to the engine protocol ([`crate::uci`]).

mod check;
mod positions;

use crate::curriculum::lessons;
use crate::curriculum::puzzles::{self, Mining, PuzzleSet};
use crate::rules::language::is_variant_file;
use crate::rules::{
    DEFAULT_HASH_MIB, Engine, Error, Found, Game, Level, Limits, MAX_HASH_MIB, PgnHeader, Variant,
    Verdict, default_threads, ids, think_in, think_with,
};
use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand};
use std::fmt;
use std::io::Read;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The port a host and `serve` listen on unless told otherwise.
pub const DEFAULT_PORT: u16 = 5725;

#[derive(Parser, Debug)]
#[command(
    name = "oddboard",
    about = "Unusual chess variants for two players: the game window, its rules on the command line, and network play",
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Open the game window (the default with no command).
    Play {
        /// Open in this view (else the one chosen last).
        #[arg(long, value_enum)]
        view: Option<ViewArg>,
        #[cfg(feature = "dev")]
        #[command(flatten)]
        dev: DevTools,
    },
    /// Run a server for games over the network (no window): it prints the addresses it
    /// listens on, then one log line per join, leave, refusal and game ended.
    Serve {
        /// The port to listen on.
        #[arg(long, value_name = "N", default_value_t = DEFAULT_PORT)]
        port: u16,
        /// The interface to listen on (its address); all of them by default.
        #[arg(long, value_name = "ADDRESS", default_value = "0.0.0.0")]
        bind: IpAddr,
        /// Write every finished game into this directory, one record file each.
        #[arg(long, value_name = "DIR")]
        records: Option<PathBuf>,
        /// Keep identities, names and every game in a store in this directory, and take up its
        /// unfinished games on start (else everything is kept in memory while it runs).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
    },
    /// Show this player's identity on servers (made if there is none), or move it to another
    /// computer: export it here, import it there.
    Identity {
        #[command(subcommand)]
        action: Option<IdentityCommand>,
    },
    /// Look after a server's store, also while the server runs: release a name, ban or unban
    /// an identity, take a backup.
    Admin {
        /// The server's data directory (as given to `serve --data`).
        #[arg(long, value_name = "DIR")]
        data: PathBuf,
        #[command(subcommand)]
        action: AdminCommand,
    },
    /// Play one game over the network as the computer: join a waiting game of the variant and
    /// options, or open one and wait; exit when the game ends.
    Bot {
        /// The server, as HOST:PORT.
        #[arg(value_name = "HOST:PORT", value_parser = server_address)]
        address: SocketAddr,
        /// How strongly it plays.
        #[arg(long, value_name = "LEVEL", value_parser = level, default_value = "strong")]
        level: Level,
        /// The variant id (see `variants`; a built-in variant, not a variant file).
        #[arg(long, value_name = "VARIANT", default_value = "chess")]
        variant: String,
        /// A variant option (repeatable).
        #[arg(long = "option", value_name = "NAME")]
        options: Vec<String>,
        /// The name it plays under (else `Oddboard (LEVEL)`).
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
        /// The clock of the game it seeks: minutes+seconds added per turn (`5+3`), or days a
        /// turn for a correspondence game (`2d`); none by default.
        #[arg(long, value_name = "M+S|Nd", value_parser = clock)]
        clock: Option<SeekClock>,
        /// Seek a rated game (its result changes the bot's rating and the opponent's).
        #[arg(long)]
        rated: bool,
    },
    /// List the built-in variants' ids, one per line.
    Variants,
    /// Try a variant file, for its author.
    #[command(subcommand)]
    Variant(VariantCommand),
    /// List the legal turns of a position, sorted.
    Moves(PositionArgs),
    /// Count the leaves of the tree of legal turns.
    Perft {
        #[command(flatten)]
        position: PositionArgs,
        /// How many turns deep.
        #[arg(value_name = "DEPTH", index = 2)]
        depth: u32,
        /// First print each legal turn with its own count.
        #[arg(long)]
        divide: bool,
        /// Print the time taken and nodes per second on stderr.
        #[arg(long)]
        stats: bool,
        /// Share the root's turns out over N threads (the counts are the same).
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
    },
    /// Print the position's FEN and the game's result.
    Status(PositionArgs),
    /// Print the game's record (PGN-shaped; SAN for orthodox chess).
    Record(PositionArgs),
    /// Read a game's record and print what `status` prints for its final position.
    Replay {
        /// The record's file, or `-` for standard input.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Search the position: each iteration on stderr, the turn to play as the last line.
    Bestmove {
        #[command(flatten)]
        position: PositionArgs,
        #[command(flatten)]
        think: ThinkArgs,
        /// Search a time, depth or node count on this many threads (default: one per core for a
        /// time; one for a depth or a node count, so those searches are repeatable). The levels
        /// search on every core.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=64))]
        threads: Option<u64>,
        /// The transposition table's size, in MiB.
        #[arg(long, value_name = "MIB", default_value_t = DEFAULT_HASH_MIB as u64,
              value_parser = clap::value_parser!(u64).range(1..=MAX_HASH_MIB as u64))]
        hash: u64,
    },
    /// List a variant's course of lessons: each lesson's id and title, tab-separated.
    Lessons {
        /// The variant id (see `variants`).
        #[arg(value_name = "VARIANT")]
        variant: String,
        /// Read the course from this file instead (a draft), refusing it unless every step has
        /// a turn that passes and one that fails.
        #[arg(long, value_name = "FILE")]
        file: Option<PathBuf>,
        /// After each lesson, print every legal turn of each step with its judgement.
        #[arg(long)]
        turns: bool,
    },
    /// Play games between two levels: each game's turns and result, then the score.
    Selfplay {
        /// The variant id (see `variants`), or the path of a variant file.
        #[arg(value_name = "VARIANT", index = 1)]
        variant: String,
        /// A variant option (repeatable).
        #[arg(long = "option", value_name = "NAME")]
        options: Vec<String>,
        /// How many games.
        #[arg(long, default_value_t = 1)]
        games: u32,
        /// The first player's level.
        #[arg(long, value_name = "LEVEL", value_parser = level, default_value = "strong")]
        white: Level,
        /// The second player's level.
        #[arg(long, value_name = "LEVEL", value_parser = level, default_value = "strong")]
        black: Level,
        /// The most milliseconds either side thinks per turn.
        #[arg(long, value_name = "MS")]
        movetime: Option<u64>,
        /// The most nodes either side searches per turn (unlike a time, the same on any machine).
        #[arg(long, value_name = "N")]
        nodes: Option<u64>,
        /// Stop a game unfinished (a draw) after this many turns.
        #[arg(long, value_name = "PLIES", default_value_t = 200)]
        plies: usize,
    },
    /// List the shipped puzzles, or mine new ones from self-play.
    #[command(subcommand)]
    Puzzles(PuzzlesCommand),
    /// Speak the Universal Chess Interface on standard input and output, for chess GUIs and
    /// match tools (every variant through the option UCI_Variant).
    Uci,
    /// Write the man pages and the bash, zsh and fish completions into DIR, for packaging.
    #[command(hide = true)]
    Generate {
        /// The directory to write into (made if missing).
        #[arg(value_name = "DIR")]
        dir: PathBuf,
    },
}

/// The `identity` commands.
#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum IdentityCommand {
    /// Print the identity's public key (the default).
    Show,
    /// Copy the identity to FILE (readable by its owner alone), to import on another computer.
    Export {
        /// Where to write it.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Make the identity in FILE this computer's, replacing the one here.
    Import {
        /// The exported identity.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

/// The `admin` commands.
#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum AdminCommand {
    /// Free a name, so that the next identity to use it takes it.
    Release {
        /// The name, as players type it.
        #[arg(value_name = "NAME")]
        name: String,
    },
    /// Ban an identity: it is sent away and refused from then on.
    Ban {
        /// The identity's public key (64 hexadecimal digits, as the server's log shows it).
        #[arg(value_name = "IDENTITY")]
        identity: String,
    },
    /// Lift an identity's ban.
    Unban {
        /// The identity's public key.
        #[arg(value_name = "IDENTITY")]
        identity: String,
    },
    /// Write a consistent copy of the store to FILE.
    Backup {
        /// Where to write it.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

/// The `variant` commands, for the author of a variant file.
#[derive(Subcommand, Debug)]
enum VariantCommand {
    /// Print the variant's start position, each piece's moves from a square as a diagram, and
    /// perft 1 to 3 from the start.
    Check {
        /// The variant file (a built-in variant's id works too, to compare).
        #[arg(value_name = "FILE")]
        file: String,
        /// A variant option (repeatable).
        #[arg(long = "option", value_name = "NAME")]
        options: Vec<String>,
    },
    /// Judge many positions in one run: for each line of standard input (`startpos` or `fen
    /// FEN`, then optionally `moves M1 M2 …`), one line of output: the FEN, the result or
    /// `ongoing`, and the sorted legal turns, tab-separated; `error: …` for a bad line.
    Positions {
        /// The variant file (a built-in variant's id works too).
        #[arg(value_name = "FILE")]
        file: String,
        /// A variant option (repeatable).
        #[arg(long = "option", value_name = "NAME")]
        options: Vec<String>,
    },
}

/// The `puzzles` commands.
#[derive(Subcommand, Debug)]
enum PuzzlesCommand {
    /// One line per shipped puzzle: id, options, FEN, solution line, goal (tab-separated).
    List {
        /// The variant id (see `variants`).
        #[arg(value_name = "VARIANT")]
        variant: String,
    },
    /// Mine puzzles from self-play: the set as RON on stdout, progress on stderr.
    Mine {
        /// The variant id (see `variants`), or the path of a variant file.
        #[arg(value_name = "VARIANT")]
        variant: String,
        /// A variant option (repeatable).
        #[arg(long = "option", value_name = "NAME")]
        options: Vec<String>,
        /// How many puzzles, half of each goal where the games allow.
        #[arg(long, default_value_t = Mining::default().count)]
        count: usize,
        /// The seed of the games' random turns.
        #[arg(long, default_value_t = Mining::default().seed)]
        seed: u64,
        /// The most games to play.
        #[arg(long, default_value_t = Mining::default().games)]
        games: u32,
        /// The nodes the computer searches per turn.
        #[arg(long, default_value_t = Mining::default().nodes)]
        nodes: u64,
    },
}

/// How long `bestmove` thinks: one of a time, a depth, a node count or a level (by default
/// `strong`).
#[derive(Args, Debug)]
#[group(multiple = false)]
struct ThinkArgs {
    /// Search for this many milliseconds.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Search this many plies deep.
    #[arg(long, value_name = "N")]
    depth: Option<u32>,
    /// Search this many nodes (unlike a time, the same on any machine).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Play as this level does (beginner, casual, strong, max).
    #[arg(long, value_name = "NAME", value_parser = level)]
    level: Option<Level>,
}

/// The `lessons` listing: each lesson's id and title, and with `turns` each step's turns as
/// its task judges them. A course read from `file` must pass every step's check.
fn list_lessons(variant: &str, file: Option<&Path>, turns: bool) -> Result<String, CliError> {
    let course = match file {
        Some(file) => {
            let course = lessons::Course::parse(&file.display().to_string(), &read_text(file)?)?;
            if course.variant != variant {
                return Err(CliError::BadInput(format!(
                    "{}: the course is for '{}', not '{variant}'",
                    file.display(),
                    course.variant
                )));
            }
            course
        }
        None => lessons::load(variant)?,
    };
    let tried = course.try_every_step()?;
    let mut out = String::new();
    for lesson in &course.lessons {
        out.push_str(&format!("{}\t{}\n", lesson.id, lesson.title));
        for (_, step, judged) in tried.iter().filter(|(l, _, _)| l.id == lesson.id) {
            if let (Some(problem), Some(_)) = (judged.problem(), file) {
                return Err(CliError::BadInput(format!(
                    "lesson `{}` step {step}: {problem}",
                    lesson.id
                )));
            }
            if turns {
                out.push_str(&format!(
                    "  step {step} passes: {}\n",
                    judged.passing.join(" ")
                ));
                for (turn, why) in &judged.failing {
                    out.push_str(&format!("  step {step} fails {turn}: {why}\n"));
                }
            }
        }
    }
    Ok(out)
}

/// Reads a level's name for clap.
fn level(text: &str) -> Result<Level, String> {
    Level::parse(text).ok_or_else(|| {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        format!("no level '{text}' (one of {})", names.join(", "))
    })
}

#[derive(Args, Debug)]
struct PositionArgs {
    /// The variant id (see `variants`), or the path of a variant file.
    #[arg(value_name = "VARIANT", index = 1)]
    variant: String,
    /// Start from this position instead of the variant's start.
    #[arg(long)]
    fen: Option<String>,
    /// Turns to play first, separated by spaces.
    #[arg(long)]
    moves: Option<String>,
    /// A variant option (repeatable).
    #[arg(long = "option", value_name = "NAME")]
    options: Vec<String>,
}

/// What a successful command prints.
#[derive(Debug, Default)]
pub struct Output {
    /// The text for standard output.
    pub stdout: String,
    /// A note for standard error (perft statistics, the search's iterations), if any.
    pub stderr: Option<String>,
}

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// Bad input: unknown variant or option, bad FEN or move, malformed arguments (exit 2).
    BadInput(String),
}

impl CliError {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        2
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::BadInput(message) => write!(f, "oddboard: {message}"),
        }
    }
}

impl From<Error> for CliError {
    fn from(error: Error) -> CliError {
        CliError::BadInput(error.to_string())
    }
}

/// The board view asked for on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ViewArg {
    /// Flat, from above.
    #[value(name = "2d")]
    TwoD,
    /// On a table in 3D.
    #[value(name = "3d")]
    ThreeD,
}

/// The developers' tools `play` can run in the window (cargo feature `dev`).
#[cfg(feature = "dev")]
#[derive(Args, Debug, Default, PartialEq)]
pub struct DevTools {
    /// Play a few scripted turns of every variant, save a screenshot of each into DIR and
    /// exit (non-zero if a screenshot is blank).
    #[arg(long, value_name = "DIR")]
    pub window_test: Option<PathBuf>,
    /// Time start-up and SECONDS of continuous redrawing with a game on the board, print
    /// the figures and exit.
    #[arg(long, value_name = "SECONDS")]
    pub measure: Option<f32>,
    /// With sound on, play a quiet move and then a capture two seconds apart, and exit
    /// (non-zero if no sound server answered): `.ci/sound` records and measures them.
    #[arg(long)]
    pub sound_test: bool,
}

/// A request to open the game window.
#[derive(Debug, Default, PartialEq)]
pub struct PlayRequest {
    /// Open in this view.
    pub view: Option<ViewArg>,
    /// The developers' tools to run in it.
    #[cfg(feature = "dev")]
    pub dev: DevTools,
}

/// Whether `args` (the program name first) ask for the game window: no arguments at all, or
/// the `play` command.
pub fn play_request(args: &[String]) -> Option<PlayRequest> {
    if args.len() <= 1 {
        return Some(PlayRequest::default());
    }
    match Cli::try_parse_from(args) {
        Ok(Cli {
            command:
                Command::Play {
                    view,
                    #[cfg(feature = "dev")]
                    dev,
                },
        }) => Some(PlayRequest {
            view,
            #[cfg(feature = "dev")]
            dev,
        }),
        _ => None,
    }
}

/// A request to serve games over the network, or to play one as a bot.
#[derive(Debug, PartialEq)]
pub enum NetRequest {
    /// `serve`: listen at this address, writing records into the directory given.
    Serve {
        /// The interface and port.
        bind: SocketAddr,
        /// Where finished games are written.
        records: Option<PathBuf>,
        /// The store's directory.
        data: Option<PathBuf>,
    },
    /// `identity`: show, export or import the player's identity.
    Identity(IdentityCommand),
    /// `admin`: look after the store in this directory.
    Admin {
        /// The server's data directory.
        data: PathBuf,
        /// What to do.
        action: AdminCommand,
    },
    /// `bot`: play one game at this server.
    Bot {
        /// The server.
        address: SocketAddr,
        /// How strongly it plays.
        level: Level,
        /// The variant id.
        variant: String,
        /// The variant's options.
        options: Vec<String>,
        /// The name it plays under.
        name: String,
        /// The clock of the game it seeks.
        clock: Option<SeekClock>,
        /// Whether it seeks a rated game.
        rated: bool,
    },
}

/// The clock a bot's game is sought with, as typed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SeekClock {
    /// Minutes, and seconds added per turn (`5+3`).
    Minutes(u64, u64),
    /// Days for each turn, a correspondence game (`2d`).
    Days(u64),
}

/// Whether `args` ask to serve or to play as a bot: `None` for any other command; an error
/// for a bot asked to play a variant or option that does not exist.
pub fn net_request(args: &[String]) -> Option<Result<NetRequest, CliError>> {
    match Cli::try_parse_from(args).ok()?.command {
        Command::Serve {
            port,
            bind,
            records,
            data,
        } => Some(Ok(NetRequest::Serve {
            bind: SocketAddr::new(bind, port),
            records,
            data,
        })),
        Command::Identity { action } => Some(Ok(NetRequest::Identity(
            action.unwrap_or(IdentityCommand::Show),
        ))),
        Command::Admin { data, action } => Some(Ok(NetRequest::Admin { data, action })),
        Command::Bot {
            address,
            level,
            variant,
            options,
            name,
            clock,
            rated,
        } => Some(built_in(&variant, "games over the network").and_then(|()| {
            Variant::load(&variant, &options)?;
            Ok(NetRequest::Bot {
                address,
                level,
                variant,
                options,
                name: name.unwrap_or_else(|| format!("Oddboard ({})", level.name())),
                clock,
                rated,
            })
        })),
        _ => None,
    }
}

/// Checks that `variant` is a built-in variant's id, not a variant file's path, for `what`
/// (which exists for the built-ins alone).
fn built_in(variant: &str, what: &str) -> Result<(), CliError> {
    if is_variant_file(variant) {
        return Err(CliError::BadInput(format!(
            "'{variant}': {what} are of the built-in variants (see `variants`), not of a \
             variant file"
        )));
    }
    Ok(())
}

/// A clock as typed: `M+S`, minutes and seconds added per turn, or `Nd`, days a turn.
fn clock(text: &str) -> Result<SeekClock, String> {
    if let Some(days) = text.trim().strip_suffix('d') {
        return match days.trim().parse() {
            Ok(0) => Err(format!("'{text}' gives no time at all")),
            Ok(days @ 1..=30) => Ok(SeekClock::Days(days)),
            _ => Err(format!("'{text}' is not 1d to 30d (days a turn)")),
        };
    }
    let parts = text.split_once('+').and_then(|(minutes, seconds)| {
        Some((minutes.trim().parse().ok()?, seconds.trim().parse().ok()?))
    });
    match parts {
        Some((0, 0)) => Err(format!("'{text}' gives no time at all")),
        Some((minutes, seconds)) => Ok(SeekClock::Minutes(minutes, seconds)),
        None => Err(format!(
            "'{text}' is not a clock (minutes+seconds, as 5+3, or days a turn, as 2d)"
        )),
    }
}

/// A server's address as typed, `HOST:PORT`: a name is looked up as the system does.
pub fn server_address(text: &str) -> Result<SocketAddr, String> {
    use std::net::ToSocketAddrs;
    let mut found = text
        .to_socket_addrs()
        .map_err(|e| format!("'{text}' is not a server address (HOST:PORT): {e}"))?;
    found
        .next()
        .ok_or_else(|| format!("'{text}' names no address"))
}

/// Runs the command line `args` (the program name first) and returns what to print.
pub fn run(args: &[String]) -> Result<Output, CliError> {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            let shows_help = !error.use_stderr()
                || error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand;
            if shows_help {
                return Ok(Output {
                    stdout: error.render().to_string(),
                    stderr: None,
                });
            }
            return Err(CliError::BadInput(one_line(&error.render().to_string())));
        }
    };
    let mut out = Output::default();
    match cli.command {
        Command::Play { .. }
        | Command::Serve { .. }
        | Command::Bot { .. }
        | Command::Identity { .. }
        | Command::Admin { .. } => {
            return Err(CliError::BadInput(
                "this build has no game window or network play (it was built without the `game` \
                 feature)"
                    .into(),
            ));
        }
        Command::Variants => {
            for id in ids() {
                out.stdout.push_str(id);
                out.stdout.push('\n');
            }
        }
        Command::Variant(VariantCommand::Check { file, options }) => {
            out.stdout = check::report(&Variant::load(&file, &options)?);
        }
        Command::Variant(VariantCommand::Positions { file, options }) => {
            let variant = Arc::new(Variant::load(&file, &options)?);
            positions::judge_each(&variant, std::io::stdin().lock(), std::io::stdout().lock());
        }
        Command::Moves(args) => {
            let game = set_up(&args)?;
            for text in game.variant().legal_turn_texts(game.position()) {
                out.stdout.push_str(&text);
                out.stdout.push('\n');
            }
        }
        Command::Perft {
            position,
            depth,
            divide,
            stats,
            threads,
        } => {
            let game = set_up(&position)?;
            let started = Instant::now();
            let total = perft(&game, depth, divide, threads as usize, &mut out.stdout);
            out.stdout.push_str(&format!("{total}\n"));
            if stats {
                let seconds = started.elapsed().as_secs_f64();
                out.stderr = Some(format!(
                    "{total} nodes in {seconds:.3} s: {:.0} nodes/s",
                    total as f64 / seconds.max(1e-9)
                ));
            }
        }
        Command::Status(args) => out.stdout = status(&set_up(&args)?),
        Command::Record(args) => out.stdout = set_up(&args)?.to_pgn(&PgnHeader::default()),
        Command::Replay { file } => {
            let (game, _) = Game::from_pgn(&read_text(&file)?)?;
            out.stdout = status(&game);
        }
        Command::Bestmove {
            position,
            think,
            threads,
            hash,
        } => {
            let game = set_up(&position)?;
            let mut lines = String::new();
            let best = bestmove(&game, &think, threads, hash as usize, &mut lines)?;
            out.stdout.push_str(&best);
            out.stdout.push('\n');
            out.stderr = Some(lines.trim_end().to_string()).filter(|l| !l.is_empty());
        }
        Command::Lessons {
            variant,
            file,
            turns,
        } => {
            built_in(&variant, "the courses")?;
            out.stdout = list_lessons(&variant, file.as_deref(), turns)?;
        }
        Command::Selfplay {
            variant,
            options,
            games,
            white,
            black,
            movetime,
            nodes,
            plies,
        } => {
            let variant = Arc::new(Variant::load(&variant, &options)?);
            let match_up = MatchUp {
                levels: [white, black],
                cap: Limits {
                    time: movetime.map(Duration::from_millis),
                    nodes,
                    ..Limits::default()
                },
                plies,
            };
            selfplay(&variant, &match_up, games, &mut out.stdout);
        }
        Command::Puzzles(PuzzlesCommand::List { variant }) => {
            built_in(&variant, "the shipped puzzles")?;
            out.stdout = puzzle_lines(&puzzles::load(&variant)?);
        }
        Command::Puzzles(PuzzlesCommand::Mine {
            variant,
            options,
            count,
            seed,
            games,
            nodes,
        }) => {
            let variant = Arc::new(Variant::load(&variant, &options)?);
            let mining = Mining {
                count,
                seed,
                games,
                nodes,
                ..Mining::default()
            };
            out.stdout = puzzles::mine(&variant, &mining, |note| eprintln!("{note}")).to_ron();
        }
        Command::Uci => crate::uci::run(std::io::stdin().lock(), std::io::stdout()),
        Command::Generate { dir } => {
            for path in
                crate::generate::write_into(Cli::command(), &dir).map_err(CliError::BadInput)?
            {
                out.stdout.push_str(&format!("{}\n", path.display()));
            }
        }
    }
    Ok(out)
}

/// What `puzzles list` prints: per puzzle its id, options (`-` for none), FEN, solution line
/// and goal, tab-separated.
fn puzzle_lines(set: &PuzzleSet) -> String {
    set.puzzles
        .iter()
        .map(|p| {
            let options = if p.options.is_empty() {
                "-".to_string()
            } else {
                p.options.join(",")
            };
            let line = p.line.join(" ");
            let fields = [p.id.as_str(), &options, &p.fen, &line, p.goal.text()];
            format!("{}\n", fields.join("\t"))
        })
        .collect()
}

/// A clap error message as one line: its text up to the usage, lines joined, without the
/// `error: ` prefix and the tips.
fn one_line(rendered: &str) -> String {
    let message = rendered.split("\n\n").next().unwrap_or(rendered);
    let joined = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    joined
        .strip_prefix("error: ")
        .unwrap_or(&joined)
        .to_string()
}

/// The game the arguments describe: the variant with its options, from the FEN or the start,
/// with the given turns played.
fn set_up(args: &PositionArgs) -> Result<Game, CliError> {
    let variant = Arc::new(Variant::load(&args.variant, &args.options)?);
    let turns = args.moves.as_deref().unwrap_or_default().split_whitespace();
    game_of(variant, args.fen.as_deref(), turns)
}

/// The game of `variant` from `fen` (else its start) with `turns` played in order.
fn game_of<'a>(
    variant: Arc<Variant>,
    fen: Option<&str>,
    turns: impl IntoIterator<Item = &'a str>,
) -> Result<Game, CliError> {
    let mut game = match fen {
        Some(fen) => Game::from_fen(variant, fen)?,
        None => Game::new(variant),
    };
    for text in turns {
        game.play_text(text)?;
    }
    Ok(game)
}

/// What `status` prints: the position's FEN, then the result and its reason, or `ongoing`.
fn status(game: &Game) -> String {
    format!(
        "{}\n{}\n",
        game.variant().fen(game.position()),
        result_text(game)
    )
}

/// The game's result and its reason (`0-1 checkmate`), or `ongoing`.
fn result_text(game: &Game) -> String {
    match game.outcome() {
        Some(outcome) => outcome.to_string(),
        None => "ongoing".to_string(),
    }
}

/// The text of `file`, or of standard input for `-`.
fn read_text(file: &Path) -> Result<String, CliError> {
    let mut text = String::new();
    let read = if file == Path::new("-") {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(file).map(|t| text = t)
    };
    read.map_err(|e| CliError::BadInput(format!("cannot read '{}': {e}", file.display())))?;
    Ok(text)
}

/// Perft of the game's position; with `divide`, each turn's count goes to `out` first.
fn perft(game: &Game, depth: u32, divide: bool, threads: usize, out: &mut String) -> u64 {
    let rules = game.variant();
    let pos = game.position();
    if !divide || depth == 0 {
        return rules.perft_threads(pos, depth, threads);
    }
    let mut counts: Vec<_> = rules
        .perft_divided(pos, depth, threads)
        .into_iter()
        .map(|(turn, count)| (rules.turn_text(&turn), count))
        .collect();
    counts.sort();
    for (text, count) in &counts {
        out.push_str(&format!("{text} {count}\n"));
    }
    counts.iter().map(|(_, count)| count).sum()
}

/// Searches the game's position as `think` says, with a table of `hash_mib` MiB, noting each
/// iteration in `lines`: the canonical text of the turn to play.
fn bestmove(
    game: &Game,
    think: &ThinkArgs,
    threads: Option<u64>,
    hash_mib: usize,
    lines: &mut String,
) -> Result<String, CliError> {
    if let Some(outcome) = game.outcome() {
        return Err(CliError::BadInput(format!(
            "bestmove: the game is over ({outcome})"
        )));
    }
    let stop = AtomicBool::new(false);
    let variant = game.variant();
    let report = |found: &Found| {
        let pv: Vec<String> = found.pv.iter().map(|t| variant.turn_text(t)).collect();
        lines.push_str(&format!(
            "depth {} score {} nodes {} nps {} time {} pv {}\n",
            found.depth,
            found.score,
            found.nodes,
            found.nodes_per_second(),
            found.elapsed.as_millis(),
            pv.join(" ")
        ));
    };
    let limits = Limits {
        depth: think.depth,
        time: think.movetime.map(Duration::from_millis),
        nodes: think.nodes,
    };
    let mut engine = Engine::new(hash_mib);
    let best = if limits == Limits::default() {
        let level = think.level.unwrap_or(Level::Strong);
        think_in(&mut engine, game, level, &limits, &stop, 0, report)
    } else {
        let repeatable = limits.depth.is_some() || limits.nodes.is_some();
        engine.set_threads(
            threads.map_or(if repeatable { 1 } else { default_threads() }, |n| {
                n as usize
            }),
        );
        engine.search(game, &limits, &stop, report).best
    };
    best.map(|turn| variant.turn_text(&turn))
        .ok_or_else(|| CliError::BadInput("bestmove: no legal turn".into()))
}

/// Who plays whom in `selfplay`, and for how long.
struct MatchUp {
    /// The first player's level, then the second's.
    levels: [Level; 2],
    /// The most either side thinks per turn.
    cap: Limits,
    /// The longest game, in turns, before it is stopped as a draw.
    plies: usize,
}

/// Plays `games` games of `variant` from its start, writing each one's turns and result to
/// `out`, then the score.
fn selfplay(variant: &Arc<Variant>, match_up: &MatchUp, games: u32, out: &mut String) {
    let stop = AtomicBool::new(false);
    let mut points = [0.0; 2];
    for number in 1..=games {
        let mut game = Game::new(Arc::clone(variant));
        while game.outcome().is_none() && game.turns().len() < match_up.plies {
            let level = match_up.levels[game.position().side.index()];
            let seed = u64::from(number) << 32 | game.turns().len() as u64;
            let Some(turn) = think_with(&game, level, &match_up.cap, &stop, seed, |_| {}) else {
                break;
            };
            if game.play(&turn).is_err() {
                break;
            }
        }
        let (verdict, result) = match game.outcome() {
            Some(outcome) => (outcome.verdict, outcome.to_string()),
            None => (
                Verdict::Draw,
                format!("1/2-1/2 unfinished after {} turns", game.turns().len()),
            ),
        };
        let won = match verdict {
            Verdict::WhiteWins => [1.0, 0.0],
            Verdict::BlackWins => [0.0, 1.0],
            Verdict::Draw => [0.5, 0.5],
        };
        points = [points[0] + won[0], points[1] + won[1]];
        out.push_str(&format!("game {number}: {}\n", game.turn_texts().join(" ")));
        out.push_str(&format!("result {number}: {result}\n"));
    }
    let [white, black] = match_up.levels;
    out.push_str(&format!(
        "score: {} {} - {} {}\n",
        white.name(),
        points[0],
        points[1],
        black.name()
    ));
}
