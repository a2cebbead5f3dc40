//! Threads of every game applied, and applied again after any prefix (see `pbp_fuzz::thread_apply`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pbp_fuzz::thread_apply(data));
