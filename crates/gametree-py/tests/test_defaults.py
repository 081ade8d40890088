"""A spec's defaults mean the same in Python as on the command line (issue #31: the
"default" Chinese Checkers board was 73 holes in Python's words and 121 on the command line).
`gametree.games()` lists small example specs, not defaults, and says so."""

import json

import gametree as gt


def test_games_lists_examples_not_defaults():
    doc = gt.games.__doc__ or ""
    assert "example spec" in doc and "default spec" not in doc, doc
    assert "chinese-checkers(players=3,board=73)" in gt.games()


def test_a_spec_without_board_is_the_121_hole_board_in_python_and_on_the_command_line(cli):
    # The cell numbers of the best move and the values tell the boards apart (perft does
    # not: the first plies count the same on both).
    def cli_search(spec):
        code, out, err = cli("search", "--game", spec, "--algorithm", "maxn", "--depth", "1",
                             "--json")
        assert code == 0, err
        j = json.loads(out)
        return j["best_move"], tuple(j["value"])

    def py_search(spec):
        r = gt.search(gt.Game(spec), "maxn", depth=1)
        return r.best_move, tuple(r.value)

    plain = py_search("chinese-checkers(players=3)")
    assert plain == cli_search("chinese-checkers(players=3)")
    assert plain == py_search("chinese-checkers(players=3,board=121)")
    assert plain == cli_search("chinese-checkers(players=3,board=121)")
    assert plain != py_search("chinese-checkers(players=3,board=73)")
