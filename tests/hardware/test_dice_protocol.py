"""The dice-module protocol: round trips, and a table of malformed lines with their reasons."""

from __future__ import annotations

import doctest
import importlib
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import CompanionError
from hardware.errors import HardwareError, ProtocolError
from hardware.protocol import (
    MAX_LINE,
    SPEED_FACES,
    ErrorReport,
    Hello,
    HostHello,
    Moving,
    Ping,
    Reread,
    Settled,
    Status,
    checksum,
    decode_frame,
    describe,
    encode,
    encode_body,
    parse_companion_line,
    parse_module_line,
)


def framed(body: str) -> bytes:
    """A line with a correct checksum, so that what is tested is what comes after it."""
    return f"{body}*{checksum(body.encode())}\n".encode()


# --- round trips ---------------------------------------------------------------------------

seqs = st.integers(0, 65535)
throws = st.integers(1, 999_999_999)
words = st.from_regex(r"[A-Za-z0-9._:+-]{1,32}", fullmatch=True)
percents = st.integers(0, 100)


@st.composite
def settled(draw: st.DrawFn) -> Settled:
    dice = tuple(draw(st.lists(st.integers(1, 6), min_size=2, max_size=3)))
    speed = draw(st.none() | st.sampled_from(SPEED_FACES))
    confidence = tuple(draw(percents) for _ in range(len(dice) + (speed is not None)))
    return Settled(draw(seqs), draw(throws), draw(st.integers(0, 99)), dice, speed, confidence)


module_messages = st.one_of(
    st.builds(
        Hello,
        seqs,
        words,
        words,
        st.from_regex(r"[1-9]\.[0-9]", fullmatch=True),
        st.from_regex(r"[0-9a-f]{1,16}", fullmatch=True),
        st.integers(0, 999_999_999),
    ),
    st.builds(Moving, seqs, throws),
    settled(),
    st.builds(
        Status,
        seqs,
        st.sampled_from(("idle", "moving", "settled")),
        st.integers(0, 1000),
        st.none(),
        st.none() | percents,
    ),
    st.builds(Status, seqs, st.just("fault"), st.integers(0, 9), st.just("too-dark"), percents),
    st.builds(ErrorReport, seqs, st.sampled_from(("die-leaning", "bad-line")), st.none()),
    st.builds(ErrorReport, seqs, st.just("camera-blocked"), throws, st.integers(0, 5), st.none()),
)

companion_messages = st.one_of(
    st.builds(HostHello, seqs, words, words, st.just("1.0")),
    st.builds(Reread, seqs, throws),
    st.builds(Ping, seqs),
)


@given(module_messages)
def test_every_module_message_survives_encoding_and_parsing(message) -> None:
    line = encode(message)
    assert line.endswith(b"\n") and len(line) <= MAX_LINE
    assert parse_module_line(line) == message
    # A sender may end lines with CR LF.
    assert parse_module_line(line[:-1] + b"\r\n") == message
    assert describe(message)


@given(companion_messages)
def test_every_companion_message_survives_encoding_and_parsing(message) -> None:
    assert parse_companion_line(encode(message)) == message


@given(module_messages, st.data())
def test_any_single_damaged_byte_is_rejected(message, data) -> None:
    line = bytearray(encode(message))
    at = data.draw(st.integers(0, len(line) - 2), label="position")
    line[at] ^= 1 << data.draw(st.integers(0, 6), label="bit")
    with pytest.raises(ProtocolError):
        parse_module_line(bytes(line))


def test_the_checksum_is_crc16_ccitt_false() -> None:
    # The standard check value of CRC-16/CCITT-FALSE, and the worked example of the document.
    assert checksum(b"123456789") == "29B1"
    body = b"7 SETTLED throw=3 read=0 dice=3,4 speed=mr conf=97,95,91"
    assert checksum(body) == "AD7C"
    assert encode_body(Settled(7, 3, 0, (3, 4), "mr", (97, 95, 91))) == body


def test_the_documented_examples_are_exact() -> None:
    assert encode(Moving(6, throw=3)) == framed("6 MOVING throw=3")
    assert encode(Settled(7, 3, 0, (3, 4, 5), None, (99, 98, 97))) == framed(
        "7 SETTLED throw=3 read=0 dice=3,4,5 conf=99,98,97"
    )
    assert encode(ErrorReport(9, "die-leaning", throw=3, read=0)) == framed(
        "9 ERROR code=die-leaning throw=3 read=0"
    )
    assert encode(Ping(2)) == framed("2 PING")


def test_unknown_keys_are_ignored_for_newer_minor_versions() -> None:
    line = framed("5 MOVING throw=4 tray=left")
    assert parse_module_line(line) == Moving(5, 4)


# --- malformed lines ------------------------------------------------------------------------

