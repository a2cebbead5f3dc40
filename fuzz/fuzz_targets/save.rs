//! Every game's save loader (`pbp_core::engine::erased::load_session`, which checks every seeded roll) on arbitrary text, the checksum
//! recomputed on request so the record and its replay are reached (the first byte picks the game
//! of `pbp_fuzz::GAMES`; see `pbp_fuzz::save`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pbp_fuzz::dispatch(data, |g| g.save));
