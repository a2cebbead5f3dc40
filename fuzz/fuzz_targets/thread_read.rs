//! The forum thread reader on arbitrary bytes, in every layout (see `pbp_fuzz::thread_read`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pbp_fuzz::thread_read(data));