MALFORMED = [
    (b"", "empty"),
    (b"\r\n", "empty"),
    (b"x" * (MAX_LINE + 1), "too-long"),
    (b"3 MOVING throw=1\xff*0000\n", "not-ascii"),
    (b"3 MOVING\tthrow=1*0000\n", "not-ascii"),
    (b"3 MOVING throw=1\n", "no-checksum"),
    (b"3 MOVING throw=1*5b1a\n", "bad-checksum"),
    (b"3 MOVING throw=1*5B1\n", "bad-checksum"),
    (b"3 MOVING throw=12*1F4E\n", "checksum-mismatch"),
    (framed("3"), "bad-frame"),
    (framed("3 MOVING  throw=1"), "bad-frame"),
    (framed(" 3 MOVING throw=1"), "bad-frame"),
    (framed("65536 MOVING throw=1"), "bad-seq"),
    (framed("03 MOVING throw=1"), "bad-seq"),
    (framed("-1 MOVING throw=1"), "bad-seq"),
    (framed("3 moving throw=1"), "bad-type"),
    (framed("3 MOVING throw"), "bad-field"),
    (framed("3 MOVING Throw=1"), "bad-field"),
    (framed("3 MOVING throw="), "bad-field"),
    (framed("3 MOVING throw=1=2"), "bad-field"),
    (framed("3 MOVING throw=1 throw=2"), "duplicate-key"),
    (framed("3 ROLLED throw=1"), "unknown-type"),
    (framed("3 MOVING"), "missing-key"),
    (framed("3 MOVING throw=0"), "bad-value"),
    (framed("3 MOVING throw=x"), "bad-value"),
    (framed("3 SETTLED throw=1 read=0 dice=3,4 speed=mr"), "missing-key"),
    (framed("3 SETTLED throw=1 read=0 dice=3,7 speed=mr conf=9,9,9"), "bad-value"),
    (framed("3 SETTLED throw=1 read=0 dice=3 speed=mr conf=9,9"), "bad-value"),
    (framed("3 SETTLED throw=1 read=0 dice=1,2,3,4 conf=9,9,9,9"), "bad-value"),
    (framed("3 SETTLED throw=1 read=0 dice=3,4 speed=4 conf=9,9,9"), "bad-value"),
    (framed("3 SETTLED throw=1 read=0 dice=3,4 speed=mr conf=9,9"), "bad-value"),
    (framed("3 SETTLED throw=1 read=0 dice=3,4 conf=9,9,9"), "bad-value"),
    (framed("3 SETTLED throw=1 read=0 dice=3,4 speed=bus conf=9,101,9"), "bad-value"),
    (framed("3 SETTLED throw=1 read=0 dice=3,,4 speed=bus conf=9,9,9"), "bad-value"),
    (framed("3 STATUS state=asleep throw=0"), "bad-value"),
    (framed("3 STATUS state=fault throw=0"), "bad-value"),
    (framed("3 STATUS state=idle throw=0 code=too-dark"), "bad-value"),
    (framed("3 STATUS state=idle throw=0 light=101"), "bad-value"),
    (framed("3 ERROR throw=1 read=0"), "missing-key"),
    (framed("3 ERROR code=die-leaning throw=1"), "bad-value"),
    (framed("3 ERROR code=Die_Leaning"), "bad-value"),
    (framed("3 HELLO module=cam fw=1 proto=1 boot=ab throw=0"), "bad-value"),
    (framed("3 HELLO module=cam fw=1 proto=1.0 boot=XY throw=0"), "bad-value"),
    (framed("3 HELLO module=cam proto=1.0 boot=ab throw=0"), "missing-key"),
    (framed("3 HELLO host=companion sw=0.1.0 proto=1.0"), "wrong-direction"),
    (framed("3 REREAD throw=1"), "wrong-direction"),
    (framed("3 PING"), "wrong-direction"),
]


@pytest.mark.parametrize(("line", "reason"), MALFORMED, ids=[r for _, r in MALFORMED])
def test_a_malformed_module_line_is_rejected_with_its_reason(line: bytes, reason: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_module_line(line)
    assert caught.value.reason == reason
    assert str(caught.value).startswith(f"{reason}: ")
    assert caught.value.line == line
    assert "\n" not in str(caught.value)


def test_a_rejection_quotes_the_line_and_says_what_is_wrong() -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_module_line(framed("3 SETTLED throw=1 read=0 dice=3,7 speed=mr conf=9,9,9"))
    assert str(caught.value) == (
        "bad-value: dice='3,7': 2 or 3 numbers 1 to 6, separated by commas in "
        f"'3 SETTLED throw=1 read=0 dice=3,7 speed=mr conf=9,9,9*"
        f"{checksum(b'3 SETTLED throw=1 read=0 dice=3,7 speed=mr conf=9,9,9')}'"
    )


def test_a_protocol_error_is_a_companion_error_and_a_value_error() -> None:
    assert issubclass(ProtocolError, CompanionError)
    assert issubclass(ProtocolError, HardwareError)
    assert issubclass(ProtocolError, ValueError)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (framed("1 SETTLED throw=1"), "unknown-type"),
        (framed("1 REREAD throw=0"), "bad-value"),
        (framed("1 HELLO sw=1 proto=1.0"), "missing-key"),
    ],
)
def test_a_malformed_companion_line_is_rejected(line: bytes, reason: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_companion_line(line)
    assert caught.value.reason == reason


def test_decode_frame_accepts_text_and_keeps_the_fields_in_order() -> None:
    frame = decode_frame(framed("12 STATUS state=idle throw=4").decode())
    assert (frame.seq, frame.type, dict(frame.fields)) == (
        12,
        "STATUS",
        {"state": "idle", "throw": "4"},
    )


def test_encode_refuses_a_message_that_would_not_parse() -> None:
    with pytest.raises(ProtocolError) as caught:
        encode(Settled(1, 1, 0, (3, 7), "mr", (90, 90, 90)))
    assert caught.value.reason == "bad-value"
    with pytest.raises(ProtocolError):
        encode(replace(Status(1, "idle", 0), code="too-dark"))


def test_sequence_numbers_wrap_when_encoded() -> None:
    assert parse_module_line(encode(Moving(65536 + 4, 1))).seq == 4


@pytest.mark.parametrize(
    "name",
    ["hardware.protocol", "hardware.emulator", "hardware.readings", "hardware.config"],
)
def test_the_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    failures, _tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
