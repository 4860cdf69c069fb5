//! The player's settings, kept between runs.

use crate::app::shared::cue::Cue;
use crate::rules::MAX_HASH_MIB;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// How fast turns play out on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnimationSpeed {
    /// No motion: every turn stands at once.
    Off,
    /// Half the normal length.
    Fast,
    /// The normal length.
    #[default]
    Normal,
    /// Twice the normal length.
    Slow,
}

impl AnimationSpeed {
    /// Every speed, fastest last, for the settings menu.
    pub const ALL: [AnimationSpeed; 4] = [
        AnimationSpeed::Slow,
        AnimationSpeed::Normal,
        AnimationSpeed::Fast,
        AnimationSpeed::Off,
    ];

    /// How many times the normal length an animation takes (0: none).
    pub fn length_factor(self) -> f32 {
        match self {
            AnimationSpeed::Off => 0.0,
            AnimationSpeed::Fast => 0.5,
            AnimationSpeed::Normal => 1.0,
            AnimationSpeed::Slow => 2.0,
        }
    }

    /// Its name in the settings menu.
    pub fn label(self) -> &'static str {
        match self {
            AnimationSpeed::Off => "off",
            AnimationSpeed::Fast => "fast",
            AnimationSpeed::Normal => "normal",
            AnimationSpeed::Slow => "slow",
        }
    }
}

/// The colours of the board's squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardTheme {
    /// Cream and brown, like a wooden board.
    #[default]
    Wood,
    /// Cream and green, like a tournament vinyl board.
    Green,
    /// Pale grey and steel blue.
    Blue,
    /// Light and dark grey.
    Slate,
    /// Pale cream and a strong blue, far apart in lightness, with vivid marks outlined in black
    /// and white coordinates: for low vision and for colour blindness.
    HighContrast,
}

impl BoardTheme {
    /// Every theme, for the settings menu.
    pub const ALL: [BoardTheme; 5] = [
        BoardTheme::Wood,
        BoardTheme::Green,
        BoardTheme::Blue,
        BoardTheme::Slate,
        BoardTheme::HighContrast,
    ];

    /// Its name in the settings menu.
    pub fn label(self) -> &'static str {
        match self {
            BoardTheme::Wood => "wood",
            BoardTheme::Green => "green",
            BoardTheme::Blue => "blue",
            BoardTheme::Slate => "slate",
            BoardTheme::HighContrast => "high contrast",
        }
    }

    /// The light and the dark square's colours.
    pub fn squares(self) -> [Color; 2] {
        match self {
            BoardTheme::Wood => [Color::srgb(0.93, 0.87, 0.74), Color::srgb(0.70, 0.53, 0.39)],
            BoardTheme::Green => [Color::srgb(0.93, 0.93, 0.82), Color::srgb(0.46, 0.59, 0.34)],
            BoardTheme::Blue => [Color::srgb(0.87, 0.89, 0.90), Color::srgb(0.55, 0.64, 0.68)],
            BoardTheme::Slate => [Color::srgb(0.68, 0.70, 0.72), Color::srgb(0.42, 0.45, 0.48)],
            // A light square a shade warmer than white, so white pieces stand out on it; a
            // dark square light enough for black pieces and for the window behind Amoeba's gaps.
            BoardTheme::HighContrast => {
                [Color::srgb(1.0, 0.95, 0.78), Color::srgb(0.13, 0.33, 0.76)]
            }
        }
    }

    /// A square's colour: light or dark, tinted where it lies in the variant's zone (American
    /// Chess's Gauntlet).
    pub fn square(self, light: bool, in_zone: bool) -> Color {
        let [light_colour, dark_colour] = self.squares();
        let base = if light { light_colour } else { dark_colour };
        if in_zone {
            base.mix(&ZONE_TINT, 0.35)
        } else {
            base
        }
    }

    /// Fanorona's board, under its lines: between the theme's two squares (the light square
    /// in high contrast, under black lines).
    pub fn plank(self) -> Color {
        let [light, dark] = self.squares();
        match self {
            BoardTheme::HighContrast => light,
            _ => light.mix(&dark, 0.4),
        }
    }

    /// Whether marks are drawn vivid and outlined in black, and the board's lines and
    /// coordinates in black and white.
    pub fn high_contrast(self) -> bool {
        self == BoardTheme::HighContrast
    }
}

/// What a square of the variant's zone (American Chess's Gauntlet) is tinted towards.
const ZONE_TINT: Color = Color::srgb(0.55, 0.62, 0.80);

/// How large the menus, the panels and the board's coordinates are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum InterfaceSize {
    /// As designed.
    #[default]
    Percent100,
    /// A quarter larger.
    Percent125,
    /// Half as large again.
    Percent150,
    /// Twice as large.
    Percent200,
}

impl InterfaceSize {
    /// Every size, smallest first, for the settings menu.
    pub const ALL: [InterfaceSize; 4] = [
        InterfaceSize::Percent100,
        InterfaceSize::Percent125,
        InterfaceSize::Percent150,
        InterfaceSize::Percent200,
    ];

    /// How many times the designed size it draws at.
    pub fn factor(self) -> f32 {
        match self {
            InterfaceSize::Percent100 => 1.0,
            InterfaceSize::Percent125 => 1.25,
            InterfaceSize::Percent150 => 1.5,
            InterfaceSize::Percent200 => 2.0,
        }
    }

