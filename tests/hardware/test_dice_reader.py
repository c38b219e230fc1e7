"""The dice reader over a pseudo-terminal pair (and ``loop://``): greeting, exactly-once
readings, damaged and split lines, unplug and replug, timeouts, manual entry."""

from __future__ import annotations

import socket
import threading
from dataclasses import replace
from typing import Any

import pytest
import serial
from dice_fakes import TIMEOUT, FakeModule, Harness

from companion.errors import BadRollError
from companion.rules.movement import Roll
from hardware.errors import ManualEntryNeeded
from hardware.protocol import (
    ErrorReport,
    Hello,
    HostHello,
    Moving,
    Ping,
    Reread,
    Settled,
    Status,
    encode,
)
from hardware.readings import DiceReading

SETTLED = Settled(0, throw=1, read=0, dice=(3, 4), speed="mr", confidence=(97, 95, 91))
READING = DiceReading(
    module="cam-1",
    boot="0badcafe",
    throw=1,
    read=0,
    dice=(3, 4),
    speed="mr",
    confidence=(97, 95, 91),
)


def connected(module: FakeModule, harness: Any, **options: Any) -> Harness:
    h: Harness = harness(str(module.link), **options)
    module.greet()
    h.wait_state("connected")
    return h


def test_the_reader_greets_first_and_reports_the_module(module: FakeModule, harness) -> None:
    h = harness(str(module.link))
    first = module.read()
    assert isinstance(first, HostHello)
    assert (first.host, first.protocol) == ("companion", "1.0")
    hello = Hello(0, module="cam-1", firmware="1.2.0", protocol="1.0", boot="0badcafe", throw=0)
    module.send(hello)
    status = h.wait_state("connected")
    assert status.module == hello
    assert status.url == str(module.link)
    assert [s.state for s in h.statuses] == ["connecting", "connected"]
    assert not status.needs_manual_entry


def test_a_settled_roll_is_delivered_once_on_the_main_thread(module: FakeModule, harness) -> None:
    h = connected(module, harness)
    module.send(Moving(0, throw=1))
    module.send(SETTLED)
    assert h.wait_readings(1) == [READING]
    assert h.threads == {threading.main_thread().name}
    assert h.readings[0].to_roll() == Roll(3, 4, "mr")
    assert h.readings[0].key == "0badcafe:1"
    assert h.statuses[-1].tray == "settled"


def test_a_repeated_sequence_number_is_applied_once(module: FakeModule, harness) -> None:
    h = connected(module, harness)
    line = module.send(SETTLED)
    module.send_raw(line)  # the same line again, same sequence number
    module.send(Settled(0, throw=2, read=0, dice=(1, 2), speed="3", confidence=(99, 99, 99)))
    readings = h.wait_readings(2)
    assert [(r.throw, r.dice) for r in readings] == [(1, (3, 4)), (2, (1, 2))]
    counters = h.reader.counters()
    assert (counters.repeated, counters.readings, counters.lost) == (1, 2, 0)
    assert [e.note for e in h.lines if e.note.startswith("repeated")] == [
        "repeated sequence number: ignored"
    ]


def test_the_same_reading_sent_again_with_a_new_number_is_delivered_once(
    module: FakeModule, harness
) -> None:
    h = connected(module, harness)
    module.send(SETTLED)
    module.send(SETTLED)  # a module resending after a hiccup: new seq, same throw and read
    module.send(Moving(0, throw=2))
    h.wait_for(lambda: h.statuses[-1].tray == "moving", "the next throw")
    h.settle()
    assert h.readings == [READING]
    assert h.reader.counters().duplicates == 1


def test_a_line_split_into_pieces_is_joined(module: FakeModule, harness) -> None:
    h = connected(module, harness)
    line = encode(Settled(1, throw=1, read=0, dice=(3, 4), speed="mr", confidence=(97, 95, 91)))
    for byte in line:
        module.send_raw(bytes([byte]))
    assert h.wait_readings(1) == [READING]


