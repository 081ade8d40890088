//! The published claims the strength experiment judges, each with the paper's conditions
//! as far as the text we could reach states them, and the games we judge it on: the
//! paper's own games (in the Holm family) and, labelled as such, generalisations the paper
//! did not make (reported with their unadjusted test, outside the family).

use super::{Entrant, StrengthGame};

use StrengthGame::*;

pub use gametree_run::verdict::Claim;

/// A paper: its short name and full reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paper {
    /// `Schadd & Winands 2011`.
    pub short: &'static str,
    /// The full reference.
    pub reference: &'static str,
}

/// Schadd & Winands 2011.
pub(crate) const SCHADD_WINANDS_2011: Paper = Paper {
    short: "Schadd & Winands 2011",
    reference: "M. P. D. Schadd and M. H. M. Winands, \"Best Reply Search for Multiplayer Games\", IEEE Transactions on Computational Intelligence and AI in Games 3(1):57-66, 2011",
};

/// Esser et al. 2013.
pub(crate) const ESSER_2013: Paper = Paper {
    short: "Esser et al. 2013",
    reference: "M. Esser, M. Gras, M. H. M. Winands, M. P. D. Schadd and M. Lanctot, \"Improving Best-Reply Search\", Computers and Games (CG 2013), LNCS 8427, Springer, 2014, pp. 125-137",
};

/// Sturtevant 2003.
pub(crate) const STURTEVANT_2003: Paper = Paper {
    short: "Sturtevant 2003, Table 12",
    reference: "N. R. Sturtevant, \"Last-Branch and Speculative Pruning Algorithms for Max^n\", Proceedings of IJCAI-03, 2003, pp. 669-674",
};

/// Nijssen & Winands 2011 (Progressive History, the multi-player MCTS-Solver).
pub(crate) const NIJSSEN_WINANDS_2011: Paper = Paper {
    short: "Nijssen & Winands 2011",
    reference: "J. A. M. Nijssen and M. H. M. Winands, \"Enhancements for Multi-Player Monte-Carlo Tree Search\", Computers and Games (CG 2010), LNCS 6515, Springer, 2011, pp. 238-249",
};

/// Nijssen & Winands 2012 (the overview: BRS the best alpha-beta technique, Blokus).
pub const NIJSSEN_WINANDS_2012: Paper = Paper {
    short: "Nijssen & Winands 2012",
    reference: "J. A. M. Nijssen and M. H. M. Winands, \"An Overview of Search Techniques in Multi-Player Games\", Computer Games Workshop at ECAI 2012, pp. 50-61",
};

/// Nijssen & Winands 2013 (search policies in MCTS, the multi-player MCTS-Solver).
pub(crate) const NIJSSEN_WINANDS_2013: Paper = Paper {
    short: "Nijssen & Winands 2013",
    reference: "J. A. M. Nijssen and M. H. M. Winands, \"Search Policies in Multi-Player Games\", ICGA Journal 36(1):3-21, 2013",
};

/// What a paper's text says of its experiment, field by field; `None`: not stated in the
/// text we could reach (for most papers only the abstract), printed so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaperConditions {
    /// The games and variants.
    pub game: Option<&'static str>,
    /// The numbers of players.
    pub players: Option<&'static str>,
    /// The boards.
    pub board: Option<&'static str>,
    /// The time (or nodes) per move.
    pub time_per_move: Option<&'static str>,
    /// The games per match.
    pub games: Option<&'static str>,
    /// The metric reported.
    pub metric: Option<&'static str>,
}

/// What the project prints for a condition the text we could reach does not state.
pub(crate) const NOT_STATED: &str = "not stated in the text we could reach";

/// The matches a claim rests on (indices into [`super::MATCHES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum On {
    /// One two-engine match.
    Match(usize),
    /// Two two-engine matches with the same second engine, compared opening by opening
    /// ([`Claim::Improves`]).
    Pair(usize, usize),
    /// One free-for-all match ([`Claim::WinsMost`]).
    FreeForAll(usize),
}

