"""The greedy bot's mission plan of one icon type, on flat ints: ``planning.planned``
restated for a rollout-only engine (issue #26, branch pen-flat).

The question: for each land hex, what drawing one icon type there does for the seat's open
missions (``planning.mission_plan``). Everything it reads is already ints: each type's held
and open hexes are masks of the map's ``Grid`` (bit ``i`` is the ``i``-th land hex), and a
mission's placements are a table built once per map and mission. So it is written here as
plain typed functions over ints and tuples of ints, with no object made on the way but the
small lists and tuples that carry the answer, so that mypyc can compile it to C with its
ints unboxed.

Why the placements are lists of indices and not masks: ``masks.Layout`` keeps, for each
hex, the placements ticking it as one mask of up to 164 bits (a mission has 40 to 164
placements on a 46- or 48-hex map), and counts held hexes in bit planes of such masks. An
int of more than 63 bits is a heap-allocated big int, in mypyc as in the interpreter, so
every operation on it allocates. Here a hex mask (48 bits) is the widest int, which mypyc
keeps unboxed (a tagged 63-bit int), and a placement is an index: a search looks only at
the placements listed under the type's few held hexes, and counts each one's held hexes.

Every answer is ``planning``'s, float for float (the worths are computed by the same
operations in the same order): tests/domain/peninsula/test_flat_plan.py asks both at every
decision of seeded greedy games.

Interpreted, this form is 2 to 3 times slower than ``planning``'s, and behind today's
objects even compiled it saves the graph only about 5% (bench/HISTORY.md, section
``pen-flat``). So the bot asks it (through ``flat_draw``) only for the sheets a rollout's
companion keeps flat, and only where it runs compiled (``companion.py``).
"""

from __future__ import annotations

from domain.games.peninsula.planning import WEIGHT