def test_pieces_arriving_in_separate_reads_are_joined() -> None:
    """A port that hands out exactly the chunks given, one per read, whatever their size."""
    hello = encode(Hello(0, "cam-1", "1.2.0", "1.0", "0badcafe", 0))
    settled = encode(Settled(1, 1, 0, (3, 4), "mr", (97, 95, 91)))
    chunks = [hello[:5], hello[5:], settled[:1], settled[1:30], settled[30:-1], settled[-1:]]
    h = Harness("chunks://", open_port=lambda url, **_: ChunkPort(chunks))
    h.reader.start()
    try:
        assert h.wait_readings(1) == [READING]
        assert h.reader.counters().rejected == 0
    finally:
        assert h.reader.stop()


class ChunkPort:
    def __init__(self, chunks: list[bytes]) -> None:
        self.chunks = list(chunks)
        self.idle = threading.Event()

    @property
    def in_waiting(self) -> int:
        return len(self.chunks[0]) if self.chunks else 0

    def read(self, size: int = 1) -> bytes:
        if not self.chunks:
            self.idle.wait(0.05)
            return b""
        return self.chunks.pop(0)

    def write(self, data: bytes) -> int:
        return len(data)

    def close(self) -> None:
        self.idle.set()


def test_garbage_is_rejected_and_the_next_line_still_read(module: FakeModule, harness) -> None:
    h = connected(module, harness)
    module.send_raw(b"\x00\xff\x13 noise \xfe\n")
    module.send_raw(b"#" * 500)  # no line feed at all: dropped up to the next one
    module.send_raw(b"still noise\n")
    module.send(SETTLED)
    assert h.wait_readings(1) == [READING]
    counters = h.reader.counters()
    assert counters.reasons == {"not-ascii": 1, "too-long": 1}
    assert [e.error.reason for e in h.lines if e.error is not None] == ["not-ascii", "too-long"]


def test_a_damaged_line_makes_the_reader_ask_for_the_status(module: FakeModule, harness) -> None:
    h = connected(module, harness)
    line = bytearray(encode(Settled(0, 1, 0, (3, 4), "mr", (97, 95, 91))))
    line[12] ^= 0x01
    module.send_raw(bytes(line))
    module.seq = 1
    assert isinstance(module.expect(Ping), Ping)
    # The module says throw 1 has settled; the reader never got it, so it asks for a re-read.
    module.send(Status(0, state="settled", throw=1))
    assert module.expect(Reread) == Reread(module.received[-1].seq, throw=1)
    module.send(Settled(0, 1, 1, (3, 4), "mr", (97, 95, 91)))
    readings = h.wait_readings(1)
    assert [(r.throw, r.read, r.dice) for r in readings] == [(1, 1, (3, 4))]
    assert h.reader.counters().reasons == {"checksum-mismatch": 1}


def test_a_missed_reading_is_asked_for_once_however_many_statuses_say_so(
    module: FakeModule, harness
) -> None:
    h = connected(module, harness)
    for _ in range(3):
        module.send(Status(0, state="settled", throw=1))
    module.send(Status(0, state="idle", throw=1))
    h.wait_for(lambda: h.statuses[-1].tray == "idle", "the last status")
    rereads = [m for m in module.quiet_for(0.1) if isinstance(m, Reread)]
    rereads += [m for m in module.received if isinstance(m, Reread)]
    assert [r.throw for r in rereads] == [1]


def test_lost_lines_are_counted_and_the_status_asked_for(module: FakeModule, harness) -> None:
    h = connected(module, harness)
    module.send(Moving(0, throw=1))
    module.seq += 3  # three lines lost on the way
    module.send(SETTLED)
    assert h.wait_readings(1) == [READING]
    assert h.reader.counters().lost == 3
    assert isinstance(module.expect(Ping), Ping)
    assert any(e.note == "3 lines lost before it" for e in h.lines)


