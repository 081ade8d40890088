//! The tests of `gametree_run::engine_name` (here, not in the library: it has no test target).

mod budget_tests {
    //! The budgets of a name, the processor-time one (`@c`) included.

    use gametree_run::engine::{MoveBudget, MAX_TIME_MS};
    use gametree_run::engine_name::{parse_budget, parse_engine};

    #[test]
    fn a_processor_time_budget_reads_and_prints_back() {
        let e = parse_engine("maxn@c20:table=4", MoveBudget::Depth(1), None).unwrap();
        assert_eq!(e.budget, MoveBudget::CpuTime(20));
        assert_eq!(e.name(), "maxn@c20:table=4");
        assert_eq!(parse_budget("t20"), Ok(MoveBudget::Time(20)));
        assert_eq!(
            serde_json::to_string(&MoveBudget::CpuTime(20)).unwrap(),
            r#"{"cpu_ms":20}"#
        );
    }

    #[test]
    fn bad_processor_time_budgets_say_what_is_wrong() {
        let range = format!("the processor time budget must be 1 to {MAX_TIME_MS} ms");
        for (text, want) in [
            ("c0", range.clone()),
            (&format!("c{}", MAX_TIME_MS + 1), range.clone()),
            // Too many digits for any number: out of the range, not "bad".
            ("c99999999999999999999", range),
            (
                "c",
                "bad processor time budget `c`: expected `cMILLISECONDS`, a whole number after `c`"
                    .into(),
            ),
            (
                "x5",
                "the budget is `@dDEPTH`, `@nNODES` or `@tMILLISECONDS` (`@cMILLISECONDS`: processor time; `@iITERATIONS`: MCTS iterations)".into(),
            ),
        ] {
            assert_eq!(parse_budget(text).map_err(|e| e.to_string()), Err(want), "{text}");
        }
    }

    /// Issue #46: an error named what was left after the form's letter, so `calibrated`
    /// (a `--budget` of `gametree reproduce`) was a "bad processor time budget
    /// `alibrated`". Every message names the budget as given.
    #[test]
    fn budget_errors_name_the_whole_budget() {
        for (text, want) in [
            (
                "calibrated",
                "bad processor time budget `calibrated`: expected `cMILLISECONDS`, a whole number after `c`",
            ),
            (
                "tx",
                "bad time budget `tx`: expected `tMILLISECONDS`, a whole number after `t`",
            ),
            (
                "t-5",
                "bad time budget `t-5`: expected `tMILLISECONDS`, a whole number after `t`",
            ),
            (
                "d1x",
                "bad depth `d1x`: expected `dDEPTH`, a whole number after `d`",
            ),
            (
                "nodes",
                "bad node budget `nodes`: expected `nNODES`, a whole number after `n`",
            ),
            ("d99999999999999999999", "the depth must be at most 10000"),
            (
                "i99999999999999999999",
                "the iteration budget must be at most 18446744073709551615",
            ),
            ("i0", "the iteration budget must be at least 1"),
            (
                "i2k",
                "bad iteration budget `i2k`: expected `iITERATIONS`, a whole number after `i`",
            ),
            (
                "n99999999999999999999",
                "the node budget must be at most 18446744073709551615",
            ),
            ("", "the budget is `@dDEPTH`, `@nNODES` or `@tMILLISECONDS` (`@cMILLISECONDS`: processor time; `@iITERATIONS`: MCTS iterations)"),
        ] {
            assert_eq!(
                parse_budget(text).map_err(|e| e.to_string()),
                Err(want.to_string()),
                "{text}"
            );
        }
        assert_eq!(parse_budget("d12"), Ok(MoveBudget::Depth(12)));
        assert_eq!(parse_budget("n7"), Ok(MoveBudget::Nodes(7)));
        assert_eq!(parse_budget("c20"), Ok(MoveBudget::CpuTime(20)));
        assert_eq!(parse_budget("i200"), Ok(MoveBudget::Iterations(200)));
    }
}

mod policy_tests {
    //! The MCTS options of a name (`engine_policy`), read through the name's parser.

    use gametree::search::mcts::{Backup, MctsConfig, Playout, Reward, Solver, SolverRule};
    use gametree::search::{Algorithm, Searcher};

    use gametree_run::engine::MoveBudget;
    use gametree_run::engine_name::parse_engine;

