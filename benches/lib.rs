//! Benchmarks of pbp live in `benches/` (`cargo bench -p pbp-benches`), and the allocation test
//! of the pool roll in `tests/alloc.rs`; this library is empty on purpose.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