def test_lines_before_the_greeting_are_ignored(module: FakeModule, harness) -> None:
    h = harness(str(module.link))
    module.expect(HostHello)
    module.send(SETTLED)
    module.send(Hello(0, "cam-1", "1.2.0", "1.0", "0badcafe", 0))
    h.wait_state("connected")
    h.settle()
    assert h.readings == []
    assert [e.note for e in h.lines if e.note] == ["before the greeting: ignored"]


def test_a_throw_made_before_the_greeting_is_not_offered(module: FakeModule, harness) -> None:
    h: Harness = harness(str(module.link))
    module.greet(throw=5)  # the module had read five throws before the companion started
    h.wait_state("connected")
    module.send(Settled(0, 5, 0, (1, 1), "1", (99, 99, 99)))
    module.send(Settled(0, 6, 0, (2, 2), "2", (99, 99, 99)))
    readings = h.wait_readings(1)
    h.settle()
    assert [r.throw for r in readings] == [6]


def test_unplug_and_replug_is_survived_without_a_restart(module: FakeModule, harness) -> None:
    h = connected(module, harness)
    module.send(SETTLED)
    h.wait_readings(1)

    module.unplug()
    assert "disconnected" == h.wait_state("disconnected").state
    assert h.statuses[-1].needs_manual_entry
    assert not h.reader.request_reread()

    module.plug_in()
    module.greet(boot="feedf00d", throw=0)  # a replugged module has restarted
    h.wait_state("connected")
    module.send(Settled(0, 1, 0, (6, 6), "bus", (99, 98, 97)))
    readings = h.wait_readings(2)
    assert [(r.key, r.dice) for r in readings] == [("0badcafe:1", (3, 4)), ("feedf00d:1", (6, 6))]
    assert h.reader.counters().connections == 2


def test_a_reading_sent_again_after_a_reconnect_is_not_delivered_again(
    module: FakeModule, harness
) -> None:
    h = connected(module, harness)
    module.send(SETTLED)
    h.wait_readings(1)
    module.unplug()
    h.wait_state("disconnected")
    module.plug_in()
    module.greet(throw=1)  # the same boot: the module did not restart
    h.wait_state("connected")
    module.send(SETTLED)  # its last reading, once more
    module.send(Settled(0, 2, 0, (5, 5), "3", (99, 99, 99)))
    readings = h.wait_readings(2)
    h.settle()
    assert [(r.throw, r.read) for r in readings] == [(1, 0), (2, 0)]


def test_with_no_module_the_reader_keeps_trying_until_one_appears(tmp_path, harness) -> None:
    link = tmp_path / "dice"
    h = harness(str(link))
    status = h.wait_state("disconnected")
    assert "No such file or directory" in status.detail
    assert status.needs_manual_entry
    module = FakeModule(link).plug_in()
    try:
        module.greet()
        h.wait_state("connected")
    finally:
        module.unplug()


def test_the_reader_repeats_its_greeting_until_answered(module: FakeModule, harness) -> None:
    h = harness(str(module.link), hello_interval=0.05)
    assert isinstance(module.read(), HostHello)
    assert isinstance(module.read(), HostHello)
    assert h.reader.status.state == "connecting"
    module.send(Hello(0, "cam-1", "1.2.0", "1.0", "0badcafe", 0))
    h.wait_state("connected")


def test_a_silent_module_is_reported_and_greeted_again(module: FakeModule, harness) -> None:
    h = connected(module, harness, silence_timeout=0.2, hello_interval=0.05)
    status = h.wait_state("silent")
    assert status.detail == "nothing heard for 0.2 s"
    assert status.needs_manual_entry
    module.expect(HostHello)
    module.send(Hello(0, "cam-1", "1.2.0", "1.0", "0badcafe", 0))
    h.wait_state("connected")


