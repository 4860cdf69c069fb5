//! What clients and the server say to each other: plain data, serialised by replicon
//! (postcard). A client asks (`ClientMsg`); the server answers with the table list or a whole
//! table's state (`ServerMsg`), so a client that missed anything is brought up to date by the
//! next state it receives.

use super::identity::{Challenge, PlayerId};
use super::ratings::{LeaderboardRow, ShownRating};
use crate::app::shared::clocks::{Clocks, TimeControl};
use crate::rules::{GameRecord, Outcome, Side};
use bevy::prelude::Message;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Identifies Oddboard's protocol (and its version) to renet: a peer with another id is not
/// let in.
pub const PROTOCOL_ID: u64 = 0x0ddb_0a2d_002a;

/// The largest message a client may send, in bytes: anything longer is refused unread, but
/// for one whose terms carry a variant file, which may be [`MAX_VARIANT_FILE`] longer.
pub const MAX_CLIENT_MESSAGE: usize = 4096;

/// The longest name and chat line, in characters.
pub const MAX_TEXT: usize = 200;

/// How many chat lines a table keeps (older ones are dropped).
pub const CHAT_KEPT: usize = 50;

/// How long a player may be away before the opponent may claim the game.
pub const CLAIM_AFTER: Duration = Duration::from_secs(60);

/// How long a game whose clock does not run stays in the server's memory once both its players
/// are away: then it is put away in the store, and taken up again when one of them comes back.
pub const PUT_AWAY_AFTER: Duration = Duration::from_secs(10 * 60);

/// How many finished games the list of finished games holds (of the asker's, and of the
/// server's latest).
pub const FINISHED_LISTED: usize = 30;

/// How many names a variant's leaderboard lists.
pub const LEADERBOARD_LISTED: usize = 50;

/// Refused messages a client may send before it is disconnected.
pub const REFUSALS_ALLOWED: u32 = 20;

/// Messages a second a client may send, kept up (more are refused, and count as refusals).
pub const MESSAGES_PER_SECOND: u32 = 100;

/// Messages a client may send at once after a quiet spell.
pub const MESSAGE_BURST: u32 = 200;

/// A table's number on its server.
pub type TableId = u32;

/// What a game is played with: the variant, its options and the clock.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Terms {
    /// The variant id.
    pub variant: String,
    /// The option names, sorted.
    pub options: Vec<String>,
    /// The time control; `None` for a game without clocks.
    pub clock: Option<TimeControl>,
    /// Whether the game is rated: its result changes both players' ratings in the variant.
    #[serde(default)]
    pub rated: bool,
    /// For a variant file (`variant` is then its file name, `name.ron`): its text and hash, so
    /// that a player without the file plays it; `None` for a built-in variant. (Boxed: most
    /// terms carry none, and messages hold terms by value.)
    #[serde(default)]
    pub file: Option<Box<SharedFile>>,
}

/// A variant file as it travels with a table's terms ([`crate::net::shared_file`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SharedFile {
    /// The text's hash ([`crate::net::shared_file::hash_of`]), sixteen hexadecimal digits: what
    /// a player sees to tell one file from another of the same name.
    pub hash: String,
    /// The file's text, at most [`MAX_VARIANT_FILE`] bytes.
    pub text: String,
}

/// The longest variant file a table's terms carry, in bytes.
pub const MAX_VARIANT_FILE: usize = 64 * 1024;

/// Something one player asks the other, who accepts or declines.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Offer {
    /// End the game in a draw.
    Draw,
    /// Take back the asker's last turn (and the opponent's reply, if it has been played).
    Takeback,
}

/// A request from a client.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ClientMsg {
    /// Who I am: my identity, and its signature over the challenge this connection was sent.
    /// Nothing that takes a seat or a name is done for a connection before this.
    Prove {
        /// The identity's public key.
        player: PlayerId,
        /// Its signature over the challenge ([`crate::net::identity::Identity::prove`]).
        signature: Vec<u8>,
    },
    /// Send me my games: those I sit at, and the finished ones (mine, and the server's
    /// latest).
    Games,
    /// Send me a variant's leaderboard.
    Leaderboard {
        /// The variant id.
        variant: String,
    },
    /// Send me the list of tables.
    List,
    /// Open a table and sit at it: `side` is the side I take (`None`: chosen at random).
    Open {
        /// The player's name.
        name: String,
        /// The game's terms.
        terms: Terms,
        /// The side the opener takes.
        side: Option<Side>,
    },
    /// Sit at a table waiting for a player of these terms, or open one and wait.
    Seek {
        /// The player's name.
        name: String,
        /// The game's terms.
        terms: Terms,
    },
    /// Take a table's free seat, or take back my own seat (the same identity and name) after a
    /// dropped connection, a server's restart, or from another window of mine.
    Join {
        /// The player's name.
        name: String,
        /// The table.
        table: TableId,
    },
    /// Watch a table as a spectator.
    Watch {
        /// The table.
        table: TableId,
    },
    /// Play a turn: `ply` is the number of turns played before it, `text` its canonical text.
    Turn {
        /// The table.
        table: TableId,
        /// Turns played before this one.
        ply: u32,
        /// The turn's canonical text.
        text: String,
    },
    /// Offer a draw or ask to take back.
    Offer {
        /// The table.
        table: TableId,
        /// What is offered.
        offer: Offer,
    },
    /// Accept or decline the opponent's offer.
    Answer {
        /// The table.
        table: TableId,
        /// Whether it is accepted.
        accept: bool,
    },
    /// Resign the game.
    Resign {
        /// The table.
        table: TableId,
    },
    /// Claim the win: the opponent has been away longer than [`CLAIM_AFTER`].
    Claim {
        /// The table.
        table: TableId,
    },
    /// Say something to the table.
    Chat {
        /// The table.
        table: TableId,
        /// The line said.
        text: String,
    },
    /// Leave a table (a player leaving a game in progress is away, as if disconnected).
    Leave {
        /// The table.
        table: TableId,
    },
}

