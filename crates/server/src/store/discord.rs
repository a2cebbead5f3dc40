//! The Discord venue's store, beside the tables' in the same database: which Discord channel
//! (the game's thread) plays which table, with that table's game master token (kept on the
//! server: the venue acts with it for the game master and for the seats' users) and the Discord
//! user who started it, and which Discord user plays which seat. Both backends implement it
//! (`sqlite/discord.rs`, `postgres/discord.rs`).
//!
//! Its small reading API is what another part of the server needs to reach the players in
//! Discord: [`DiscordStore::thread_of`] (where a table's posts go) and
//! [`DiscordStore::user_of`] (whom a seat's mention names).

use super::StoreError;

/// A table played in a Discord channel (the game's thread).
#[derive(Clone, PartialEq, Eq)]
pub struct TableBinding {
    /// The channel (a thread) the table is played in.
    pub channel: String,
    /// The table.
    pub table: String,
    /// The table's game master token (never shown: `Debug` leaves it out).
    pub gm_token: String,
    /// The Discord user who started the table: its game master.
    pub gm_user: String,
}

impl std::fmt::Debug for TableBinding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableBinding")
            .field("channel", &self.channel)
            .field("table", &self.table)
            .field("gm_user", &self.gm_user)
            .finish_non_exhaustive()
    }
}

/// The bindings of tables to Discord channels and of seats to Discord users. Every method is
/// one transaction.
pub trait DiscordStore {
    /// Binds a table to its channel, with the Discord users of its seats (`users[i]` plays
    /// seat `i`).
    ///
    /// # Errors
    /// [`StoreError::NoTable`] for a table the store does not have, [`StoreError::Exists`] for
    /// a channel or a table bound already, or the backend's failure.
    fn bind_table(&mut self, binding: &TableBinding, users: &[String]) -> Result<(), StoreError>;

    /// The table played in `channel`, if any.
    ///
    /// # Errors
    /// The backend's failure.
    fn table_in(&mut self, channel: &str) -> Result<Option<TableBinding>, StoreError>;

    /// The channel (the game's thread) table `table` is played in, if it is played in Discord.
    ///
    /// # Errors
    /// The backend's failure.
    fn thread_of(&mut self, table: &str) -> Result<Option<String>, StoreError>;

    /// Binds seat `seat` of table `table` to Discord user `user`, in place of whoever played
    /// it in Discord before.
    ///
    /// # Errors
    /// [`StoreError::NoTable`] for a table not played in Discord, or the backend's failure.
    fn bind_seat(&mut self, table: &str, seat: u16, user: &str) -> Result<(), StoreError>;

    /// The Discord user who plays seat `seat` of table `table`, if one does.
    ///
    /// # Errors
    /// The backend's failure.
    fn user_of(&mut self, table: &str, seat: u16) -> Result<Option<String>, StoreError>;

    /// The seats of table `table` that Discord user `user` plays, in seat order.
    ///
    /// # Errors
    /// The backend's failure.
    fn seats_of(&mut self, table: &str, user: &str) -> Result<Vec<u16>, StoreError>;
}
