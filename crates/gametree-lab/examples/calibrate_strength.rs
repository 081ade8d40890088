//! The calibration of the strength experiment's node budgets (`CALIBRATED_NODES` in
//! `gametree_lab::papers::strength`): for every game and engine, the nodes per move it
//! searches in `CALIBRATION_MS` milliseconds of wall-clock time, one game at a time. Prints
//! the rows to paste into `CALIBRATED_NODES`. Minutes long, and machine-dependent by design:
//! run it on an otherwise idle machine and record which (docs/strength.md):
//!
//! `cargo run --release -p gametree-lab --example calibrate_strength [LABEL ...]`
//!
//! With game labels (`cc-3 rolit-4`), only those games' rows.

use gametree_lab::papers::strength::{calibrate, StrengthGame, CALIBRATION_MS, ENTRANTS};

fn main() {
    let only: Vec<String> = std::env::args().skip(1).collect();
    for game in StrengthGame::ALL {
        if !only.is_empty() && !only.iter().any(|l| l == game.label()) {
            continue;
        }
        let row: Vec<u64> = ENTRANTS[..7]
            .iter()
            .map(|&e| calibrate(game, e, CALIBRATION_MS, 1, 24).round() as u64)
            .collect();
        println!("    {row:?}, // {}", game.label());
    }
}
