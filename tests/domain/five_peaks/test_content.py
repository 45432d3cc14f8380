"""The content pack (Game Components; CONTENT.md, Five Peaks): counts, validation, hash."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from domain.games.five_peaks.content import ContentError, build, load, read_pack


def test_the_pack_holds_the_components_the_rulebook_lists():
    pack = load()
    assert Counter(t.terrain for t in pack.tiles.values()) == {"forest": 6, "alpine": 4, "rocky": 3}
    assert pack.start.terrain == "start" and len(pack.tiles) + 1 == 14
    assert Counter(p.terrain for p in pack.peaks.values()) == {"forest": 5, "alpine": 5, "rocky": 5}
    assert len(pack.panoramas) == 30 and len(pack.fire_cards()) == 18
    # 8 effect words: the three resource lovers share one, the three "twice" cards another
    assert len({f.effect for f in pack.campfire.values() if f.copies}) == 8
    assert len([f for f in pack.campfire.values() if f.copies]) == 12  # the 12 effects
    assert sum(c.copies for c in pack.cards.values()) == 39
    assert dict(pack.badges) == {"forest": 3, "alpine": 6, "rocky": 12}
    assert sum(pack.supply.values()) == 96 and pack.backpack == 10


def test_the_13th_campfire_effect_is_outside_the_18_card_deck():
    """Agnes's "1 point for each endorphin" card: content, but no copy in the deck."""
    pack = load()
    assert pack.campfire["cheerful-hiker"].copies == 0
    assert not any(c.startswith("cheerful-hiker") for c in pack.fire_cards())


def test_the_hash_ignores_layout_and_follows_values():
    files = read_pack("standard")
    assert build("standard", copy.deepcopy(files)).content_hash == load().content_hash
    changed = copy.deepcopy(files)
    changed["peaks.json"][0]["vp"] += 1
    assert build("standard", changed).content_hash != load().content_hash


@pytest.mark.parametrize(
    ("file", "edit", "message"),
    [
        ("cards.json", lambda d: d[5].update(copies=4), "copies"),
        ("peaks.json", lambda d: d.pop(), "5 peaks"),
        ("campfire.json", lambda d: d[0].update(copies=2), "18 campfire"),
        ("panoramas.json", lambda d: d[0].update(rank=2), "ranks"),
        ("tiles.json", lambda d: d["tiles"][0]["spaces"][0].update(kind="volcano"), "kind"),
        ("tiles.json", lambda d: d["tiles"][0]["paths"].append([[0, 0], [9, 9]]), "number"),
        ("tiles.json", lambda d: d["tiles"].pop(), "needs"),
        ("table.json", lambda d: d["stones"].pop(), "stones"),
    ],
)
def test_bad_content_is_refused_with_its_file_and_path(file, edit, message):
    files = copy.deepcopy(read_pack("standard"))
    edit(files[file])
    with pytest.raises(ContentError) as caught:
        build("standard", files)
    assert file in str(caught.value) and message in str(caught.value)
