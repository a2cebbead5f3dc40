//! Benchmarks of pbp live in `benches/`; this library is empty on purpose.
