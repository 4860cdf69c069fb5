//! The game session: turns reach the rules only here. Clicks go through the turn builder, which
//! only ever picks among the engine's legal turns; commands start, resume, undo and end games.

use crate::app::shared::clocks::Clocks;
use crate::app::shared::game::{
    ActiveGame, Ask, Banner, Builder, Flipped, Hint, Notice, OffRecord, Online, Pending, Viewing,
};
use crate::app::shared::messages::{
    BoardReset, Command, ComputerRequest, Explored, Refused, SquareClicked, SwitchView, TurnPlayed,
};
use crate::app::shared::players::{Names, Players};
use crate::app::shared::screen::{Frame, Screen};
use crate::app::shared::turn_builder::{Part, Progress, TurnBuilder};
use crate::rules::{Error, Event, Game, Loc, RulesExt, Turn, Variant};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::sync::Arc;

/// Registers the session's systems: the banner, and applying commands and clicks.
pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::GameOver), raise_banner)
        .add_systems(Update, lower_banner.in_set(Frame::Input))
        .add_systems(
            Update,
            (drop_pending, apply_commands, apply_clicks)
                .chain()
                .in_set(Frame::Apply),
        );
}

/// A request to the computer or for the other view drops what waits for confirmation, as any
/// command does.
fn drop_pending(
    mut computer: MessageReader<ComputerRequest>,
    mut switches: MessageReader<SwitchView>,
    mut pending: ResMut<Pending>,
) {
    if computer.read().count() + switches.read().count() > 0 {
        pending.set_if_neq(Pending(None));
    }
}

/// Puts the banner up when a game ends.
fn raise_banner(mut banner: ResMut<Banner>) {
    banner.0 = true;
}

/// A click on the board or Escape puts the banner away; a click from before it rose (the one
/// that ended the game, still unread when the screen changed) does not.
fn lower_banner(
    mut banner: ResMut<Banner>,
    mut clicks: MessageReader<SquareClicked>,
    keys: Res<ButtonInput<KeyCode>>,
) {
    let clicked = clicks.read().count() > 0;
    if banner.is_changed() {
        return;
    }
    if banner.0 && (clicked || keys.just_pressed(KeyCode::Escape)) {
        banner.0 = false;
    }
}

/// A fresh turn builder over the live position's legal turns.
pub fn builder_for(game: &Game) -> TurnBuilder {
    TurnBuilder::new(game.legal_turns())
}

/// What a turn in progress does with a click that matches none of its choices: while the
/// destination is asked, the click starts over from that square (picking another piece); once a
/// later part is asked (a removal, a slide, a promotion), the turn is kept and the click only
/// explained.
fn apply_clicks(
    mut clicks: MessageReader<SquareClicked>,
    mut game: Option<ResMut<ActiveGame>>,
    online: Option<Res<Online>>,
    mut turn: TurnInput,
) {
    let Some(game) = game.as_mut() else {
        clicks.clear();
        return;
    };
    for SquareClicked(square) in clicks.read() {
        turn.pending.set_if_neq(Pending(None));
        if let Some(why) = not_now(&turn.viewing, &game.0, online.as_deref()) {
            turn.hint.0 = Some(why);
            continue;
        }
        let asked = turn.builder.0.question();
        let mut progress = turn.builder.0.click(*square);
        if progress == Progress::Ignored && turn.builder.0.in_progress() {
            if asked == Some(Part::To) {
                turn.builder.0.cancel();
                progress = turn.builder.0.click(*square);
            } else {
                turn.hint.0 = Some(format!(
                    "{square} is not one of the choices: {}",
                    ask(asked)
                ));
                continue;
            }
        }
        if progress == Progress::Ignored {
            turn.hint.0 = refusal(&game.0, *square);
            if game.0.position().board.piece(*square).is_some() {
                turn.refused.write(Refused(*square));
            }
            continue;
        }
        turn.hint.0 = None;
        turn.finish(progress, game);
    }
}

