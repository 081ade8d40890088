//! The solver's update rules (MCTS-Solver of Winands, Björnsson & Saito 2008; the
//! multi-player rules of Nijssen & Winands 2011): when the proved values of a node's
//! children prove the node, and with which child's value.

use super::SolverRule;
use crate::game::Scores;

/// Who chooses at a node, for the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Chooser {
    /// The player with this index moves.
    Player(usize),
    /// The merged opponents' layer of the best-reply tree (they minimise the root player's
    /// score).
    Coalition,
}

/// What a node's children prove, decided on their proved values (`None`: not proved).
pub(crate) struct Rule {
    /// The update rule.
    pub rule: SolverRule,
    /// The root player.
    pub root: usize,
    /// The number of players.
    pub players: usize,
    /// Each player's highest score, when the bounds give it: a child with it is a win that
    /// proves its parent at once (the vector is then unique: the others at their lower
    /// bounds).
    pub highest: Option<Scores>,
    /// Each player's lowest score, when the bounds give it (the paranoid rule proves an
    /// opponent's node at once with a child giving the root player its lowest).
    pub lowest: Option<Scores>,
}

impl Rule {
    /// The index (into `children`) of the child whose value proves the node where
    /// `chooser` moves, or `None` while the node is open. `children` are the children's
    /// proved values in search order.
    pub(crate) fn decide<'a>(
        &self,
        chooser: Chooser,
        children: impl Iterator<Item = Option<&'a Scores>> + Clone,
    ) -> Option<usize> {
        let r = self.root;
        match (self.rule, chooser) {
            (SolverRule::Paranoid, _) | (_, Chooser::Coalition) => {
                let maximise = chooser == Chooser::Player(r);
                let decisive = |v: &Scores| {
                    if maximise {
                        self.highest.is_some_and(|h| v[r] >= h[r])
                    } else {
                        self.lowest.is_some_and(|l| v[r] <= l[r])
                    }
                };
                if let Some(i) = children.clone().position(|v| v.is_some_and(decisive)) {
                    return Some(i);
                }
                best_of(children, |v| if maximise { v[r] } else { -v[r] })
            }
            (SolverRule::Standard, Chooser::Player(p)) => {
                let win = |v: &Scores| self.highest.is_some_and(|h| v[p] >= h[p]);
                if let Some(i) = children.clone().position(|v| v.is_some_and(win)) {
                    return Some(i);
                }
                best_of(children, |v| v[p])
            }
            (SolverRule::FirstWinner, Chooser::Player(p)) => {
                if let Some(i) = children
                    .clone()
                    .position(|v| v.is_some_and(|v| winner(v) == Some(p)))
                {
                    return Some(i);
                }
                let n = self.players;
                // No single winner (a draw) first, then the nearest winner after `p` in
                // turn order.
                best_of(children, |v| match winner(v) {
                    Some(w) => -(((w + n - p) % n) as i64),
                    None => 0,
                })
            }
        }
    }
}

/// The first child maximising `key` once every child is proved; `None` while one is open
/// (or there are none).
fn best_of<'a>(
    children: impl Iterator<Item = Option<&'a Scores>>,
    key: impl Fn(&Scores) -> i64,
) -> Option<usize> {
    let mut best: Option<(usize, i64)> = None;
    for (i, v) in children.enumerate() {
        let k = key(v?);
        if best.is_none_or(|(_, b)| k > b) {
            best = Some((i, k));
        }
    }
    best.map(|(i, _)| i)
}

/// The player with the highest score in `v`, if only one has it.
pub(crate) fn winner(v: &Scores) -> Option<usize> {
    let s = v.as_slice();
    let top = *s.iter().max()?;
    let mut at = s.iter().enumerate().filter(|(_, &x)| x == top);
    let (w, _) = at.next()?;
    at.next().is_none().then_some(w)
}
