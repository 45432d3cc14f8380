"""The hidden-information checks, derived from a ruleset's one declaration (``Ruleset.hidden``).

For a viewer, its *twin* position is the one a fork with fresh luck keeping that viewer's
knowledge gives (``Reseed(keep=viewer)``): the same public facts, everything hidden from
the viewer drawn again. Checked here, at sampled steps of every seeded game:

* the twin is what the declaration says: every public fact kept, every hidden part the same
  size, the items of each pool the same multiset, and an undrawn order drawn again;
* the viewer cannot tell the two apart: the same view, render and legal commands, and the
  same running scores (which everyone sees) for a spectator's twin;
* ``forget`` puts what is hidden in one canonical order: two states differing only in
  hidden orders forget to the same state, and so do a state and its twin, which may also
  hold a pool's things in other parts (a card in another seat's hand, not the deck);
* every bot is deterministic given its luck and chooses the same in the twin of its seat;
* the luck counter advances as draws are made (``evolve`` copies it from the events);
* the feed tells a viewer nothing hidden from it: the same decision taken in a state and in
  its twin (or the set-up, or a fork's fresh luck, under two seeds) may show the viewer
  other facts only if it leaves the viewer knowing something else (a card drawn into its
  own hand, a tile turned face up); facts that differ while everything the viewer may see
  after them is the same told it what stays hidden from it (another seat's draw, the
  deck's order in a public event);
* a command a seat was offered before and sends again is refused alike in a state and its
  twin: no refusal's code or words tell the seat what is hidden from it.

The declaration's values themselves are searched for in each viewer's view and feed too
(``Game.check`` in checks.py), and "imperfect" must mean something is private to a seat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from domain.core import Luck, Reseed, RuleViolation, can_see
from domain.core.codec import encode
from domain.core.secrecy import LUCK, Piece, hidden_from, pieces, replaced
from service.store.records import canonical_json
from tests.conformance.secrets import telling
from tests.support.play import seed_for

if TYPE_CHECKING:
    from tests.conformance.checks import Game

BOT_CALLS = 3
"""A bot is asked this many times with the same luck: a bot on Python's ``random`` differs."""
BOT_RECALLS = 12
"""More calls, when a bot chose otherwise in its seat's twin: chance, or what it read?"""
BOT_CHECKS = 24
OFFERED = 12
"""The commands a seat was offered most recently (first and last of its list at each step),
sent again where they may no longer be legal, to compare their refusals in the twin."""
FEED_COMMANDS = 2
"""Of each seat's legal commands, the first and the last (when its twin lists them too) are
decided in a state and its twin, and the facts each shows the viewer compared (a seat's
whole list would cost too much)."""


@dataclass(frozen=True)
class Shape:
    """What stays public of a hidden value: its size (and a mapping's keys)."""

    of: Any


