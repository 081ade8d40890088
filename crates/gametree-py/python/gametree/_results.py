"""The result types of ``gametree.tournament``: plain dicts of the JSON's fields that print
as the command line's table in a REPL and as HTML tables in a notebook."""

import html
import json


class TournamentResult(dict):
    """What ``gametree.tournament`` returns: a dict with the fields of ``gametree tournament
    --json`` (``engines``, ``pairwise``, ``ratings``, ``results``, ...), equal to the dict
    ``json.loads`` makes of that JSON. ``print(result)`` (and the result in a REPL) shows the
    table the command line prints; a notebook (Jupyter, IPython) shows it as HTML tables
    (``_repr_html_``). ``to_dict()`` is a plain dict, ``to_json()`` the JSON text."""

    def __init__(self, fields=(), table=None):
        super().__init__(fields)
        # The command line's table, rendered natively from the same result (None for a
        # result made by hand: then the dict's own repr).
        self._table = table

    def __str__(self):
        return self._table if self._table is not None else dict.__repr__(self)

    def __repr__(self):
        if self._table is None:
            return f"TournamentResult({dict.__repr__(self)})"
        return self._table.rstrip("\n")

    def to_dict(self):
        """The fields as a plain dict (a deep copy: lists and dicts of the JSON's values)."""
        return json.loads(json.dumps(self))

    def to_json(self, indent=2):
        """The JSON text of ``gametree tournament --json`` (keys sorted, as it writes them)."""
        return json.dumps(self, indent=indent, sort_keys=True)

    def _repr_html_(self):
        return tournament_html(self)


def _pct(x):
    return f"{100.0 * x:.1f}"


def _interval(lo, hi, scale=1.0, digits=1):
    return f"[{scale * lo:.{digits}f}, {scale * hi:.{digits}f}]"


def _table(head, rows, numeric_from=1):
    """An HTML table: ``head`` a list of column names, ``rows`` lists of cells (text, escaped
    here); the columns from ``numeric_from`` on are right-aligned."""
    def cell(tag, i, text):
        align = f' style="text-align:{"right" if i >= numeric_from else "left"}"'
        return f"<{tag}{align}>{html.escape(str(text))}</{tag}>"

    out = ["<table>", "<thead><tr>" + "".join(cell("th", i, h) for i, h in enumerate(head))
           + "</tr></thead>", "<tbody>"]
    for row in rows:
        out.append("<tr>" + "".join(cell("td", i, c) for i, c in enumerate(row)) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


def tournament_html(r):
    """The tournament ``r`` (the fields of ``gametree tournament --json``) as HTML: the
    warning when most games were adjudicated, the line of totals, one row per engine and one
    per pair of engines: the command line's table, as HTML tables."""
    parts = []
    if r.get("mostly_adjudicated"):
        parts.append(
            f"<p><b>warning:</b> {r['adjudicated']} of {r['games']} games were adjudicated by "
            "the evaluator (stopped by a ply cap, not decided by play)</p>")
    claimed = f" ({r['claimed']} by the game's claim rule)" if r.get("claimed") else ""
    seatings = r["games"] // max(r["openings"], 1)
    parts.append(
        f"<p>{html.escape(str(r['game']))}: {r['games']} games ({r['openings']} openings x "
        f"{seatings} seatings), {r['finished']} finished{html.escape(claimed)}, "
        f"{r['adjudicated']} adjudicated</p>")
    rating = "Elo" if r["ratings"]["method"] == "elo" else "rating (BT)"
    engines = r["engines"]
    parts.append(_table(
        ["engine", "games", "fin/adj", "wins", "win %", "95% interval", rating,
         "95% interval", "nodes/move"],
        [[e["name"], e["games"], f"{e['finished']}/{e['adjudicated']}", f"{e['wins']:.1f}",
          _pct(e["win_rate"]["mean"]), _interval(*e["win_rate"]["ci95"], scale=100.0),
          f"{e['elo']:.0f}", _interval(*e["elo_ci95"], digits=0),
          f"{e['nodes_per_move']:.0f}"] for e in engines]))
    if r["pairwise"]:
        parts.append(_table(
            ["pair", "", "games", "ahead", "behind", "even", "score", "p (sign)"],
            [[engines[p["a"]]["name"], "vs " + engines[p["b"]]["name"], p["games"],
              p["a_ahead"], p["b_ahead"], p["even"], _pct(p["score"]) + "%",
              f"{p['p_value']:.4f}"] for p in r["pairwise"]],
            numeric_from=2))
    longest = [f"{html.escape(e['name'])}: longest move {e['max_move_ms']:.1f} ms"
               for e in engines if e.get("max_move_ms") is not None]
    if longest:
        parts.append("<p>" + "<br>".join(longest) + "</p>")
    return "<div>\n" + "\n".join(parts) + "\n</div>"



class ComparisonResult(dict):
    """What ``gametree.compare`` returns: a dict with the fields of ``gametree compare
    --json`` (``decision``, ``verdict``, ``p_value``, ``games``, ``per_group``,
    ``tournament``, ...). ``print(result)`` (and the result in a REPL) shows the decision
    first, then the evidence, as the command line prints them; a notebook shows them as
    HTML. ``to_dict()`` is a plain dict, ``to_json()`` the JSON text."""

    def __init__(self, fields=(), text=None):
        super().__init__(fields)
        # The command line's text, rendered natively from the same result.
        self._text = text

    def __str__(self):
        return self._text if self._text is not None else dict.__repr__(self)

    def __repr__(self):
        if self._text is None:
            return f"ComparisonResult({dict.__repr__(self)})"
        return self._text.rstrip("\n")

    def to_dict(self):
        """The fields as a plain dict (a deep copy: lists and dicts of the JSON's values)."""
        return json.loads(json.dumps(self))

    def to_json(self, indent=2):
        """The JSON text of ``gametree compare --json`` (keys sorted)."""
        return json.dumps(self, indent=indent, sort_keys=True)

    def _repr_html_(self):
        return comparison_html(self)


def comparison_html(c):
    """The comparison ``c`` (the fields of ``gametree compare --json``) as HTML: the verdict
    first, then the evidence, then the games' tournament tables."""
    a, b = c["engines"]
    rows = [
        ["games", f"{c['games']} in {c['groups']} groups of {c['group_size']} "
                  f"(stopped: {c['stop']}, cap {c['max_games']})"],
        [f"win rate of {a}", f"{c['win_rate']:.3f}, 95% Wilson "
                             + _interval(*c["wilson"], digits=3) + " (0.5 is even)"],
        [f"{100.0 * c['interval_level']:.1f}% interval of {c['interval_of']}",
         _interval(*c["interval"], digits=3)],
        ["test", f"{c['test']}: p = {c['p_value']:.4g}, level {c['level']:.4g}"],
        ["nodes per move", f"{a} {c['nodes_per_move'][0]:.0f}, {b} {c['nodes_per_move'][1]:.0f}"],
        ["adjudicated games", c["adjudicated"]],
    ]
    if c.get("games_needed") is not None:
        rows.append(["games to decide (80% power)", f"about {c['games_needed']}"])
    return ("<div>\n<p><b>" + html.escape(c["verdict"]) + "</b></p>\n"
            + _table(["", ""], rows, numeric_from=2) + "\n"
            + tournament_html(c["tournament"]) + "\n</div>")
