#!/usr/bin/env python3
"""Every kernel builder defined under kernels/ is listed exactly once in kernels/lists/*.inc,
and every listed builder is defined (the registry is built from the lists, so an unlisted
kernel would silently not exist). Usage: check_kernel_list.py <repository root>."""
import glob
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
defined = {}
for path in glob.glob(os.path.join(root, "kernels", "**", "*.cpp"), recursive=True):
    with open(path, encoding="utf-8") as f:
        for m in re.finditer(r"^KernelDef\s+(Build\w+_(?:AiCore|AiCpu))\s*\(\s*\)\s*\{", f.read(), re.M):
            defined.setdefault(m.group(1), []).append(os.path.relpath(path, root))
listed = {}
for path in glob.glob(os.path.join(root, "kernels", "lists", "*.inc")):
    with open(path, encoding="utf-8") as f:
        for m in re.finditer(r"^ASIM_KERNEL\(\s*(\w+)\s*,\s*(AiCore|AiCpu)\s*,\s*(\w+)\s*\)", f.read(), re.M):
            listed.setdefault(m.group(3), []).append(os.path.relpath(path, root))
errors = []
for name, where in sorted(defined.items()):
    if len(where) > 1:
        errors.append("%s is defined twice: %s" % (name, ", ".join(where)))
    if name not in listed:
        errors.append("%s (%s) is not in any kernels/lists/*.inc" % (name, where[0]))
for name, where in sorted(listed.items()):
    if len(where) > 1:
        errors.append("%s is listed more than once: %s" % (name, ", ".join(where)))
    if name not in defined:
        errors.append("%s is listed in %s but not defined under kernels/" % (name, where[0]))
if errors:
    print("kernel list check failed:\n  " + "\n  ".join(errors))
    sys.exit(1)
print("kernel list: %d kernels, all listed once" % len(defined))
