//! The turns-and-deadlines venue: once a second, the hub closes the turns whose deadline (with
//! its grace) has passed, and saves the tables idle since their last actions. On a database
//! several instances share, each runs it; the store's lease lets one close a turn
//! ([`crate::Store::claim`]).

use std::time::Duration;

use crate::hub::HubHandle;
use crate::hub::turns::now;

/// Starts the scheduler beside the server; it stops with the hub (or when aborted).
pub(crate) fn spawn(hub: HubHandle) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut interval = tokio::time::interval(Duration::from_secs(1));
        loop {
            interval.tick().await;
            let now = now();
            // And the saves of the tables idle since their last actions (hub/saves.rs).
            if hub
                .call(move |hub| Ok((hub.close_due(now), hub.save_idle())))
                .await
                .is_err()
            {
                break;
            }
        }
    })
}
