//! Game specs (`Spec::parse` and every game's `from_spec`): any text is a game or an error,
//! never a panic; the spec text of a game that loads reads back to the same game.
#![no_main]

use gametree_games::cards::CardGame;
use gametree_games::chinese_checkers::ChineseCheckers;
use gametree_games::random_tree::RandomTreeSpec;
use gametree_games::spec::Spec;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(spec) = Spec::parse(text) else { return };
    if let Ok(g) = ChineseCheckers::from_spec(&spec) {
        let again = ChineseCheckers::from_spec(&Spec::parse(&g.spec()).expect("own spec"))
            .expect("own spec loads");
        assert_eq!(again.spec(), g.spec());
    }
    if let Ok(g) = CardGame::from_spec(&spec) {
        let again = CardGame::from_spec(&Spec::parse(&g.spec()).expect("own spec"))
            .expect("own spec loads");
        assert_eq!(again.spec(), g.spec());
    }
    let _ = RandomTreeSpec::from_spec(&spec);
    let _ = spec.finish();
});