/// Why the player cannot add to a turn now, if not: an earlier position or a line of the
/// analysis is shown, or over the network it is the other player's turn.
fn not_now(viewing: &Viewing, game: &Game, online: Option<&Online>) -> Option<String> {
    if viewing.line.is_some() {
        return Some(
            "This is a line of the analysis: press End or \"Back to the game\" to play on.".into(),
        );
    }
    if viewing.ply.is_some() {
        return Some(
            "This is an earlier position: press End or \"Back to the game\" to play on.".into(),
        );
    }
    online
        .and_then(|online| online.refusal(game.position().side, game))
        .filter(|_| game.outcome().is_none())
}

/// Why a click that starts no turn did nothing, in words, when there is something to say.
fn refusal(game: &Game, square: Loc) -> Option<String> {
    let data = game.variant().data();
    if let Some(outcome) = game.outcome() {
        return Some(format!("The game is over ({outcome})."));
    }
    let pos = game.position();
    let piece = pos.board.piece(square)?;
    if piece.side != pos.side {
        return Some(format!("{} to move.", data.side_name(pos.side)));
    }
    let name = data.piece(piece.kind).map_or("piece", |p| p.name.as_str());
    Some(format!("The {name} on {square} has no legal move."))
}

/// What the player is asked, in words, for a click that missed.
fn ask(part: Option<Part>) -> &'static str {
    match part {
        Some(Part::Removal) => "click a marked piece, or choose in the panel",
        Some(Part::Slide) => {
            "click a marked square, then the gap it slides into, or choose no slide"
        }
        Some(Part::Promotion | Part::EndPromotions) => "choose the promotion in the panel",
        _ => "click a marked square",
    }
}

/// What playing a turn touches besides the game: the builder, the board shown, the screen and
/// the messages for the view.
#[derive(SystemParam)]
pub struct TurnInput<'w> {
    builder: ResMut<'w, Builder>,
    viewing: ResMut<'w, Viewing>,
    hint: ResMut<'w, Hint>,
    pending: ResMut<'w, Pending>,
    players: ResMut<'w, Players>,
    names: ResMut<'w, Names>,
    clocks: ResMut<'w, Clocks>,
    refused: MessageWriter<'w, Refused>,
    played: MessageWriter<'w, TurnPlayed>,
    reset: MessageWriter<'w, BoardReset>,
    next_screen: ResMut<'w, NextState<Screen>>,
}

impl TurnInput<'_> {
    /// Plays a completed turn and readies the next one. The game is touched (and so marked
    /// changed, and autosaved) only when a turn is played.
    fn finish(&mut self, progress: Progress, game: &mut ResMut<ActiveGame>) {
        if let Progress::Complete(turn) = progress {
            self.play(&turn, game);
        }
    }

    /// Plays `turn` if it is legal in the live position, and readies the next one.
    fn play(&mut self, turn: &Turn, game: &mut ResMut<ActiveGame>) {
        if let Ok(events) = game.0.play(turn) {
            self.played.write(TurnPlayed {
                events,
                backwards: false,
            });
        }
        self.ready(&game.0);
    }

    /// A fresh builder for the live position, the live position shown, and the screen that
    /// fits the game (changed only if it differs: a same-screen transition would rebuild the
    /// board).
    fn ready(&mut self, game: &Game) {
        self.builder.0 = builder_for(game);
        self.hint.0 = None;
        self.viewing.set_if_neq(Viewing::default());
        NextState::set_if_neq(&mut self.next_screen, screen_of(game));
    }
}

/// The screen a game belongs on.
fn screen_of(game: &Game) -> Screen {
    if game.outcome().is_some() {
        Screen::GameOver
    } else {
        Screen::Playing
    }
}

/// Whether `command` is for a game at this computer only: over the network, taking back,
/// resigning, agreeing a draw and the flag are the server's to decide (the online panel asks
/// it), and a rematch is a new table.
fn local_only(command: &Command) -> bool {
    matches!(
        command,
        Command::Undo
            | Command::Redo
            | Command::Resign
            | Command::AgreeDraw
            | Command::Confirm
            | Command::Rematch
            | Command::TimeOut(_)
    )
}

