//! Other instances' commits, on a PostgreSQL database several instances share: every action
//! and turn state is written with a `pg_notify` of its table's id in the same statement (see
//! `crate::postgres`), so PostgreSQL delivers the notice when, and only when, the write
//! commits. A thread of each instance `LISTEN`s on its own connection and publishes each notice
//! to the instance's [`Commits`], which wakes the streams of that table; they then read the
//! table as stored (the hub sees the new version and loads it again).
//!
//! Why notifications rather than polling the committed step: a notice reaches every instance
//! within milliseconds of the commit, costs the database nothing while nothing changes, and
//! does not grow with the number of tables watched (polling each watched table's version once
//! a second would cost one query per table per second per instance, and a second's delay).
//! A notice lost while the listening connection is down (or not yet up, as the instance starts)
//! is made good by waking every watched table once `LISTEN` holds (each stream reads its table
//! again, from its last id).

use std::sync::Weak;
use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;
use postgres::{Client, NoTls};

use crate::hub::commits::{CommitKind, Commits, Committed};
use crate::store::postgres::NOTIFY_CHANNEL;

/// How long the listener waits for a notice before it checks that it is still wanted.
const POLL: Duration = Duration::from_millis(500);

/// How long it waits before connecting again after the connection was lost.
const RECONNECT: Duration = Duration::from_secs(1);

/// Starts the listening thread for the database at `url`; it stops once `commits` is gone
/// (the server stopped).
///
/// # Errors
/// The operating system refusing a thread.
pub(crate) fn spawn(url: String, commits: Weak<Commits>) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("pbp-listen".into())
        .spawn(move || listen(&url, &commits))
        .map(drop)
}

fn listen(url: &str, commits: &Weak<Commits>) {
    while commits.strong_count() > 0 {
        if let Ok(mut client) = Client::connect(url, NoTls)
            && listen_on(&mut client).is_ok()
        {
            // Notices may have been missed while there was no connection, the first time
            // too: a stream opened while the instance started, before its `LISTEN`, would
            // otherwise wait for the table's next commit.
            if let Some(commits) = commits.upgrade() {
                commits.publish_all_watched();
            }
            receive(&mut client, commits);
        }
        std::thread::sleep(RECONNECT);
    }
}

/// Listens on this schema's channel.
fn listen_on(client: &mut Client) -> Result<(), postgres::Error> {
    let channel: String = client
        .query_one(&format!("SELECT {NOTIFY_CHANNEL}"), &[])?
        .get(0);
    // The channel is 'pbp_tables_' and hex digits: quoting it is enough.
    client.batch_execute(&format!("LISTEN \"{channel}\""))
}

/// Publishes each notice as it comes, until the connection is lost or the commits are gone.
fn receive(client: &mut Client, commits: &Weak<Commits>) {
    loop {
        {
            let mut notifications = client.notifications();
            let mut notices = notifications.timeout_iter(POLL);
            while let Ok(Some(notice)) = notices.next() {
                let Some(commits) = commits.upgrade() else {
                    return;
                };
                commits.publish(Committed {
                    table: notice.payload().to_owned(),
                    kind: CommitKind::Elsewhere,
                });
            }
        }
        if client.is_closed() || commits.strong_count() == 0 {
            return;
        }
    }
}
