//! The `gametree` command line.
fn main() {}