    /// Its name in the settings menu.
    pub fn label(self) -> &'static str {
        match self {
            InterfaceSize::Percent100 => "100 %",
            InterfaceSize::Percent125 => "125 %",
            InterfaceSize::Percent150 => "150 %",
            InterfaceSize::Percent200 => "200 %",
        }
    }
}

/// How the board is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardView {
    /// Flat, from above: squares and piece pictures.
    #[default]
    TwoD,
    /// On a table in 3D: tiles, a camera that orbits, pieces that stand.
    ThreeD,
}

impl BoardView {
    /// Both views, for the settings menu.
    pub const ALL: [BoardView; 2] = [BoardView::TwoD, BoardView::ThreeD];

    /// Its name in the menu and on the command line.
    pub fn label(self) -> &'static str {
        match self {
            BoardView::TwoD => "2D",
            BoardView::ThreeD => "3D",
        }
    }

    /// The other view.
    pub fn other(self) -> BoardView {
        match self {
            BoardView::TwoD => BoardView::ThreeD,
            BoardView::ThreeD => BoardView::TwoD,
        }
    }
}

/// What the player can set in the menu. Fields missing from an older file take their defaults
/// and fields this build does not know are ignored, so settings survive updates both ways.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// How fast turns play out.
    pub speed: AnimationSpeed,
    /// No particles, flashes or pulses: pieces only glide.
    pub reduce_motion: bool,
    /// Mark where the picked piece may go.
    pub show_legal_moves: bool,
    /// Turn the board towards the player to move after every turn.
    pub auto_flip: bool,
    /// Letters and numbers along the board's edges.
    pub show_coordinates: bool,
    /// The board's colours.
    pub theme: BoardTheme,
    /// Loudness of the game's sounds, 0 to 1.
    pub volume: f32,
    /// No sound at all.
    pub muted: bool,
    /// Which sounds play (absent from files written before it existed: all of them).
    #[serde(default)]
    pub sounds: CueSounds,
    /// 2D or 3D.
    pub view: BoardView,
    /// Shadows in the 3D view (they cost frame time on a software renderer).
    pub shadows: bool,
    /// The computer's memory: the size of its search's table, in MiB (one of
    /// [`Settings::ENGINE_MEMORY_CHOICES`] from the menu).
    pub engine_memory_mib: usize,
    /// How large the menus, panels and coordinates are drawn (absent from files written before
    /// it existed: 100 %).
    #[serde(default)]
    pub ui_scale: InterfaceSize,
    /// At start, ask each server the player has joined whether it is their turn in any game
    /// there (absent from files written before it existed: off).
    #[serde(default)]
    pub check_servers: bool,
}

/// Which of the game's sounds play, each switchable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CueSounds {
    /// A piece moved.
    pub moves: bool,
    /// A piece was captured (each way with its own sound).
    pub captures: bool,
    /// An Amoeba square slid.
    pub slides: bool,
    /// A piece was promoted.
    pub promotions: bool,
    /// Check.
    pub check: bool,
    /// The game ended.
    pub game_over: bool,
    /// A running clock's last ten seconds, once a second.
    pub clock_warning: bool,
    /// The player's turn in another of their games on a server.
    pub your_turn: bool,
}

impl Default for CueSounds {
    fn default() -> CueSounds {
        CueSounds {
            moves: true,
            captures: true,
            slides: true,
            promotions: true,
            check: true,
            game_over: true,
            clock_warning: true,
            your_turn: true,
        }
    }
}

impl CueSounds {
    /// Whether `cue`'s sound plays.
    pub fn allows(&self, cue: Cue) -> bool {
        match cue {
            Cue::Move => self.moves,
            Cue::Capture(_) => self.captures,
            Cue::Slide => self.slides,
            Cue::Promotion => self.promotions,
            Cue::Check => self.check,
            Cue::GameOver => self.game_over,
            Cue::ClockWarning => self.clock_warning,
            Cue::YourTurn => self.your_turn,
        }
    }

    /// Each switch with its label, as the settings show them.
    pub fn switches(&mut self) -> [(&'static str, &mut bool); 8] {
        [
            ("moves", &mut self.moves),
            ("captures", &mut self.captures),
            ("slides", &mut self.slides),
            ("promotions", &mut self.promotions),
            ("check", &mut self.check),
            ("game over", &mut self.game_over),
            ("clock's last seconds", &mut self.clock_warning),
            ("your turn online", &mut self.your_turn),
        ]
    }
}

impl Settings {
    /// The engine memories offered in the menu, in MiB.
    pub const ENGINE_MEMORY_CHOICES: [usize; 4] = [16, 64, 256, 1024];

    /// The size of the computer's search table, in MiB: the setting, within what the engine
    /// offers (a file edited by hand may hold anything).
    pub fn engine_hash_mib(&self) -> usize {
        self.engine_memory_mib.clamp(1, MAX_HASH_MIB)
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            speed: AnimationSpeed::Normal,
            reduce_motion: false,
            show_legal_moves: true,
            auto_flip: false,
            show_coordinates: true,
            theme: BoardTheme::Wood,
            volume: 0.7,
            muted: false,
            sounds: CueSounds::default(),
            view: BoardView::TwoD,
            shadows: false,
            engine_memory_mib: 64,
            ui_scale: InterfaceSize::Percent100,
            check_servers: false,
        }
    }
}
