//! The sound server's side: a thread of its own owns the PulseAudio connection (the native
//! protocol in pure Rust, which PipeWire serves too) and mixes the sounds it is sent into one
//! stream. The window only sends: it never waits for the server, nor fails for its absence.

use super::synth::RATE;
use pulseaudio::{AsPlaybackSource, Client, protocol};
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::time::Duration;

/// How long the sound server has to answer the handshake before the game goes silent.
const ANSWER_WITHIN: Duration = Duration::from_secs(2);

/// The stream's buffer: 50 ms of sound, so a sound starts that soon after it is sent.
const BUFFER_BYTES: u32 = RATE * 2 / 20;

/// A sound to play: its samples (mono at [`RATE`]) and its loudness, 0 to 1.
pub struct Voice {
    /// The sound's samples.
    pub samples: Arc<[i16]>,
    /// Its loudness, 0 to 1.
    pub volume: f32,
}

/// What became of the connection: playing, or silent with the reason.
pub type Outcome = Result<(), String>;

/// Starts the playback thread: sounds go in through the returned sender, and the connection's
/// outcome comes out once through the returned receiver.
pub fn start() -> (Sender<Voice>, Receiver<Outcome>) {
    let (voices, voices_in) = channel();
    let (outcome_out, outcome) = channel();
    let thread_out = outcome_out.clone();
    let spawned = std::thread::Builder::new()
        .name("sound".into())
        .spawn(move || play(voices_in, &thread_out));
    if let Err(error) = spawned {
        let _ = outcome_out.send(Err(error.to_string()));
    }
    (voices, outcome)
}

/// The thread: connects, then plays what it is sent until the game drops its sender.
fn play(voices: Receiver<Voice>, outcome: &Sender<Outcome>) {
    let client = match connect() {
        Ok(client) => client,
        Err(reason) => {
            let _ = outcome.send(Err(reason));
            return;
        }
    };
    let mut mixer = Mixer::default();
    let source = move |buf: &mut [u8]| mixer.fill(&voices, buf);
    let stream =
        bevy::tasks::block_on(client.create_playback_stream(params(), source.as_playback_source()));
    match stream {
        Ok(stream) => {
            let _ = outcome.send(Ok(()));
            let _ = bevy::tasks::block_on(stream.play_all());
        }
        Err(error) => {
            let _ = outcome.send(Err(error.to_string()));
        }
    }
}

/// Connects to the sound server the environment names, giving up after [`ANSWER_WITHIN`].
fn connect() -> Result<Client, String> {
    let path = pulseaudio::socket_path_from_env().ok_or("no sound server's socket")?;
    let socket =
        UnixStream::connect(&path).map_err(|error| format!("{}: {error}", path.display()))?;
    socket
        .set_read_timeout(Some(ANSWER_WITHIN))
        .and_then(|()| socket.set_write_timeout(Some(ANSWER_WITHIN)))
        .map_err(|error| error.to_string())?;
    let cookie = pulseaudio::cookie_path_from_env().and_then(|path| std::fs::read(path).ok());
    Client::new_unix(c"Oddboard", socket, cookie).map_err(|error| error.to_string())
}

/// One mono 16-bit stream at [`RATE`] to the default output, with a short buffer.
fn params() -> protocol::PlaybackStreamParams {
    protocol::PlaybackStreamParams {
        sample_spec: protocol::SampleSpec {
            format: protocol::SampleFormat::S16Le,
            channels: 1,
            sample_rate: RATE,
        },
        channel_map: protocol::ChannelMap::mono(),
        cvolume: Some(protocol::ChannelVolume::norm(1)),
        sink_name: Some(protocol::DEFAULT_SINK.to_owned()),
        buffer_attr: protocol::stream::BufferAttr {
            target_length: BUFFER_BYTES,
            minimum_request_length: BUFFER_BYTES / 5,
            ..Default::default()
        },
        flags: protocol::stream::StreamFlags {
            adjust_latency: true,
            ..Default::default()
        },
        ..Default::default()
    }
}

/// The sounds playing, each with how far it has played.
#[derive(Default)]
pub struct Mixer(Vec<(Voice, usize)>);

impl Mixer {
    /// Fills `buf` (16-bit little-endian samples) with the sounds sent so far, mixed: silence
    /// when none plays. Returns the bytes written, or 0 (the end) once the game has gone.
    pub fn fill(&mut self, voices: &Receiver<Voice>, buf: &mut [u8]) -> usize {
        loop {
            match voices.try_recv() {
                Ok(voice) => self.0.push((voice, 0)),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) if self.0.is_empty() => return 0,
                Err(TryRecvError::Disconnected) => break,
            }
        }
        let frames = buf.len() / 2;
        for (i, bytes) in buf.chunks_exact_mut(2).enumerate() {
            let mixed: f32 = self
                .0
                .iter()
                .filter_map(|(voice, at)| {
                    voice
                        .samples
                        .get(at + i)
                        .map(|&sample| f32::from(sample) * voice.volume)
                })
                .sum();
            let sample = mixed.clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16;
            bytes.copy_from_slice(&sample.to_le_bytes());
        }
        for (_, at) in &mut self.0 {
            *at += frames;
        }
        self.0.retain(|(voice, at)| *at < voice.samples.len());
        frames * 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples(bytes: &[u8]) -> Vec<i16> {
        bytes
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect()
    }

    #[test]
    fn the_mixer_adds_sounds_at_their_volume_then_plays_silence() {
        let (send, receive) = channel();
        let mut mixer = Mixer::default();
        let voice = |samples: &[i16], volume| Voice {
            samples: samples.into(),
            volume,
        };
        send.send(voice(&[1000, 2000, 3000], 0.5)).unwrap();
        send.send(voice(&[100, i16::MAX], 1.0)).unwrap();
        let mut buf = [0u8; 4];
        assert_eq!(mixer.fill(&receive, &mut buf), 4);
        assert_eq!(samples(&buf), [600, i16::MAX]);
        assert_eq!(mixer.fill(&receive, &mut buf), 4);
        assert_eq!(samples(&buf), [1500, 0]);
        assert_eq!(mixer.fill(&receive, &mut buf), 4);
        assert_eq!(samples(&buf), [0, 0]);
        drop(send);
        assert_eq!(mixer.fill(&receive, &mut buf), 0, "the game has gone");
    }
}
