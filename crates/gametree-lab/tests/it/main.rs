//! Integration tests of the lab: one binary, one module per paper, and the reproduce runner.

mod fridenfalk;
mod reproduce;
mod sturtevant;
