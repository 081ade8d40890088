//! The bundled example trees (the repository's `examples/trees/`), embedded in the binary
//! and served by name from this fixed list: a name is looked up, never joined to a path, so
//! `../` and every other path is refused.

/// The bundled trees: name (the file name without `.json`) and JSON text.
const EXAMPLES: &[(&str, &str)] = &[
    (
        "korf-1991-fig3-shallow-pruning",
        include_str!("../../../examples/trees/korf-1991-fig3-shallow-pruning.json"),
    ),
    (
        "korf-1991-fig6-deep-pruning",
        include_str!("../../../examples/trees/korf-1991-fig6-deep-pruning.json"),
    ),
    (
        "sturtevant-2003-fig1-maxn",
        include_str!("../../../examples/trees/sturtevant-2003-fig1-maxn.json"),
    ),
    (
        "sturtevant-2003-fig2-shallow-pruning",
        include_str!("../../../examples/trees/sturtevant-2003-fig2-shallow-pruning.json"),
    ),
    (
        "sturtevant-2003-fig3-deep-pruning",
        include_str!("../../../examples/trees/sturtevant-2003-fig3-deep-pruning.json"),
    ),
    (
        "design-example",
        include_str!("../../../examples/trees/design-example.json"),
    ),
    (
        "two-player-small",
        include_str!("../../../examples/trees/two-player-small.json"),
    ),
];

/// The names of the bundled trees, in listing order.
pub fn names() -> Vec<&'static str> {
    EXAMPLES.iter().map(|(n, _)| *n).collect()
}

/// The JSON text of the bundled tree `name` (with or without `.json`), if there is one.
pub fn get(name: &str) -> Option<&'static str> {
    let name = name.strip_suffix(".json").unwrap_or(name);
    EXAMPLES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}
