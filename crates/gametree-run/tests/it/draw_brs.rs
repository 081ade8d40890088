//! Drawing best-reply search (issue #16): on hundreds of seeded positions of Chinese Checkers
//! and Rolit at depths 1 to 3, the event log of `brs` and `brs-plus` agrees with the result's
//! counts, its prune trace and its value, and turning it on changes nothing else; the drawing
//! of the best-reply tree (parsed as XML) has the nodes, the pruned edges and the principal
//! variation the search says; explicit trees are refused with a typed error.

use std::collections::BTreeSet;

use gametree::rng::SplitMix64;
use gametree::search::best_reply::Variant;
use gametree::search::{Config, Events, SearchEvent};
use gametree::SetToMove;
use gametree_games::registry::{self, GameVisitor, Playable};
use std::sync::Arc;

use gametree_run::draw::{self, DrawConfig, DrawInput, Drawing, EventKind};
use gametree_run::input::{self, Source};

/// Plays a seeded number of random moves from the start, checks the event log of both
/// variants there at `depth`, and returns the position reached in the game's notation.
struct CheckLog {
    seed: u64,
    depth: u32,
}

impl GameVisitor for CheckLog {
    type Output = (String, u64);

    fn visit<G: Playable>(self, _game: &G, _state: &G::State) -> (String, u64)
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        panic!("best-reply search needs SetToMove")
    }

    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, state: &G::State) -> (String, u64)
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let mut rng = SplitMix64::new(self.seed);
        let plies = rng.below(16);
        let mut s = state.clone();
        let mut moves = Vec::new();
        for _ in 0..plies {
            if game.outcome(&s).is_some() {
                break;
            }
            moves.clear();
            game.moves(&s, &mut moves);
            let mv = moves[rng.below(moves.len() as u64) as usize];
            s = game.play(&s, mv);
        }
        let eval = game.evaluator();
        let mut prunes = 0;
        for variant in [Variant::Brs, Variant::BrsPlus] {
            let ctx = format!("{variant:?}, seed {}, depth {}", self.seed, self.depth);
            let plain = Config::depth(self.depth);
            let logged = Config {
                events: Events::Record,
                ..plain
            };
            let off = variant.search(game, &eval, &s, &plain).unwrap();
            let on = variant.search(game, &eval, &s, &logged).unwrap();
            // The log changes nothing else.
            assert_eq!(off.stats.nodes, on.stats.nodes, "{ctx}");
            assert_eq!(off.stats.leaves, on.stats.leaves, "{ctx}");
            assert_eq!(off.stats.cutoffs, on.stats.cutoffs, "{ctx}");
            assert_eq!(off.value, on.value, "{ctx}");
            assert_eq!(off.pv, on.pv, "{ctx}");
            assert!(off.events.is_empty(), "{ctx}");
            assert_eq!(on.events_dropped, 0, "{ctx}");
            let count = |f: fn(&SearchEvent<G::Move>) -> bool| {
                on.events.iter().filter(|e| f(e)).count() as u64
            };
            let visits = count(|e| matches!(e, SearchEvent::Visit { .. }));
            let leaves = count(|e| matches!(e, SearchEvent::Leaf { .. }));
            let backups = count(|e| matches!(e, SearchEvent::Backup { .. }));
            assert_eq!(visits, on.stats.nodes, "{ctx}");
            assert_eq!(leaves, on.stats.leaves, "{ctx}");
            // Every node visited ends with its static value or one backed-up score.
            assert_eq!(leaves + backups, visits, "{ctx}");
            let logged_prunes: Vec<_> = on
                .events
                .iter()
                .filter_map(|e| match e {
                    SearchEvent::Prune(p) => Some(p.clone()),
                    _ => None,
                })
                .collect();
            assert_eq!(logged_prunes, on.trace, "{ctx}");
            assert_eq!(
                logged_prunes.len() as u64,
                on.stats.cutoffs.total(),
                "{ctx}"
            );
            prunes += logged_prunes.len() as u64;
            // No path is longer than the depth; the root's last event is its backed-up score.
            assert!(on.events.iter().all(|e| match e {
                SearchEvent::Visit { path } => path.len() as u32 <= self.depth,
                _ => true,
            }));
            match on.events.last() {
                Some(SearchEvent::Backup { path, value }) => {
                    assert!(path.is_empty(), "{ctx}");
                    assert_eq!(value, &vec![on.score], "{ctx}");
                }
                Some(SearchEvent::Leaf { path, value }) => {
                    assert!(path.is_empty(), "{ctx}");
                    assert_eq!(value[game.to_move(&s).index()], on.score, "{ctx}");
                }
                other => panic!("{ctx}: last event {other:?}"),
            }
        }
        (
            game.format_position(&s).expect("a position notation"),
            prunes,
        )
    }
}

