//! The hub's loop: its jobs in groups whose writes are made durable together (group commit).

use std::sync::mpsc;

use super::{Hub, Job};
use crate::error::ApiError;

impl Hub {
    /// How many jobs one group runs at most before its writes are made durable.
    pub const GROUP_LIMIT: usize = 512;

    /// Runs jobs from `jobs` until every sender is gone, in groups (group commit): the jobs
    /// waiting when one is taken (at most [`Hub::GROUP_LIMIT`]) run one after another, each
    /// write whole or not at all on its own, then the store makes all their writes durable at once
    /// ([`Store::end_group`](crate::Store::end_group), one sync of the disk), and only then
    /// is any of them answered, so that nothing leaves the hub (an act's answer, a view that shows it, a stream's event, a
    /// webhook's claim) before it is on disk. If that sync fails, every job of the group is
    /// answered with the store's failure (503) and the tables in memory are dropped, to be
    /// loaded again as stored. A job that panics (a bug) is answered by nobody (its caller gets
    /// 500) and the tables in memory are dropped too.
    pub fn run(mut self, jobs: mpsc::Receiver<Job>) {
        while let Ok(first) = jobs.recv() {
            // A store that cannot begin a group makes each write durable as it commits.
            let _ = self.store.begin_group();
            let mut job = Some(first);
            let mut ran = 0;
            while let Some(next) = job.take() {
                let outcome =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| next(&mut self)));
                if outcome.is_err() {
                    self.live.clear();
                }
                ran += 1;
                if ran < Self::GROUP_LIMIT {
                    job = jobs.try_recv().ok();
                }
            }
            let failure = self.store.end_group().err().map(|error| {
                self.live.clear();
                ApiError::from(error)
            });
            for answer in std::mem::take(&mut self.answers) {
                answer(failure.clone());
            }
        }
        // Every sender is gone: the tables' saves, then one last sync.
        let _ = self.store.begin_group();
        self.save_all();
        let _ = self.store.end_group();
    }
}
