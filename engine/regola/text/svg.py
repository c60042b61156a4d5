"""Building SVG with the standard library's ElementTree, so every text and attribute is escaped by it
(names come from catalogs and house rules: never pasted into markup by hand)."""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from typing import Any

__all__ = ["PALETTE", "Canvas", "fits", "height_of", "wrapped"]

#: player colours of the games (the catalogs name them; these draw them), then a fallback palette
PALETTE = {"yellow": "#e8c21a", "red": "#c8372d", "green": "#3d8b3d", "blue": "#2f64b5", "purple": "#7b4aa8",
           "white": "#f4f1ea", "black": "#333333", "orange": "#e07b24"}
#: text sizes by role (presentation attributes, not a stylesheet: the page's CSP may allow no inline style)
FONT_SIZES = {"title": 13, "heading": 12, "name": 10.5, "line": 9.5, "note": 9.5, "count": 9, "price": 10,
              "hand": 10}
FALLBACK = ("#2f64b5", "#c8372d", "#3d8b3d", "#e8c21a", "#7b4aa8", "#e07b24")


#: the widest a sans-serif character runs on average, in ems: how many characters a width holds. Generous,
#: so a line of capitals or wide letters (Polish, Czech) still fits where the count says it does
CHAR_EM = 0.55
#: a line of text takes its font size times this
LEADING = 1.3


def fits(width: float, class_: str) -> int:
    """How many characters of a text role fit ``width`` (at least 4: a word is broken only below that)."""
    return max(4, int(width / (FONT_SIZES.get(class_, 10) * CHAR_EM)))


def wrapped(text: str, width: float, class_: str) -> list[str]:
    """``text`` broken into lines that fit ``width`` at its role's size: by words, a word longer than a
    line broken inside; nothing is cut (a phone shows no tooltips)."""
    return textwrap.wrap(text, fits(width, class_), break_on_hyphens=False) or [""]


def height_of(text: str, width: float, class_: str) -> float:
    """The height ``Canvas.lines`` takes for ``text`` in ``width``."""
    return len(wrapped(text, width, class_)) * FONT_SIZES.get(class_, 10) * LEADING


def seat_colour(color: str | None, seat: int) -> str:
    return PALETTE.get(color or "", FALLBACK[seat % len(FALLBACK)])


def _attrs(values: dict[str, Any]) -> dict[str, str]:
    return {key.rstrip("_").replace("_", "-"): str(value) for key, value in values.items() if value is not None}


class Canvas:
    """An SVG document with a title (read by screen readers) and a fixed coordinate width."""

    def __init__(self, width: int, label: str, css_class: str) -> None:
        self.width = width
        self.root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "role": "img",
                                       "aria-label": label, "class": css_class})
        ET.SubElement(self.root, "title").text = label

    def group(self, parent: ET.Element | None = None, **attrs: Any) -> ET.Element:
        return ET.SubElement(self.root if parent is None else parent, "g", _attrs(attrs))

    def rect(self, parent: ET.Element | None, x: float, y: float, w: float, h: float, **attrs: Any) -> ET.Element:
        attrs = {"fill": "#fffaf0", "stroke": "#a89a84", "stroke_width": 0.8, **attrs}
        return ET.SubElement(self.root if parent is None else parent, "rect",
                             _attrs({"x": x, "y": y, "width": w, "height": h, **attrs}))

    def circle(self, parent: ET.Element | None, cx: float, cy: float, r: float, **attrs: Any) -> ET.Element:
        if attrs.get("class_") == "master":
            attrs = {"stroke": "#222", "stroke_width": 2.5, **attrs}
        return ET.SubElement(self.root if parent is None else parent, "circle",
                             _attrs({"cx": cx, "cy": cy, "r": r, **attrs}))

    def line(self, parent: ET.Element | None, x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> ET.Element:
        return ET.SubElement(self.root if parent is None else parent, "line",
                             _attrs({"x1": x1, "y1": y1, "x2": x2, "y2": y2, **attrs}))

    def text(self, parent: ET.Element | None, x: float, y: float, content: str, **attrs: Any) -> ET.Element:
        size = FONT_SIZES.get(str(attrs.get("class_")), 10)
        weight = "bold" if attrs.get("class_") in ("title", "heading", "name", "price") else None
        attrs = {"font_size": size, "font_weight": weight, "font_family": "sans-serif", "fill": "#2b2520", **attrs}
        element = ET.SubElement(self.root if parent is None else parent, "text", _attrs({"x": x, "y": y, **attrs}))
        element.text = content
        return element

    def lines(self, parent: ET.Element | None, x: float, top: float, content: str, width: float,
              class_: str = "line", **attrs: Any) -> float:
        """``content`` wrapped to ``width`` from ``top`` down: one ``text`` (one thing said, for a screen
        reader) with a ``tspan`` per line; the height it took."""
        size = FONT_SIZES.get(class_, 10)
        rows = wrapped(content, width, class_)
        element = self.text(parent, x, top + size, "", class_=class_, **attrs)
        element.text = None
        for k, row in enumerate(rows):
            ET.SubElement(element, "tspan", _attrs({"x": x, "dy": 0 if k == 0 else f"{size * LEADING:g}"})).text = row
        return len(rows) * size * LEADING

    def title(self, element: ET.Element, content: str) -> None:
        """A tooltip and accessible name for one part."""
        ET.SubElement(element, "title").text = content

    def finish(self, height: float) -> str:
        self.root.set("viewBox", f"0 0 {self.width} {height:g}")
        return ET.tostring(self.root, encoding="unicode")
