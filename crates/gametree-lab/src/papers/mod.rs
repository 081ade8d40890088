//! The reproducible tables of the five papers, one module per paper; [`all`] lists them in
//! the order `gametree reproduce` runs them.

use serde::ser::SerializeMap;
use serde::Deserializer;
use serde_json::Value;

use crate::experiment::{Experiment, Knob, Knobs, Params};

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

/// Every experiment's own parameters ([`Knobs`]), in the order a part's `run` holds them
/// and `reproduce --json` names them. An experiment with knobs adds its type here, in
/// `read_knobs` and in `write_knobs` (which read and write part files).
pub const KNOBS: &[Knob] = &[
    Knob::of::<sturtevant_cards::Hands>(),
    Knob::of::<strength::StrengthScale>(),
];

/// Reads the parameters under `key` of a part's `run` by their type ([`KNOBS`]): `None`
/// for the mode's settings, else their JSON as written again. A key that is none of
/// [`KNOBS`] is refused.
pub(crate) fn read_knobs<'de, D: Deserializer<'de>>(
    key: &str,
    d: D,
) -> Result<Option<Value>, D::Error> {
    fn typed<'de, K: Knobs, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
        let k = K::deserialize(d)?;
        Ok((k != K::default())
            .then(|| serde_json::to_value(&k).ok())
            .flatten())
    }
    match key {
        <sturtevant_cards::Hands as Knobs>::KEY => typed::<sturtevant_cards::Hands, D>(d),
        <strength::StrengthScale as Knobs>::KEY => typed::<strength::StrengthScale, D>(d),
        _ => Err(serde::de::Error::custom(format!(
            "`{key}`: no experiment's parameters"
        ))),
    }
}

/// Writes every experiment's parameters of `params` into a part's `run`, each by its type
/// (its fields in its own order, the mode's settings as its default), in [`KNOBS`]' order.
pub(crate) fn write_knobs<M: SerializeMap>(params: &Params, m: &mut M) -> Result<(), M::Error> {
    m.serialize_entry(
        <sturtevant_cards::Hands as Knobs>::KEY,
        &params.get::<sturtevant_cards::Hands>(),
    )?;
    m.serialize_entry(
        <strength::StrengthScale as Knobs>::KEY,
        &params.get::<strength::StrengthScale>(),
    )
}

/// The papers of `experiments`, in the order they first appear, each once.
pub(crate) fn papers_of<'a>(
    experiments: impl IntoIterator<Item = &'a Experiment>,
) -> Vec<&'static str> {
    let mut papers: Vec<&'static str> = Vec::new();
    for e in experiments {
        if !papers.contains(&e.paper) {
            papers.push(e.paper);
        }
    }
    papers
}
