//! Who a player is on a server: an ed25519 key pair kept in the player's data directory, made
//! once and kept. Its public half ([`PlayerId`]) is what a server binds names and seats to; its
//! secret half never leaves the machine: a player proves who they are by signing the fresh
//! challenge a server sends each new connection ([`Identity::prove`], [`verify`]), so a
//! recorded proof is worth nothing on another connection.

use crate::app::storage::saves::write_text;
use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fs::{self, File};
use std::path::{Path, PathBuf};

/// The identity's file in the data directory (readable by its owner alone).
pub const IDENTITY_FILE: &str = "identity.ron";

/// The lock taken while the identity is read or made, so that several programs started at
/// once in one data directory make one identity between them.
const LOCK_FILE: &str = "identity.lock";

/// What a proof signs before the challenge: a signature made for anything else never passes.
const PROOF_CONTEXT: &[u8] = b"oddboard seat proof v1:";

/// The format of the identity file this build writes and reads.
const FORMAT: u32 = 1;

/// A player as servers know them: the public half of their key pair.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlayerId(pub [u8; 32]);

impl PlayerId {
    /// The key as 64 hexadecimal digits (how the admin commands name an identity).
    pub fn hex(&self) -> String {
        hex(&self.0)
    }

    /// The identity `text` (64 hexadecimal digits) names; an error says why it does not.
    pub fn from_hex(text: &str) -> Result<PlayerId, String> {
        let bytes = unhex(text.trim())
            .filter(|b| b.len() == 32)
            .ok_or_else(|| format!("'{text}' is not an identity (64 hexadecimal digits)"))?;
        let mut key = [0; 32];
        key.copy_from_slice(&bytes);
        Ok(PlayerId(key))
    }
}

impl fmt::Display for PlayerId {
    /// The first 16 hexadecimal digits: enough for a person to tell identities apart.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.hex()[..16])
    }
}

impl fmt::Debug for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PlayerId({self})")
    }
}

/// A server's challenge to a new connection: fresh random bytes.
pub type Challenge = [u8; 32];

/// The identity file's contents.
#[derive(Serialize, Deserialize)]
struct IdentityFile {
    format: u32,
    /// The secret key, as 64 hexadecimal digits.
    secret: String,
}

/// A player's key pair.
pub struct Identity {
    key: SigningKey,
}

impl fmt::Debug for Identity {
    /// The public half only: the secret is never printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Identity({})", self.player())
    }
}

impl Identity {
    /// A new identity with a secret from the operating system's random source.
    pub fn generate() -> Result<Identity, String> {
        let mut secret = [0; 32];
        getrandom::fill(&mut secret)
            .map_err(|e| format!("no random numbers for a new identity: {e}"))?;
        Ok(Identity {
            key: SigningKey::from_bytes(&secret),
        })
    }

    /// The identity kept in data directory `dir`, made and kept there if there is none yet.
    /// Programs started at once in one directory share one: it is read or made under the
    /// operating system's lock on a file beside it.
    pub fn load_or_create(dir: &Path) -> Result<Identity, String> {
        locked(dir, |path| {
            if path.exists() {
                return Identity::read(path);
            }
            let identity = Identity::generate()?;
            identity.write(path)?;
            Ok(identity)
        })
    }

    /// The identity in the file at `path`; an error names the file and what is wrong.
    pub fn read(path: &Path) -> Result<Identity, String> {
        let fail = |why: &dyn fmt::Display| format!("{}: {why}", path.display());
        let text = fs::read_to_string(path).map_err(|e| fail(&e))?;
        let file: IdentityFile = ron::from_str(&text).map_err(|e| fail(&e))?;
        if file.format > FORMAT {
            return Err(fail(&format!(
                "an identity of format {} (this Oddboard reads up to {FORMAT})",
                file.format
            )));
        }
        let secret = unhex(file.secret.trim())
            .and_then(|b| <[u8; 32]>::try_from(b).ok())
            .ok_or_else(|| fail(&"its secret is not 64 hexadecimal digits"))?;
        Ok(Identity {
            key: SigningKey::from_bytes(&secret),
        })
    }

    /// Writes the identity to `path` atomically, readable by its owner alone.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let file = IdentityFile {
            format: FORMAT,
            secret: hex(self.key.as_bytes()),
        };
        let text = ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        write_text(path, &text)
    }

    /// The identity's public half, as servers know it.
    pub fn player(&self) -> PlayerId {
        PlayerId(self.key.verifying_key().to_bytes())
    }

    /// The proof of this identity for `challenge`: a signature over it.
    pub fn prove(&self, challenge: &Challenge) -> Vec<u8> {
        self.key.sign(&signed(challenge)).to_bytes().to_vec()
    }
}

/// Whether `signature` proves `player` signed `challenge`.
pub fn verify(player: &PlayerId, challenge: &Challenge, signature: &[u8]) -> bool {
    let Ok(key) = VerifyingKey::from_bytes(&player.0) else {
        return false;
    };
    let Ok(signature) = Signature::from_slice(signature) else {
        return false;
    };
    key.verify_strict(&signed(challenge), &signature).is_ok()
}

/// A fresh challenge from the operating system's random source.
pub fn fresh_challenge() -> Challenge {
    let mut challenge = [0; 32];
    if getrandom::fill(&mut challenge).is_err() {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos();
        challenge[..16].copy_from_slice(&nanos.to_le_bytes());
    }
    challenge
}

/// Copies the identity of data directory `dir` to `to` (another computer imports it there).
pub fn export(dir: &Path, to: &Path) -> Result<PathBuf, String> {
    let identity = Identity::read(&dir.join(IDENTITY_FILE))?;
    identity.write(to)?;
    Ok(to.to_path_buf())
}

/// Makes the identity in file `from` this data directory's, replacing the one there: the file
/// is checked first, so a bad file changes nothing.
pub fn import(dir: &Path, from: &Path) -> Result<PlayerId, String> {
    let identity = Identity::read(from)?;
    locked(dir, |path| identity.write(path))?;
    Ok(identity.player())
}

/// Does `work` with the identity file's path in data directory `dir` (made if missing) under
/// the operating system's lock on the file beside it, held until `work` is done.
fn locked<T>(dir: &Path, work: impl FnOnce(&Path) -> Result<T, String>) -> Result<T, String> {
    fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let lock_path = dir.join(LOCK_FILE);
    let lock = File::create(&lock_path).map_err(|e| format!("{}: {e}", lock_path.display()))?;
    lock.lock()
        .map_err(|e| format!("{}: {e}", lock_path.display()))?;
    work(&dir.join(IDENTITY_FILE))
}

/// The message a proof signs: the context, then the challenge.
fn signed(challenge: &Challenge) -> Vec<u8> {
    [PROOF_CONTEXT, challenge.as_slice()].concat()
}

/// `bytes` as lower-case hexadecimal digits.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes hexadecimal `text` spells, if it does.
fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}
