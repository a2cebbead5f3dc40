//! The Discord venue's bindings in PostgreSQL (schema version 6 of
//! [`super::POSTGRES_MIGRATIONS`]).

use super::{PostgresStore, backend, now};
use crate::store::StoreError;
use crate::store::discord::{DiscordStore, TableBinding};

impl DiscordStore for PostgresStore {
    fn bind_table(&mut self, binding: &TableBinding, users: &[String]) -> Result<(), StoreError> {
        self.ready()?;
        let mut transaction = self.client.transaction().map_err(backend)?;
        let exists = transaction
            .query_opt("SELECT 1 FROM tables WHERE id = $1", &[&binding.table])
            .map_err(backend)?;
        if exists.is_none() {
            return Err(StoreError::NoTable(binding.table.clone()));
        }
        let inserted = transaction
            .execute(
                "INSERT INTO discord_tables (channel_id, table_id, gm_token, gm_user, created_at)
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                &[
                    &binding.channel,
                    &binding.table,
                    &binding.gm_token,
                    &binding.gm_user,
                    &now(),
                ],
            )
            .map_err(backend)?;
        if inserted == 0 {
            return Err(StoreError::Exists(format!(
                "{} in Discord channel {}",
                binding.table, binding.channel
            )));
        }
        for (seat, user) in users.iter().enumerate() {
            let seat = i64::try_from(seat).unwrap_or(i64::MAX);
            transaction
                .execute(
                    "INSERT INTO discord_seats (table_id, seat, user_id) VALUES ($1, $2, $3)",
                    &[&binding.table, &seat, user],
                )
                .map_err(backend)?;
        }
        transaction.commit().map_err(backend)
    }

    fn table_in(&mut self, channel: &str) -> Result<Option<TableBinding>, StoreError> {
        self.ready()?;
        let row = self
            .client
            .query_opt(
                "SELECT channel_id, table_id, gm_token, gm_user FROM discord_tables
                 WHERE channel_id = $1",
                &[&channel],
            )
            .map_err(backend)?;
        Ok(row.map(|row| TableBinding {
            channel: row.get(0),
            table: row.get(1),
            gm_token: row.get(2),
            gm_user: row.get(3),
        }))
    }

    fn thread_of(&mut self, table: &str) -> Result<Option<String>, StoreError> {
        self.ready()?;
        let row = self
            .client
            .query_opt(
                "SELECT channel_id FROM discord_tables WHERE table_id = $1",
                &[&table],
            )
            .map_err(backend)?;
        Ok(row.map(|row| row.get(0)))
    }

    fn bind_seat(&mut self, table: &str, seat: u16, user: &str) -> Result<(), StoreError> {
        self.ready()?;
        let inserted = self
            .client
            .execute(
                "INSERT INTO discord_seats (table_id, seat, user_id)
                 SELECT table_id, $2, $3 FROM discord_tables WHERE table_id = $1
                 ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id",
                &[&table, &i64::from(seat), &user],
            )
            .map_err(backend)?;
        if inserted == 0 {
            return Err(StoreError::NoTable(table.to_owned()));
        }
        Ok(())
    }

    fn user_of(&mut self, table: &str, seat: u16) -> Result<Option<String>, StoreError> {
        self.ready()?;
        let row = self
            .client
            .query_opt(
                "SELECT user_id FROM discord_seats WHERE table_id = $1 AND seat = $2",
                &[&table, &i64::from(seat)],
            )
            .map_err(backend)?;
        Ok(row.map(|row| row.get(0)))
    }

    fn seats_of(&mut self, table: &str, user: &str) -> Result<Vec<u16>, StoreError> {
        self.ready()?;
        let rows = self
            .client
            .query(
                "SELECT seat FROM discord_seats WHERE table_id = $1 AND user_id = $2
                 ORDER BY seat",
                &[&table, &user],
            )
            .map_err(backend)?;
        rows.iter()
            .map(|row| {
                let seat: i64 = row.get(0);
                u16::try_from(seat).map_err(|_| StoreError::Damaged {
                    table: table.to_owned(),
                    message: format!("a Discord seat has the number {seat}"),
                })
            })
            .collect()
    }
}