Table = tuple[int, str, int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
"""One open mission on one map: its VP, its letter (the targets' order breaks VP ties by
it), its ticked hex count, and for each placement ``p`` (``masks.Layout``'s order) its
ticked hexes ``ticked[p]`` and its crossed hexes on land ``crossed[p]`` as hex masks; then,
for each land hex ``i``, the placements ticking it (``cells[i]``)."""

Usable = tuple[tuple[int, int, int], ...]
"""For each icon type not spent on a claim, in ``ICONS`` order: its index in ``ICONS``, the
hexes holding it, the empty hexes it could still be drawn in (``planning.Usable``)."""

Aim = tuple[int, int, int, int]
"""A type's target (``planning.Target``): the index of its mission among the tables, the
ticked hexes its best match holds, the hexes that match lacks, its crossed hexes; the
index is -1 for a type with no target."""

NO_AIM: Aim = (-1, 0, 0, 0)


def table_of(
    vp: int, letter: str, size: int, ticked: tuple[int, ...], crossed: tuple[int, ...], cells: int
) -> Table:
    """A mission's ``Table`` from its placements' masks, on a grid of ``cells`` land hexes
    (built once per map and mission, never on a search)."""
    listed: list[list[int]] = [[] for _ in range(cells)]
    for p in range(len(ticked)):
        mask = ticked[p]
        for i in range(cells):
            if mask >> i & 1:
                listed[i].append(p)
    return (vp, letter, size, ticked, crossed, tuple(tuple(ps) for ps in listed))


def best_partial(table: Table, holds: int, usable: int) -> tuple[int, int, int]:
    """``masks.best_partial``: the most ticked hexes any placement holds (at least one),
    with every ticked hex in ``usable`` and no crossed hex held, the hexes those placements
    lack, and their crossed hexes; ``(0, 0, 0)`` if none holds any."""
    ticked, crossed, cells = table[3], table[4], table[5]
    # only a placement listed under a held hex can hold one. Each is looked at once, under
    # the lowest held hex it ticks (``below``: the held hexes already passed), so no list
    # of counts is made: a type holds a few hexes, a placement ticks at most 7
    have = missing = crossing = below = 0
    rest = holds
    i = 0
    while rest:
        if rest & 1:
            for p in cells[i]:
                mask = ticked[p]
                if mask & below or mask & ~usable or crossed[p] & holds:
                    continue
                count = bits_in(mask & holds)
                if count > have:
                    have, missing, crossing = count, mask, crossed[p]
                elif count == have:
                    missing |= mask
                    crossing |= crossed[p]
            below |= 1 << i
        rest >>= 1
        i += 1
    if have == 0:
        return (0, 0, 0)
    return (have, missing & ~holds, crossing)


def bits_in(mask: int) -> int:
    """The set bits of a hex mask (no sign): ``int.bit_count``, as a loop because mypyc has
    no native form of that method (compiled, it would box the int to call it)."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def raise_to(values: list[float], mask: int, worth: float) -> None:
    """Each of ``values`` at a set bit of ``mask`` raised to ``worth`` where it is lower."""
    i = 0
    while mask:
        if mask & 1 and worth > values[i]:
            values[i] = worth
        mask >>= 1
        i += 1


Partial = tuple[int, int, int]
"""``best_partial``'s answer."""
UNKNOWN: Partial = (-1, 0, 0)
"""A search not made yet (``known``)."""


Last = dict[tuple[str, int], tuple[int, Partial]]
"""By a table's mission letter and a type's held hexes, the usable hexes of the last search
and its answer (``kept_partial``), as ``planning.partial``'s ``_LAST``. One serves the
tables of one game (its missions' letters differ). Not by the table's ``id``: compiled, a
``Table`` is a C struct, boxed into a new tuple for each call to ``id``."""
LAST_KEPT = 1 << 14
"""Searches a ``Last`` keeps at most; beyond, it forgets them all."""


def kept_partial(table: Table, holds: int, usable: int, last: Last | None) -> Partial:
    """``best_partial``, or the last search's answer for the same table and held hexes when
    it still holds: ``usable`` is a subset of that search's usable hexes and none it lost
    is among the hexes its placements lack. A subset only takes placements away, and the
    best ones tick no lost hex (a lost hex is not held), so they are all still there."""
    if last is None:
        return best_partial(table, holds, usable)
    key = (table[1], holds)
    found = last.get(key)
    if found is not None:
        before, answer = found
        if not usable & ~before and not before & ~usable & answer[1]:
            last[key] = (usable, answer)
            return answer
    answer = best_partial(table, holds, usable)
    if len(last) >= LAST_KEPT:
        last.clear()
    last[key] = (usable, answer)
    return answer


def mission_targets(
    tables: tuple[Table, ...],
    usable: Usable,
    known: list[list[Partial]] | None = None,
    last: Last | None = None,
) -> list[Aim]:
    """``planning.targets``, an ``Aim`` for each entry of ``usable``: one type per open
    mission, the highest VP first (then the letter), the free type whose best match holds
    the largest share of the mission's ticked hexes (at least one). ``known``: where to
    put each search made, ``known[k][t]`` for ``usable[k]`` and ``tables[t]``, for the
    plans of the same sheet (``plan_values``), which make the same searches; ``last``:
    the searches kept from sheet to sheet (``kept_partial``), None for none."""
    order = sorted(range(len(tables)), key=lambda t: (-tables[t][0], tables[t][1]))
    aims = [NO_AIM] * len(usable)
    counts = [bits_in(holds) for _, holds, _ in usable]
    for t in order:
        table = tables[t]
        size = table[2]
        share = 0.0
        chosen = -1
        found = (0, 0, 0)
        for k in range(len(usable)):
            # a match holds at most as many hexes as the type: no search can beat ``share``
            if aims[k][0] >= 0 or counts[k] / size <= share:
                continue
            _, holds, open_hexes = usable[k]
            partial = kept_partial(table, holds, holds | open_hexes, last)
            if known is not None:
                known[k][t] = partial
            if partial[0] and partial[0] / size > share:
                share, chosen, found = partial[0] / size, k, partial
        if chosen >= 0:
            aims[chosen] = (t, found[0], found[1], found[2])
    return aims


def plan_values(
    tables: tuple[Table, ...],
    usable: Usable,
    icon: int,
    aim: Aim,
    weight: float,
    cells: int,
    known: list[Partial] | None = None,
    last: Last | None = None,
) -> list[float]:
    """``planning.planned`` for type ``icon`` (not spent): the value of a draw at each land
    hex, 0.0 where the plan has none (every value it has is positive or negative, never 0).
    ``aim`` is the type's entry of ``mission_targets``, worked out once for all the types
    of one sheet (as ``planning.cached_targets`` is); ``known``: the type's searches it
    made (``UNKNOWN`` where it made none); ``last`` as ``mission_targets``'."""
    holds = land = 0
    for code, held, open_hexes in usable:
        if code == icon:
            holds, land = held, held | open_hexes
    values = [0.0] * cells
    # ``planning.progress``: each hex the most any partial match lacking it is worth
    for t in range(len(tables)):
        table = tables[t]
        if known is not None and known[t][0] >= 0:
            have, missing, _ = known[t]
        else:
            have, missing, _ = kept_partial(table, holds, land, last)
        if have == 0:
            continue
        raise_to(values, missing, WEIGHT * table[0] * (have + 1) / table[2])
    t, have, missing, crossing = aim
    if t < 0:
        return values
    worth = weight * tables[t][0] * (have + 1) / tables[t][2]
    # the target's missing hexes are worth at least ``worth``; its crossed ones, where a
    # draw of the type would spoil the match, at most ``-worth``
    # (a hex both missing and crossed counts as missing, as ``planning.planned`` has it)
    spoiling = crossing
    i = 0
    while missing or spoiling:
        if missing & 1:
            values[i] = max(values[i], worth)
        elif spoiling & 1:
            values[i] = min(values[i], -worth)
        missing >>= 1
        spoiling >>= 1
        i += 1
    return values
