//! A seat's link handed out again: the game master replaces a seat's token (a player lost the
//! link, or it leaked: the old one stops working at once, for every request and open stream),
//! or gives a first one to a seat the game added after the table was created (a Clan War clan
//! signed up late), so that its player acts and sees for themselves.

use super::{Hub, no_seat};
use crate::error::ApiError;
use crate::request::LinkRequest;
use crate::store::StoredSeat;
use crate::token::new_token;

/// A seat's new token, returned once to the game master (the link route's answer; fields in
/// alphabetical order, the order the JSON always had).
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
pub struct SeatLink {
    /// The seat's player, by name.
    pub name: String,
    /// The seat.
    pub seat: u16,
    /// The seat's new token (the part of the link after `#`).
    pub token: String,
}

impl Hub {
    /// Hands out a new token for `seat` of table `id`, on the game master's `token`.
    ///
    /// A seat the game added after the table's creation gets its first token and its name
    /// (`request.name`, or the game's own name for it); any seat between the table's last stored
    /// one and `seat` is stored too, with a token nobody holds, so that the game master
    /// acts for it until it gets a link of its own.
    ///
    /// # Errors
    /// 404, 401, 403 (a token other than the game master's), 400 (no such seat, or a name
    /// for a seat that has one), or the store's failure.
    pub fn seat_link(
        &mut self,
        id: &str,
        token: Option<&str>,
        seat: u16,
        request: &LinkRequest,
    ) -> Result<SeatLink, ApiError> {
        self.retrying(|hub| hub.seat_link_once(id, token, seat, request))
    }

    fn seat_link_once(
        &mut self,
        id: &str,
        token: Option<&str>,
        seat: u16,
        request: &LinkRequest,
    ) -> Result<SeatLink, ApiError> {
        let live = self.live(id)?;
        crate::hub::turns::game_master(live, token)?;
        let count = live.game.seat_count();
        if seat >= count {
            return Err(no_seat(seat, count));
        }
        let stored = live.seats.len();
        let known = live.seats.get(usize::from(seat)).map(|s| s.name.clone());
        if let (Some(name), Some(given)) = (&known, &request.name)
            && given.trim() != name
        {
            return Err(ApiError::BadRequest(format!(
                "{name}'s seat keeps its name: a name is given only to a seat the game added \
                 after the table was created"
            )));
        }
        let names = live.game.seat_names();
        let named = |at: usize| {
            names
                .get(at)
                .cloned()
                .unwrap_or_else(|| format!("seat {at}"))
        };
        let name = match (&known, &request.name) {
            (Some(name), _) => name.clone(),
            (None, Some(given)) => given.trim().to_owned(),
            (None, None) => named(usize::from(seat)),
        };
        if known.is_none() {
            let taken: Vec<(u16, &str)> = live
                .seats
                .iter()
                .enumerate()
                .map(|(at, s)| (u16::try_from(at).unwrap_or(u16::MAX), s.name.as_str()))
                .collect();
            crate::names::check_distinct(seat, &name, &taken, &live.game.table().seats())?;
        }
        let random = |e: crate::token::NoRandomness| ApiError::Internal(e.to_string());
        // The seats between the last stored one and this one, with tokens nobody holds.
        for between in stored..usize::from(seat) {
            let (_, token) = new_token().map_err(random)?;
            let name = named(between);
            self.store_seat(id, between, StoredSeat { name, token })?;
        }
        let (secret, token) = new_token().map_err(random)?;
        let row = StoredSeat {
            name: name.clone(),
            token,
        };
        self.store_seat(id, usize::from(seat), row)?;
        Ok(SeatLink {
            seat,
            name,
            token: secret,
        })
    }

    /// Stores `row` as seat `at` of table `id` (from the version held in memory), then in memory.
    fn store_seat(&mut self, id: &str, at: usize, row: StoredSeat) -> Result<(), ApiError> {
        let number = u16::try_from(at).unwrap_or(u16::MAX);
        let version = self.cached(id)?.version;
        if let Err(error) = self.store.set_seat(id, version, number, &row) {
            return Err(self.failed(id, error));
        }
        let live = self.cached(id)?;
        live.version += 1;
        if at < live.seats.len() {
            live.seats[at] = row;
        } else {
            live.seats.push(row);
        }
        Ok(())
    }
}
