//! Integration tests of the lab: the reproduction experiments, one module per paper.

mod baudet;
mod knuth_moore;
mod korf;
