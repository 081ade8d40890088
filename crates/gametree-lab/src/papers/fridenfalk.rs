//! Reproduction experiments: fridenfalk (not yet written).

use crate::experiment::Experiment;

/// The experiments of this paper.
pub fn experiments() -> Vec<Experiment> {
    Vec::new()
}
