//! The table server's request parsing on arbitrary bytes (see `pbp_fuzz::server_request`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pbp_fuzz::server_request(data));
