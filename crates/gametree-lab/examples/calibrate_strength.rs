//! The calibration of the strength experiment's node budgets (`CALIBRATED_NODES` in
//! `gametree_lab::papers::strength`): for every game and engine, the nodes per move it
//! searches in `CALIBRATION_MS` milliseconds, one game at a time. Prints the rows to paste
//! into `CALIBRATED_NODES`. Minutes long, and machine-dependent by design: record the
//! machine (docs/strength.md).
//!
//! `cargo run --release -p gametree-lab --example calibrate_strength [--clock wall|cpu] [LABEL ...]`
//!
//! `--clock wall` (the default) measures the milliseconds in wall-clock time: run it on an
//! otherwise idle machine. `--clock cpu` measures them in the searching thread's processor
//! time, which other work on a shared machine does not take away (the first line printed
//! says which). With game labels (`cc-3 rolit-4`), only those games' rows.

use gametree::search::Clock;
use gametree_lab::papers::strength::{calibrate_on, StrengthGame, CALIBRATION_MS, ENTRANTS};

fn main() {
    let mut clock = Clock::Wall;
    let mut only: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--clock" {
            let value = args.next().unwrap_or_default();
            clock = match value.parse() {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("calibrate_strength: --clock: {e}");
                    std::process::exit(2);
                }
            };
        } else {
            only.push(a);
        }
    }
    println!(
        "    // {CALIBRATION_MS} ms of {} per move",
        clock.describe()
    );
    for game in StrengthGame::ALL {
        if !only.is_empty() && !only.iter().any(|l| l == game.label()) {
            continue;
        }
        let row: Vec<u64> = ENTRANTS[..7]
            .iter()
            .map(|&e| calibrate_on(game, e, CALIBRATION_MS, clock, 1, 24).round() as u64)
            .collect();
        println!("    {row:?}, // {}", game.label());
    }
}
