//! PostgreSQL for the tests: the database that `PBP_TEST_POSTGRES` names (`.ci/run` starts one
//! and sets it), and a schema of its own for each test, dropped at the end.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::sync::atomic::{AtomicU32, Ordering};

/// The variable that names the test database.
pub const VARIABLE: &str = "PBP_TEST_POSTGRES";

/// A schema of one test in the test database, dropped when this is.
pub struct TestDb {
    /// The URL of the test database with this schema as its search path.
    pub url: String,
    base: String,
    schema: String,
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Ok(mut client) = postgres::Client::connect(&self.base, postgres::NoTls) {
            let _ = client.batch_execute(&format!("DROP SCHEMA IF EXISTS {} CASCADE", self.schema));
        }
    }
}

/// A fresh schema for test `name`, or `None` (and a line saying so, past the test harness's
/// capture) when `PBP_TEST_POSTGRES` is not set: the test is then skipped, not passed.
pub fn test_db(name: &str) -> Option<TestDb> {
    let Some(base) = std::env::var(VARIABLE).ok().filter(|url| !url.is_empty()) else {
        // Written to the process's stderr directly, so that it shows without --nocapture.
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED {name} on PostgreSQL: {VARIABLE} is not set (set it to a postgres:// URL \
             of a database the test may create schemas in; .ci/run starts one and sets it)"
        );
        return None;
    };
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let schema = format!(
        "pbp_test_{}_{}_{}",
        name.chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
            .take(30)
            .collect::<String>(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
    .to_ascii_lowercase();
    let mut client = postgres::Client::connect(&base, postgres::NoTls)
        .unwrap_or_else(|e| panic!("{VARIABLE} is set, but its database is not reachable: {e}"));
    client
        .batch_execute(&format!(
            "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"
        ))
        .unwrap();
    let separator = if base.contains('?') { '&' } else { '?' };
    Some(TestDb {
        url: format!("{base}{separator}options=-csearch_path%3D{schema}"),
        base,
        schema,
    })
}
