//! The published claims the strength experiment judges, each with the paper's conditions
//! as far as the text we could reach states them, and the games we judge it on, each row in
//! one of two sets ([`ClaimSet`]), each set with its own Holm family: the **confirmatory**
//! set, the papers' claims as their text states them, in the papers' setting where the
//! experiment can play it; and the **exploratory** set, labelled so: generalisations to
//! games the paper did not report, per-game readings of a summary sentence ("overall",
//! "generally"), and a claim played outside its paper's setting (the hidden hands).

use super::{Entrant, StrengthGame};

use StrengthGame::*;

use gametree_run::verdict::Claim;

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

/// How much of a paper's text the project could read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extent {
    /// The whole paper.
    FullText,
    /// Part of it: the copies reached hold only its opening.
    Excerpt,
    /// The abstract and no more.
    AbstractOnly,
}

impl Extent {
    /// The extent in words, as the rows and the JSON print it.
    pub fn words(self) -> &'static str {
        match self {
            Extent::FullText => "full text",
            Extent::Excerpt => "excerpt",
            Extent::AbstractOnly => "abstract only",
        }
    }
}

/// What was read of a paper and where: how much of it, the parts read (each as a condition's
/// place names it), and the copies read with what they did not reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Source {
    /// How much of the text was read.
    pub extent: Extent,
    /// The parts read, by the names the conditions' places use (`abstract`, `section I`);
    /// empty for a full text, where any section, table or page can be a place.
    pub parts: &'static [&'static str],
    /// The copies read (their addresses or titles) and what they did not reach.
    pub copies: &'static str,
}

impl Source {
    /// The source in one line: `excerpt (abstract, section I): ...`, the parts named for an
    /// excerpt only (a full text is all of it, an abstract only is its abstract).
    pub fn text(&self) -> String {
        if self.extent != Extent::Excerpt {
            format!("{}: {}", self.extent.words(), self.copies)
        } else {
            format!(
                "{} ({}): {}",
                self.extent.words(),
                self.parts.join(", "),
                self.copies
            )
        }
    }
}

/// One condition a paper's text states: what it says, in our words, and where in the text
/// (section, table or page).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stated {
    /// The condition, paraphrased.
    pub text: &'static str,
    /// Where the text states it.
    pub place: &'static str,
}

/// A condition the text states at `place`.
const fn at(text: &'static str, place: &'static str) -> Option<Stated> {
    Some(Stated { text, place })
}

/// What a paper's text says of its experiment, field by field, each with its place, and
/// what of the text was read; `None`: not stated in the text we could reach (for most
/// papers only the abstract and the opening of the introduction), printed so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaperConditions {
    /// What was read.
    pub source: Source,
    /// The games and variants.
    pub game: Option<Stated>,
    /// The numbers of players.
    pub players: Option<Stated>,
    /// The boards.
    pub board: Option<Stated>,
    /// The time (or nodes) per move.
    pub time_per_move: Option<Stated>,
    /// The games per match.
    pub games: Option<Stated>,
    /// The metric reported.
    pub metric: Option<Stated>,
    /// The rules the experiment states (how a game ends, how it is scored).
    pub rules: Option<Stated>,
}

impl PaperConditions {
    /// The fields by their JSON names, in the order the rows print them.
    pub fn fields(&self) -> [(&'static str, Option<Stated>); 7] {
        [
            ("game", self.game),
            ("players", self.players),
            ("board", self.board),
            ("time_per_move", self.time_per_move),
            ("games", self.games),
            ("metric", self.metric),
            ("rules", self.rules),
        ]
    }
}

/// What the project prints for a condition the text we could reach does not state.
pub(crate) const NOT_STATED: &str = "not stated in the text we could reach";

pub use crate::claim::ClaimSet;

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
/// as we play them with the set their rows belong to (and why), the generalisations we
/// also report (always exploratory), and the paper's conditions.
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
    /// The games the paper's text names for the claim, as the experiment plays them.
    pub games: &'static [StrengthGame],
    /// The set of the rows on [`ClaimSpec::games`]: confirmatory when the paper's text
    /// states the claim for each of those games and the match plays it in the paper's
    /// setting; exploratory otherwise.
    pub set: ClaimSet,
    /// Why the rows on [`ClaimSpec::games`] are in [`ClaimSpec::set`], in words (the row
    /// of an exploratory reading prints it).
    pub why: &'static str,
    /// Games the paper did not report for this claim (a generalisation: always in the
    /// exploratory set, labelled so).
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