const GAMES: [&str; 3] = [
    "chinese-checkers(players=3,board=37)",
    "chinese-checkers(players=4,board=73)",
    "rolit(players=3)",
];

#[test]
fn best_reply_event_log_agrees_with_counts_trace_and_value() {
    let mut prunes = 0;
    let mut cases = 0;
    for spec in GAMES {
        for seed in 0..70u64 {
            for depth in 1..=3 {
                let (_, p) = registry::visit(spec, None, CheckLog { seed, depth }).unwrap();
                prunes += p;
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 630);
    assert!(prunes > 500, "the positions prune ({prunes} prunes)");
}

/// Node ids of the SVG with each one's classes, and the ids of the edges with a prune mark.
fn parse(
    svg: &str,
) -> (
    std::collections::BTreeMap<String, BTreeSet<String>>,
    BTreeSet<String>,
) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let mut nodes = std::collections::BTreeMap::new();
    let mut marked = BTreeSet::new();
    for n in doc.descendants().filter(|n| n.has_tag_name("g")) {
        let Some(id) = n.attribute("id") else {
            continue;
        };
        let classes: BTreeSet<String> = n
            .attribute("class")
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_string)
            .collect();
        if let Some(node) = id.strip_prefix("node-") {
            assert!(
                nodes.insert(node.to_string(), classes).is_none(),
                "{id} twice"
            );
        } else if let Some(edge) = id.strip_prefix("edge-") {
            if n.children()
                .any(|c| c.has_tag_name("g") && c.attribute("class") == Some("prune-mark"))
            {
                marked.insert(edge.to_string());
            }
        }
    }
    (nodes, marked)
}

