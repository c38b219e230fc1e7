"""The board data: every space checked against the reference, plus facts the rules state."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.editions import edition
from companion.errors import UnknownSpaceError

BOARD = edition("ultimate").board

#: Ruling D2: the printed North Temple / Temple Square hotel and skyscraper rents are misprints.
D2_CORRECTIONS = {
    "North Temple": {"hotel": 1650, "skyscraper": 2650},
    "Temple Square": {"hotel": 1650, "skyscraper": 2650},
}
RENT_KEYS = ("base", "house1", "house2", "house3", "house4", "hotel", "skyscraper")


@pytest.fixture(scope="module")
def reference(shared_reference: Path) -> dict:
    yaml = pytest.importorskip("yaml")
    return yaml.safe_load((shared_reference / "board.yaml").read_text("utf-8"))


def test_every_space_matches_the_reference(reference: dict) -> None:
    for track in edition("ultimate").board.tracks:
        ref_spaces = reference["tracks"][track]["spaces"]
        assert len(ref_spaces) == len(BOARD.track(track)) == reference["tracks"][track]["length"]
        for ref, space in zip(ref_spaces, BOARD.track(track), strict=True):
            where = f"{track}:{ref['index']}"
            assert (space.index, space.name) == (ref["index"], ref["name"]), where
            expected_kind = ref["action"] if ref["kind"] == "corner" else ref["kind"]
            assert space.kind == expected_kind, where
            if ref["kind"] == "street":
                rent = {**ref["rent"], **D2_CORRECTIONS.get(ref["name"], {})}
                assert space.rent == tuple(rent[k] for k in RENT_KEYS), where
                assert space.group == ref["group"], where
                assert (
                    space.house_cost
                    == ref["house_cost"]
                    == ref["hotel_cost"]
                    == ref["skyscraper_cost"]
                )
            if ref["kind"] in ("railroad", "cab_company"):
                assert space.rent == tuple(ref["rent_by_owned"]), where
            if "price" in ref:
                assert (space.price, space.mortgage) == (ref["price"], ref["mortgage"]), where
            if ref["kind"] == "tax":
                assert space.amount == ref["amount"], where
            for lane in ("lane_above", "lane_below"):
                link = ref.get(lane)
                assert getattr(space, lane) == (
                    f"{link['track']}:{link['index']}" if link else None
                ), where


def test_transit_stations_tunnels_and_groups_match_the_reference(reference: dict) -> None:
    for station in reference["transit_stations"]:
        a, b = (BOARD.at(s["track"], s["index"]) for s in station["spaces"])
        assert a.name == b.name == station["railroad"]
        assert BOARD.twin(a) == b and BOARD.twin(b) == a
    tunnel = reference["holland_tunnel"]
    outer, inner = (
        BOARD.at("outer", tunnel["outer_index"]),
        BOARD.at("inner", tunnel["inner_index"]),
    )
    assert BOARD.tunnel_exit(outer) == inner and BOARD.tunnel_exit(inner) == outer
    assert {g: list(m) for g, m in BOARD.groups.items()} == {
        g: v["members"] for g, v in reference["color_groups"].items()
    }


def test_the_issue_s_transit_links() -> None:
    links = {(s.key, BOARD.twin(s).key) for s in BOARD if BOARD.twin(s)}
    # fmt: off
    assert links == {
        ("middle:5", "outer:7"), ("outer:7", "middle:5"),
        ("middle:15", "inner:9"), ("inner:9", "middle:15"),
        ("middle:25", "outer:35"), ("outer:35", "middle:25"),
        ("middle:35", "inner:21"), ("inner:21", "middle:35"),
    }
    # fmt: on


def test_counts_the_rules_give() -> None:
    assert {t: len(BOARD.track(t)) for t in edition("ultimate").board.tracks} == {
        "inner": 24,
        "middle": 40,
        "outer": 56,
    }
    kinds = [s.kind for s in BOARD]
    # 64 title deeds, 8 utilities, 4 railroads (two spaces each), 4 cab companies.
    assert kinds.count("street") == 64
    assert len(BOARD.properties_of_kind("utility")) == 8
    assert len(BOARD.properties_of_kind("railroad")) == 4 and kinds.count("railroad") == 8
    assert len(BOARD.properties_of_kind("cab_company")) == 4
    assert [(c.name, c.key) for c in BOARD.pay_corners] == [
        ("Bonus", "inner:6"),
        ("GO", "middle:0"),
        ("Pay Day", "outer:28"),
    ]


def test_pay_corner_salaries_follow_the_rules() -> None:
    salaries = {c.name: c.salary for c in BOARD.pay_corners}
    go, bonus, pay_day = salaries["GO"], salaries["Bonus"], salaries["Pay Day"]
    assert (go.pass_odd, go.pass_even, go.land_odd, go.highest) == (200, 200, 200, 200)
    assert (bonus.pass_odd, bonus.pass_even, bonus.land_odd, bonus.land_even) == (
        250,
        250,
        300,
        300,
    )
    assert (
        pay_day.pass_odd,
        pay_day.pass_even,
        pay_day.land_odd,
        pay_day.land_even,
        pay_day.highest,
    ) == (300, 400, 300, 400, 400)


def test_outer_track_prices_rise_by_30_every_two_lots() -> None:
    prices = [s.price for s in BOARD.track("outer") if s.kind == "street"]
    # fmt: off
    assert prices == [30, 30, 60, 90, 90, 120, 120, 150, 150, 180, 180, 210, 210, 240, 240,
                      270, 270, 300, 300, 330, 330, 360, 360, 390, 390, 420, 420, 450, 480, 510]
    # fmt: on


def test_every_rent_ladder_rises() -> None:
    for s in BOARD:
        if s.kind == "street":
            assert list(s.rent) == sorted(s.rent) and len(set(s.rent)) == 7, s


def test_space_lookup() -> None:
    assert BOARD.space("outer:24").name == "Community Chest"
    assert BOARD.space("BOARDWALK") == BOARD.space("middle:39")
    assert BOARD.space("illinois") == BOARD.space("Illinois Avenue")
    with pytest.raises(UnknownSpaceError, match="'Boardwalk'"):
        BOARD.space("Boardwlk")
    with pytest.raises(UnknownSpaceError, match="'middle:7'") as info:
        BOARD.space("chance")
    assert len(info.value.suggestions) == 8
    with pytest.raises(UnknownSpaceError, match="ambiguous"):
        BOARD.space("North")
    with pytest.raises(UnknownSpaceError, match="0 to 23"):
        BOARD.space("inner:24")
