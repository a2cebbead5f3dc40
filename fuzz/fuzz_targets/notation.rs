//! The roll notation parser never panics, and whatever it accepts round-trips through `Display`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbp_core::RollExpr;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match RollExpr::parse(text) {
        Ok(expr) => {
            let shown = expr.to_string();
            let again = RollExpr::parse(&shown);
            assert_eq!(again.as_ref(), Ok(&expr), "{text:?} displayed as {shown:?}");
        }
        Err(error) => {
            assert!(error.position() <= text.len(), "{text:?}: {error}");
            let _ = error.to_string();
        }
    }
});