def test_low_confidence_needs_manual_entry_and_a_player_can_correct_it(
    module: FakeModule, harness
) -> None:
    h = connected(module, harness, min_confidence=90)
    module.send(Settled(0, 1, 0, (3, 4), "mr", (97, 89, 99)))
    (reading,) = h.wait_readings(1)
    assert reading.needs_manual_entry
    assert reading.reason == "low-confidence"
    with pytest.raises(ManualEntryNeeded, match="throw 1 needs manual entry"):
        reading.to_roll()
    fixed = reading.corrected_to((3, 5), "mr")
    assert fixed.to_roll() == Roll(3, 5, "mr")
    assert (fixed.key, fixed.corrected, fixed.needs_manual_entry) == (reading.key, True, False)
    with pytest.raises(ManualEntryNeeded):
        reading.corrected_to((3, 7), "mr")
    with pytest.raises(ManualEntryNeeded):
        reading.corrected_to((3, 4), "4")


def test_a_reading_s_faces_are_checked_by_the_roll_with_its_own_words() -> None:
    """Faces no die shows leave the reading without a roll, and to_roll says which face, in
    Roll's own words; only another count of dice gets the count's message."""
    assert READING.roll == Roll(3, 4, "mr")
    assert replace(READING, speed="2").roll == Roll(3, 4, 2)
    assert replace(READING, speed=None).roll == Roll(3, 4)
    bad_die = replace(READING, dice=(3, 7))
    assert bad_die.roll is None
    with pytest.raises(BadRollError, match=r"^a regular die shows 1 to 6, not 7$"):
        bad_die.to_roll()
    bad_face = replace(READING, speed="7")
    assert bad_face.roll is None
    with pytest.raises(BadRollError, match=r"^the speed die shows a number, mr or bus, not 7$"):
        bad_face.to_roll()
    with pytest.raises(
        BadRollError, match=r"^the speed die shows a number, mr or bus, not '9{5000}'$"
    ):
        replace(READING, speed="9" * 5000).to_roll()
    with pytest.raises(ManualEntryNeeded, match=r"^throw 1 shows 3 regular dice; a roll has two$"):
        replace(READING, dice=(3, 4, 5)).to_roll()


def test_a_module_error_on_a_throw_needs_manual_entry(module: FakeModule, harness) -> None:
    h = connected(module, harness)
    module.send(ErrorReport(0, "die-leaning", throw=1, read=0))
    module.send(Status(0, state="fault", throw=1, code="die-leaning"))
    (reading,) = h.wait_readings(1)
    assert (reading.dice, reading.speed, reading.reason) == ((), None, "die-leaning")
    assert reading.explanation == "a die is leaning against the wall or another die"
    h.wait_for(lambda: h.statuses[-1].fault == "die-leaning", "the fault")
    assert h.statuses[-1].needs_manual_entry


def test_a_tray_fault_is_reported_and_cleared(module: FakeModule, harness) -> None:
    h = connected(module, harness)
    module.send(ErrorReport(0, "camera-blocked"))
    h.wait_for(lambda: h.statuses[-1].fault == "camera-blocked", "the fault")
    assert h.statuses[-1].needs_manual_entry
    module.send(Status(0, state="idle", throw=0))
    h.wait_for(lambda: h.statuses[-1].fault is None, "the fault cleared")
    assert not h.statuses[-1].needs_manual_entry


def test_the_application_can_ask_for_a_re_read(module: FakeModule, harness) -> None:
    h = connected(module, harness, min_confidence=90)
    module.send(Settled(0, 1, 0, (3, 4), "mr", (97, 40, 99)))
    h.wait_readings(1)
    assert h.reader.request_reread()
    assert module.expect(Reread).throw == 1
    module.send(Settled(0, 1, 1, (3, 4), "mr", (97, 96, 99)))
    first, again = h.wait_readings(2)
    assert again.key == first.key and again.read == 1 and not again.needs_manual_entry


