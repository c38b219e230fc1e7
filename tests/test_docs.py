"""The documents stay true to the code."""

from __future__ import annotations

import re
from pathlib import Path


def _rules_source(repo_root: Path) -> str:
    """The space rules' and the card operations' modules (``companion/editions/rules/``,
    ``companion/editions/cards/``), one text."""
    folders = [repo_root / "companion" / "editions" / name for name in ("rules", "cards")]
    return "".join(
        path.read_text("utf-8") for folder in folders for path in sorted(folder.glob("*.py"))
    )


def emitted_kinds(repo_root: Path) -> set[str]:
    source = (repo_root / "companion" / "rules" / "movement.py").read_text("utf-8")
    kinds = set(re.findall(r'Action\(\s*"([a-z_]+)"', source))
    kinds |= set(re.findall(r'\.action\(\s*"([a-z_]+)"', _rules_source(repo_root)))
    return kinds


def test_every_follow_up_kind_is_documented_and_every_documented_kind_exists(
    repo_root: Path,
) -> None:
    doc = (repo_root / "docs" / "situation.md").read_text("utf-8")
    # The kinds, without the notes in brackets that name their fields.
    listed = re.sub(r"\([^)]*\)", "", doc[doc.index("Follow-up kinds:") :])
    documented = set(re.findall(r"`([a-z_]+)`", listed))
    assert documented == emitted_kinds(repo_root)


def test_every_rule_id_cited_by_a_step_is_in_the_rulings(repo_root: Path) -> None:
    source = (repo_root / "companion" / "rules" / "movement.py").read_text("utf-8")
    source += _rules_source(repo_root)
    cited = set(re.findall(r'"([MPRD]\d+)"', source)) | set(
        re.findall(r'rule="([A-Z]\d+)"', source)
    )
    rulings = (repo_root / "docs" / "rulings.md").read_text("utf-8")
    documented = set(re.findall(r"^\| ([A-Z]\d+) \|", rulings, re.MULTILINE))
    assert cited and cited <= documented, sorted(cited - documented)


def test_every_banker_ruling_is_cited_by_the_code_that_applies_it(repo_root: Path) -> None:
    """A B ruling of docs/rulings.md is named ("B4: ...") where the code applies it, as the P
    and M rulings are; and the code cites no B ruling the document does not have."""
    rulings = (repo_root / "docs" / "rulings.md").read_text("utf-8")
    section = rulings.split("## The banker's own rulings (B)", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| (B\d+) \|", section, re.MULTILINE))
    code = "".join(
        path.read_text("utf-8")
        for package in ("companion", "ui")
        for path in sorted((repo_root / package).rglob("*.py"))
    )
    # Linters' codes (``noqa: B018``, flake8-bugbear's) are not rulings.
    cited = set(re.findall(r"\b(B\d+)\b", re.sub(r"noqa: [A-Z0-9, ]+", "", code)))
    assert len(documented) >= 16
    assert sorted(documented - cited, key=lambda b: int(b[1:])) == []
    assert sorted(cited - documented) == []


def _first_column(text: str, header: str) -> set[str]:
    """The backticked names in the first column of the table whose header starts ``header``."""
    table = text.split(f"| {header} |", 1)[1].split("\n\n", 1)[0]
    names: set[str] = set()
    for line in table.splitlines()[2:]:
        names.update(re.findall(r"`(\w+)`", line.split("|")[1]))
    return names


def test_the_banker_doc_lists_every_decision_command_and_event(repo_root: Path) -> None:
    from companion.banker.engine import COMMAND_HANDLERS
    from companion.editions import edition, known_editions
    from companion.editions.cards import load_for as load_cards
    from companion.editions.rules import load_for

    # The shipped editions' rules and card operations register their commands (a game does too).
    for edition_id in known_editions():
        load_for(edition(edition_id))
        load_cards(edition(edition_id))
    doc = (repo_root / "docs" / "banker.md").read_text("utf-8")
    code = "".join(
        path.read_text("utf-8") for path in (repo_root / "companion" / "banker").glob("*.py")
    )
    code += _rules_source(repo_root)
    asked = set(re.findall(r'\.ask\(\s*"(\w+)"', code)) | {"deal"}
    assert _first_column(doc, "decision") == asked
    assert _first_column(doc, "command") == set(COMMAND_HANDLERS)
    emitted = set(re.findall(r'emit\(\s*"(\w+)"', code)) | {
        "game_started",
        "transfer",
        "decision",
        "shares",
        "undone",
    }
    assert _first_column(doc, "event") == emitted
    assert _first_column(doc, "old event") == {"seat", "bank"}