def shape(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return len(value)
    if hasattr(value, "keys") and hasattr(value, "items"):
        return tuple((k, shape(v)) for k, v in sorted(value.items()))
    return None


def _key(item: Any) -> str:
    return canonical_json(encode(item))


def masked(state: Any, hidden: list[Piece]) -> Any:
    """``state`` with every hidden value replaced by its shape: its public facts only."""
    for piece in hidden:
        state = replaced(state, piece.at, Shape(shape(piece.value)))
    return state


def twin(ruleset: Any, state: Any, keep: int | None, label: str) -> Any | None:
    """The position a fork with fresh luck keeping ``keep``'s knowledge starts from."""
    try:
        events = ruleset.decide(state, Reseed(seed=seed_for(f"{label}:twin:{keep}"), keep=keep))
    except RuleViolation:
        return None  # over, or not set up: nothing to fork with fresh luck
    return ruleset.fold(events, state)


def check_reshuffle(game: Game, state: Any, keep: int | None, other: Any) -> None:
    """``reshuffle(keep)`` changes exactly what is hidden from ``keep``, and draws it again."""
    ruleset = game.ruleset
    name = f"{ruleset.id}: reshuffle(keep={keep})"
    before = hidden_from(ruleset.hidden, state, keep)
    after = hidden_from(ruleset.hidden, other, keep)
    assert [p.at for p in before] == [p.at for p in after], f"{name} changed a hidden part's shape"
    assert masked(state, before) == masked(other, after), (
        f"{name} changed a public fact or something {keep} sees"
    )
    pools: dict[str, Counter[str]] = {}
    for piece in before:
        pools.setdefault(piece.part.kind, Counter()).update(_key(i) for i in piece.items)
    for piece in after:
        pools.setdefault(piece.part.kind, Counter()).subtract(_key(i) for i in piece.items)
    for kind, left in pools.items():
        if kind != LUCK.kind:
            assert not +left and not -left, f"{name} changed the hidden things of {kind}"
    orders = [
        (b.value, a.value)
        for b, a in zip(before, after, strict=True)
        if b.part.holder == "server" and b.part is not LUCK and len(set(map(_key, b.items))) > 1
    ]
    if orders:
        game.redraws[0] += 1
        game.redraws[1] += any(b != a for b, a in orders)


def check_forget(game: Game, state: Any, keep: int | None, other: Any | None) -> None:
    """Two states differing only in hidden orders forget to the same state, and so do a
    state and its twin ``other`` (their luck aside): rollouts reshuffle what ``forget``
    gives, so whatever it leaves as it lay reaches the analysis ``keep`` is shown."""
    ruleset = game.ruleset
    shuffled = state
    for piece in hidden_from(ruleset.hidden, state, keep):
        if isinstance(piece.value, tuple) and len(set(map(_key, piece.value))) > 1:
            shuffled = replaced(shuffled, piece.at, tuple(reversed(piece.value)))
    if shuffled is not state:
        assert ruleset.forget(state, keep) == ruleset.forget(shuffled, keep), (
            f"{ruleset.id}: forget(keep={keep}) leaves the hidden order as it lay: two states"
            " differing only in it forget differently"
        )
    if other is not None:
        forgotten = replace(ruleset.forget(other, keep), luck=state.luck)
        assert ruleset.forget(state, keep) == forgotten, (
            f"{ruleset.id}: forget(keep={keep}) leaves which hidden part holds what as it"
            " lay: a state and its twin (a fork with fresh luck, the same to that viewer)"
            " forget differently"
        )


def check_indistinguishable(game: Game, state: Any, viewer: int | None, other: Any) -> None:
    """What ``viewer`` is shown does not change with what is hidden from it."""
    ruleset = game.ruleset
    who = "a spectator" if viewer is None else f"seat {viewer}"
    shown = encode(dict(ruleset.view(state, viewer)))
    assert shown == encode(dict(ruleset.view(other, viewer))), (
        f"{ruleset.id}: the view of {who} changes with what is hidden from it"
    )
    assert ruleset.render(state, viewer) == ruleset.render(other, viewer), (
        f"{ruleset.id}: render for {who} changes with what is hidden from it"
    )
    if viewer is None:
        assert ruleset.presentation.scores(state) == ruleset.presentation.scores(other), (
            f"{ruleset.id}: the running scores (shown to everyone) count what is hidden"
        )
    else:
        mine = ruleset.legal_commands(state, viewer)
        assert mine == ruleset.legal_commands(other, viewer), (
            f"{ruleset.id}: the legal commands of {who} change with what is hidden from it"
        )


def check_bots(game: Game, state: Any, seat: int, other: Any | None) -> None:
    """Every bot: the same choice for the same luck, and none from what its seat cannot see."""
    ruleset = game.ruleset
    if game.bot_checks >= BOT_CHECKS or not ruleset.legal_commands(state, seat):
        return
    game.bot_checks += 1
    luck = Luck(seed_for(f"bot-check:{game.steps}"))
    for name in game.bots:
        bot = ruleset.bots[name]
        chosen = [bot(state, seat, luck) for _ in range(BOT_CALLS)]
        if other is not None and bot(other, seat, luck) != chosen[0]:
            # before blaming what it read, make sure it was not chance that differed
            chosen += [bot(state, seat, luck) for _ in range(BOT_RECALLS)]
            assert all(c == chosen[0] for c in chosen), _nondeterministic(ruleset, name)
            raise AssertionError(f"{ruleset.id}: bot {name} chooses by what seat {seat} cannot see")
        assert all(c == chosen[0] for c in chosen), _nondeterministic(ruleset, name)


def _nondeterministic(ruleset: Any, name: str) -> str:
    return f"{ruleset.id}: bot {name} is not deterministic given its luck (Python's random?)"


@contextmanager
def draws_tracked() -> Iterator[dict[str, int]]:
    """The furthest counter reached on each seed by the draws made inside the block."""
    reached: dict[str, int] = {}
    original = Luck.draw_below

    def draw_below(self: Luck, bound: int) -> tuple[int, Luck]:
        value, after = original(self, bound)
        reached[self.seed] = max(reached.get(self.seed, 0), after.counter)
        return value, after

    Luck.draw_below = draw_below  # type: ignore[method-assign]
    try:
        yield reached
    finally:
        Luck.draw_below = original  # type: ignore[method-assign]


def check_luck_advances(game: Game, before: Any, command: Any, after: Any) -> None:
    """Deciding ``command`` again draws nothing the state after it has not counted."""
    ruleset = game.ruleset
    with draws_tracked() as reached:
        ruleset.decide(before, command)
    drawn = reached.get(after.luck.seed, 0)
    assert after.luck.counter >= drawn, (
        f"{ruleset.id}: the luck counter is {after.luck.counter} after draws that reached"
        f" {drawn}: evolve must copy the counter its events carry"
    )


def telling_pieces(
    ruleset: Any, state: Any, viewer: int | None, private_only: bool = False
) -> list[Any]:
    """The declared hidden values of ``state`` big enough to search for (``secrets.telling``),
    but for one equal to a value the viewer holds itself (every seat's same opening hand).
    ``private_only`` keeps the seats' own: an undrawn order may become partly known through
    public facts (cards put under a deck in a known order), a hand never does."""
    everything = list(pieces(ruleset.hidden, state))
    own = {_key(p.value) for p in everything if p.seat is not None and p.seat == viewer}
    found: list[Any] = []
    for piece in everything:
        value = encode(piece.value)
        if piece.part is LUCK or piece.seat == viewer is not None or _key(value) in own:
            continue
        if private_only and piece.part.holder != "seat":
            continue
        if telling(value)[:1] == [value]:
            found.append(value)
    return found


def holds_private(ruleset: Any, state: Any) -> bool:
    """Whether some seat holds something private now (a card in a hand, a sealed word)."""
    return any(
        p.part.holder == "seat" and any(i not in (None, "") for i in p.items)
        for p in pieces(ruleset.hidden, state)
    )


def known(ruleset: Any, state: Any, viewer: int | None) -> Any:
    """Everything ``viewer`` may see of ``state``: its public facts and its own, with every
    part hidden from it reduced to its shape (the luck among them)."""
    return masked(state, hidden_from(ruleset.hidden, state, viewer))


def told(ruleset: Any, events: tuple[Any, ...], viewer: int | None) -> list[Any]:
    """The game's own facts among ``events`` that ``viewer``'s feed shows, but for the luck's
    counter they carry (bookkeeping every seeded fact holds, docs/draws.md). The
    lifecycle's facts are the platform's: a fork's new commitment differs by design."""
    shown = []
    for event in events:
        if type(event) in ruleset.rules.event_types and can_see(ruleset.visibility(event), viewer):
            payload = encode(event)
            if isinstance(payload, dict):
                payload = {k: v for k, v in payload.items() if k != "counter"}
            shown.append((type(event).__name__, payload))
    return shown


def check_feed(
    game: Game, viewer: int | None, here: tuple[Any, Any], there: tuple[Any, Any]
) -> None:
    """Two decisions (a state and a command each) that leave ``viewer`` knowing the same
    must have shown it the same facts: one that differs told it something that stays hidden
    from it. Either refused is nothing to compare."""
    ruleset = game.ruleset
    try:
        first, second = (ruleset.decide(state, command) for state, command in (here, there))
    except RuleViolation:
        return
    shown, other = told(ruleset, first, viewer), told(ruleset, second, viewer)
    if shown == other:
        return
    after, other_after = ruleset.fold(first, here[0]), ruleset.fold(second, there[0])
    if known(ruleset, after, viewer) == known(ruleset, other_after, viewer):
        who = "a spectator" if viewer is None else f"seat {viewer}"
        differing = next(
            (a[0] for a, b in zip(shown, other, strict=False) if a != b), shown[-1:] or other
        )
        raise AssertionError(
            f"{ruleset.id}: the feed tells {who} what is hidden from it: {differing} shows"
            f" other facts after {type(here[1]).__name__} in two positions {who} cannot tell"
            " apart, and leaves it knowing the same"
        )


def check_feed_in_twin(game: Game, state: Any, viewer: int | None, other: Any) -> None:
    """The next decisions of ``state`` and of its twin for ``viewer`` (``check_feed``): the
    first and last legal command of each seat to act, or what the system owes."""
    ruleset = game.ruleset
    due = ruleset.system_command(state)
    if due is not None:
        commands = [due] if ruleset.system_command(other) == due else []
    else:
        commands = []
        for seat in sorted(ruleset.to_act(state)):
            legal = ruleset.legal_commands(state, seat)
            theirs = ruleset.legal_commands(other, seat)
            ends = legal[:1] + legal[1:][-1:]
            commands += [c for c in ends if c in theirs][:FEED_COMMANDS]
    for command in commands:
        check_feed(game, viewer, (state, command), (other, command))


def outcome(ruleset: Any, state: Any, command: Any) -> tuple[str, str] | None:
    """How ``state`` answers ``command``: its refusal's code and words, or None if taken."""
    try:
        ruleset.decide(state, command)
    except RuleViolation as refused:
        return refused.code, refused.message
    return None


def check_refusals(game: Game, state: Any, seat: int, other: Any) -> None:
    """The commands ``seat`` was offered lately, sent again, are refused (or taken) alike in
    ``state`` and in its twin for that seat: a refusal names nothing hidden from its seat."""
    ruleset = game.ruleset
    for command in game.offered.get(seat, [])[-OFFERED:]:
        here, there = outcome(ruleset, state, command), outcome(ruleset, other, command)
        assert here == there, (
            f"{ruleset.id}: the answer to seat {seat}'s {type(command).__name__} changes with"
            f" what is hidden from it: {here} in one position, {there} in its twin"
        )
