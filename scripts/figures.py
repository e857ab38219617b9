"""Writes measured figures where the README and the guide quote them.

A figure sits between `<!-- NAME:start -->` and `<!-- NAME:end -->` in README.md or a
page under docs/; the scripts that measure (bench.sh, class_bench.sh, mutants.sh,
test_times.sh) write each one with `write_figures`, run from the repository's root.
"""
import glob
import re
import sys


def pages():
    return ["README.md"] + sorted(glob.glob("docs/**/*.md", recursive=True))


def write_figures(values):
    """Replaces each figure NAME's text by values[NAME], on every page that quotes it."""
    found = set()
    for page in pages():
        text = original = open(page, encoding="utf-8").read()
        for name, value in values.items():
            pattern = rf"(<!-- {name}:start -->).*?(<!-- {name}:end -->)"
            if re.search(pattern, text, flags=re.S):
                found.add(name)
            text = re.sub(pattern, lambda m: m.group(1) + value + m.group(2), text,
                          flags=re.S)
        if text != original:
            open(page, "w", encoding="utf-8").write(text)
            print(f"{page} updated.")
    missing = sorted(set(values) - found)
    if missing:
        sys.exit(f"no page has the markers of {', '.join(missing)}: "
                 f"put <!-- NAME:start --> and <!-- NAME:end --> where each is quoted")