def test_a_module_of_another_major_version_is_refused(module: FakeModule, harness) -> None:
    h: Harness = harness(str(module.link))
    module.greet(proto="2.0")
    status = h.wait_state("incompatible")
    assert status.detail == "the module speaks protocol 2.0, the companion 1.0"
    module.send(SETTLED)
    module.send(Status(0, state="idle", throw=1))
    h.wait_for(lambda: len(h.lines) >= 4, "the lines after the greeting")
    assert h.readings == []
    assert status.needs_manual_entry


def test_stop_ends_the_thread_promptly_and_reports_stopped(module: FakeModule, harness) -> None:
    h = connected(module, harness)
    assert h.reader.stop(timeout=TIMEOUT)
    assert not h.reader.is_running
    h.wait_state("stopped")


def test_over_loop_url_the_same_code_reads_what_is_written(harness) -> None:
    ports: list[Any] = []

    def open_port(url: str, **options: Any) -> Any:
        ports.append(serial.serial_for_url(url, **options))
        return ports[-1]

    h = harness("loop://", open_port=open_port)
    # loop:// sends the companion's own HELLO straight back: refused as the wrong direction.
    h.wait_for(lambda: h.reader.counters().reasons.get("wrong-direction"), "the echo")
    ports[0].write(encode(Hello(0, "cam-1", "1.2.0", "1.0", "0badcafe", 0)))
    h.wait_state("connected")
    ports[0].write(encode(Settled(1, 1, 0, (3, 4), "mr", (97, 95, 91))))
    assert h.wait_readings(1) == [READING]


def test_a_line_error_is_not_a_tray_fault(module: FakeModule, harness) -> None:
    h = connected(module, harness)
    module.send(ErrorReport(0, "bad-line"))
    module.send(ErrorReport(0, "not-current", ref=3))
    module.send(Status(0, state="idle", throw=0))
    h.wait_for(lambda: h.statuses[-1].tray == "idle", "the status after the errors")
    assert all(s.fault is None for s in h.statuses)
    assert [e.message.code for e in h.lines if isinstance(e.message, ErrorReport)] == [
        "bad-line",
        "not-current",
    ]


class SocketModule:
    """The module at the far end of a ``socket://`` URL (a module on the network)."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(TIMEOUT)
        self.url = f"socket://127.0.0.1:{self.server.getsockname()[1]}"

    def accept(self) -> socket.socket:
        connection, _ = self.server.accept()
        connection.settimeout(TIMEOUT)
        return connection

    @staticmethod
    def greet(connection: socket.socket, boot: str) -> None:
        assert b" HELLO host=companion " in connection.recv(4096)
        connection.sendall(encode(Hello(0, "net-1", "1.0", "1.0", boot, 0)))


def test_over_a_socket_url_with_a_dropped_connection(harness) -> None:
    far = SocketModule()
    try:
        h = harness(far.url)
        with far.accept() as connection:
            far.greet(connection, "aaaa")
            h.wait_state("connected")
            connection.sendall(encode(Settled(1, 1, 0, (3, 4), "mr", (97, 95, 91))))
            h.wait_readings(1)
        h.wait_state("disconnected")  # the far end hung up
        with far.accept() as connection:
            far.greet(connection, "aaaa")
            h.wait_state("connected")
            connection.sendall(encode(Settled(1, 1, 0, (3, 4), "mr", (97, 95, 91))))
            connection.sendall(encode(Settled(2, 2, 0, (1, 6), "bus", (97, 95, 91))))
            readings = h.wait_readings(2)
        assert [(r.module, r.throw, r.dice) for r in readings] == [
            ("net-1", 1, (3, 4)),
            ("net-1", 2, (1, 6)),
        ]
    finally:
        far.server.close()


def test_a_damaged_line_with_a_matching_checksum_and_a_far_throw_stops_no_later_throw(
    module: FakeModule, harness
) -> None:
    """Issue 21: a garbage line whose CRC-16 happens to match (1 in 65,536), naming throw 99
    and a sequence number a little ahead, used to make every real throw after it "already
    seen". It is suspect until the module's own STATUS says so, and the module's says throw 1."""
    h = connected(module, harness)
    module.send(Moving(0, throw=1))
    module.send(SETTLED)
    h.wait_readings(1)
    far = Settled(0, throw=99, read=0, dice=(6, 6), speed="bus", confidence=(99, 99, 99))
    module.send(far, seq=module.seq + 20)
    module.send(Status(0, state="settled", throw=500), seq=module.seq + 40)
    assert isinstance(module.expect(Ping), Ping)
    module.send(Status(0, state="settled", throw=1))  # the module's answer: its own count
    for throw, dice in ((2, (1, 2)), (3, (5, 6))):
        module.send(Moving(0, throw=throw))
        module.send(Status(0, state="moving", throw=throw))
        module.send(Settled(0, throw, 0, dice, "2", (99, 99, 99)))
        module.send(Status(0, state="settled", throw=throw))
    readings = h.wait_readings(3)
    assert [(r.throw, r.dice) for r in readings] == [(1, (3, 4)), (2, (1, 2)), (3, (5, 6))]
    assert not any(isinstance(m, Reread) for m in [*module.received, *module.quiet_for(0.1)])
    counters = h.reader.counters()
    assert (counters.suspect, counters.repeated, counters.duplicates) == (2, 0, 0)
    assert [e.note for e in h.lines if "suspect" in e.note] == [
        "throw 99 is ahead of the module's count (1): suspect, ignored until its STATUS says so",
        "throw 500 is ahead of the module's count (1): suspect, ignored until its STATUS says so",
    ]
    assert h.reader.request_reread() and module.expect(Reread).throw == 3


