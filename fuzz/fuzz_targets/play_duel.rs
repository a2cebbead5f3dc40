//! Duel: action sequences chosen by the input (see `pbp_fuzz::play`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pbp_fuzz::play::<pbp_core::engine::duel::Duel>(data));
