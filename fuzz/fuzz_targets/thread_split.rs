//! The thread layouts' post splitting against forged headers (see `pbp_fuzz::thread_split`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pbp_fuzz::thread_split(data));
