"""The ``bench-json`` directive: the benchmarks page, built from ``bench/compare.py --json``.

    ```{bench-json} _data/bench.json
    ```

renders (as Markdown: the page is MyST) the run's machine, method and date, one table per group of rows
(times as measured: median seconds, rate, time per item, ratio to the row's
reference), the figures derived from them, the RL environment table and the
tables compare.py prints below its main one (the Fantasyland solver). No
figure is written by hand: a new run of compare.py is a new page.
"""
import json
import os

from docutils.parsers.rst import Directive
from docutils.statemachine import StringList

GROUPS = {
    "batch": "Batch kernels (one call over an array)",
    "c": "The C core called from C (the ceiling of the batch rows)",
    "call": "One Python call per hand, against the peer evaluators",
    "call7": "Seven cards, one Python call per hand (the best five)",
    "board": "Boards and deals: analyze and score",
    "joker": "Jokers, against the same work without",
    "deal": "Dealing",
    "play": "Play: self-play, rollouts, placements",
}


def _rate(per_s):
    for scale, unit in ((1e6, " M"), (1e3, " k")):
        if per_s >= scale:
            return f"{per_s / scale:,.1f}{unit}"
    return f"{per_s:,.1f}"


def _each(seconds):
    for scale, unit in ((1e-6, " ns"), (1e-3, " µs"), (1.0, " ms")):
        if seconds < scale:
            return f"{seconds / scale * 1e3:,.1f}{unit}"
    return f"{seconds:,.2f} s"


def _num(x, digits=4):
    return "" if x is None else f"{x:,.{digits}f}"


def _table(title, header, rows):
    """A Markdown table under its title (the page is MyST)."""
    out = [f"**{title}**", "", "| " + " | ".join(header) + " |",
           "|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|"]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return out + [""]


def _escape(text):
    return str(text).replace("*", r"\*").replace("`", r"\`").replace("|", r"\|").replace("<", r"\<")


def render(doc):
    m, args = doc["machine"], doc["args"]
    lines = [
        f"Measured {m['date']} by `python bench/compare.py` with "
        + ", ".join(f"`--{k.replace('_', '-')} {v}`" for k, v in sorted(args.items())
                    if k in ("hands", "per_call_hands", "repeat", "fantasyland", "rl"))
        + f" (random hands and deals of seed {doc.get('seed', '?')}; each row the median of the timed runs "
        "after a warm-up, the Python rows timed round-robin; total run "
        f"{doc.get('elapsed_s', 0):.0f} s).", "",
        f"- CPU: {_escape(m['cpu'])} ({m['machine']}), {m['cores_usable']} usable cores "
        f"({m['cores_os']} in the OS)",
        f"- {_escape(m['os'])}; Python {m['python']}; numpy {m['numpy']}; "
        f"ofc_fast {m['ofc_fast'].split(' ')[0]}",
        f"- C compiler: {_escape(m.get('cc', 'none'))}",
        f"- peers: phevaluator {m.get('phevaluator')}, eval7 {m.get('eval7')}, treys {m.get('treys')}",
    ]
    others = m.get("other_processes_cores")
    if others is not None:
        lines.append(f"- other processes used {others:.2f} of the {m['cores_os']} cores on average "
                     "during the run (a shared machine makes the rates pessimistic)")
    lines.append("")
    rows = doc["rows"]
    byname = {r["name"]: r for r in rows}
    for group in list(GROUPS) + sorted({r["group"] for r in rows} - set(GROUPS)):
        mine = [r for r in rows if r["group"] == group]
        if not mine:
            continue
        body = []
        for r in mine:
            if r.get("error"):
                body.append([_escape(r["name"]), f"{r['n']:,}", "error", "", "", ""])
                continue
            if not r.get("evals_per_s"):
                continue
            ref = byname.get(r.get("ref") or "")
            vs = ""
            if ref and ref.get("evals_per_s"):
                vs = f"{r['evals_per_s'] / ref['evals_per_s']:.2f}"
            body.append([_escape(r["name"]), f"{r['n']:,}", _num(r["median_s"]),
                         _rate(r["evals_per_s"]), _each(1 / r["evals_per_s"]), vs])
        lines += _table(GROUPS.get(group, group),
                        ["method", "n", "median s", "per second", "time each", "rate vs its reference row"], body)
    derived = [(k, v) for k, v in doc.get("derived", {}).items() if v is not None]
    if derived:
        lines += _table("Derived from the rows above", ["figure", "value"],
                        [[_escape(k), f"{v:,.3f}"] for k, v in derived])
    rl = doc.get("rl") or {}
    if rl.get("rows"):
        lines += _table("Reinforcement-learning environments (bench/rl.py: heads-up Pineapple, the learner "
                        "against the random policy; env steps a second, the best burst of each row)",
                        ["row", "steps per s"], [[_escape(k), f"{v:,.0f}"] for k, v in rl["rows"].items()])
    if isinstance(rl.get("ratios"), dict) and rl["ratios"]:
        lines += _table("Derived from the RL rows", ["figure", "value"],
                        [[_escape(k), f"{v:,.3f}"] for k, v in rl["ratios"].items()])
    for section in doc.get("sections") or []:   # tables compare.py prints as Markdown (the Fantasyland solver)
        lines += [f"**{_escape(section['title'].rstrip(':'))}**", ""] + list(section["markdown"]) + [""]
    if doc.get("failures"):
        lines += ["", "**Cross-checks that failed in this run:** " + _escape("; ".join(doc["failures"])), ""]
    else:
        lines += ["", "Every correctness cross-check of the run passed (the rows compute the same answers).", ""]
    return lines


class BenchJson(Directive):
    required_arguments = 1
    has_content = False

    def run(self):
        env = self.state.document.settings.env
        rel, path = env.relfn2path(self.arguments[0])
        env.note_dependency(rel)
        with open(path) as fh:
            doc = json.load(fh)
        node_lines = StringList(render(doc), source=os.path.basename(path))
        from docutils import nodes

        container = nodes.section()
        container.document = self.state.document
        self.state.nested_parse(node_lines, self.content_offset, container)
        return container.children


def setup(app):
    app.add_directive("bench-json", BenchJson)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
