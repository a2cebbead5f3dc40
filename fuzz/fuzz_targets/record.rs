//! Loading a duel's record from arbitrary JSON and replaying it never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbp_core::duel::Duel;
use pbp_core::{Record, Session};

fuzz_target!(|data: &[u8]| {
    let Ok(record) = serde_json::from_slice::<Record<Duel>>(data) else {
        return;
    };
    for check_seed in [false, true] {
        if let Ok(session) = Session::<Duel>::replay(record.clone(), check_seed) {
            // A replayed record is the record it came from.
            assert_eq!(session.record(), &record);
        }
    }
});
