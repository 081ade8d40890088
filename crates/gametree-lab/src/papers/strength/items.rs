//! The strength experiment cut into items for `reproduce`'s parallel run, `--shard` and the
//! merge: each block of openings of each match on each game ([`super::items`]).

use std::path::Path;

use crate::experiment::{Ctx, Drive, Item, Output, Pieces};

use super::{assemble, plan, play_block, strength_kept, BlockResult, StrengthGame};

/// The strength experiment's items: block `k` of match `m` on a game, in [`super::items`]'
/// order (game, match, block), each played by [`play_block`].
pub struct Blocks;

impl Pieces for Blocks {
    type Piece = (StrengthGame, usize, usize);
    type Result = BlockResult;

    fn pieces(ctx: &Ctx) -> Vec<(Self::Piece, Item)> {
        let plan = plan(ctx);
        let mut which = Vec::new();
        for &game in &plan.games {
            for m in plan.matches_on(game) {
                which.extend((0..plan.blocks(game, m)).map(|k| (game, m, k)));
            }
        }
        let items = super::items(&plan);
        debug_assert_eq!(which.len(), items.len());
        which
            .into_iter()
            .zip(items)
            .map(|(piece, (key, cost))| (piece, Item { key, cost }))
            .collect()
    }

    fn run(ctx: &Ctx, &(game, m, k): &Self::Piece) -> BlockResult {
        play_block(&plan(ctx), game, m, k)
    }

    /// One process plays each match until its sequential test stops it
    /// ([`strength_kept`]), keeping the finished blocks so that a stopped run continues:
    /// when some match has more than one block. With one block per match (quick mode) there
    /// is nothing to skip, and the blocks run as items beside the other experiments'.
    const DRIVE: Option<Drive> = Some(Drive {
        when: several_blocks,
        run: drive,
    });

    fn assemble(ctx: &Ctx, results: Vec<BlockResult>) -> Option<Output> {
        let s = assemble(&plan(ctx), &results)?;
        Some(Output {
            rows: s.rows(),
            plots: Vec::new(),
        })
    }
}

/// Whether some match of the mode's plan has more than one block: [`Blocks`]' driver runs
/// then.
fn several_blocks(ctx: &Ctx) -> bool {
    let plan = plan(ctx);
    plan.games
        .iter()
        .any(|&g| plan.matches_on(g).any(|m| plan.blocks(g, m) > 1))
}

/// [`Blocks`]' driver: [`strength_kept`] on the mode's plan.
fn drive(ctx: &Ctx, kept: Option<&Path>) -> Option<Output> {
    let s = strength_kept(&plan(ctx), kept, ctx.progress);
    Some(Output {
        rows: s.rows(),
        plots: Vec::new(),
    })
}