    /// Whether the claim is judged on `game` (on a game its paper reported, as a
    /// generalisation, or on the sensitivity run's chess where it is judged on chess).
    pub fn judged_on(&self, game: StrengthGame) -> bool {
        self.set_on(game).is_some()
    }

    /// Every game the claim is judged on: its paper's, the generalisations, and the
    /// sensitivity run's chess ([`StrengthGame::Chess4Cap400`]) where it is judged on chess.
    pub fn judged_games(&self) -> impl Iterator<Item = StrengthGame> + '_ {
        let sensitivity = self.games.contains(&Chess4).then_some(Chess4Cap400);
        self.games
            .iter()
            .chain(self.generalised)
            .copied()
            .chain(sensitivity)
    }

    /// The set of the claim's row on `game` (`None`: not judged there): [`ClaimSpec::set`]
    /// on the paper's games, exploratory on a generalisation and on the sensitivity run's
    /// chess.
    pub fn set_on(&self, game: StrengthGame) -> Option<ClaimSet> {
        if self.games.contains(&game) {
            Some(self.set)
        } else if self.generalised.contains(&game)
            || (game == Chess4Cap400 && self.games.contains(&Chess4))
        {
            Some(ClaimSet::Exploratory)
        } else {
            None
        }
    }

    /// Why the claim's row on `game` is in its set, in words.
    pub fn why_on(&self, game: StrengthGame) -> &'static str {
        if self.games.contains(&game) {
            self.why
        } else if game == Chess4Cap400 {
            SENSITIVITY
        } else {
            GENERALISED
        }
    }
}

/// Why the sensitivity run's chess rows are exploratory.
pub(crate) const SENSITIVITY: &str =
    "the sensitivity run of the earlier chess: a 400-ply cap, ranked by relative material, with the claim rule";

/// Why a generalisation is exploratory.
pub(crate) const GENERALISED: &str =
    "a generalisation: the paper did not report this game for this claim";

/// Why a claim the paper's text states for its games, in the paper's setting, is
/// confirmatory.
const STATED: &str = "the paper's text states the claim for this game";

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

/// Schadd & Winands 2011 as read: the abstract and the opening of the introduction.
const SW_CONDITIONS: PaperConditions = PaperConditions {
    source: Source {
        extent: Extent::Excerpt,
        parts: &["abstract", "section I"],
        copies: "the abstract and the first paragraph of section I (Introduction) with its outline of the sections, in the copy at mafiadoc.com/best-reply-search-for-multi-player-games-dke-personal-projects-_59f131481723dda1553a3fb5.html; the abstract also at cris.maastrichtuniversity.nl/en/publications/best-reply-search-for-multiplayer-games and in the IEEE record at manuscript.isc.ac/Inventory/49/1431896.htm. Not reached: section III (the games) and section V (the experiments, with the time settings and the numbers of games)",
    },
    game: at(
        "Chinese Checkers, Focus and Rolit, deterministic multi-player games with perfect information",
        "abstract",
    ),
    players: None,
    board: None,
    time_per_move: None,
    games: None,
    metric: None,
    rules: None,
};

