//! Every game's text action parser on arbitrary UTF-8 against states reached in play (the first
//! byte picks the game of `pbp_fuzz::GAMES`; see `pbp_fuzz::text`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pbp_fuzz::dispatch(data, |g| g.text));
