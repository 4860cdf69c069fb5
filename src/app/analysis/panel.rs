//! The analysis in the game's side panel (egui): the switch; the evaluation bar, the best lines
//! with their evaluations and depth, each turn a link that steps through the line on the board,
//! and the threat; the game's evaluation graph (click to go to a position) and the marks of its
//! mistakes for the move list.

use super::eval::{BOUND, Eval, ShownLine};
use super::live::{Analysis, LineStep, Stepping};
use super::review::{Review, Severity};
use super::worker::{Findings, Threat};
use crate::app::board::layout::shown_position;
use crate::app::shared::game::Viewing;
use crate::app::shared::messages::{AnalysisRequest, Command};
use crate::rules::{Game, RulesExt, Side};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

/// The most turns of a line written in the panel.
const TURNS_SHOWN: usize = 8;
/// The evaluation graph's height, in points.
const GRAPH_HEIGHT: f32 = 72.0;
/// The colour of a mistake's mark.
const MISTAKE_COLOUR: egui::Color32 = egui::Color32::from_rgb(240, 170, 60);
/// The colour of a blunder's mark.
const BLUNDER_COLOUR: egui::Color32 = egui::Color32::from_rgb(235, 80, 70);

/// The lines as the panel shows them, and where: held still while the pointer is over them (the
/// engine's newer lines wait), so that the turn clicked is the one aimed at.
#[derive(Resource, Default)]
pub struct HeldLines {
    lines: Vec<ShownLine>,
    area: Option<egui::Rect>,
}

impl HeldLines {
    /// The lines, each a row: the engine's `live` ones, unless the pointer is over the rows
    /// (and the position is the same: a new one starts with none); the line opened at the
    /// turn clicked.
    fn rows(&mut self, ui: &mut egui::Ui, live: &[ShownLine]) -> Option<LineStep> {
        let pointed = self.area.is_some_and(|area| ui.rect_contains_pointer(area));
        if !pointed || live.is_empty() || self.lines.is_empty() {
            self.lines = live.to_vec();
        }
        let mut asked = None;
        let rows = ui.scope(|ui| {
            for line in &self.lines {
                if let Some(upto) = line_row(ui, line) {
                    asked = Some(LineStep::Open {
                        line: line.clone(),
                        upto,
                    });
                }
            }
        });
        self.area = Some(rows.response.rect);
        asked
    }
}

/// What the panel shows of the analysis, and where its requests go.
#[derive(SystemParam)]
pub struct AnalysisPanel<'w> {
    analysis: Res<'w, Analysis>,
    stepping: Res<'w, Stepping>,
    held: ResMut<'w, HeldLines>,
    /// The game's review, for the graph and the move list's marks.
    pub review: Res<'w, Review>,
    steps: MessageWriter<'w, LineStep>,
    requests: MessageWriter<'w, AnalysisRequest>,
}

impl AnalysisPanel<'_> {
    /// The switch: the analysis on or off.
    pub fn switch(&mut self, ui: &mut egui::Ui) {
        if ui
            .selectable_label(self.analysis.on, "Analysis (A)")
            .on_hover_text("The engine's evaluation, best lines and the threat, as you look")
            .clicked()
        {
            self.requests.write(AnalysisRequest::Toggle);
        }
    }

    /// The analysis of the position shown, when it is on: the bar, the lines (or the line
    /// being stepped through, as it was opened) and the threat, all of the position the board
    /// shows.
    pub fn section(&mut self, ui: &mut egui::Ui, game: &Game, viewing: &Viewing) {
        if !self.analysis.on {
            return;
        }
        let findings = &self.analysis.findings;
        match findings.over {
            Some(outcome) => {
                ui.weak(format!("The game is over here: {outcome}."));
            }
            None => evaluation(ui, findings),
        }
        let asked = match &self.stepping.0 {
            Some((line, shown)) => browser(ui, line, *shown),
            None => self.held.rows(ui, &findings.lines),
        };
        if let Some(step) = asked {
            self.steps.write(step);
        }
        if findings.over.is_none() {
            threat(ui, game, viewing, findings.threat.as_ref());
        }
    }

    /// The game's evaluation graph, White above, each turn marked as a mistake or blunder a dot;
    /// a click shows that position. Where the game has none yet, a button that asks for it.
    pub fn graph(
        &mut self,
        ui: &mut egui::Ui,
        game: &Game,
        viewing: &Viewing,
        out: &mut MessageWriter<Command>,
    ) {
        let review = &*self.review;
        if !review.covers(game) && !review.running() && !game.turns().is_empty() {
            let label = if game.outcome().is_some() {
                "Evaluation graph"
            } else {
                "Evaluation graph of the game so far"
            };
            if ui
                .button(label)
                .on_hover_text("The engine evaluates every position and marks the mistakes")
                .clicked()
            {
                self.requests.write(AnalysisRequest::Review);
            }
        }
        if review.turns() == 0 {
            return;
        }
        let live = game.turns().len();
        let shown = viewing.ply.unwrap_or(live);
        if let Some(ply) = draw_graph(ui, game, review, shown) {
            out.write(Command::View((ply < live).then_some(ply)));
        }
        if review.running() {
            ui.weak(format!(
                "Evaluating: {} of {} positions",
                review.points.len(),
                review.turns() + 1
            ));
        } else {
            ui.weak(summary(game, review));
        }
    }
}

