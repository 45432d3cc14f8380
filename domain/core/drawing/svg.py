"""A few SVG elements as text: every attribute and text is escaped here, once.

Plain string building is all the drawings need; a library would add a dependency for
less than a page of code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from xml.sax.saxutils import escape, quoteattr

Attr = str | int | float | None


def _attrs(attrs: Mapping[str, Attr]) -> str:
    parts = []
    for name, value in attrs.items():
        if value is None:
            continue
        text = f"{value:.1f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)
        parts.append(f" {name.rstrip('_').replace('_', '-')}={quoteattr(text)}")
    return "".join(parts)


def element(tag: str, children: Iterable[str] = (), /, **attrs: Attr) -> str:
    """``<tag attrs>children</tag>``; attribute names lose a trailing ``_`` (``class_``)
    and write ``_`` as ``-`` (``font_size``)."""
    inner = "".join(children)
    if not inner:
        return f"<{tag}{_attrs(attrs)}/>"
    return f"<{tag}{_attrs(attrs)}>{inner}</{tag}>"


def text(x: float, y: float, words: str, /, **attrs: Attr) -> str:
    return f"<text{_attrs({'x': x, 'y': y, **attrs})}>{escape(words)}</text>"


def title(words: str) -> str:
    """A tooltip and an accessible name for the element it is in."""
    return f"<title>{escape(words)}</title>"


def group(children: Iterable[str], /, **attrs: Attr) -> str:
    return element("g", children, **attrs)


def document(width: float, height: float, label: str, children: Iterable[str]) -> str:
    """A whole drawing, scaled to its box (``viewBox``) so that it fits a phone's width."""
    return element(
        "svg",
        [title(label), STYLE, *children],
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {round(width)} {round(height)}",
        width=round(width),
        height=round(height),
        role="img",
        aria_label=label,
        class_="cairn-board",
    )


STYLE = element(
    "style",
    [
        "text{font-family:system-ui,sans-serif;font-size:11px;fill:#222}"
        ".heading{font-size:14px;font-weight:600}"
        ".small{font-size:9px}"
        ".muted{fill:#777}"
    ],
)
