//! Who a client is: the proof of identity each connection gives, the names bound to
//! identities, and sending a client away (a ban, or too many refusals).

use super::{ClientKey, Effect, Lobby, checked_text};
use crate::net::identity::{PlayerId, fresh_challenge, verify};
use crate::net::names::name_key;
use crate::net::protocol::ServerMsg;

impl Lobby {
    /// Takes `client` to be `player` if `signature` is its signature over the challenge the
    /// connection was sent (each challenge is good for one try); a banned identity is sent
    /// away.
    pub(super) fn prove(
        &mut self,
        client: ClientKey,
        player: PlayerId,
        signature: &[u8],
    ) -> Result<(), String> {
        let fresh = fresh_challenge();
        let Some(proving) = self.clients.get_mut(&client) else {
            return Ok(());
        };
        if proving.player.is_some() {
            return Err("you have already proven who you are".into());
        }
        let challenge = std::mem::replace(&mut proving.challenge, fresh);
        if !verify(&player, &challenge, signature) {
            self.send(client, ServerMsg::Challenge(fresh));
            return Err(
                "that proof of identity is not good (it was not made for this connection)".into(),
            );
        }
        if self.store.is_banned(&player)? {
            self.deny(client, "you are banned from this server");
            return Ok(());
        }
        if let Some(proving) = self.clients.get_mut(&client) {
            proving.player = Some(player);
        }
        self.send(client, ServerMsg::Welcome(player));
        self.log(format!("client {client} is identity {}", player.hex()));
        Ok(())
    }

    /// Sends `client` away for `why`: it is told, leaves its table and is disconnected.
    pub(super) fn deny(&mut self, client: ClientKey, why: &str) {
        self.leave(client);
        if let Some(denied) = self.clients.get_mut(&client) {
            denied.dropped = true;
        }
        self.send(client, ServerMsg::Denied(why.to_string()));
        self.effects.push(Effect::Disconnect(client));
        self.log(format!("client {client} sent away: {why}"));
    }

    /// The identity `client` has proven; refused if it has proven none.
    pub(super) fn player_of(&self, client: ClientKey) -> Result<PlayerId, String> {
        self.clients
            .get(&client)
            .and_then(|c| c.player)
            .ok_or_else(|| "say who you are first: connect from an Oddboard window or bot".into())
    }

    /// `name` checked and made `player`'s: bound to it on first use, refused if it is another
    /// identity's (names compared as people read them).
    pub(super) fn claim_name(&mut self, player: PlayerId, name: &str) -> Result<String, String> {
        let name = checked_text(name, "a name")?;
        let key = name_key(&name);
        match self.store.name_owner(&key)? {
            Some(owner) if owner != player => Err(format!(
                "the name {name} belongs to another player on this server"
            )),
            Some(_) => Ok(name),
            None => {
                self.store.bind_name(&key, &name, player)?;
                self.log(format!(
                    "the name {name} is now identity {}'s",
                    player.hex()
                ));
                Ok(name)
            }
        }
    }
}
