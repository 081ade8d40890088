//! The reproducible tables of the five papers, one module per paper; [`all`] lists them in
//! the order `gametree reproduce` runs them.

use crate::experiment::Experiment;

pub mod baudet;
pub mod fridenfalk;
pub mod fridenfalk_chess;
pub mod knuth_moore;
pub mod korf;
pub mod mcts_tuning;
pub mod strength;
pub mod sturtevant;
pub mod sturtevant_cards;
pub mod sturtevant_cc;

/// Every experiment, paper by paper.
pub fn all() -> Vec<Experiment> {
    let mut v = Vec::new();
    v.extend(korf::experiments());
    v.extend(baudet::experiments());
    v.extend(knuth_moore::experiments());
    v.extend(fridenfalk::experiments());
    v.extend(sturtevant::experiments());
    v.extend(sturtevant_cc::experiments());
    v.extend(sturtevant_cards::experiments());
    v.push(strength::experiment());
    v.push(mcts_tuning::experiment());
    v
}

/// The papers of `experiments`, in the order they first appear, each once.
pub fn papers_of<'a>(experiments: impl IntoIterator<Item = &'a Experiment>) -> Vec<&'static str> {
    let mut papers: Vec<&'static str> = Vec::new();
    for e in experiments {
        if !papers.contains(&e.paper) {
            papers.push(e.paper);
        }
    }
    papers
}
