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
    def cli_perft(spec):
        code, out, err = cli("perft", "--game", spec, "--depth", "2", "--json")
        assert code == 0, err
        return json.loads(out)["leaves"]

    plain = gt.perft(gt.Game("chinese-checkers(players=3)"), 2)
    assert plain == cli_perft("chinese-checkers(players=3)")
    assert plain == gt.perft("chinese-checkers(players=3,board=121)", 2)
    assert plain == cli_perft("chinese-checkers(players=3,board=121)")
    assert plain != gt.perft("chinese-checkers(players=3,board=73)", 2)
