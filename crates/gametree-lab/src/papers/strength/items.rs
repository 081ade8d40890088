//! The strength experiment cut into items for `reproduce`'s parallel run, `--shard` and the
//! merge: each block of openings of each match on each game ([`super::items`]).

use crate::experiment::{Ctx, Item, Output, Pieces};

use super::{assemble, matches_on, plan, play_block, BlockResult, StrengthGame};

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
            for m in matches_on(game) {
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

    fn assemble(ctx: &Ctx, results: Vec<BlockResult>) -> Option<Output> {
        let s = assemble(&plan(ctx), &results)?;
        Some(Output {
            rows: s.rows(),
            plots: Vec::new(),
        })
    }
}