    #[test]
    fn mcts_policy_options_read_apply_and_print_back() {
        let name = "mcts@n20000:cutoff=10:reward=rank:c=0.4:backup=brs:ph=5:solver=paranoid:playout=epsilon0.15";
        let e = parse_engine(name, MoveBudget::Depth(1), None).unwrap();
        assert_eq!(e.name(), name);
        let m = e.policy.apply(MctsConfig::default());
        assert_eq!(m.reward, Reward::Rank);
        assert_eq!(m.exploration, 0.4);
        assert_eq!(
            m.exploration_from,
            gametree::search::mcts::ExplorationFrom::Config
        );
        assert_eq!(m.backup, Backup::Brs);
        assert_eq!(m.progressive_history, Some(5.0));
        assert_eq!(
            (m.solver, m.solver_rule),
            (Solver::On, SolverRule::Paranoid)
        );
        assert_eq!(m.playout, Playout::EpsilonGreedy { epsilon: 0.15 });

        let random = parse_engine("mcts@n10:playout=random", MoveBudget::Depth(1), None).unwrap();
        assert_eq!(random.name(), "mcts@n10:playout=random");
        assert_eq!(
            random
                .policy
                .apply(MctsConfig {
                    playout: Playout::EpsilonGreedy { epsilon: 0.5 },
                    ..MctsConfig::default()
                })
                .playout,
            Playout::Random
        );
        // Not given: the defaults.
        let plain = parse_engine("mcts@n100", MoveBudget::Depth(1), None).unwrap();
        assert_eq!(
            plain.policy.apply(MctsConfig::default()),
            MctsConfig::default()
        );
    }

    #[test]
    fn brs_plus_forced_moves_read_and_print_back() {
        use gametree::search::best_reply::ForcedMoves;
        for (name, forced) in [
            ("brs-plus@n5000:forced=ordered", ForcedMoves::Ordered),
            (
                "brs-plus@d3:forced=evaluator-first",
                ForcedMoves::EvaluatorFirst,
            ),
        ] {
            let e = parse_engine(name, MoveBudget::Depth(1), None).unwrap();
            assert_eq!(e.name(), name);
            assert_eq!(e.policy.forced, Some(forced));
        }
        // `brs+` is `brs-plus`; without the option, the default (printed as given: none).
        let e = parse_engine("brs+@n10", MoveBudget::Depth(1), None).unwrap();
        assert_eq!(e.name(), "brs-plus@n10");
        assert_eq!(e.policy.forced, None);
    }

    #[test]
    fn bad_policy_options_are_refused_in_one_line() {
        for (name, fragment) in [
            ("mcts@n10:reward=points", "unknown reward `points`"),
            ("mcts@n10:c=-1", "c `-1`"),
            ("mcts@n10:c=0.0001", "at most three decimals"),
            ("mcts@n10:ph=x", "ph `x`"),
            ("mcts@n10:backup=best-reply", "now `min-reply`"),
            ("mcts@n10:solver=last", "unknown solver rule"),
            ("mcts@n10:playout=epsilon1.5", "playout `epsilon1.5`"),
            ("mcts@n10:playout=greedy", "playout `greedy`"),
            ("mcts@n10:reward=win:reward=rank", "given twice"),
            ("maxn@d2:reward=win", "for mcts only, not maxn"),
            (
                "mcts@n10:backup=brs:solver=first-winner",
                "does not apply to `backup=brs`",
            ),
            ("mcts@n10:color=red", "`:reward=scaled|win|rank`"),
            (
                "brs-plus@n10:forced=best",
                "unknown forced-move choice `best`",
            ),
            ("brs@n10:forced=ordered", "for brs-plus only, not brs"),
            ("mcts@n10:forced=ordered", "for brs-plus only, not mcts"),
            ("brs-plus@n10:forced=ordered:forced=ordered", "given twice"),
            (
                "brs-plus@n10:forced=ordered:c=1",
                "for mcts only, not brs-plus",
            ),
        ] {
            let e = parse_engine(name, MoveBudget::Depth(1), None).unwrap_err();
            let text = e.to_string();
            assert!(text.contains(fragment), "{name}: {text}");
            assert!(!text.contains('\n'), "{text}");
        }
        let _ = Searcher::Plain(Algorithm::Maxn);
    }
}