/// Applies the frame's commands in order, each to what it acts on: the game played (a new
/// game, resumed or a rematch), the view of it, the turn being made, its players and clocks,
/// or its ending and record. Any command drops what waited for confirmation; over the network
/// the server's own are left to it.
fn apply_commands(
    online: Option<Res<Online>>,
    mut commands_in: MessageReader<Command>,
    mut commands: Commands,
    mut game: Option<ResMut<ActiveGame>>,
    mut flipped: ResMut<Flipped>,
    mut notice: ResMut<Notice>,
    mut turn: TurnInput,
) {
    for command in commands_in.read() {
        if online.is_some() && local_only(command) {
            continue;
        }
        let asked = turn.pending.0.take();
        match command {
            Command::Start { .. } | Command::Resume(_) | Command::Rematch => {
                // The new game is inserted once this system has run: the commands after this
                // one find no game, rather than the one it replaces.
                if start_game(
                    command,
                    game.as_deref(),
                    &mut commands,
                    &mut turn,
                    &mut notice,
                ) {
                    game = None;
                }
            }
            Command::Flip | Command::Menu | Command::View(_) | Command::Explore(_) => {
                change_view(command, game.as_deref(), &mut flipped, &mut turn);
            }
            Command::CancelTurn
            | Command::Play(_)
            | Command::Narrow(_)
            | Command::Choose(_)
            | Command::PickFromHand(_) => {
                build_turn(command, game.as_mut(), online.as_deref(), &mut turn);
            }
            Command::Players(_) | Command::Names(_) | Command::Clocks(_) => {
                set_up(command, &mut turn);
            }
            Command::TimeOut(_) | Command::Resign | Command::AgreeDraw | Command::Confirm => {
                end_game(command, asked, game.as_mut(), &mut turn);
            }
            Command::Undo | Command::Redo => {
                if let Some(game) = game.as_mut()
                    && change_game(command, game, &mut turn)
                {
                    turn.ready(&game.0);
                }
            }
        }
    }
}

/// Starts the game `command` asks for (a new one, a saved one, a rematch of `live`), or puts
/// why it cannot be started in the notice; true when it started one.
fn start_game(
    command: &Command,
    live: Option<&ActiveGame>,
    commands: &mut Commands,
    turn: &mut TurnInput,
    notice: &mut Notice,
) -> bool {
    match new_game(command, live) {
        Some(Ok(new)) => {
            start(commands, turn, new);
            true
        }
        Some(Err(e)) => {
            notice.0 = Some(e.to_string());
            false
        }
        None => false,
    }
}

/// Applies a command to the view of the game: the board turned round, the menu, the record's
/// position shown, or a line explored from it.
fn change_view(
    command: &Command,
    game: Option<&ActiveGame>,
    flipped: &mut Flipped,
    turn: &mut TurnInput,
) {
    match command {
        Command::Flip => {
            flipped.0 = !flipped.0;
            turn.reset.write(BoardReset);
        }
        Command::Menu => NextState::set_if_neq(&mut turn.next_screen, Screen::Menu),
        Command::View(ply) => {
            if let Some(game) = game {
                step_view(&game.0, *ply, turn);
            }
            turn.viewing.set_if_neq(Viewing {
                ply: *ply,
                line: None,
            });
            turn.hint.set_if_neq(Hint(None));
        }
        Command::Explore(line) => {
            if let Some(game) = game {
                explore(&game.0, line.as_ref(), turn);
            }
        }
        _ => {}
    }
}

