#!/usr/bin/env python3
"""Every C and C++ source of the repository is formatted by its .clang-format.

Runs `clang-format --dry-run -Werror` over the C/C++ files under the source directories
(include/acl has its own .clang-format that disables formatting: those headers keep the layout
of the real AscendCL headers). Build trees and hidden directories are skipped.

Usage: check_format.py <clang-format> <repository root>. Exit 1 listing the files to reformat,
with the command that does it.
"""
import os
import subprocess
import sys

EXTENSIONS = (".c", ".cc", ".cpp", ".h", ".hpp")
SKIP_DIRS = {"build", "node_modules", "__pycache__"}


def sources(root):
    for top, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not d.startswith("build") and d not in SKIP_DIRS)
        for f in sorted(files):
            if f.endswith(EXTENSIONS):
                yield os.path.relpath(os.path.join(top, f), root)


def main(argv):
    if len(argv) != 3:
        print(__doc__)
        return 2
    clang_format, root = argv[1], argv[2]
    files = list(sources(root))
    bad = []
    for i in range(0, len(files), 200):
        batch = files[i:i + 200]
        result = subprocess.run([clang_format, "--dry-run", "-Werror"] + batch, cwd=root, capture_output=True,
                                text=True)
        if result.returncode != 0:
            bad.extend(sorted({line.split(":", 1)[0] for line in result.stderr.splitlines() if ": error:" in line}))
    if bad:
        print("%d of %d files are not formatted by .clang-format:" % (len(bad), len(files)))
        for f in bad:
            print("  " + f)
        print("fix: (cd %s && %s -i %s)" % (root, clang_format, " ".join(bad)))
        return 1
    print("%d C/C++ files formatted as .clang-format says" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