/// A published claim: its text, paper, kind, the matches it rests on, the paper's games
/// as we play them, the generalisations we also report (outside the family), and the
/// paper's conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimSpec {
    /// The claim in words.
    pub text: &'static str,
    /// The paper.
    pub paper: Paper,
    /// Its kind.
    pub claim: Claim,
    /// The matches.
    pub on: On,
    /// The games the paper played, as the experiment plays them (in the Holm family).
    pub games: &'static [StrengthGame],
    /// Games the paper did not play (a generalisation; reported outside the family and
    /// labelled so).
    pub generalised: &'static [StrengthGame],
    /// The paper's conditions.
    pub conditions: PaperConditions,
}

impl ClaimSpec {
    /// The first engine of the claim.
    pub fn first(&self) -> Entrant {
        super::MATCHES[self.match_index()].entrants[0]
    }

    /// The match whose sequential test the claim drives (the first of a pair).
    pub fn match_index(&self) -> usize {
        match self.on {
            On::Match(m) | On::Pair(m, _) | On::FreeForAll(m) => m,
        }
    }

    /// Whether the claim rests on match `m` (either match of a pair).
    pub fn rests_on(&self, m: usize) -> bool {
        match self.on {
            On::Match(a) | On::FreeForAll(a) => a == m,
            On::Pair(a, b) => a == m || b == m,
        }
    }

    /// Whether the claim is judged on `game` (in the family or as a generalisation).
    pub fn judged_on(&self, game: StrengthGame) -> bool {
        self.games.contains(&game) || self.generalised.contains(&game)
    }
}

const SW_MAXN: &[StrengthGame] = &[
    ChineseCheckers3,
    ChineseCheckers4,
    ChineseCheckers6,
    Focus3,
    Focus4,
    Rolit3,
    Rolit4,
];
const SW_PARANOID: &[StrengthGame] = &[
    ChineseCheckers3,
    ChineseCheckers4,
    ChineseCheckers6,
    Focus3,
    Focus4,
];
const NW_POLICY: &[StrengthGame] = &[ChineseCheckers3, Focus3, Rolit3, Blokus];

const SW_CONDITIONS: PaperConditions = PaperConditions {
    game: Some("Chinese Checkers (the full game), Focus and Rolit"),
    players: Some("3, 4 and 6 (Chinese Checkers), 3 and 4 (Focus, Rolit)"),
    board: Some("121 holes; Focus 8 x 8 less three squares per corner; Rolit 8 x 8"),
    time_per_move: None,
    games: None,
    metric: Some("win rate of each algorithm over the seat assignments"),
};

const ESSER_CONDITIONS: PaperConditions = PaperConditions {
    game: Some("four-player chess"),
    players: Some("4"),
    board: None,
    time_per_move: None,
    games: None,
    metric: Some(
        "win rate; BRS+ won 8.3 to 11.1 percentage points more than BRS against max^n and paranoid, and most in a four-engine game",
    ),
};

const NW_POLICY_CONDITIONS: PaperConditions = PaperConditions {
    game: Some("Chinese Checkers, Focus, Rolit and Blokus"),
    players: None,
    board: None,
    time_per_move: None,
    games: None,
    metric: Some("win rate in self-play between MCTS search policies"),
};

const NW_OVERVIEW_CONDITIONS: PaperConditions = PaperConditions {
    game: Some(
        "Chinese Checkers, Focus, Rolit and Blokus (BRS the best alpha-beta technique in general)",
    ),
    players: None,
    board: None,
    time_per_move: None,
    games: None,
    metric: Some("win rate of each alpha-beta technique (max^n, paranoid, BRS) against the others"),
};

