"""The draw algorithm, pinned by fixed vectors so it can be re-implemented elsewhere.

docs/draws.md states the algorithm and the same vectors.
"""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.core import luck as luck_module
from domain.core.luck import Luck, commitment, is_seed, word

SEED = bytes(range(32)).hex()  # 000102...1f


def test_commitment_is_sha256_of_the_seed_bytes() -> None:
    assert commitment(SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    assert commitment(SEED) == hashlib.sha256(bytes(range(32))).hexdigest()


def test_words_are_the_first_eight_bytes_of_sha256_seed_and_counter() -> None:
    assert [word(SEED, k) for k in range(3)] == [
        12238220826280364221,
        6945047847015946120,
        8315228738316000402,
    ]
    digest = hashlib.sha256(bytes(range(32)) + (1).to_bytes(8, "big")).digest()
    assert word(SEED, 1) == int.from_bytes(digest[:8], "big")


def test_draw_below_vectors() -> None:
    luck, out = Luck(SEED), []
    for bound in (2, 6, 52, 1_000_000, 2**32):
        value, luck = luck.draw_below(bound)
        out.append(value)
    assert out == [1, 4, 18, 222210, 2906654489]
    assert luck.counter == 5


def test_shuffle_vectors() -> None:
    assert Luck(SEED).shuffled(tuple(range(10)))[0] == (3, 6, 7, 4, 8, 5, 0, 2, 9, 1)
    assert Luck("00" * 32).shuffled(tuple("ABCDEFGH"))[0] == tuple("HDAGBCFE")
    assert Luck(SEED).shuffled(tuple(range(10)))[1].counter == 9


def test_a_word_in_the_biased_tail_is_rejected(monkeypatch: pytest.MonkeyPatch) -> None:
    words = iter([2**64 - 1, 17])
    monkeypatch.setattr(luck_module, "word", lambda seed, counter: next(words))
    value, after = Luck(SEED).draw_below(10)
    assert (value, after.counter) == (7, 2)


@pytest.mark.parametrize("bound", [0, -1, 2**32 + 1])
def test_bounds_out_of_range_are_refused(bound: int) -> None:
    with pytest.raises(ValueError):
        Luck(SEED).draw_below(bound)


def test_no_seed_no_draw() -> None:
    with pytest.raises(ValueError, match="no seed"):
        Luck().draw_below(3)


def test_seed_shape() -> None:
    assert is_seed(SEED)
    assert not is_seed(SEED.upper())
    assert not is_seed(SEED[:-2])


@given(st.lists(st.integers(), max_size=40), st.binary(min_size=32, max_size=32))
def test_shuffle_is_a_permutation_and_deterministic(items: list[int], seed: bytes) -> None:
    first, _ = Luck(seed.hex()).shuffled(tuple(items))
    again, _ = Luck(seed.hex()).shuffled(tuple(items))
    assert first == again
    assert sorted(first) == sorted(items)


def test_a_named_stream_is_fixed_by_the_seed_and_its_name() -> None:
    """docs/draws.md, Draws no seat can steer: the vector there."""
    luck = Luck(bytes(range(32)).hex())
    stream = luck.stream("seat 0")
    assert stream.seed == "35f13daee7a960a5502b34814963497c13ab2fc4c737b90b4f5bd89127bf2528"
    assert stream.draw_below(6)[0] == 0
    moved_on = luck.draw_below(6)[1]
    assert moved_on.stream("seat 0") == stream, "the main stream's counter does not matter"
    assert luck.stream("seat 1").seed != stream.seed
