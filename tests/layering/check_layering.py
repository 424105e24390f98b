#!/usr/bin/env python3
"""Checks the dependency rules of DESIGN.md on #include lines.

Leaves and shared libraries (each sees only what is listed):
  base              -> base only                         (the leaf everyone may include)
  device_sim        -> device_sim, base            (no AscendCL, no kernels)
  kernels           -> kernels, base               (no streams, time, dump, profiling)
  om                -> om, kernels/framework, base (the model IR and .om format; no runtime)
  profdata          -> profdata, base              (profiling data and files, shared with tools/msprof)
  dumpfmt           -> dumpfmt, base               (the dump file format, shared with tools/dump)
  compiler          -> compiler, om, kernels, device_sim/soc, base
                       (the graph compiler and the SoC -> chip traits mapping, shared by atc and the runtime)
The runtime, in this order (each module sees those before it and the leaves; never acl/):
  runtime/config    -> base, device_sim/soc (the SoC catalog), profdata/metric_group.h
  runtime/dvpp      -> base                        (the DVPP pixel library: no runtime)
  runtime/core      -> runtime/config, device_sim
  runtime/check     -> runtime/core and below              (memcheck, fault injection)
  runtime/dvpp/engine, runtime/tdt -> runtime/core and below (the DVPP engines; data channels)
  runtime/observe   -> base, device_sim, om        (KernelTaskInfo and the typed kernel observer)
  runtime/model     -> runtime/core, runtime/observe and below, kernels, om, compiler (loading and executing models)
  runtime/op        -> runtime/model and below, kernels, om, compiler (single ops, online compilation)
  runtime/dump      -> runtime/core, runtime/observe and below, om, dumpfmt, runtime/model/compute_mode.h
                       (observers of kernel tasks: no model manager, no executor)
  runtime/profiling -> runtime/core, runtime/observe and below, kernels, compiler, profdata
  runtime/api       -> anything                            (the only place acl/ types meet the runtime)
  runtime/hccl      -> base, hccl/ and acl/ public headers, runtime/api/collective_hooks.h
                       (libhccl.so reaches the runtime only through the collective hooks)
Tools and applications:
  tools/atc         -> tools/atc, compiler, om, kernels, device_sim, base (atc is offline: no runtime)
  tools/opsdoc      -> tools/opsdoc, kernels, base
  tools/dump        -> tools/dump, dumpfmt, om, kernels/framework, base
  tools/msprof      -> tools/msprof, profdata, base
  tools/msame       -> acl/ public headers, tools/msame    (an AscendCL application, as the real msame)
  tools/ (others)   -> anything but the runtime's modules  (the public API and the shared libraries)
  bench             -> bench, acl/, kernels, device_sim, compiler/chip_traits.h, base
                       (benchmarks: the public API or the leaves)
  python/pyacl      -> acl/ public headers, python/pyacl   (pyACL is a thin layer over the public API)
  samples, tests/conformance -> acl/ and hccl/ public headers only   (no internals)

Process state: the runtime's state has one root, runtime/api's RuntimeContext, which owns the
core (rt::Runtime), the check module's state (check::CheckState), the model and tdt objects
and the other managers as members. Below runtime/api nothing calls Runtime::Get() (it no
longer exists) and no module defines a function-local static singleton (`static T* x = new
T...`, `static auto x = std::make_shared<...>`, `static T x;` of a class type, or a `static T&
Get()` accessor): every module is handed the core, check state, device, stream or manager it
needs, which is what lets tests/unit run it without aclInit. runtime/api keeps its handle
registries in the RuntimeContext too: the only function-local statics left are the context
itself and aclrtGetSocName's interned names (SINGLETON_ALLOWED). Memcheck's SIGSEGV handler reaches its tables through one atomic
pointer (runtime/check/segv_report.cpp), not a singleton.

Kernels run only through kernels::InvokeKernel (kernels/framework/invoke.h): no other
file calls a KernelDef's compute function directly (runtime, tools, bench and tests alike).

Usage: check_layering.py <repository root>. Exit 1 with every violation listed.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')

_CORE = ("base/", "runtime/config/", "runtime/core/", "device_sim/")
_MODEL = _CORE + ("runtime/observe/", "runtime/model/", "kernels/", "om/", "compiler/")
_RUNTIME_MODULES = ("runtime/config/", "runtime/core/", "runtime/check/", "runtime/dvpp/", "runtime/tdt/", "runtime/observe/",
                    "runtime/model/", "runtime/op/", "runtime/dump/", "runtime/profiling/", "runtime/api/")

RULES = [
    # (directory prefix, allowed include prefixes or None for "anything", forbidden prefixes); first match wins
    ("base/", ("base/",), ()),
    ("device_sim/", ("device_sim/", "base/"), ()),
    ("kernels/", ("kernels/", "base/"), ()),
    ("om/", ("om/", "kernels/framework/", "base/"), ()),
    ("profdata/", ("profdata/", "base/"), ()),
    ("dumpfmt/", ("dumpfmt/", "base/"), ()),
    ("compiler/", ("compiler/", "om/", "kernels/", "device_sim/soc/", "base/"), ()),
    ("runtime/config/", ("base/", "runtime/config/", "device_sim/soc/", "profdata/metric_group.h"), ()),
    ("runtime/api/", None, ()),
    # libhccl.so: the public headers (hccl/, acl/ through hccl.h), base, and the runtime only
    # through the collective hooks (no runtime internals).
    ("runtime/hccl/", ("base/", "hccl/", "acl/ext/aclsim_ext.h", "runtime/hccl/", "runtime/api/collective_hooks.h"),
     ()),
    ("runtime/core/", _CORE, ()),
    ("runtime/check/", _CORE + ("runtime/check/",), ()),
    ("runtime/dvpp/engine/", _CORE + ("runtime/dvpp/",), ()),
    ("runtime/dvpp/", ("base/", "runtime/dvpp/"), ()),
    ("runtime/tdt/", _CORE + ("runtime/tdt/",), ()),
    ("runtime/observe/", ("base/", "device_sim/", "om/", "runtime/observe/"), ()),
    ("runtime/model/", _MODEL, ()),
    ("runtime/op/", _MODEL + ("runtime/op/",), ()),
    ("runtime/dump/", _CORE + ("runtime/observe/", "om/", "runtime/dump/", "dumpfmt/", "runtime/model/compute_mode.h"),
     ()),
    ("runtime/profiling/", _CORE + ("runtime/observe/", "kernels/", "compiler/", "runtime/profiling/", "profdata/"), ()),
    ("runtime/", None, ("acl/",)),
    ("tools/atc/", ("tools/atc/", "compiler/", "om/", "kernels/", "device_sim/", "base/"), ()),
    ("tools/opsdoc/", ("tools/opsdoc/", "kernels/", "base/"), ()),
    ("tools/dump/", ("tools/dump/", "dumpfmt/", "base/", "om/", "kernels/framework/"), ()),
    ("tools/msprof/", ("tools/msprof/", "profdata/", "base/"), ()),
    ("tools/msame/", ("acl/", "tools/msame/"), ()),
    ("tools/", None, _RUNTIME_MODULES),
    ("bench/", ("bench/", "acl/", "kernels/", "device_sim/", "compiler/chip_traits.h", "base/"), ()),
    ("samples/", ("acl/", "hccl/"), ()),
    ("tests/conformance/", ("acl/", "hccl/"), ()),
    ("python/pyacl/", ("acl/", "python/pyacl/", "pybind11/"), ()),
]

SOURCE_EXT = (".h", ".hpp", ".c", ".cc", ".cpp", ".inc")

DIRECT_COMPUTE = re.compile(r"(\.|->)compute\(")
DIRECT_COMPUTE_ALLOWED = ("kernels/framework/invoke.cpp",)
PROCESS_STATE = re.compile(r"\bRuntime::Get\(\)")
PROCESS_STATE_ALLOWED = ("runtime/api/",)
# A function-local static holding a process-wide object (indented: inside a function), or the
# accessor of one. Immutable tables (`static const`, `static constexpr`) and thread_locals are
# not singletons.
SINGLETON = re.compile(r"^\s+static\s+(?!const\b|constexpr\b|thread_local\b)"
                       r"(?:[\w:<>, ]+?\*?\s+\w+\s*=\s*(?:new\b|std::make_shared\b)"  # static T* x = new T
                       r"|[A-Z]\w*\s+\w+\s*;"                                             # static Table x;
                       r"|[\w:]+&\s+Get\(\)\s*;)")                                        # static T& Get();
# The only process-wide objects in the runtime: the RuntimeContext itself (the C API has no
# handle to carry one) and aclrtGetSocName's interned names (pointers it returned stay valid
# for the life of the process, as the real one's do).
SINGLETON_ALLOWED = ("runtime/api/runtime_context.cpp", "runtime/api/acl_base_misc.cpp")


def rule_for(rel):
    for prefix, allowed, forbidden in RULES:
        if rel.startswith(prefix):
            return prefix, allowed, forbidden
    return None


def source_lines(root, tops):
    """(repository-relative path, directory, line number, line) of every source file under `tops`."""
    for top in tops:
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in files:
                if not name.endswith(SOURCE_EXT):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                with open(path, encoding="utf-8", errors="replace") as f:
                    for lineno, line in enumerate(f, 1):
                        yield rel, dirpath, lineno, line


def main(root):
    violations = []
    include_tops = ("base", "runtime", "device_sim", "kernels", "om", "compiler", "dumpfmt", "samples",
                    "tests/conformance", "profdata", "tools", "bench", "python/pyacl")
    for rel, dirpath, lineno, line in source_lines(root, include_tops):
        rule = rule_for(rel)
        if rule is None:
            continue
        prefix, allowed, forbidden = rule
        if rel.startswith("runtime/") and not rel.startswith(PROCESS_STATE_ALLOWED):
            if PROCESS_STATE.search(line):
                violations.append("%s:%d: reaches the process runtime (Runtime::Get()); take what is needed as an "
                                  "argument" % (rel, lineno))
        if rel.startswith("runtime/"):
            if SINGLETON.search(line) and rel not in SINGLETON_ALLOWED:
                violations.append("%s:%d: defines a process-wide singleton (a function-local static); make it a "
                                  "member of what owns it (api::RuntimeContext at the top) and hand it down" %
                                  (rel, lineno))
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
    compute_tops = ("base", "runtime", "device_sim", "kernels", "om", "compiler", "tools", "bench", "tests", "samples")
    for rel, _, lineno, line in source_lines(root, compute_tops):
        if rel not in DIRECT_COMPUTE_ALLOWED and DIRECT_COMPUTE.search(line):
            violations.append("%s:%d: calls a kernel's compute directly; use kernels::InvokeKernel" % (rel, lineno))
    if violations:
        print("layering violations (see DESIGN.md, 'Layers and the one direction of dependency'):")
        for v in violations:
            print("  " + v)
        return 1
    print("layering: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