/// The published claims.
pub const CLAIMS: [ClaimSpec; 13] = [
    ClaimSpec {
        text: "BRS beats max^n",
        paper: SCHADD_WINANDS_2011,
        claim: Claim::Beats,
        on: On::Match(2),
        games: SW_MAXN,
        generalised: &[],
        conditions: SW_CONDITIONS,
    },
    ClaimSpec {
        text: "BRS beats paranoid",
        paper: SCHADD_WINANDS_2011,
        claim: Claim::Beats,
        on: On::Match(6),
        games: SW_PARANOID,
        generalised: &[],
        conditions: SW_CONDITIONS,
    },
    ClaimSpec {
        text: "BRS about equal to paranoid",
        paper: SCHADD_WINANDS_2011,
        claim: Claim::AboutEqual,
        on: On::Match(6),
        games: &[Rolit3, Rolit4],
        generalised: &[],
        conditions: SW_CONDITIONS,
    },
    ClaimSpec {
        text: "BRS+ wins more often against max^n than BRS does",
        paper: ESSER_2013,
        claim: Claim::Improves,
        on: On::Pair(3, 2),
        games: &[Chess4],
        generalised: &[ChineseCheckers3, Rolit3],
        conditions: ESSER_CONDITIONS,
    },
    ClaimSpec {
        text: "BRS+ wins more often against paranoid than BRS does",
        paper: ESSER_2013,
        claim: Claim::Improves,
        on: On::Pair(8, 6),
        games: &[Chess4],
        generalised: &[ChineseCheckers3, Rolit3],
        conditions: ESSER_CONDITIONS,
    },
    ClaimSpec {
        text: "BRS+ wins most in a four-engine game with BRS, max^n and paranoid",
        paper: ESSER_2013,
        claim: Claim::WinsMost,
        on: On::FreeForAll(15),
        games: &[Chess4],
        generalised: &[],
        conditions: ESSER_CONDITIONS,
    },
    ClaimSpec {
        text: "speculative max^n at least as good as paranoid",
        paper: STURTEVANT_2003,
        claim: Claim::AtLeastAsGood,
        on: On::Match(5),
        games: &[Hearts, Spades],
        generalised: &[],
        conditions: PaperConditions {
            game: Some("Hearts and Spades, perfect-information variants"),
            players: Some("3"),
            board: None,
            time_per_move: Some("500,000 nodes per move, iterative deepening"),
            games: Some("50 hands, each replayed over the seat positions"),
            metric: Some("average score per hand (points, not wins)"),
        },
    },
    ClaimSpec {
        text: "BRS beats max^n",
        paper: NIJSSEN_WINANDS_2012,
        claim: Claim::Beats,
        on: On::Match(2),
        games: &[Blokus],
        generalised: &[],
        conditions: NW_OVERVIEW_CONDITIONS,
    },
    ClaimSpec {
        text: "BRS beats paranoid",
        paper: NIJSSEN_WINANDS_2012,
        claim: Claim::Beats,
        on: On::Match(6),
        games: &[Blokus],
        generalised: &[],
        conditions: NW_OVERVIEW_CONDITIONS,
    },
    ClaimSpec {
        text: "MCTS with the max^n policy beats MCTS with the paranoid policy",
        paper: NIJSSEN_WINANDS_2013,
        claim: Claim::Beats,
        on: On::Match(11),
        games: NW_POLICY,
        generalised: &[],
        conditions: NW_POLICY_CONDITIONS,
    },
    ClaimSpec {
        text: "MCTS with the max^n policy beats MCTS with the BRS policy",
        paper: NIJSSEN_WINANDS_2013,
        claim: Claim::Beats,
        on: On::Match(12),
        games: NW_POLICY,
        generalised: &[],
        conditions: NW_POLICY_CONDITIONS,
    },
    ClaimSpec {
        text: "the multi-player MCTS-Solver improves MCTS",
        paper: NIJSSEN_WINANDS_2013,
        claim: Claim::Beats,
        on: On::Match(13),
        games: NW_POLICY,
        generalised: &[],
        conditions: NW_POLICY_CONDITIONS,
    },
    ClaimSpec {
        text: "Progressive History improves MCTS",
        paper: NIJSSEN_WINANDS_2011,
        claim: Claim::Beats,
        on: On::Match(14),
        games: &[ChineseCheckers3, Focus3],
        generalised: &[],
        conditions: PaperConditions {
            game: Some("Chinese Checkers and Focus"),
            players: None,
            board: None,
            time_per_move: None,
            games: None,
            metric: Some("win rate of MCTS with Progressive History against MCTS without"),
        },
    },
];
