//! How the protocol's messages travel: registered with replicon on an ordered, reliable
//! channel, the same way on every peer (replicon refuses a peer whose registrations differ). A
//! client's message reaches the server as [`Inbound`], which keeps a message the server could
//! not read, or one too long, as a refusal to log and count instead of dropping it silently.

use super::protocol::{ClientMsg, MAX_CLIENT_MESSAGE, MAX_VARIANT_FILE, ServerMsg};
use bevy::prelude::*;
use bevy_replicon::bytes::Bytes;
use bevy_replicon::postcard_utils;
use bevy_replicon::prelude::*;
use bevy_replicon::shared::message::ctx::{ClientSendCtx, ServerReceiveCtx};

/// A client's message as the server received it: the request, or why it could not be read.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Inbound(pub Result<ClientMsg, String>);

/// Registers the protocol's messages on an app (server, client or both).
pub fn plugin(app: &mut App) {
    app.add_client_message_with(Channel::Ordered, write_inbound, read_inbound)
        .add_server_message::<ServerMsg>(Channel::Ordered)
        .make_message_independent::<ServerMsg>();
}

/// Writes a client's request; a refusal is never sent.
fn write_inbound(_ctx: &mut ClientSendCtx, inbound: &Inbound, bytes: &mut Vec<u8>) -> Result<()> {
    match &inbound.0 {
        Ok(message) => {
            postcard_utils::to_extend_mut(message, bytes)?;
            Ok(())
        }
        Err(why) => Err(why.clone().into()),
    }
}

/// Reads a client's request: never fails, so a malformed or oversized message reaches the
/// server's lobby as a refusal.
fn read_inbound(_ctx: &mut ServerReceiveCtx, bytes: &mut Bytes) -> Result<Inbound> {
    Ok(Inbound(decode(bytes)))
}

/// A request from its bytes, or why they are not one.
pub fn decode(bytes: &[u8]) -> Result<ClientMsg, String> {
    let too_long = |most: usize| format!("a message of {} bytes (the most is {most})", bytes.len());
    if bytes.len() > MAX_CLIENT_MESSAGE + MAX_VARIANT_FILE {
        return Err(too_long(MAX_CLIENT_MESSAGE + MAX_VARIANT_FILE));
    }
    let mut rest = bytes;
    match postcard_utils::from_buf::<ClientMsg, &[u8]>(&mut rest) {
        Ok(_) if !rest.is_empty() => Err(format!(
            "a malformed message ({} bytes after its end)",
            rest.len()
        )),
        Ok(message) if bytes.len() > MAX_CLIENT_MESSAGE && !carries_file(&message) => {
            Err(too_long(MAX_CLIENT_MESSAGE))
        }
        Ok(message) => Ok(message),
        Err(e) => Err(format!("a malformed message ({e})")),
    }
}

/// Whether `message` opens or seeks a table whose terms carry a variant file.
fn carries_file(message: &ClientMsg) -> bool {
    match message {
        ClientMsg::Open { terms, .. } | ClientMsg::Seek { terms, .. } => terms.file.is_some(),
        _ => false,
    }
}
