//! One engine session: the options as set, the variant they choose, the position the GUI gave,
//! and what each command does to them. A command that cannot be obeyed is answered with one
//! `info string` saying why and changes nothing.

use super::clock;
use super::command::{Command, Go};
use super::move_text;
use super::options::{Key, Options, Settings};
use super::output::Out;
use super::searcher::{Job, Searcher};
use crate::rules::{Game, Level, RulesExt, Variant};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// Whether the session goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `quit`: the session is over.
    Quit,
}

/// The engine's state between commands.
pub struct Session {
    out: Out,
    options: Options,
    settings: Settings,
    /// The variant the settings choose, with its options.
    variant: Arc<Variant>,
    /// The position to search: the variant's start until the GUI gives one.
    game: Game,
    searcher: Searcher,
    /// The seed of the next search played as a level (a new one each search, so games differ).
    seed: u64,
}

impl Session {
    /// A session with every option at its default (orthodox chess, from the start); an error
    /// if that variant cannot be loaded.
    pub fn new(out: Out) -> Result<Session, String> {
        let settings = Settings::default();
        let variant = load(&settings)?;
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64);
        Ok(Session {
            searcher: Searcher::new(out.clone()),
            out,
            options: Options::new(),
            settings,
            game: Game::new(Arc::clone(&variant)),
            variant,
            seed,
        })
    }

    /// Obeys `command`, or says why it cannot.
    pub fn obey(&mut self, command: Command) -> Flow {
        let done = match command {
            Command::Uci => {
                self.identify();
                Ok(())
            }
            Command::Debug => Ok(()),
            Command::IsReady => {
                self.out.line("readyok");
                Ok(())
            }
            Command::NewGame => {
                self.searcher.new_game();
                self.game = Game::new(Arc::clone(&self.variant));
                Ok(())
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Position { fen, moves } => self.set_position(fen.as_deref(), &moves),
            Command::Go(go) => self.go(&go),
            Command::Stop => {
                self.searcher.stop();
                Ok(())
            }
            Command::Quit => return Flow::Quit,
        };
        if let Err(why) = done {
            self.out.refuse(&why);
        }
        Flow::Continue
    }

    /// Ends the session: any search stops and gives its best move.
    pub fn end(mut self) {
        self.searcher.stop();
    }

    /// The answer to `uci`: the engine's name and author, its options, `uciok`.
    fn identify(&self) {
        self.out
            .line(concat!("id name Oddboard ", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the Oddboard authors");
        for line in self.options.lines() {
            self.out.line(&line);
        }
        self.out.line("uciok");
    }

    /// `setoption`: a change of variant or of one of its options starts from the variant's
    /// start position (an option of another variant is kept for when that one is chosen); a
    /// variant file that does not read changes nothing.
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let mut settings = self.settings.clone();
        let key = self
            .options
            .set(&mut settings, name, value, self.variant.data())?;
        if matches!(key, Key::Variant | Key::VariantOption) {
            let variant = load(&settings)?;
            let same = variant.id() == self.variant.id()
                && variant.options().names() == self.variant.options().names();
            if !same {
                self.game = Game::new(Arc::clone(&variant));
                self.variant = variant;
            }
        }
        self.settings = settings;
        Ok(())
    }

    /// `position`: the start or `fen`, then `moves` played; any bad part keeps the position
    /// there was.
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
        let variant = Arc::clone(&self.variant);
        let mut game = match fen {
            Some(fen) => {
                Game::from_fen(Arc::clone(&variant), fen).map_err(|e| format!("position: {e}"))?
            }
            None => Game::new(Arc::clone(&variant)),
        };
        for text in moves {
            let turn = move_text::read(&variant, game.position(), text)
                .and_then(|turn| game.play(&turn).map_err(|e| e.to_string()));
            turn.map_err(|why| format!("position: {why}"))?;
        }
        self.game = game;
        Ok(())
    }

    /// `go`: searches the position on the search thread, as the options say.
    fn go(&mut self, go: &Go) -> Result<(), String> {
        let level = self.settings.limit_strength.then(|| {
            self.seed = self.seed.wrapping_add(1);
            (Level::for_rating(self.settings.elo), self.seed)
        });
        self.searcher.start(Job {
            game: self.game.clone(),
            limits: clock::limits(go, self.game.position().side),
            infinite: go.infinite,
            level,
            hash_mib: self.settings.hash_mib,
            lines: self.settings.lines,
            threads: self.settings.threads,
        })
    }
}

/// The variant `settings` choose, with those of its options that are checked.
fn load(settings: &Settings) -> Result<Arc<Variant>, String> {
    let refused = |e: crate::rules::Error| format!("setoption: {e}");
    let plain = Variant::load(&settings.variant, &[]).map_err(refused)?;
    let chosen = settings.options_of(plain.data());
    if chosen.is_empty() {
        return Ok(Arc::new(plain));
    }
    Variant::load(&settings.variant, &chosen)
        .map(Arc::new)
        .map_err(refused)
}