/// Shows the record's position after `ply` turns (`None`: the live one): one turn on or back
/// from the position shown plays out on the board (forwards or backwards); any other jump
/// redraws it.
fn step_view(game: &Game, ply: Option<usize>, turn: &mut TurnInput) {
    let live = game.turns().len();
    let shown = turn.viewing.ply.unwrap_or(live);
    let wanted = ply.unwrap_or(live);
    let step = if wanted == shown + 1 {
        events_of(game, shown).map(|events| (events, false))
    } else if wanted + 1 == shown {
        events_of(game, wanted).map(|events| (events, true))
    } else {
        None
    };
    match step {
        Some((events, backwards)) => {
            turn.played.write(TurnPlayed { events, backwards });
        }
        None => {
            turn.reset.write(BoardReset);
        }
    }
}

/// Applies a command to the turn being made: cancelled, played whole, narrowed by typed text,
/// or a choice of the panel's taken.
fn build_turn(
    command: &Command,
    game: Option<&mut ResMut<ActiveGame>>,
    online: Option<&Online>,
    turn: &mut TurnInput,
) {
    if let Command::CancelTurn = command {
        if turn.builder.0.in_progress() {
            turn.builder.0.cancel();
        }
        turn.hint.0 = None;
        return;
    }
    let Some(game) = game else {
        return;
    };
    match command {
        Command::Play(chosen) => turn.play(chosen, game),
        Command::Narrow(typed) => {
            if let Some(why) = not_now(&turn.viewing, &game.0, online) {
                turn.hint.0 = Some(why);
                return;
            }
            let mut progress = turn.builder.0.narrow(typed);
            if progress == Progress::Ignored && turn.builder.0.in_progress() {
                turn.builder.0.cancel();
                progress = turn.builder.0.narrow(typed);
            }
            turn.hint.0 = None;
            turn.finish(progress, game);
        }
        Command::Choose(choice) => {
            let progress = turn.builder.0.choose(*choice);
            turn.finish(progress, game);
        }
        Command::PickFromHand(piece) => {
            let progress = turn.builder.0.pick_from_hand(*piece);
            turn.finish(progress, game);
        }
        _ => {}
    }
}

/// Applies a command to who plays and with what time: the players, their names, the clocks.
fn set_up(command: &Command, turn: &mut TurnInput) {
    match command {
        Command::Players(players) => {
            turn.players.set_if_neq(*players);
        }
        Command::Names(names) => {
            turn.names.set_if_neq(names.clone());
        }
        Command::Clocks(clocks) => {
            turn.clocks.set_if_neq(*clocks);
        }
        _ => {}
    }
}

/// Applies a command that ends the game on the board: a flag fallen, or a resignation or a
/// draw agreed, each asked first and done on `Confirm` (`asked`: what waited for it).
fn end_game(
    command: &Command,
    asked: Option<Ask>,
    game: Option<&mut ResMut<ActiveGame>>,
    turn: &mut TurnInput,
) {
    let Some(game) = game else {
        return;
    };
    if game.0.outcome().is_some() {
        return;
    }
    match command {
        Command::TimeOut(side) => {
            game.0.time_out(*side);
            turn.ready(&game.0);
        }
        Command::Resign => turn.pending.0 = Some(Ask::Resign(game.0.position().side)),
        Command::AgreeDraw => turn.pending.0 = Some(Ask::Draw),
        Command::Confirm => {
            if let Some(ask) = asked {
                match ask {
                    Ask::Resign(side) => game.0.resign(side),
                    Ask::Draw => game.0.agree_draw(),
                }
                turn.ready(&game.0);
            }
        }
        _ => {}
    }
}

