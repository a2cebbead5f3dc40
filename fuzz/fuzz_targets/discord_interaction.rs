//! The Discord venue's signature check and interaction parser (see
//! `pbp_fuzz::discord_interaction`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pbp_fuzz::discord_interaction(data));
