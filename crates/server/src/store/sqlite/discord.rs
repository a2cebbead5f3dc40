//! The Discord venue's bindings in SQLite (schema version 6 of [`super::MIGRATIONS`]).

use rusqlite::{OptionalExtension, params};

use super::{SqliteStore, backend, group, now};
use crate::store::StoreError;
use crate::store::discord::{DiscordStore, TableBinding};

impl DiscordStore for SqliteStore {
    fn bind_table(&mut self, binding: &TableBinding, users: &[String]) -> Result<(), StoreError> {
        let transaction = group::Unit::write(&mut self.connection).map_err(backend)?;
        let exists: Option<i64> = transaction
            .query_row(
                "SELECT 1 FROM tables WHERE id = ?1",
                [&binding.table],
                |row| row.get(0),
            )
            .optional()
            .map_err(backend)?;
        if exists.is_none() {
            return Err(StoreError::NoTable(binding.table.clone()));
        }
        let bound: Option<i64> = transaction
            .query_row(
                "SELECT 1 FROM discord_tables WHERE channel_id = ?1 OR table_id = ?2",
                [&binding.channel, &binding.table],
                |row| row.get(0),
            )
            .optional()
            .map_err(backend)?;
        if bound.is_some() {
            return Err(StoreError::Exists(format!(
                "{} in Discord channel {}",
                binding.table, binding.channel
            )));
        }
        transaction
            .execute(
                "INSERT INTO discord_tables (channel_id, table_id, gm_token, gm_user, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    binding.channel,
                    binding.table,
                    binding.gm_token,
                    binding.gm_user,
                    now()
                ],
            )
            .map_err(backend)?;
        for (seat, user) in users.iter().enumerate() {
            transaction
                .execute(
                    "INSERT INTO discord_seats (table_id, seat, user_id) VALUES (?1, ?2, ?3)",
                    params![binding.table, i64::try_from(seat).unwrap_or(i64::MAX), user],
                )
                .map_err(backend)?;
        }
        transaction.commit().map_err(backend)
    }

    fn table_in(&mut self, channel: &str) -> Result<Option<TableBinding>, StoreError> {
        self.connection
            .query_row(
                "SELECT channel_id, table_id, gm_token, gm_user FROM discord_tables
                 WHERE channel_id = ?1",
                [channel],
                |row| {
                    Ok(TableBinding {
                        channel: row.get(0)?,
                        table: row.get(1)?,
                        gm_token: row.get(2)?,
                        gm_user: row.get(3)?,
                    })
                },
            )
            .optional()
            .map_err(backend)
    }

    fn thread_of(&mut self, table: &str) -> Result<Option<String>, StoreError> {
        self.connection
            .query_row(
                "SELECT channel_id FROM discord_tables WHERE table_id = ?1",
                [table],
                |row| row.get(0),
            )
            .optional()
            .map_err(backend)
    }

    fn bind_seat(&mut self, table: &str, seat: u16, user: &str) -> Result<(), StoreError> {
        let transaction = group::Unit::write(&mut self.connection).map_err(backend)?;
        let inserted = transaction
            .execute(
                "INSERT INTO discord_seats (table_id, seat, user_id)
                 SELECT table_id, ?2, ?3 FROM discord_tables WHERE table_id = ?1
                 ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id",
                params![table, i64::from(seat), user],
            )
            .map_err(backend)?;
        if inserted == 0 {
            return Err(StoreError::NoTable(table.to_owned()));
        }
        transaction.commit().map_err(backend)
    }

    fn user_of(&mut self, table: &str, seat: u16) -> Result<Option<String>, StoreError> {
        self.connection
            .query_row(
                "SELECT user_id FROM discord_seats WHERE table_id = ?1 AND seat = ?2",
                params![table, i64::from(seat)],
                |row| row.get(0),
            )
            .optional()
            .map_err(backend)
    }

    fn seats_of(&mut self, table: &str, user: &str) -> Result<Vec<u16>, StoreError> {
        let mut statement = self
            .connection
            .prepare_cached(
                "SELECT seat FROM discord_seats WHERE table_id = ?1 AND user_id = ?2
                 ORDER BY seat",
            )
            .map_err(backend)?;
        let rows = statement
            .query_map([table, user], |row| row.get::<_, i64>(0))
            .map_err(backend)?;
        let mut seats = Vec::new();
        for row in rows {
            let seat = row.map_err(backend)?;
            seats.push(u16::try_from(seat).map_err(|_| StoreError::Damaged {
                table: table.to_owned(),
                message: format!("a Discord seat has the number {seat}"),
            })?);
        }
        Ok(seats)
    }
}
