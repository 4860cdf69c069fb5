//! Ratings in the lobby: a player's rating when they sit down, a rated game's change to both
//! players' ratings when it ends, pairing seekers by rating within a widening range, and the
//! leaderboards.

use super::{ClientKey, Lobby};
use crate::net::identity::PlayerId;
use crate::net::names::name_key;
use crate::net::protocol::{LEADERBOARD_LISTED, ServerMsg, TableId, Terms};
use crate::net::ratings::{Rating, RatingChange, pairing_range, rate};
use crate::rules::{Side, ids};

impl Lobby {
    /// The rating of `name` in `variant`: a new player's if it has none (or the store cannot
    /// say, which the log tells).
    pub(super) fn rating_of(&mut self, name: &str, variant: &str) -> Rating {
        match self.store.rating(&name_key(name), variant) {
            Ok(rating) => rating.unwrap_or_default(),
            Err(why) => {
                self.log(format!("the store: {why}"));
                Rating::default()
            }
        }
    }

    /// The table waiting on `terms` that `client`, proven to be `player` and seeking as
    /// `name` with `rating`, may sit at whose player's rating is closest to theirs, within the
    /// range that player's wait has widened to (the oldest table of equals); and the free side.
    pub(super) fn closest_waiting(
        &self,
        client: ClientKey,
        (player, name): (&PlayerId, &str),
        terms: &Terms,
        rating: f64,
    ) -> Option<(TableId, Side)> {
        self.tables
            .iter()
            .filter(|(_, table)| table.is_waiting() && table.terms() == terms)
            .filter_map(|(&id, table)| {
                let side = table.seat_for(client, player, name).ok()?;
                let (_, _, theirs) = table.seated(side.opponent())?;
                let apart = (theirs.rating - rating).abs();
                let waited = self.now.saturating_sub(table.opened());
                (apart <= pairing_range(waited)).then_some((apart, id, side))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
            .map(|(_, id, side)| (id, side))
    }

    /// Pairs seekers waiting at tables of the same terms whose ratings have come within the
    /// range the longer wait has widened to: the later seeker sits at the earlier one's table
    /// (theirs, never started, goes).
    pub(super) fn pair_seekers(&mut self) {
        let tables = &self.tables;
        self.seeking
            .retain(|id| tables.get(id).is_some_and(|t| t.is_waiting()));
        let seekers: Vec<TableId> = self.seeking.iter().copied().collect();
        for (i, &earlier) in seekers.iter().enumerate() {
            for &later in &seekers[i + 1..] {
                if self.seeking.contains(&earlier)
                    && self.seeking.contains(&later)
                    && self.pair(earlier, later)
                {
                    self.seeking.remove(&earlier);
                    self.seeking.remove(&later);
                }
            }
        }
    }

    /// Seats the player waiting at table `later` at table `earlier`, if both wait on the same
    /// terms and their ratings are within the range `earlier`'s wait has widened to: whether
    /// they were paired.
    fn pair(&mut self, earlier: TableId, later: TableId) -> bool {
        let (Some(first), Some(second)) = (self.tables.get(&earlier), self.tables.get(&later))
        else {
            return false;
        };
        if first.terms() != second.terms() {
            return false;
        }
        let Some((client, waiting)) = second.waiting_player() else {
            return false;
        };
        let Some((name, player, rating)) = second
            .seated(waiting)
            .map(|(name, player, rating)| (name.to_string(), player, rating))
        else {
            return false;
        };
        let Ok(side) = first.seat_for(client, &player, &name) else {
            return false;
        };
        let Some((_, _, theirs)) = first.seated(side.opponent()) else {
            return false;
        };
        let waited = self.now.saturating_sub(first.opened());
        if (theirs.rating - rating.rating).abs() > pairing_range(waited) {
            return false;
        }
        self.leave(client);
        self.sit(client, (player, name), earlier, side);
        true
    }

    /// A rated game at table `id` that has just ended: each player's rating change, from
    /// their ratings now (`None` for any other table, or if the store cannot say, which the
    /// log tells: the game is then not rated).
    pub(super) fn rating_changes(&mut self, id: TableId) -> Option<[RatingChange; 2]> {
        let table = self.tables.get(&id).filter(|t| t.awaits_rating())?;
        let outcome = table.outcome()?;
        let variant = table.terms().variant.clone();
        let [first, second] = Side::BOTH.map(|side| {
            table
                .seated(side)
                .map(|(name, player, _)| (name_key(name), name.to_string(), player))
        });
        let seated = [first?, second?];
        let mut before = [Rating::default(); 2];
        for (rating, (key, _, _)) in before.iter_mut().zip(&seated) {
            match self.store.rating(key, &variant) {
                Ok(found) => *rating = found.unwrap_or_default(),
                Err(why) => {
                    self.log(format!("table {id} is not rated: the store: {why}"));
                    return None;
                }
            }
        }
        let after = rate(before[0], before[1], outcome);
        let [first, second] = seated;
        let change = |(key, name, player): (String, String, PlayerId), i: usize| RatingChange {
            key,
            name,
            player,
            variant: variant.clone(),
            before: before[i],
            after: after[i],
        };
        Some([change(first, 0), change(second, 1)])
    }

    /// Sends `client` the leaderboard of `variant`.
    pub(super) fn leaderboard(&mut self, client: ClientKey, variant: &str) -> Result<(), String> {
        if !ids().any(|id| id == variant) {
            return Err(format!("there is no variant '{variant}'"));
        }
        let rows = self.store.leaderboard(variant, LEADERBOARD_LISTED)?;
        let variant = variant.to_string();
        self.send(client, ServerMsg::Leaderboard { variant, rows });
        Ok(())
    }
}
