"""docs/dice-protocol.md stays true to the code: every example line parses, the checksum table is
right, and every error code and emulator fault is documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hardware.emulator import FAULTS
from hardware.errors import ProtocolError
from hardware.protocol import (
    LINE_ERRORS,
    TRAY_FAULTS,
    checksum,
    encode,
    parse_companion_line,
    parse_module_line,
)

EXAMPLE = re.compile(r"(?:^|\s|`)(\d+ [A-Z]+(?: [a-z-]+=\S+)*\*[0-9A-F]{4})(?=\s|$|`)")


@pytest.fixture(scope="module")
def doc(repo_root: Path) -> str:
    return (repo_root / "docs" / "dice-protocol.md").read_text("utf-8")


def test_every_example_line_parses_and_encodes_back_to_itself(doc: str) -> None:
    examples = EXAMPLE.findall(doc)
    assert len(examples) >= 28
    for line in examples:
        try:
            message = parse_module_line(line)
        except ProtocolError as exc:
            if exc.reason != "wrong-direction":
                raise
            message = parse_companion_line(line)
        assert encode(message) == (line + "\n").encode()


def test_the_worked_checksum_example_is_right(doc: str) -> None:
    rows = re.findall(r"^\| 0x([0-9A-F]{2}) \| .* \| ([0-9A-F]{4}) \|$", doc, re.MULTILINE)
    body = bytes(int(byte, 16) for byte, _ in rows)
    assert body == b"2 PING"
    assert [checksum(body[: i + 1]) for i in range(len(body))] == [crc for _, crc in rows]
    assert "is `29B1`" in doc and checksum(b"123456789") == "29B1"


def test_every_error_code_and_fault_is_documented(doc: str) -> None:
    table = doc[doc.index("## 8. Error codes") : doc.index("## 9.")]
    codes = set(re.findall(r"^\| `([a-z-]+)` \|", table, re.MULTILINE))
    assert codes == set(TRAY_FAULTS) | set(LINE_ERRORS)
    emulator = doc[doc.index("## 13.") :]
    assert all(f"`{kind}`" in emulator for kind in FAULTS)
