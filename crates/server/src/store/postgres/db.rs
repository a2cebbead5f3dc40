//! PostgreSQL as a [`Database`] of the flows written once (`store/db.rs`,
//! `store/outbox/flow.rs`): statements by their text (prepared by the client for the call), a
//! write in a transaction of its own; either on a connection made again if it was lost.

use postgres::GenericClient;
use postgres::types::ToSql;

use super::{PostgresStore, backend};
use crate::store::StoreError;
use crate::store::db::{Database, Exec, Param, Row};
use crate::store::sql::Sql;

impl Row for postgres::Row {
    fn int(&self, column: usize) -> Result<i64, StoreError> {
        self.try_get(column).map_err(backend)
    }

    fn maybe_int(&self, column: usize) -> Result<Option<i64>, StoreError> {
        self.try_get(column).map_err(backend)
    }

    fn text(&self, column: usize) -> Result<String, StoreError> {
        self.try_get(column).map_err(backend)
    }

    fn maybe_text(&self, column: usize) -> Result<Option<String>, StoreError> {
        self.try_get(column).map_err(backend)
    }
}

/// `params` as the client takes them (each column `BIGINT` or `TEXT`).
fn values<'p>(params: &'p [Param<'_>]) -> Vec<&'p (dyn ToSql + Sync)> {
    params
        .iter()
        .map(|param| -> &'p (dyn ToSql + Sync) {
            match param {
                Param::Int(value) => value,
                Param::MaybeInt(value) => value,
                Param::Text(text) => text,
                Param::Bytes(bytes) => bytes,
            }
        })
        .collect()
}

/// A connection or a transaction running statements.
pub(super) struct Postgres<'c, C: GenericClient>(pub(super) &'c mut C);

impl<C: GenericClient> Exec for Postgres<'_, C> {
    fn execute(&mut self, sql: &Sql, params: &[Param<'_>]) -> Result<u64, StoreError> {
        self.0
            .execute(sql.postgres, &values(params))
            .map_err(backend)
    }

    fn each_row(
        &mut self,
        sql: &Sql,
        params: &[Param<'_>],
        each: &mut dyn FnMut(&dyn Row) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        for row in self
            .0
            .query(sql.postgres, &values(params))
            .map_err(backend)?
        {
            each(&row)?;
        }
        Ok(())
    }
}

impl Database for PostgresStore {
    fn read<T>(
        &mut self,
        body: impl FnOnce(&mut dyn Exec) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.ready()?;
        body(&mut Postgres(&mut self.client))
    }

    fn write<T>(
        &mut self,
        body: impl FnOnce(&mut dyn Exec) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.ready()?;
        let mut transaction = self.client.transaction().map_err(backend)?;
        let out = body(&mut Postgres(&mut transaction))?;
        transaction.commit().map_err(backend)?;
        Ok(out)
    }
}