fn check(d: &Drawing, ctx: &str) {
    let (svg, marked) = parse(&d.svg);
    assert_eq!(svg.len(), d.nodes.len(), "{ctx}");
    assert_eq!(d.summary.nodes_drawn, d.nodes.len(), "{ctx}");
    let stats = &d.result["stats"];
    let visited = d.nodes.iter().filter(|n| n.visited).count() as u64;
    assert_eq!(visited, stats["nodes"].as_u64().unwrap(), "{ctx}");
    // The pruned edges: the children of each prune event, and the trace's prunes.
    let pruned: BTreeSet<String> = d
        .events
        .iter()
        .filter_map(|e| e.bound.as_ref())
        .flat_map(|b| b.pruned.iter().cloned())
        .collect();
    assert_eq!(marked, pruned, "{ctx}");
    let prune_events = d
        .events
        .iter()
        .filter(|e| e.kind == EventKind::Prune)
        .count();
    assert_eq!(
        prune_events,
        d.result["trace"].as_array().unwrap().len(),
        "{ctx}"
    );
    for e in d.events.iter().filter(|e| e.kind == EventKind::Prune) {
        let b = e.bound.as_ref().unwrap();
        // At most the children the search says it left out (those of opponents who come
        // later are drawn too; each pruned child is one of them).
        assert!(
            !b.pruned.is_empty(),
            "{ctx}: a prune with no child drawn cut"
        );
        assert!(b.pruned.len() as u32 <= b.pruned_children, "{ctx}");
    }
    let replayed = draw::replay(&d.nodes, &d.events);
    for (id, (v, k)) in &replayed {
        assert_eq!(svg[id].contains("visited"), *v, "{ctx}: {id}");
        assert_eq!(svg[id].contains("pruned"), k.is_some(), "{ctx}: {id}");
    }
    // The principal variation: a chain from the root as long as the result's, each node
    // backing up (or valued at) the root player's score.
    let score = d.result["score"].as_i64().unwrap();
    let pv_len = d.result["pv"].as_array().unwrap().len();
    let pv: Vec<_> = d.nodes.iter().filter(|n| n.pv).collect();
    assert_eq!(pv.len(), pv_len + 1, "{ctx}");
    for (k, n) in pv.iter().enumerate() {
        assert_eq!(n.depth as usize, k, "{ctx}");
        assert!(svg[&n.id].contains("pv"), "{ctx}");
        if k > 0 {
            assert_eq!(n.parent.as_deref(), Some(pv[k - 1].id.as_str()), "{ctx}");
        }
        let own = match (&n.backed_up, &n.value) {
            (Some(v), _) => v[0],
            (None, Some(v)) => v[d.nodes[0].player.unwrap()],
            _ => panic!("{ctx}: pv node {} has no value", n.id),
        };
        assert_eq!(own, score, "{ctx}: pv node {}", n.id);
    }
    // Replies are labelled with the opponent who replies.
    for n in d.nodes.iter().filter(|n| n.depth % 2 == 0 && n.depth > 0) {
        let label = n.label.as_deref().unwrap_or("");
        assert!(
            label.contains(n.move_name.as_deref().unwrap()),
            "{ctx}: {label}"
        );
        assert!(label.starts_with('P'), "{ctx}: {label}");
    }
}

#[test]
fn best_reply_drawings_match_their_search() {
    let mut forced = 0;
    let mut prunes = 0;
    for spec in GAMES {
        for seed in 0..12u64 {
            for depth in [1, 2, 3] {
                let (position, _) = registry::visit(spec, None, CheckLog { seed, depth }).unwrap();
                for name in ["brs", "brs-plus"] {
                    let ctx = format!("{spec} {name}, seed {seed}, depth {depth}");
                    let d = draw::draw(
                        DrawInput {
                            source: input::game(spec, Some(&position)).unwrap(),
                            depth: Some(depth),
                        },
                        &DrawConfig::new(name),
                    )
                    .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    check(&d, &ctx);
                    prunes += d.summary.prunes;
                    forced += d
                        .nodes
                        .iter()
                        .filter(|n| n.label.as_deref().is_some_and(|l| l.contains("(forced)")))
                        .count();
                    if name == "brs" {
                        assert!(d
                            .nodes
                            .iter()
                            .all(|n| !n.label.as_deref().is_some_and(|l| l.contains("(forced)"))));
                    }
                }
            }
        }
    }
    assert!(prunes > 20, "{prunes}");
    assert!(forced > 20, "{forced}");
}

#[test]
fn best_reply_drawing_of_an_explicit_tree_is_refused() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/trees/korf-1991-fig3-shallow-pruning.json");
    let text = std::fs::read_to_string(&path).expect("bundled tree");
    let t = gametree::tree::ExplicitTree::from_json_str(&text).expect("valid tree");
    let e = draw::draw(
        DrawInput {
            source: Source::Tree(Arc::new(t)),
            depth: None,
        },
        &DrawConfig::new("brs"),
    )
    .unwrap_err();
    assert!(e.to_string().contains("hand the turn"), "{e}");
    let e = draw::draw(
        DrawInput {
            source: input::game("tictactoe", None).unwrap(),
            depth: Some(2),
        },
        &DrawConfig::new("brs-plus"),
    )
    .unwrap_err();
    assert!(e.to_string().contains("hand the turn"), "{e}");
}
