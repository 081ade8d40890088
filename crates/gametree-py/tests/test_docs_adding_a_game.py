"""docs/adding-a-game.md shows the traits a game implements as a code block (issue #49,
point 7): every signature in it must be in the source file its comment names, so that the
block stays a true copy when a trait changes."""

import re

from conftest import REPO

PAGE = REPO / "docs" / "adding-a-game.md"


def collapse(text):
    """`text` without `//` comments, every run of whitespace one space."""
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r"\s+", " ", text).strip()


def signatures(block):
    """(file, signature) for every item of the block: a `pub trait`, `type`, `const` or
    `fn` line and the lines after it up to its `;` or the `{` of its body or default,
    whitespace collapsed; `file` is the path of the last `// crates/...` comment."""
    out = []
    path = None
    pending = None
    for line in block.splitlines():
        m = re.match(r"\s*// (crates/\S+)", line)
        if m:
            path = m.group(1)
            continue
        if pending is None and re.match(r"\s*(pub trait|type|const|fn) ", line):
            pending = ""
        if pending is None:
            continue
        pending += " " + line
        end = re.search(r"[;{]", pending)
        if end:
            out.append((path, collapse(pending[:end.start()])))
            pending = None
    return out


def the_block():
    text = PAGE.read_text()
    blocks = re.findall(r"```rust\n(.*?)```", text, re.S)
    return next(b for b in blocks if "pub trait Game {" in b)


def missing(block):
    sources = {}
    out = []
    for path, sig in signatures(block):
        if path not in sources:
            sources[path] = collapse((REPO / path).read_text())
        if sig not in sources[path]:
            out.append((path, sig))
    return out


def test_the_trait_block_is_a_copy_of_the_sources():
    block = the_block()
    sigs = signatures(block)
    traits = [s for _, s in sigs if s.startswith("pub trait")]
    assert traits == ["pub trait Game", "pub trait SetToMove: Game", "pub trait Evaluator<G: Game>",
                      "pub trait Zobrist: Game", "pub trait Notation: Game",
                      "pub trait Playable: Notation + Zobrist + Sync + Sized",
                      "pub trait Registered: Playable"]
    assert len(sigs) > 50
    assert missing(block) == []


def test_the_check_can_fail():
    block = the_block()
    changed = block.replace("fn max_plies(&self) -> u64;", "fn max_plies(&self) -> u32;")
    assert changed != block
    assert missing(changed) == [("crates/gametree-games/src/registry.rs", "fn max_plies(&self) -> u32")]
