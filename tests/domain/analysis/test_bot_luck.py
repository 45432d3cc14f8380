"""``BotLuck``, the bot's luck whose seed is worked out on first use, is the plain
``Luck(derived_seed(entropy, step))`` a rollout built before: the same seed and counter, the
same draws, streams and shuffles, equal to it and hashed alike. Whole rollouts of the random
bots, which draw, are held by ``bench.rollout_fingerprint`` (its ``random`` rollouts)."""

from __future__ import annotations

import pytest

from domain.analysis.rollouts import BotLuck, bot_luck, derived_seed
from domain.core import Luck


@pytest.mark.parametrize("entropy", [derived_seed("bot-luck", n) for n in range(6)])
def test_bot_luck_is_the_plain_luck(entropy: str) -> None:
    for step in (0, 1, 2, 17, 999, 12_345):
        lazy, plain = BotLuck(entropy, step), Luck(derived_seed(entropy, step))
        made = bot_luck(entropy, step)  # as a rollout makes it, without ``__init__``
        assert type(made) is BotLuck and list(vars(made).items()) == list(vars(lazy).items())
        assert made == plain and hash(made) == hash(plain) and repr(made) == repr(lazy)
        assert made.draw_below(7) == plain.draw_below(7) and vars(made) == vars(lazy)
        assert (lazy.seed, lazy.counter) == (plain.seed, plain.counter)
        assert lazy == plain and plain == lazy and hash(lazy) == hash(plain)
        assert BotLuck(entropy, step) != Luck(derived_seed(entropy, step + 1))
        assert BotLuck(entropy, step) != Luck(plain.seed, 1)
        for bound in (1, 2, 3, 7, 120, 2**32):
            assert BotLuck(entropy, step).draw_below(bound) == plain.draw_below(bound)
        assert BotLuck(entropy, step).stream("seat 1") == plain.stream("seat 1")
        items = tuple(range(9))
        assert BotLuck(entropy, step).shuffled(items) == plain.shuffled(items)
        _, then = BotLuck(entropy, step).draw_below(5)
        assert type(then) is Luck and then == plain.draw_below(5)[1]


@pytest.mark.parametrize("step", [0, 1, 17, 12_345])
def test_bot_luck_made_by_the_rollout_is_the_class_s_own(step: int) -> None:
    """``rollouts.bot_luck``, what a rollout hands its bot, is ``BotLuck(entropy, step)`` made
    without its ``__init__``: the same class and instance dict, so the same luck as above."""
    entropy = derived_seed("bot-luck", step)
    made, own = bot_luck(entropy, step), BotLuck(entropy, step)
    assert type(made) is BotLuck
    assert made.__dict__ == own.__dict__ and list(made.__dict__) == list(own.__dict__)
    assert made == own and hash(made) == hash(own)
    assert list(made.__dict__) == ["_parts", "counter", "seed"]  # the seed, once worked out
    assert made.draw_below(7) == own.draw_below(7)
