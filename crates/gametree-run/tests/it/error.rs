//! The tests of `gametree_run::error` (here, not in the library: it has no test target).

use gametree_run::error::*;
use gametree_run::msg;

#[test]
fn an_option_reads_as_a_flag_on_the_command_line_and_a_key_in_the_api() {
    let e = RunError::Invalid(msg![
        Opt::TableMib,
        " works with maxn and speculative (or with ",
        Opt::Threads,
        "), not alphabeta"
    ]);
    assert_eq!(
        e.to_string(),
        "--table-mib works with maxn and speculative (or with --threads), not alphabeta"
    );
    assert_eq!(
        e.render(Front::Api),
        "table_mib works with maxn and speculative (or with threads), not alphabeta"
    );
}