/// Esser et al. 2013 as read: the abstract; Esser's thesis only to its preface.
const ESSER_CONDITIONS: PaperConditions = PaperConditions {
    source: Source {
        extent: Extent::AbstractOnly,
        parts: &["abstract"],
        copies: "the abstract, at cris.maastrichtuniversity.nl/en/publications/improving-best-reply-search and on Springer's chapter page (unpaywall.org/10.1007/978-3-319-09165-5_11, the abstract and the first notes). Esser's MSc thesis, Best-Reply Search in Multi-Player Chess (Maastricht University, thesis 12-13, July 2012), only to its preface (paperzz.com/doc/7084341, pdfslide.us/documents/markus-esser.html, docplayer.net/27546131), which says its variants of best-reply search are tested in multi-player chess and states none of these conditions. How a game of the experiments ends (mate only, a ply limit, the points of the online free-for-all) is in neither: the rules are not stated in the text we could reach, and the experiment plays the online free-for-all's (chess4(end=ffa))",
    },
    game: at("four-player chess", "abstract"),
    players: at("4 (four-player chess)", "abstract"),
    board: None,
    time_per_move: None,
    games: None,
    metric: at(
        "games won: BRS+ wins 8.3% to 11.1% more games than BRS against max^n and paranoid respectively, and the most games when it plays max^n, paranoid and BRS at once",
        "abstract",
    ),
    rules: None,
};

/// Sturtevant 2003 as read: the whole paper.
const STURTEVANT_CONDITIONS: PaperConditions = PaperConditions {
    source: Source {
        extent: Extent::FullText,
        parts: &[],
        copies: "the IJCAI-03 proceedings paper (pp. 669-674), read whole in a plain-text copy: the games in section 2.2, the card-game experiments in sections 5, 5.2 to 5.4 and Tables 11 and 12",
    },
    game: at(
        "Hearts and Spades, the 3-player perfect-information variant of each",
        "section 5",
    ),
    players: at("3", "section 5"),
    board: at("none: trick-taking card games", "section 2.2"),
    time_per_move: at(
        "a limit of 500,000 nodes per move, searched iteratively deeper until the limit (section 5.2's strategy, which section 5.4 follows); speculative max^n and paranoid expand nodes at the same rate, so equal nodes are about equal time",
        "section 5.4",
    ),
    games: at(
        "50 hands of each game, each hand played several times so that the algorithms take every position at the table",
        "section 5.4",
    ),
    metric: at(
        "the average score per hand, the algorithm's beside paranoid's (Hearts: fewer points are better; Spades: more are better); no win rate and no significance test",
        "Table 12",
    ),
    rules: at(
        "Spades: 1 point per trick taken, more is better; Hearts: 1 point per heart taken and 13 for the queen of spades, fewer is better",
        "section 2.2",
    ),
};

/// Nijssen & Winands 2011 as read: the abstract and the opening of the introduction.
const NW_ENHANCEMENTS_CONDITIONS: PaperConditions = PaperConditions {
    source: Source {
        extent: Extent::Excerpt,
        parts: &["abstract", "section 1"],
        copies: "the abstract and the first paragraphs of section 1 (Introduction) in the CiteSeerX copy at m.moam.info/download/enhancements-for-multi-player-monte-carlo-tree-search-citeseerx_5a52e5c41723dd1f1d1e3fbb.html; the abstract and the references on Springer's chapter page (unpaywall.org/10.1007/978-3-642-17928-0_22). Not reached: the experiments",
    },
    game: at("Focus and Chinese Checkers", "abstract"),
    players: None,
    board: None,
    time_per_move: None,
    games: None,
    metric: None,
    rules: None,
};

/// Nijssen & Winands 2013 as read: the abstract and the opening of the introduction.
const NW_POLICY_CONDITIONS: PaperConditions = PaperConditions {
    source: Source {
        extent: Extent::Excerpt,
        parts: &["abstract", "section 1"],
        copies: "the abstract and the first paragraphs of section 1 (Introduction) at docslib.org/doc/4946606/search-policies-in-multi-player-games-3 and vdocuments.us/search-policies-in-multi-player-games.html; the abstract also at cris.maastrichtuniversity.nl/en/publications/search-policies-in-multi-player-games/ and sage.cnpereading.com/doi/10.3233/ICG-2013-36102. Not reached: the experiments",
    },
    game: at(
        "four deterministic multi-player games with perfect information, played in self-play experiments: Chinese Checkers, Focus, Rolit and a fourth whose name both copies read leave out",
        "section 1",
    ),
    players: None,
    board: None,
    time_per_move: None,
    games: None,
    metric: None,
    rules: None,
};

