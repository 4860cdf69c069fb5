//! The sounds themselves: one short sound for each [`Cue`], synthesised in code (there are no
//! sound files).

use crate::app::shared::cue::Cue;
use crate::rules::Capture;
use std::f64::consts::{PI, TAU};

/// Samples per second of every sound.
pub const RATE: u32 = 44_100;

/// Every cue. Each has its own sound, but en passant sounds as a capture by replacement, and a
/// withdrawal as an approach.
pub const CUES: [Cue; 14] = [
    Cue::Move,
    Cue::Capture(Capture::Replacement),
    Cue::Capture(Capture::EnPassant),
    Cue::Capture(Capture::Interception),
    Cue::Capture(Capture::Telekinesis),
    Cue::Capture(Capture::Approach),
    Cue::Capture(Capture::Withdrawal),
    Cue::Capture(Capture::Explosion),
    Cue::ClockWarning,
    Cue::Slide,
    Cue::Promotion,
    Cue::Check,
    Cue::GameOver,
    Cue::YourTurn,
];

/// The sound of `cue`: mono samples at [`RATE`].
pub fn samples(cue: Cue) -> Vec<i16> {
    let mut mix = Mix::default();
    match cue {
        // A wooden tock: a short falling knock with an inharmonic partial and a click.
        Cue::Move => {
            mix.add(Part {
                voice: Voice::Partials(&[(1.0, 1.0), (2.76, 0.25)]),
                ..Part::knock(0.0, 620.0, 440.0)
            });
            mix.add(Part::click(0.0, 3000.0, 0.5));
            mix.finish(0.6)
        }
        // Two sharper, higher knocks, the second a little lower: the taker knocks the piece off.
        Cue::Capture(Capture::Replacement | Capture::EnPassant) => {
            for (at, pitch, gain) in [(0.0, 900.0, 1.0), (0.075, 760.0, 0.85)] {
                mix.add(Part {
                    voice: Voice::Partials(&[(1.0, 1.0), (2.3, 0.35), (3.9, 0.15)]),
                    decay: 0.022,
                    gain,
                    ..Part::knock(at, pitch, pitch * 0.62)
                });
                mix.add(Part::click(at, 3800.0, 0.8 * gain));
            }
            mix.finish(0.7)
        }
        // A low crunch: a heavy falling knock under a burst of noise, the piece crushed between
        // two.
        Cue::Capture(Capture::Interception) => {
            mix.add(Part {
                voice: Voice::Partials(&[(1.0, 1.0), (1.5, 0.5), (2.2, 0.3)]),
                decay: 0.05,
                ..Part::knock(0.0, 330.0, 160.0)
            });
            mix.add(Part {
                length: 0.12,
                decay: 0.04,
                ..Part::click(0.0, 1400.0, 1.2)
            });
            mix.finish(0.7)
        }
        // A boom: a deep thump falling away under a long, wide burst of noise.
        Cue::Capture(Capture::Explosion) => {
            mix.add(Part {
                voice: Voice::Partials(&[(1.0, 1.0), (1.7, 0.4)]),
                length: 0.4,
                decay: 0.12,
                ..Part::knock(0.0, 140.0, 45.0)
            });
            mix.add(Part {
                at: 0.0,
                length: 0.6,
                from: 2400.0,
                to: 300.0,
                attack: 0.004,
                decay: 0.16,
                gain: 1.4,
                voice: Voice::Noise(0.9),
            });
            mix.finish(0.75)
        }
        // A glassy lift: a bell gliding up an octave, the piece taken from afar.
        Cue::Capture(Capture::Telekinesis) => {
            mix.add(Part {
                to: 1567.98,
                voice: Voice::Partials(&[(1.0, 1.0), (3.0, 0.2)]),
                ..Part::note(0.0, 0.35, 783.99, 1.0)
            });
            mix.finish(0.6)
        }
        // A shove: a knock, then a short whoosh as the line is pushed off.
        Cue::Capture(Capture::Approach | Capture::Withdrawal) => {
            mix.add(Part::knock(0.0, 700.0, 500.0));
            mix.add(Part {
                at: 0.04,
                length: 0.22,
                from: 1800.0,
                to: 700.0,
                attack: 0.03,
                decay: 0.08,
                gain: 0.8,
                voice: Voice::Noise(0.6),
            });
            mix.finish(0.65)
        }
        // A clock's tick: one short, high wooden click.
        Cue::ClockWarning => {
            mix.add(Part {
                voice: Voice::Partials(&[(1.0, 1.0), (2.4, 0.3)]),
                decay: 0.015,
                ..Part::knock(0.0, 1800.0, 1700.0)
            });
            mix.finish(0.5)
        }
        // A soft whoosh: noise through a rising band, over a faint rising hum.
        Cue::Slide => {
            let whoosh = Part {
                at: 0.0,
                length: 0.42,
                from: 500.0,
                to: 2200.0,
                attack: 0.16,
                decay: 0.15,
                gain: 1.0,
                voice: Voice::Noise(0.5),
            };
            mix.add(Part {
                from: 300.0,
                to: 520.0,
                decay: 0.2,
                gain: 0.06,
                voice: Voice::Partials(&[(1.0, 1.0)]),
                ..whoosh
            });
            mix.add(whoosh);
            mix.finish(0.45)
        }
        // A bright rising arpeggio: C, E, G and the C above.
        Cue::Promotion => {
            for (i, pitch) in [523.25, 659.25, 783.99, 1046.5].into_iter().enumerate() {
                mix.add(Part::note(
                    0.06 * i as f64,
                    0.4,
                    pitch,
                    0.8 + 0.1 * i as f64,
                ));
            }
            mix.finish(0.6)
        }
        // An alert: two quick bell-like notes a fourth apart, rising.
        Cue::Check => {
            for (at, pitch) in [(0.0, 880.0), (0.14, 1174.66)] {
                mix.add(Part {
                    voice: Voice::Partials(&[(1.0, 1.0), (2.0, 0.3), (3.0, 0.1)]),
                    decay: 0.1,
                    ..Part::note(at, 0.22, pitch, 1.0)
                });
            }
            mix.finish(0.55)
        }
        // A cadence: D and B falling to a long C over a C major chord.
        Cue::GameOver => {
            mix.add(Part::note(0.0, 0.4, 587.33, 1.0));
            mix.add(Part::note(0.22, 0.4, 493.88, 1.0));
            for (pitch, gain) in [(523.25, 1.0), (392.0, 0.45), (329.63, 0.4), (261.63, 0.5)] {
                mix.add(Part {
                    decay: 0.35,
                    ..Part::note(0.44, 0.8, pitch, gain)
                });
            }
            mix.finish(0.6)
        }
        // A doorbell: a long E falling to a long C, the second ringing on.
        Cue::YourTurn => {
            for (at, pitch, length) in [(0.0, 659.25, 0.45), (0.3, 523.25, 0.7)] {
                mix.add(Part {
                    decay: 0.3,
                    ..Part::note(at, length, pitch, 1.0)
                });
            }
            mix.finish(0.55)
        }
    }
}

