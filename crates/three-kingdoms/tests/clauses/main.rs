//! The clause tests of Three Kingdoms (the `clauses` test of every game): what a scenario file
//! cannot state, by topic: army building, combat, every effect primitive, and the turn.

#[path = "../common/mod.rs"]
mod common;

mod army;
mod combat;
mod effects;
mod turn;