/// Nijssen & Winands 2012 as read: the abstract and the opening of the introduction.
const NW_OVERVIEW_CONDITIONS: PaperConditions = PaperConditions {
    source: Source {
        extent: Extent::Excerpt,
        parts: &["abstract", "section 1"],
        copies: "the abstract and the first paragraph of section 1 (Introduction) at docslib.org/doc/12864059/an-overview-of-search-techniques-in-multi-player-games (one of the two stored copies of that page keeps the abstract's list of games whole). Not reached: the experiments",
    },
    game: at(
        "Chinese Checkers, Focus, Rolit and Blokus; the alpha-beta techniques max^n, paranoid and BRS compared, BRS generally the best",
        "abstract",
    ),
    players: None,
    board: None,
    time_per_move: None,
    games: None,
    metric: None,
    rules: None,
};

/// The published claims: every row's set follows the rule of docs/strength.md ("Two sets of
/// claims"): confirmatory when the paper's text states the claim for the game and the
/// experiment plays it in the paper's setting; exploratory for a game the paper did not
/// report, a per-game reading of a summary sentence, or another setting.
pub const CLAIMS: [ClaimSpec; 14] = [
    ClaimSpec {
        text: "BRS beats max^n",
        paper: SCHADD_WINANDS_2011,
        claim: Claim::Beats,
        on: On::Match(2),
        games: SW_MAXN,
        set: ClaimSet::Confirmatory,
        why: "the abstract states it for every game it tested (\"In all games, BRS is superior to the max^n algorithm\")",
        generalised: &[],
        conditions: SW_CONDITIONS,
    },
    ClaimSpec {
        text: "BRS beats paranoid",
        paper: SCHADD_WINANDS_2011,
        claim: Claim::Beats,
        on: On::Match(6),
        games: SW_PARANOID,
        set: ClaimSet::Confirmatory,
        why: "the abstract states it for Chinese Checkers and Focus",
        generalised: &[],
        conditions: SW_CONDITIONS,
    },
    ClaimSpec {
        text: "BRS about equal to paranoid",
        paper: SCHADD_WINANDS_2011,
        claim: Claim::AboutEqual,
        on: On::Match(6),
        games: &[Rolit3, Rolit4],
        set: ClaimSet::Confirmatory,
        why: "the abstract states it for Rolit (\"on equal footing\")",
        generalised: &[],
        conditions: SW_CONDITIONS,
    },
    ClaimSpec {
        text: "BRS+ wins more often against max^n than BRS does",
        paper: ESSER_2013,
        claim: Claim::Improves,
        on: On::Pair(3, 2),
        games: &[Chess4],
        set: ClaimSet::Confirmatory,
        why: STATED,
        generalised: &[ChineseCheckers3, Rolit3],
        conditions: ESSER_CONDITIONS,
    },
    ClaimSpec {
        text: "BRS+ wins more often against paranoid than BRS does",
        paper: ESSER_2013,
        claim: Claim::Improves,
        on: On::Pair(8, 6),
        games: &[Chess4],
        set: ClaimSet::Confirmatory,
        why: STATED,
        generalised: &[ChineseCheckers3, Rolit3],
        conditions: ESSER_CONDITIONS,
    },
    ClaimSpec {
        text: "BRS+ wins most in a four-engine game with BRS, max^n and paranoid",
        paper: ESSER_2013,
        claim: Claim::WinsMost,
        on: On::FreeForAll(15),
        games: &[Chess4],
        set: ClaimSet::Confirmatory,
        why: STATED,
        generalised: &[],
        conditions: ESSER_CONDITIONS,
    },
    ClaimSpec {
        text: "speculative max^n at least as good as paranoid with perfect information at the paper's 500,000 nodes",
        paper: STURTEVANT_2003,
        claim: Claim::AtLeastAsGood,
        on: On::Match(super::TABLE12_MATCH),
        games: &[Hearts, Spades],
        set: ClaimSet::Confirmatory,
        why: "Table 12 in its own setting: the perfect-information game, 500,000 nodes per move, the paper's 50 hands, each played in every seating",
        generalised: &[],
        conditions: STURTEVANT_CONDITIONS,
    },
    ClaimSpec {
        text: "speculative max^n at least as good as paranoid",
        paper: STURTEVANT_2003,
        claim: Claim::AtLeastAsGood,
        on: On::Match(5),
        games: &[Hearts, Spades],
        set: ClaimSet::Exploratory,
        why: "not the paper's setting: hidden hands played by Monte Carlo over sampled deals at the calibrated budget (about 1/38 of the paper's 500,000 nodes), where Table 12 searched the open deal",
        generalised: &[],
        conditions: STURTEVANT_CONDITIONS,
    },
    ClaimSpec {
        text: "BRS beats max^n",
        paper: NIJSSEN_WINANDS_2012,
        claim: Claim::Beats,
        on: On::Match(2),
        games: &[Blokus],
        set: ClaimSet::Exploratory,
        why: "a per-game reading of a summary sentence (\"BRS is generally the best alpha-beta technique\")",
        generalised: &[],
        conditions: NW_OVERVIEW_CONDITIONS,
    },
    ClaimSpec {
        text: "BRS beats paranoid",
        paper: NIJSSEN_WINANDS_2012,
        claim: Claim::Beats,
        on: On::Match(6),
        games: &[Blokus],
        set: ClaimSet::Exploratory,
        why: "a per-game reading of a summary sentence (\"BRS is generally the best alpha-beta technique\")",
        generalised: &[],
        conditions: NW_OVERVIEW_CONDITIONS,
    },
    ClaimSpec {
        text: "MCTS with the max^n policy beats MCTS with the paranoid policy",
        paper: NIJSSEN_WINANDS_2013,
        claim: Claim::Beats,
        on: On::Match(11),
        games: NW_POLICY,
        set: ClaimSet::Exploratory,
        why: "a per-game reading of a summary sentence (\"MCTS with the max^n search policy overall performs best\")",
        generalised: &[],
        conditions: NW_POLICY_CONDITIONS,
    },
    ClaimSpec {
        text: "MCTS with the max^n policy beats MCTS with the BRS policy",
        paper: NIJSSEN_WINANDS_2013,
        claim: Claim::Beats,
        on: On::Match(12),
        games: NW_POLICY,
        set: ClaimSet::Exploratory,
        why: "a per-game reading of a summary sentence (\"MCTS with the max^n search policy overall performs best\")",
        generalised: &[],
        conditions: NW_POLICY_CONDITIONS,
    },
    ClaimSpec {
        text: "the multi-player MCTS-Solver improves MCTS",
        paper: NIJSSEN_WINANDS_2013,
        claim: Claim::Beats,
        on: On::Match(13),
        games: &[Focus3],
        set: ClaimSet::Confirmatory,
        why: "the solver's improvement is reported for Focus, with the standard update rule (Nijssen & Winands 2011, as issue #44 states; the 2013 abstract states it generally)",
        generalised: &[ChineseCheckers3, Rolit3, Blokus],
        conditions: NW_POLICY_CONDITIONS,
    },
    ClaimSpec {
        text: "Progressive History improves MCTS",
        paper: NIJSSEN_WINANDS_2011,
        claim: Claim::Beats,
        on: On::Match(14),
        games: &[ChineseCheckers3, Focus3],
        set: ClaimSet::Confirmatory,
        why: "the abstract names both games for the enhancements",
        generalised: &[],
        conditions: NW_ENHANCEMENTS_CONDITIONS,
    },
];