/// Shows the position `line` reaches from the record's position shown, without playing it:
/// one turn further along the line, or one back, plays out on the board (forwards or
/// backwards) as stepping through the move list does; any other jump redraws it.
fn explore(game: &Game, line: Option<&Explored>, turn: &mut TurnInput) {
    let (turns, shown) = line.map_or((&[][..], 0), |line| {
        (&line.turns[..], line.shown.min(line.turns.len()))
    });
    let variant = game.variant();
    let mut positions = vec![turn.viewing.record_position(game)];
    for played in turns {
        let before = positions[positions.len() - 1];
        positions.push(variant.play_unchecked(&before, played));
    }
    let now = turn.viewing.line.map_or(positions[0], |line| line.position);
    let wanted = shown.checked_sub(1).map(|last| OffRecord {
        position: positions[shown],
        last: turns[last],
    });
    if wanted == turn.viewing.line {
        return;
    }
    let mut events = Vec::new();
    if shown > 0 && positions[shown - 1] == now {
        variant.play_recorded(&now, &turns[shown - 1], &mut events);
        turn.played.write(TurnPlayed {
            events,
            backwards: false,
        });
    } else if positions.get(shown + 1) == Some(&now) {
        variant.play_recorded(&positions[shown], &turns[shown], &mut events);
        turn.played.write(TurnPlayed {
            events,
            backwards: true,
        });
    } else {
        turn.reset.write(BoardReset);
    }
    turn.viewing.line = wanted;
    turn.hint.set_if_neq(Hint(None));
}

/// The game a command starts, if it starts one: a new game of a variant, a saved game, or a
/// rematch of `live` (its variant, options and start position, sides kept).
fn new_game(command: &Command, live: Option<&ActiveGame>) -> Option<Result<Game, Error>> {
    match command {
        Command::Start { variant, options } => {
            Some(Variant::load(variant, options).map(|v| Game::new(Arc::new(v))))
        }
        Command::Resume(record) => Some(Game::from_record(record)),
        Command::Rematch => {
            let mut record = live?.0.record();
            record.turns.clear();
            record.redo.clear();
            record.ending = None;
            Some(Game::from_record(&record))
        }
        _ => None,
    }
}

/// Applies a command that changes the game's record, if it can; true when it did. The game is
/// borrowed mutably only for a real change.
fn change_game(command: &Command, game: &mut ResMut<ActiveGame>, turn: &mut TurnInput) -> bool {
    let live = &game.0;
    match command {
        Command::Undo if !live.turns().is_empty() => {
            undo_one(game, turn);
            if computer_answers_person(&game.0, &turn.players) && !game.0.turns().is_empty() {
                undo_one(game, turn);
            }
            true
        }
        Command::Redo if live.can_redo() => {
            if let Some(events) = game.0.redo() {
                turn.played.write(TurnPlayed {
                    events,
                    backwards: false,
                });
            }
            true
        }
        _ => false,
    }
}

/// Takes back the last turn, playing it backwards on the board when the live position is shown.
fn undo_one(game: &mut ResMut<ActiveGame>, turn: &mut TurnInput) {
    let live = &game.0;
    let undone = live
        .turns()
        .len()
        .checked_sub(1)
        .and_then(|ply| events_of(live, ply));
    game.0.undo();
    match undone {
        Some(events) if turn.viewing.ply.is_none() => {
            turn.played.write(TurnPlayed {
                events,
                backwards: true,
            });
        }
        _ => {
            turn.reset.write(BoardReset);
        }
    }
}

/// Whether the side to move is the computer's, playing a person: an undo that leaves the
/// computer to move takes back the person's turn too, as one pair.
fn computer_answers_person(game: &Game, players: &Players) -> bool {
    let side = game.position().side;
    players.computer(side).is_some() && players.computer(side.opponent()).is_none()
}

/// The engine's account of the turn played from ply `ply` (0: the first turn), asked of the
/// engine again: what the board plays to step forwards, or backwards, over that turn.
pub fn events_of(game: &Game, ply: usize) -> Option<Vec<Event>> {
    let pos = game.position_at(ply)?;
    let turn = game.turns().get(ply)?;
    let mut events = Vec::new();
    game.variant().play_recorded(pos, turn, &mut events);
    Some(events)
}

/// Makes `game` the active game (from the next command on) and readies its first turn.
fn start(commands: &mut Commands, turn: &mut TurnInput, game: Game) {
    turn.ready(&game);
    turn.reset.write(BoardReset);
    commands.insert_resource(ActiveGame(game));
}