def test_a_real_jump_in_throws_is_taken_once_the_module_status_says_so(
    module: FakeModule, harness
) -> None:
    h = connected(module, harness)
    module.seq += 12  # lines lost, throws 1 and 2 among them
    module.send(Settled(0, 3, 0, (4, 4), "1", (99, 99, 99)))
    assert isinstance(module.expect(Ping), Ping)
    module.send(Status(0, state="settled", throw=3))
    # The module's count confirms throw 3; its reading was set aside, so it is asked again.
    assert module.expect(Reread).throw == 3
    module.send(Settled(0, 3, 1, (4, 4), "1", (99, 99, 99)))
    module.send(Settled(0, 4, 0, (2, 3), "mr", (99, 99, 99)))
    readings = h.wait_readings(2)
    assert [(r.throw, r.read) for r in readings] == [(3, 1), (4, 0)]


def test_a_greeting_with_a_new_boot_is_taken_only_when_the_module_confirms_it(
    module: FakeModule, harness
) -> None:
    h = connected(module, harness)
    module.send(SETTLED)
    h.wait_readings(1)
    # A damaged line that reads as a greeting of a restarted module, with throw 99.
    module.send(Hello(0, "cam-1", "1.2.0", "1.0", boot="5eed1e55", throw=99), seq=300)
    module.expect(HostHello)  # the reader greets the module; say the answer was lost
    module.greet(throw=1)  # it greets again; the module answers with its own boot
    module.send(Settled(0, 2, 0, (1, 3), "3", (99, 99, 99)))
    h.wait_readings(2)
    # A real restart: the module greets unasked, and answers the reader's greeting the same.
    module.seq = 0
    module.send(Hello(0, "cam-1", "1.2.0", "1.0", boot="feedf00d", throw=0))
    module.greet(boot="feedf00d", throw=0)
    module.send(Settled(0, 1, 0, (5, 2), "bus", (99, 99, 99)))
    readings = h.wait_readings(3)
    assert [r.key for r in readings] == ["0badcafe:1", "0badcafe:2", "feedf00d:1"]
    assert h.reader.counters().suspect == 2  # the damaged greeting and the unasked one
