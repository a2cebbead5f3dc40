//! `pbp`: the command line of pbp.

fn main() {
    println!("duel");
}
