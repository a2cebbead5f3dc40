//! SQLite as a [`Database`] of the flows written once (`store/db.rs`, `store/outbox/flow.rs`):
//! statements through rusqlite's cache of prepared statements, a write in the store's unit
//! (its own transaction, or a savepoint of the open group, `sqlite/group.rs`).

use rusqlite::types::ToSqlOutput;
use rusqlite::{Connection, ToSql, params_from_iter};

use super::{SqliteStore, backend, group};
use crate::store::StoreError;
use crate::store::db::{Database, Exec, Param, Row};
use crate::store::sql::Sql;

impl ToSql for Param<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        match self {
            Param::Int(value) => value.to_sql(),
            Param::MaybeInt(value) => value.to_sql(),
            Param::Text(text) => text.to_sql(),
            Param::Bytes(bytes) => bytes.to_sql(),
        }
    }
}

impl Row for rusqlite::Row<'_> {
    fn int(&self, column: usize) -> Result<i64, StoreError> {
        self.get(column).map_err(backend)
    }

    fn maybe_int(&self, column: usize) -> Result<Option<i64>, StoreError> {
        self.get(column).map_err(backend)
    }

    fn text(&self, column: usize) -> Result<String, StoreError> {
        self.get(column).map_err(backend)
    }

    fn maybe_text(&self, column: usize) -> Result<Option<String>, StoreError> {
        self.get(column).map_err(backend)
    }
}

/// A connection (or a transaction, or a savepoint, through its `Deref`) running statements.
pub(super) struct Sqlite<'c>(pub(super) &'c Connection);

impl Exec for Sqlite<'_> {
    fn execute(&mut self, sql: &Sql, params: &[Param<'_>]) -> Result<u64, StoreError> {
        let changed = self
            .0
            .prepare_cached(sql.sqlite)
            .map_err(backend)?
            .execute(params_from_iter(params))
            .map_err(backend)?;
        Ok(changed as u64)
    }

    fn each_row(
        &mut self,
        sql: &Sql,
        params: &[Param<'_>],
        each: &mut dyn FnMut(&dyn Row) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let mut statement = self.0.prepare_cached(sql.sqlite).map_err(backend)?;
        let mut rows = statement.query(params_from_iter(params)).map_err(backend)?;
        while let Some(row) = rows.next().map_err(backend)? {
            each(row)?;
        }
        Ok(())
    }
}

impl Database for SqliteStore {
    fn read<T>(
        &mut self,
        body: impl FnOnce(&mut dyn Exec) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        body(&mut Sqlite(&self.connection))
    }

    fn write<T>(
        &mut self,
        body: impl FnOnce(&mut dyn Exec) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let unit = group::Unit::write(&mut self.connection).map_err(backend)?;
        let out = body(&mut Sqlite(&unit))?;
        unit.commit().map_err(backend)?;
        Ok(out)
    }
}
