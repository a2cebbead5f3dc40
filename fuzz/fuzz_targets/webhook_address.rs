//! The webhook private-address guard (see `pbp_fuzz::webhook_address`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pbp_fuzz::webhook_address(data));