/// Seconds to a sample count.
fn frames(seconds: f64) -> usize {
    (seconds * f64::from(RATE)).round() as usize
}

/// How loud a part of a sound is at its sample `i` of `n`: a smooth rise over `attack` seconds,
/// an exponential fall with time constant `decay`, and a fade to silence over the last five
/// milliseconds so nothing clicks.
fn envelope(i: usize, n: usize, attack: f64, decay: f64) -> f64 {
    let t = i as f64 / f64::from(RATE);
    let rise = (PI / 2.0 * (t / attack).min(1.0)).sin().powi(2);
    let fade = ((n - 1 - i) as f64 / frames(0.005) as f64).min(1.0);
    rise * (-t / decay).exp() * fade
}

/// One part of a sound: when and how long, the pitch (or noise band) it glides along, its
/// loudness over time, and its voice.
struct Part {
    /// When it starts, in seconds.
    at: f64,
    /// How long it lasts, in seconds.
    length: f64,
    /// The pitch (or the band's centre) it starts at, in Hz.
    from: f64,
    /// The pitch (or the band's centre) it glides to by its end, in Hz.
    to: f64,
    /// Seconds to full loudness.
    attack: f64,
    /// The time constant of its fall, in seconds.
    decay: f64,
    /// Its loudness before the sound is normalised.
    gain: f64,
    /// What sounds.
    voice: Voice,
}

/// What a part of a sound is made of.
#[derive(Clone, Copy)]
enum Voice {
    /// A tone of these partials: a multiple of the pitch and its loudness.
    Partials(&'static [(f64, f64)]),
    /// Noise through a band-pass filter with this damping (lower is a narrower band).
    Noise(f64),
}

impl Part {
    /// A short knock at `at`, its pitch falling from `from` to `to`.
    fn knock(at: f64, from: f64, to: f64) -> Part {
        Part {
            at,
            length: 0.14,
            from,
            to,
            attack: 0.002,
            decay: 0.03,
            gain: 1.0,
            voice: Voice::Partials(&[(1.0, 1.0)]),
        }
    }

    /// A bell-like note of `pitch` at `at`, ringing `length` seconds.
    fn note(at: f64, length: f64, pitch: f64, gain: f64) -> Part {
        Part {
            at,
            length,
            from: pitch,
            to: pitch,
            attack: 0.004,
            decay: 0.15,
            gain,
            voice: Voice::Partials(&[(1.0, 1.0), (2.0, 0.35), (3.0, 0.15), (4.0, 0.08)]),
        }
    }

