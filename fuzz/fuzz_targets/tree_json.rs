//! Tree JSON (`ExplicitTree::from_json_str`): any text is a tree or an error, never a
//! panic; a tree that loads has a root whose moves generate.
#![no_main]

use gametree::tree::ExplicitTree;
use gametree::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(tree) = ExplicitTree::from_json_str(text) {
        let root = tree.initial();
        let mut moves = Vec::new();
        tree.moves(&root, &mut moves);
        for &m in &moves {
            let child = tree.play(&root, m);
            let _ = tree.outcome(&child);
        }
    }
});