/// The best line's evaluation as the bar and in figures, with the depth searched.
fn evaluation(ui: &mut egui::Ui, findings: &Findings) {
    let best = findings.lines.first().map(|line| line.eval);
    bar(ui, best);
    ui.horizontal(|ui| {
        let eval = best.map_or_else(|| "…".to_string(), Eval::text);
        ui.label(egui::RichText::new(eval).monospace().strong().size(16.0));
        if findings.depth > 0 {
            ui.weak(format!(
                "depth {} · {} k nodes",
                findings.depth,
                findings.nodes / 1000
            ));
        } else {
            ui.weak("analysing…");
        }
    });
}

/// The line being stepped through, with its evaluation, its turn shown picked out, and the
/// buttons that step along it or leave it; the step asked for.
fn browser(ui: &mut egui::Ui, line: &ShownLine, shown: usize) -> Option<LineStep> {
    let mut asked = None;
    ui.horizontal_wrapped(|ui| {
        ui.weak("Line");
        ui.label(egui::RichText::new(line.eval.text()).monospace().strong());
        for (i, text) in line.moves.iter().enumerate().take(TURNS_SHOWN) {
            if ui.selectable_label(i + 1 == shown, text).clicked() {
                asked = Some(LineStep::To(i));
            }
        }
    });
    ui.horizontal(|ui| {
        if ui.button("Previous").clicked() {
            asked = Some(LineStep::Back);
        }
        if ui
            .add_enabled(shown < line.turns.len(), egui::Button::new("Next"))
            .clicked()
        {
            asked = Some(LineStep::Forward);
        }
        if ui
            .button("Leave the line")
            .on_hover_text("Back to the position the line starts from")
            .clicked()
        {
            asked = Some(LineStep::Close);
        }
    });
    asked
}

/// The evaluation bar: the first player's share in light, the second's in dark.
fn bar(ui: &mut egui::Ui, eval: Option<Eval>) {
    let size = egui::vec2(ui.available_width(), 14.0);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter();
    let share = eval.map_or(0.5, Eval::first_player_share);
    painter.rect_filled(rect, 2.0, egui::Color32::from_gray(45));
    let light =
        egui::Rect::from_min_size(rect.min, egui::vec2(rect.width() * share, rect.height()));
    painter.rect_filled(light, 2.0, egui::Color32::from_gray(232));
    painter.vline(
        rect.center().x,
        rect.y_range(),
        egui::Stroke::new(1.0, egui::Color32::from_gray(128)),
    );
}

/// One line: its evaluation, then its turns, each a link; the index of the turn clicked.
fn line_row(ui: &mut egui::Ui, line: &ShownLine) -> Option<usize> {
    let mut clicked = None;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        ui.label(egui::RichText::new(line.eval.text()).monospace().strong());
        for (i, text) in line.moves.iter().enumerate().take(TURNS_SHOWN) {
            let link = egui::Label::new(text.as_str()).sense(egui::Sense::click());
            if ui
                .add(link)
                .on_hover_text("Step through this line on the board")
                .clicked()
            {
                clicked = Some(i);
            }
        }
    });
    clicked
}

/// The threat: what the opponent of the side to move in the position shown would play if it
/// were its turn.
fn threat(ui: &mut egui::Ui, game: &Game, viewing: &Viewing, threat: Option<&Threat>) {
    match threat {
        Some(Threat::Line(line)) => {
            let moves: Vec<&str> = line.moves.iter().take(3).map(String::as_str).collect();
            let opponent = shown_position(game, viewing).side.opponent();
            let side = game.variant().data().side_name(opponent);
            ui.colored_label(
                egui::Color32::from_rgb(240, 140, 120),
                format!("Threat ({side} to move): {}", moves.join(" ")),
            );
        }
        Some(Threat::None(why)) => {
            ui.weak(format!("Threat: {why}"));
        }
        None => {}
    }
}

