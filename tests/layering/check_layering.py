#!/usr/bin/env python3
"""Checks the dependency rules of DESIGN.md on #include lines.

  runtime/base      -> runtime/base only
  runtime/config    -> runtime/base, runtime/config, device_sim/soc (the SoC catalog),
                       profdata/metric_group.h (the AI Core metric groups)
  device_sim        -> device_sim, runtime/base           (no AscendCL, no kernels)
  kernels           -> kernels, runtime/base              (no streams, time, dump, profiling)
  om                -> om, kernels/framework, runtime/base (the model IR and .om format; no runtime)
  runtime/dvpp      -> runtime/base, runtime/dvpp         (the DVPP pixel library: no runtime)
  runtime modules, in this order (each sees the runtime modules listed before it, and the leaves):
  runtime/core      -> runtime/base, runtime/config, device_sim
  runtime/check     -> runtime/core and below                (memcheck, fault injection)
  runtime/dvpp/engine, runtime/tdt -> runtime/core and below (the DVPP engines; data channels)
  runtime/model     -> runtime/core and below, kernels, om   (loading and executing models)
  runtime/op        -> runtime/model and below, kernels, om, tools/atc/compiler (single ops;
                       the graph compiler moves out of tools/ in issue 20)
  runtime/dump      -> runtime/model and below, om           (dump on model execution)
  runtime/profiling -> runtime/model and below, kernels, profdata
  runtime/dump/format -> runtime/base, itself             (the dump file format, shared with tools)
  profdata          -> profdata, runtime/base             (profiling data and files, shared with tools/msprof)
  tools/atc         -> tools/atc, runtime/base, om, kernels, device_sim (no runtime: atc is offline)
  tools/opsdoc      -> tools/opsdoc, kernels, runtime/base
  tools/dump        -> tools/dump, runtime/dump/format, runtime/base, om, kernels/framework
  tools/msprof      -> tools/msprof, profdata, runtime/base
  tools/msame       -> acl/ public headers, tools/msame   (an AscendCL application, as the real msame)
  bench             -> bench, acl/, kernels, device_sim, runtime/base (benchmarks: public API or leaves)
  python/pyacl      -> acl/ public headers, python/pyacl  (pyACL is a thin layer over the public API)
  runtime/api       -> anything
  samples, tests/conformance -> acl/ public headers only (no internals)

Usage: check_layering.py <repository root>. Exit 1 with every violation listed.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')

RULES = [
    # (directory prefix, allowed include prefixes or None for "anything", forbidden prefixes)
    ("runtime/base/", ("runtime/base/",), ()),
    ("runtime/config/", ("runtime/base/", "runtime/config/", "device_sim/soc/", "profdata/metric_group.h"), ()),
    ("device_sim/", ("device_sim/", "runtime/base/"), ()),
    ("kernels/", ("kernels/", "runtime/base/"), ()),
    ("om/", ("om/", "kernels/framework/", "runtime/base/"), ()),
    ("profdata/", ("profdata/", "runtime/base/"), ()),
    ("runtime/api/", None, ()),
    ("runtime/core/", ("runtime/base/", "runtime/config/", "runtime/core/", "device_sim/"), ()),
    ("runtime/check/", ("runtime/base/", "runtime/config/", "runtime/core/", "runtime/check/", "device_sim/"), ()),
    ("runtime/dvpp/engine/", ("runtime/base/", "runtime/config/", "runtime/core/", "runtime/dvpp/", "device_sim/"), ()),
    ("runtime/dvpp/", ("runtime/base/", "runtime/dvpp/"), ()),
    ("runtime/tdt/", ("runtime/base/", "runtime/config/", "runtime/core/", "runtime/tdt/", "device_sim/"), ()),
    ("runtime/model/", ("runtime/base/", "runtime/config/", "runtime/core/", "runtime/model/", "device_sim/", "kernels/",
                        "om/"), ()),
    ("runtime/op/", ("runtime/base/", "runtime/config/", "runtime/core/", "runtime/model/", "runtime/op/", "device_sim/",
                     "kernels/", "om/", "tools/atc/compiler/"), ()),
    ("runtime/dump/format/", ("runtime/base/", "runtime/dump/format/"), ()),
    ("runtime/dump/", ("runtime/base/", "runtime/config/", "runtime/core/", "runtime/model/", "runtime/dump/",
                       "device_sim/", "om/"), ()),
    ("runtime/profiling/", ("runtime/base/", "runtime/config/", "runtime/core/", "runtime/model/", "runtime/profiling/",
                            "device_sim/", "kernels/", "profdata/"), ()),
    ("runtime/", None, ("acl/",)),
    ("tools/atc/", ("tools/atc/", "runtime/base/", "om/", "kernels/", "device_sim/"), ()),
    ("tools/opsdoc/", ("tools/opsdoc/", "kernels/", "runtime/base/"), ()),
    ("bench/", ("bench/", "acl/", "kernels/", "device_sim/", "runtime/base/"), ()),
    ("samples/", ("acl/",), ()),
    ("tests/conformance/", ("acl/",), ()),
    ("tools/dump/", ("tools/dump/", "runtime/dump/format/", "runtime/base/", "om/", "kernels/framework/"), ()),
    ("tools/msprof/", ("tools/msprof/", "profdata/", "runtime/base/"), ()),
    ("tools/msame/", ("acl/", "tools/msame/"), ()),
    ("python/pyacl/", ("acl/", "python/pyacl/", "pybind11/"), ()),
]

SOURCE_EXT = (".h", ".hpp", ".c", ".cc", ".cpp", ".inc")


def rule_for(rel):
    for prefix, allowed, forbidden in RULES:
        if rel.startswith(prefix):
            return prefix, allowed, forbidden
    return None


def main(root):
    violations = []
    for top in ("runtime", "device_sim", "kernels", "om", "samples", "tests/conformance", "profdata", "tools", "bench",
                "python/pyacl"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in files:
                if not name.endswith(SOURCE_EXT):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                rule = rule_for(rel)
                if rule is None:
                    continue
                prefix, allowed, forbidden = rule
                with open(path, encoding="utf-8", errors="replace") as f:
                    for lineno, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        inc = m.group(1)
                        # Includes relative to the including file (same directory) are fine.
                        if "/" not in inc or os.path.exists(os.path.join(dirpath, inc)):
                            continue
                        bad = any(inc.startswith(f) for f in forbidden)
                        if allowed is not None and not any(inc.startswith(a) for a in allowed):
                            bad = True
                        if bad:
                            violations.append("%s:%d: includes \"%s\" (rule for %s)" % (rel, lineno, inc, prefix))
    if violations:
        print("layering violations (see DESIGN.md, 'Layers and the one direction of dependency'):")
        for v in violations:
            print("  " + v)
        return 1
    print("layering: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