    /// A click at `at`: a few milliseconds of noise around `pitch`.
    fn click(at: f64, pitch: f64, gain: f64) -> Part {
        Part {
            at,
            length: 0.025,
            from: pitch,
            to: pitch / 2.0,
            attack: 0.0005,
            decay: 0.005,
            gain,
            voice: Voice::Noise(1.0),
        }
    }

    /// The pitch (or band centre) `t` seconds in, gliding exponentially.
    fn frequency(&self, t: f64) -> f64 {
        self.from * (self.to / self.from).powf(t / self.length)
    }
}

/// A sound being mixed, as samples in -1 to 1 (before normalising, any size).
#[derive(Default)]
struct Mix(Vec<f64>);

impl Mix {
    /// The samples from `at` seconds for `length` seconds, growing the sound as needed.
    fn span(&mut self, at: f64, length: f64) -> &mut [f64] {
        let (start, len) = (frames(at), frames(length));
        if self.0.len() < start + len {
            self.0.resize(start + len, 0.0);
        }
        &mut self.0[start..start + len]
    }

    /// Adds a part: a tone of its partials, or noise through a state-variable band-pass
    /// filter, its pitch or band gliding exponentially under its envelope.
    fn add(&mut self, part: Part) {
        let rate = f64::from(RATE);
        let mut phase = 0.0;
        // A fixed seed: the same noise every run.
        let mut seed: u32 = 0x9e37_79b9;
        let (mut low, mut band) = (0.0, 0.0);
        let span = self.span(part.at, part.length);
        let n = span.len();
        for (i, sample) in span.iter_mut().enumerate() {
            let frequency = part.frequency(i as f64 / rate);
            let wave = match part.voice {
                Voice::Partials(partials) => {
                    phase += frequency / rate;
                    partials
                        .iter()
                        .map(|&(multiple, loudness)| loudness * (TAU * phase * multiple).sin())
                        .sum()
                }
                Voice::Noise(damping) => {
                    seed ^= seed << 13;
                    seed ^= seed >> 17;
                    seed ^= seed << 5;
                    let white = f64::from(seed) / f64::from(u32::MAX) * 2.0 - 1.0;
                    let f = 2.0 * (PI * frequency / rate).sin();
                    low += f * band;
                    let high = white - low - damping * band;
                    band += f * high;
                    band
                }
            };
            *sample += part.gain * envelope(i, n, part.attack, part.decay) * wave;
        }
    }

    /// The sound as 16-bit samples, scaled so its loudest sample is `peak` (0 to 1).
    fn finish(self, peak: f64) -> Vec<i16> {
        let loudest = self.0.iter().fold(0.0_f64, |m, s| m.max(s.abs()));
        let scale = if loudest > 0.0 { peak / loudest } else { 0.0 };
        self.0
            .iter()
            .map(|s| (s * scale * f64::from(i16::MAX)).round() as i16)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sound_is_short_and_never_clips() {
        for cue in CUES {
            let samples = samples(cue);
            let seconds = samples.len() as f64 / f64::from(RATE);
            assert!((0.05..=1.5).contains(&seconds), "{cue:?} lasts {seconds}s");
            let loudest = samples.iter().map(|s| s.unsigned_abs()).max().unwrap();
            assert!(loudest > 8_000, "{cue:?} is audible");
            assert!(loudest < 30_000, "{cue:?} has headroom");
            assert!(samples[0].abs() < 500, "{cue:?} starts without a click");
            assert_eq!(*samples.last().unwrap(), 0, "{cue:?} ends in silence");
        }
    }

    /// A capture without a sound would be silent; the match fails to compile when a new kind
    /// of capture comes, so that it is added here and to [`CUES`].
    #[test]
    fn every_kind_of_capture_has_a_sound() {
        let kinds = [
            Capture::Replacement,
            Capture::EnPassant,
            Capture::Interception,
            Capture::Telekinesis,
            Capture::Approach,
            Capture::Withdrawal,
            Capture::Explosion,
        ];
        for how in kinds {
            match how {
                Capture::Replacement
                | Capture::EnPassant
                | Capture::Interception
                | Capture::Telekinesis
                | Capture::Approach
                | Capture::Withdrawal
                | Capture::Explosion => assert!(CUES.contains(&Cue::Capture(how)), "{how:?}"),
            }
        }
    }

    /// En passant sounds as a replacement, a withdrawal as an approach: every other pair of
    /// cues sounds different.
    #[test]
    fn every_cue_sounds_different() {
        let same = |a: Cue, b: Cue| {
            let pair = [a, b];
            pair.contains(&Cue::Capture(Capture::Replacement))
                && pair.contains(&Cue::Capture(Capture::EnPassant))
                || pair.contains(&Cue::Capture(Capture::Approach))
                    && pair.contains(&Cue::Capture(Capture::Withdrawal))
        };
        for (i, &a) in CUES.iter().enumerate() {
            for &b in &CUES[i + 1..] {
                assert_eq!(samples(a) == samples(b), same(a, b), "{a:?} and {b:?}");
            }
        }
    }
}