/// Draws the graph, its scale in pawns at its left, and returns the ply clicked, if any.
fn draw_graph(ui: &mut egui::Ui, game: &Game, review: &Review, shown: usize) -> Option<usize> {
    let size = egui::vec2(ui.available_width(), GRAPH_HEIGHT);
    let (whole, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let response = response.on_hover_text(scale_explained(game));
    let painter = ui.painter_at(whole);
    painter.rect_filled(whole, 2.0, egui::Color32::from_gray(36));
    let mut rect = whole;
    rect.min.x += SCALE_WIDTH;
    let plies = review.turns().max(1) as f32;
    let mid = rect.center().y;
    let x = |ply: usize| rect.left() + rect.width() * ply as f32 / plies;
    let y = |cp: i32| mid - cp as f32 / BOUND as f32 * (GRAPH_HEIGHT / 2.0 - 3.0);
    scale(&painter, rect, y);
    let points: Vec<egui::Pos2> = review
        .points
        .iter()
        .enumerate()
        .map(|(ply, point)| egui::pos2(x(ply), y(point.eval.bounded())))
        .collect();
    let light = egui::Color32::from_gray(210);
    for pair in points.windows(2) {
        for piece in above(pair[0], pair[1], mid) {
            painter.add(egui::Shape::convex_polygon(
                piece,
                light,
                egui::Stroke::NONE,
            ));
        }
    }
    painter.hline(
        rect.x_range(),
        mid,
        egui::Stroke::new(1.0, egui::Color32::from_gray(110)),
    );
    painter.add(egui::Shape::line(
        points.clone(),
        egui::Stroke::new(1.5, egui::Color32::from_rgb(230, 180, 60)),
    ));
    for (ply, at) in points.iter().enumerate().skip(1) {
        if let Some(mark) = review.mark(ply) {
            let colour = severity_colour(mark.severity);
            painter.circle_filled(*at, 3.0, colour);
        }
    }
    painter.vline(
        x(shown.min(review.turns())),
        rect.y_range(),
        egui::Stroke::new(1.0, egui::Color32::LIGHT_BLUE),
    );
    let clicked = response.clicked().then(|| response.interact_pointer_pos());
    let at = clicked.flatten()?;
    let ply = ((at.x - rect.left()) / rect.width() * plies).round();
    Some((ply.max(0.0) as usize).min(review.turns()))
}

/// The width of the graph's scale, at its left, in points.
const SCALE_WIDTH: f32 = 22.0;
/// The evaluations the scale names, in hundredths of a pawn for the first player: a won game
/// (`#`, which also stands for anything from [`BOUND`] on) at the edges, and the pawns between.
const SCALE_MARKS: [i32; 5] = [BOUND, BOUND / 2, 0, -BOUND / 2, -BOUND];

/// The scale's text for `cp`: `#` at the edges, else whole pawns (`+5`, `0`, `−5`).
fn scale_label(cp: i32) -> String {
    match cp {
        0 => "0".to_string(),
        _ if cp.abs() >= BOUND => "#".to_string(),
        _ => format!("{:+}", cp / 100).replace('-', "−"),
    }
}

/// Draws the scale: each mark's label in the margin at the left of `plot`, placed by `y`, and
/// a faint line across the plot at each mark between the edges and the middle.
fn scale(painter: &egui::Painter, plot: egui::Rect, y: impl Fn(i32) -> f32) {
    let colour = egui::Color32::from_gray(150);
    let font = egui::FontId::proportional(10.0);
    for cp in SCALE_MARKS {
        let (at, anchor) = match cp.signum() {
            1 if cp >= BOUND => (plot.top() + 1.0, egui::Align2::RIGHT_TOP),
            -1 if cp <= -BOUND => (plot.bottom() - 1.0, egui::Align2::RIGHT_BOTTOM),
            _ => (y(cp), egui::Align2::RIGHT_CENTER),
        };
        let label = egui::pos2(plot.left() - 4.0, at);
        painter.text(label, anchor, scale_label(cp), font.clone(), colour);
        if cp != 0 && cp.abs() < BOUND {
            painter.hline(
                plot.x_range(),
                y(cp),
                egui::Stroke::new(1.0, egui::Color32::from_gray(58)),
            );
        }
    }
}

/// What the graph's scale means, for its hover.
fn scale_explained(game: &Game) -> String {
    let data = game.variant().data();
    let (first, second) = (data.side_name(Side::White), data.side_name(Side::Black));
    format!(
        "The evaluation in pawns: {first} better above the middle line, {second} below. \
         # at the top or bottom edge: a forced win (or {} pawns or more). Click to see that \
         position.",
        BOUND / 100
    )
}

/// The part of the strip between the middle line and the segment `a`–`b` that lies above the
/// middle (the first player's side), as convex pieces.
fn above(a: egui::Pos2, b: egui::Pos2, mid: f32) -> Vec<Vec<egui::Pos2>> {
    let up = |p: egui::Pos2| p.y < mid;
    match (up(a), up(b)) {
        (true, true) => vec![vec![egui::pos2(a.x, mid), a, b, egui::pos2(b.x, mid)]],
        (false, false) => Vec::new(),
        _ => {
            let t = (mid - a.y) / (b.y - a.y);
            let cross = egui::pos2(a.x + (b.x - a.x) * t, mid);
            let top = if up(a) { a } else { b };
            vec![vec![egui::pos2(top.x, mid), top, cross]]
        }
    }
}

/// How many mistakes and blunders each side made, in words.
fn summary(game: &Game, review: &Review) -> String {
    let mut counts = [[0; 2]; 2];
    for ply in 1..=review.turns() {
        if let (Some(mark), Some(point)) = (review.mark(ply), review.points.get(ply - 1)) {
            let kind = usize::from(mark.severity == Severity::Blunder);
            counts[point.mover.index()][kind] += 1;
        }
    }
    let data = game.variant().data();
    let parts: Vec<String> = Side::BOTH
        .iter()
        .map(|side| {
            let [mistakes, blunders] = counts[side.index()];
            let found: Vec<String> = [(mistakes, "mistake"), (blunders, "blunder")]
                .iter()
                .filter(|(count, _)| *count > 0)
                .map(|(count, word)| format!("{count} {word}{}", if *count > 1 { "s" } else { "" }))
                .collect();
            let name = data.side_name(*side);
            match found.is_empty() {
                true => format!("{name}: no mistake"),
                false => format!("{name}: {}", found.join(", ")),
            }
        })
        .collect();
    parts.join(" · ")
}

/// The colour a turn of this severity is marked in.
pub fn severity_colour(severity: Severity) -> egui::Color32 {
    match severity {
        Severity::Mistake => MISTAKE_COLOUR,
        Severity::Blunder => BLUNDER_COLOUR,
    }
}

#[cfg(test)]
mod tests {
    //! The lines held still under the pointer, drawn by a bare egui context.

    use super::*;

    /// A line of `moves`, evaluated even.
    fn line(moves: &[&str]) -> ShownLine {
        ShownLine {
            eval: Eval::Pawns(0),
            turns: Vec::new(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
        }
    }

    /// Draws the lines once, the engine's being `live`, with `events`; what was asked.
    fn pass(
        ctx: &egui::Context,
        held: &mut HeldLines,
        live: &[ShownLine],
        events: Vec<egui::Event>,
    ) -> Option<LineStep> {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 800.0),
            )),
            events,
            ..Default::default()
        };
        let mut asked = None;
        let _ = ctx.run_ui(input, |ui| {
            egui::Panel::right("analysis")
                .exact_size(320.0)
                .show(ui, |ui| asked = held.rows(ui, live));
        });
        asked
    }

    /// While the pointer is over the lines, the engine's newer lines wait and a click opens
    /// the line as it was shown; once the pointer leaves, the newer lines show.
    #[test]
    fn the_lines_under_the_pointer_stay_as_they_are_until_it_leaves() {
        let ctx = egui::Context::default();
        let mut held = HeldLines::default();
        let first = [line(&["2… Nf6", "3. d4"]), line(&["2… Bc5", "3. c3"])];
        let newer = [line(&["2… d6", "3. d4"]), line(&["2… Nf6", "3. Nc3"])];
        pass(&ctx, &mut held, &first, Vec::new());
        let area = held.area.expect("the rows were drawn");
        let over = egui::Event::PointerMoved(area.left_top() + egui::vec2(60.0, 5.0));
        pass(&ctx, &mut held, &newer, vec![over.clone()]);
        assert_eq!(held.lines, first, "held while pointed at");
        let press = |pressed| egui::Event::PointerButton {
            pos: area.left_top() + egui::vec2(60.0, 5.0),
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        pass(&ctx, &mut held, &newer, vec![press(true)]);
        let asked = pass(&ctx, &mut held, &newer, vec![press(false)]);
        assert_eq!(
            asked,
            Some(LineStep::Open {
                line: first[0].clone(),
                upto: 0
            }),
            "the line clicked is the one shown"
        );
        let away = egui::Event::PointerMoved(egui::pos2(10.0, 10.0));
        pass(&ctx, &mut held, &newer, vec![away]);
        pass(&ctx, &mut held, &newer, Vec::new());
        assert_eq!(held.lines, newer, "the newer lines once the pointer left");
    }
}
