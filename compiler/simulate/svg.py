"""Static SVG charts, written as text: the report needs no script and no network to show them.

Every chart is an <svg class="chart" data-chart="..."> with a fixed viewBox that scales to the
page width (width 100%), so it cannot overflow; labels longer than the label column are cut.
"""

from __future__ import annotations

from html import escape

PALETTE = ["#3b6ea5", "#c0504d", "#6a9a3a", "#8064a2", "#d08a2e", "#4bacc6", "#7f7f7f", "#b65f9b"]


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "\u2026"


def interval_bars(
    name: str,
    rows: list[tuple[str, float, float, float]],
    reference: float | None = None,
    maximum: float = 1.0,
    percent: bool = True,
) -> str:
    """Horizontal bars (label, value, low, high) with their 95% interval as a whisker; a dashed
    line marks the reference (an equal share of the wins)."""
    width, label_w, row_h, pad = 640, 170, 22, 28
    plot_w = width - label_w - 70
    height = pad + row_h * max(1, len(rows)) + 8
    scale = plot_w / (maximum or 1.0)
    out = [
        f'<svg class="chart" data-chart="{escape(name)}" viewBox="0 0 {width} {height}" width="100%" role="img" '
        f'aria-label="{escape(name)}" xmlns="http://www.w3.org/2000/svg" font-family="sans-serif" font-size="12">'
    ]
    for k in range(5):
        x = label_w + plot_w * k / 4
        tick = maximum * k / 4
        out.append(f'<line x1="{x:.1f}" y1="{pad - 6}" x2="{x:.1f}" y2="{height - 8}" stroke="#ddd"/>')
        out.append(
            f'<text x="{x:.1f}" y="{pad - 10}" text-anchor="middle" fill="#555">{tick * 100:.0f}%</text>'
            if percent
            else f'<text x="{x:.1f}" y="{pad - 10}" text-anchor="middle" fill="#555">{tick:.3g}</text>'
        )
    for i, (label, value, low, high) in enumerate(rows):
        y = pad + i * row_h
        colour = PALETTE[i % len(PALETTE)]
        shown = f"{value * 100:.1f}%" if percent else f"{value:.2f}"
        out.append(
            f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end"><title>{escape(label)}</title>{escape(_cut(label, 24))}</text>'
        )
        out.append(
            f'<rect class="bar" x="{label_w}" y="{y + 4}" width="{max(0.5, value * scale):.1f}" height="{row_h - 8}" '
            f'fill="{colour}" fill-opacity="0.75"><title>{escape(label)}: {shown} '
            f"(95% interval {low * 100 if percent else low:.1f} to {high * 100 if percent else high:.1f})</title></rect>"
        )
        x1, x2, ym = label_w + max(0.0, low) * scale, label_w + min(maximum, high) * scale, y + row_h / 2
        out.append(
            f'<line class="ci" x1="{x1:.1f}" y1="{ym:.1f}" x2="{x2:.1f}" y2="{ym:.1f}" stroke="#222" stroke-width="1.5"/>'
        )
        for x in (x1, x2):
            out.append(
                f'<line x1="{x:.1f}" y1="{ym - 5:.1f}" x2="{x:.1f}" y2="{ym + 5:.1f}" stroke="#222" stroke-width="1.5"/>'
            )
        out.append(f'<text x="{label_w + plot_w + 8}" y="{y + 15}" fill="#333">{shown}</text>')
    if reference is not None:
        x = label_w + reference * scale
        out.append(
            f'<line class="reference" x1="{x:.1f}" y1="{pad - 4}" x2="{x:.1f}" y2="{height - 8}" stroke="#000" stroke-dasharray="4 3"/>'
        )
    out.append("</svg>")
    return "".join(out)


def difference_bars(name: str, rows: list[tuple[str, float, float, float]], percent: bool = True) -> str:
    """Differences (label, difference, low, high) around a zero line, each with its 95% interval:
    a variant against the base, one row per metric (red: down, blue: up)."""
    width, label_w, row_h, pad = 640, 230, 22, 28
    plot_w = width - label_w - 80
    height = pad + row_h * max(1, len(rows)) + 8
    reach = max([abs(v) for r in rows for v in r[1:]] + [1e-9])
    centre, scale = label_w + plot_w / 2, (plot_w / 2) / reach

    def said(v: float) -> str:
        return f"{v * 100:+.1f} pts" if percent else f"{v:+.2f}"

    out = [
        f'<svg class="chart" data-chart="{escape(name)}" viewBox="0 0 {width} {height}" width="100%" role="img" '
        f'aria-label="{escape(name)}" xmlns="http://www.w3.org/2000/svg" font-family="sans-serif" font-size="12">',
        f'<line class="zero" x1="{centre:.1f}" y1="{pad - 6}" x2="{centre:.1f}" y2="{height - 8}" stroke="#000"/>',
        f'<text x="{label_w}" y="{pad - 10}" fill="#555">{said(-reach)}</text>',
        f'<text x="{label_w + plot_w}" y="{pad - 10}" text-anchor="end" fill="#555">{said(reach)}</text>',
    ]
    for i, (label, value, low, high) in enumerate(rows):
        y = pad + i * row_h
        x = centre + min(0.0, value) * scale
        out.append(
            f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end"><title>{escape(label)}</title>{escape(_cut(label, 32))}</text>'
        )
        out.append(
            f'<rect class="bar" x="{x:.1f}" y="{y + 4}" width="{max(0.5, abs(value) * scale):.1f}" height="{row_h - 8}" '
            f'fill="{"#3b6ea5" if value >= 0 else "#c0504d"}" fill-opacity="0.75"><title>{escape(label)}: {said(value)}</title></rect>'
        )
        x1, x2, ym = centre + low * scale, centre + high * scale, y + row_h / 2
        out.append(
            f'<line class="ci" x1="{x1:.1f}" y1="{ym:.1f}" x2="{x2:.1f}" y2="{ym:.1f}" stroke="#222" stroke-width="1.5"/>'
        )
        out.append(f'<text x="{label_w + plot_w + 8}" y="{y + 15}" fill="#333">{said(value)}</text>')
    out.append("</svg>")
    return "".join(out)