/// A table as the list shows it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TableInfo {
    /// The table.
    pub table: TableId,
    /// The game's terms.
    pub terms: Terms,
    /// The players' names, first player first; empty for a free seat.
    pub names: [String; 2],
    /// The seated players' ratings in the variant when they sat down, first player first.
    pub ratings: [Option<ShownRating>; 2],
    /// Turns played so far.
    pub plies: u32,
    /// Whether the game has ended.
    pub finished: bool,
}

/// A line of the table's chat.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ChatLine {
    /// Who said it.
    pub from: String,
    /// What was said.
    pub text: String,
}

/// A whole table as one receiver sees it: everything a window needs to show the game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TableState {
    /// The table.
    pub table: TableId,
    /// The game's terms.
    pub terms: Terms,
    /// The players' names, first player first; empty for a free seat.
    pub names: [String; 2],
    /// The seated players' ratings in the variant when they sat down, first player first.
    pub ratings: [Option<ShownRating>; 2],
    /// The side the receiver plays, or `None` for a spectator.
    pub you: Option<Side>,
    /// The game: its start, the turns played and an end decided by the players or the clocks
    /// (its `redo` is always empty).
    pub record: GameRecord,
    /// The clocks as they read when the state was sent.
    pub clocks: Clocks,
    /// The side whose clock runs, if any.
    pub running: Option<Side>,
    /// For each side, how long its player has been away (`None`: connected, or the seat free).
    pub away: [Option<Duration>; 2],
    /// Whether the receiver may claim the win now (its opponent has been away long enough).
    pub may_claim: bool,
    /// The offer waiting for an answer: who made it and what it is.
    pub offer: Option<(Side, Offer)>,
    /// The answer to the last offer: what it was and whether it was accepted.
    pub answered: Option<(Offer, bool)>,
    /// The chat, oldest first (the last [`CHAT_KEPT`] lines).
    pub chat: Vec<ChatLine>,
    /// How the game ended, if it has (from the record's replay or the players' decision).
    pub outcome: Option<Outcome>,
}

/// A finished game as the list of finished games shows it, with its record.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct FinishedGame {
    /// The table it was played at.
    pub table: TableId,
    /// The game's terms.
    pub terms: Terms,
    /// The players' names, first player first.
    pub names: [String; 2],
    /// The result and why, as a record writes them (`1-0 checkmate`).
    pub result: String,
    /// Turns played.
    pub plies: u32,
    /// The game's record (PGN-shaped), to replay or study.
    pub pgn: String,
}

/// A game the asker sits at, as the list of their games shows it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PlayingGame {
    /// The table.
    pub table: TableId,
    /// The game's terms.
    pub terms: Terms,
    /// The players' names, first player first.
    pub names: [String; 2],
    /// The players' ratings in the variant when they sat down, first player first.
    pub ratings: [Option<ShownRating>; 2],
    /// The side the asker plays.
    pub you: Side,
    /// The side to move.
    pub to_move: Side,
    /// The time the side to move has left (`None`: its clock does not run).
    pub left: Option<Duration>,
    /// Turns played so far.
    pub plies: u32,
}

impl PlayingGame {
    /// Whether it is the asker's turn.
    pub fn your_turn(&self) -> bool {
        self.to_move == self.you
    }
}

/// What the server sends a client.
#[derive(Message, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ServerMsg {
    /// A new connection's challenge: the client proves its identity by signing it
    /// ([`ClientMsg::Prove`]). Fresh for every connection, so a proof cannot be replayed.
    Challenge(Challenge),
    /// The proof was good: the connection acts for this identity from now on.
    Welcome(PlayerId),
    /// The server will not serve this connection (a banned identity): why, in a player's words.
    /// It is disconnected.
    Denied(String),
    /// The asker's games (on [`ClientMsg::Games`]).
    Games {
        /// The unfinished games the asker sits at, most urgent first: those where it is their
        /// turn, the least time left first, then the others.
        playing: Vec<PlayingGame>,
        /// The asker's finished games, newest first.
        finished: Vec<FinishedGame>,
        /// The server's latest finished games, whoever played them, newest first.
        latest: Vec<FinishedGame>,
    },
    /// A variant's leaderboard (on [`ClientMsg::Leaderboard`]): the highest ratings first,
    /// established ratings before provisional ones.
    Leaderboard {
        /// The variant id.
        variant: String,
        /// The lines, best first.
        rows: Vec<LeaderboardRow>,
    },
    /// The opponent played in another of the receiver's games (one the receiver's connection
    /// is not at): it is the receiver's turn there.
    YourTurn {
        /// The game.
        game: PlayingGame,
        /// The opponent's name.
        opponent: String,
    },
    /// The tables on the server (sent on `List`, and again to a listing client when it
    /// changes).
    Tables(Vec<TableInfo>),
    /// A table the client sits at or watches, whole, after every change to it.
    State(Box<TableState>),
    /// Why the client's last message did nothing, in a player's words.
    Refused(String),
    /// Another connection of the same identity took the client's seat: why, in a player's
    /// words. The client watches the table from then on (its next state says so).
    Unseated {
        /// The table.
        table: TableId,
        /// Why.
        why: String,
    },
    /// The server closed a table the client was at (watching a game whose players are gone):
    /// why, in a player's words. The client is at no table from then on.
    Closed {
        /// The table.
        table: TableId,
        /// Why.
        why: String,
    },
}