def histogram(name: str, hist: dict, xlabel: str) -> str:
    """Counts per bin, one series per key, as grouped bars (or one series of bars)."""
    series = hist["series"]
    width, height, left, bottom, top = 640, 220, 44, 34, 12
    plot_w, plot_h = width - left - 12, height - bottom - top
    bins = max((len(v) for v in series.values()), default=1)
    peak = max((max(v) for v in series.values() if v), default=1) or 1
    keys = list(series)
    group_w = plot_w / bins
    bar_w = max(1.0, group_w / max(1, len(keys)) - 1)
    out = [
        f'<svg class="chart" data-chart="{escape(name)}" viewBox="0 0 {width} {height}" width="100%" role="img" '
        f'aria-label="{escape(name)}" xmlns="http://www.w3.org/2000/svg" font-family="sans-serif" font-size="11">'
    ]
    out.append(f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="#888"/>')
    out.append(f'<text x="{left - 6}" y="{top + 8}" text-anchor="end" fill="#555">{peak}</text>')
    out.append(f'<text x="{left - 6}" y="{top + plot_h}" text-anchor="end" fill="#555">0</text>')
    for s, key in enumerate(keys):
        colour = PALETTE[s % len(PALETTE)]
        for b, count in enumerate(series[key]):
            if not count:
                continue
            h = plot_h * count / peak
            x = left + b * group_w + s * (bar_w + 1)
            lo = hist["low"] + b * hist["width"]
            out.append(
                f'<rect class="bar" x="{x:.1f}" y="{top + plot_h - h:.1f}" width="{bar_w:.1f}" height="{h:.1f}" fill="{colour}">'
                f"<title>{escape(key)}: {count} at {lo:.0f} to {lo + hist['width']:.0f}</title></rect>"
            )
    for k in range(5):
        value = hist["low"] + (hist["high"] + 1 - hist["low"]) * k / 4
        x = left + plot_w * k / 4
        out.append(f'<text x="{x:.1f}" y="{top + plot_h + 14}" text-anchor="middle" fill="#555">{value:.0f}</text>')
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle" fill="#333">{escape(xlabel)}</text>'
    )
    if len(keys) > 1:
        for s, key in enumerate(keys):
            x = left + 8 + (s % 6) * 95
            y = top + 4 + (s // 6) * 14
            out.append(
                f'<rect x="{x}" y="{y}" width="10" height="10" fill="{PALETTE[s % len(PALETTE)]}"/>'
                f'<text x="{x + 14}" y="{y + 9}">{escape(_cut(key, 12))}</text>'
            )
    out.append("</svg>")
    return "".join(out)


def whisker(value: float, low: float, high: float, maximum: float = 1.0, reference: float | None = None) -> str:
    """A small inline interval for a table cell: the estimate as a dot, the interval as a line."""
    w, h = 120, 14
    sx = (w - 4) / (maximum or 1.0)
    parts = [
        f'<svg class="whisker" viewBox="0 0 {w} {h}" width="{w}" height="{h}" xmlns="http://www.w3.org/2000/svg">',
        f'<rect x="0" y="0" width="{w}" height="{h}" fill="#f3f3f3"/>',
    ]
    if reference is not None:
        parts.append(
            f'<line x1="{2 + reference * sx:.1f}" y1="0" x2="{2 + reference * sx:.1f}" y2="{h}" stroke="#999" stroke-dasharray="2 2"/>'
        )
    parts.append(
        f'<line x1="{2 + max(0, low) * sx:.1f}" y1="{h / 2}" x2="{2 + min(maximum, high) * sx:.1f}" y2="{h / 2}" stroke="#3b6ea5" stroke-width="2"/>'
    )
    parts.append(f'<circle cx="{2 + min(maximum, max(0, value)) * sx:.1f}" cy="{h / 2}" r="3" fill="#c0504d"/></svg>')
    return "".join(parts)
