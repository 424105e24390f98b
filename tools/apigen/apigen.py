#!/usr/bin/env python3
"""apigen: one source of truth for the public AscendCL API surface.

Parses the public headers under include/acl (the only place where the API is declared) and derives
from them what the build and the tests need:

  list      every declared function: name and header (optionally as JSON, or per-header counts)
  stubs     a C++ translation unit defining every function named in runtime/api/unsupported_api.txt
            as "not supported" (ReportNotSupported + ACL_ERROR_API_NOT_SUPPORT / nullptr / {})
  coverage  docs/api_coverage.md: implemented / not supported per header; --check detects drift
  pyacl     the mechanically mapped pyACL bindings (python/pyacl), one C++ file per submodule
  abi       compares the functions exported by a built library (nm -D) with the declared set

Headers under include/acl/ext/ declare the simulator's own extensions (aclsim* functions, see
acl/ext/aclsim_ext.h): they are part of the exported ABI, but not of the AscendCL baseline, so
the baseline counts and the coverage totals leave them out and the coverage document lists them
in a section of their own.

Python 3 standard library only.
"""

import argparse
import difflib
import json
import os
import re
import subprocess
import sys

# Macros that may precede a declaration and carry no type information.
_DECL_MACROS = ("ACL_FUNC_VISIBILITY", "MSVP_PROF_API", "ACL_DUMP_API", "GE_FUNC_VISIBILITY", "ACL_DEPRECATED")
_DEPRECATED_MACROS = ("ACL_DEPRECATED_MESSAGE", "ACL_DEPRECATED")
_NO_PARAM_MACROS = ("__attribute__", "__declspec", "ACL_DEPRECATED_MESSAGE")

TOOL_CMD = "python3 tools/apigen/apigen.py"

# Headers (relative to include/acl) in this directory declare the simulator's extensions, whose
# functions must carry this prefix (and no baseline function may).
EXT_DIR = "ext/"
EXT_PREFIX = "aclsim"


class ApiError(Exception):
    """A problem in the inputs (headers, unsupported list, library) that the user must fix."""


class Function:
    """One declared function."""

    def __init__(self, name, header, ret, params, deprecated, line):
        self.name = name          # e.g. "aclrtMalloc"
        self.header = header      # path relative to include/acl, e.g. "acl_rt.h", "ops/acl_dvpp.h"
        self.ret = ret            # return type text, e.g. "aclError", "const char *", "void"
        self.params = params      # parameter list text as written, whitespace collapsed ("" for "()")
        self.deprecated = deprecated
        self.line = line          # 1-based line of the declaration in the header

    @property
    def extension(self):
        """True for the simulator's own functions (declared under include/acl/ext/)."""
        return self.header.startswith(EXT_DIR)

    def prototype(self):
        """The prototype without visibility/deprecation macros, e.g. "const char *aclrtGetSocName()"."""
        sep = "" if self.ret.endswith("*") else " "
        return "%s%s%s(%s)" % (self.ret, sep, self.name, self.params)

    def as_dict(self):
        return {"name": self.name, "header": self.header, "return": self.ret, "params": self.params,
                "deprecated": self.deprecated, "line": self.line}


# ---------------------------------------------------------------------------------------------
# Header parsing
# ---------------------------------------------------------------------------------------------

def _strip_comments_and_directives(text):
    """Returns text with comments, string-free preprocessor lines and line continuations removed.

    Newlines are kept (comments are replaced by spaces, directives by empty lines) so that offsets
    still map to the original line numbers.
    """
    out = []
    i, n = 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "/" and i + 1 < n and text[i + 1] == "*":
            end = text.find("*/", i + 2)
            if end < 0:
                raise ApiError("unterminated /* comment")
            chunk = text[i:end + 2]
            out.append("".join("\n" if ch == "\n" else " " for ch in chunk))
            i = end + 2
            continue
        if c == "/" and i + 1 < n and text[i + 1] == "/":
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
            continue
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
            at_line_start = False
            continue
        if at_line_start and c == "#":
            # preprocessor directive, possibly continued with backslash-newline
            j = i
            newlines = 0
            while j < n:
                if text[j] == "\\" and j + 1 < n and text[j + 1] == "\n":
                    j += 2
                    newlines += 1
                    continue
                if text[j] == "\n":
                    break
                if text.startswith("/*", j):  # comment inside a directive
                    end = text.find("*/", j + 2)
                    newlines += text.count("\n", j, end)
                    j = end + 2
                    continue
                j += 1
            out.append("\n" * newlines)
            i = j
            continue
        if c == "\n":
            at_line_start = True
        elif not c.isspace():
            at_line_start = False
        out.append(c)
        i += 1
    return "".join(out)


def _split_statements(code):
    """Splits preprocessed code into top-level statements (text up to ';' at brace depth 0).

    Yields (statement_text, start_offset). `extern "C" {` wrappers are transparent.
    """
    code = re.sub(r'extern\s*"C"\s*\{', lambda m: " " * len(m.group(0)), code)
    depth = 0
    start = 0
    i = 0
    n = len(code)
    while i < n:
        c = code[i]
        if c == '"':
            j = i + 1
            while j < n and code[j] != '"':
                j += 2 if code[j] == "\\" else 1
            i = j + 1
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth < 0:  # closing brace of an extern "C" block
                depth = 0
                start = i + 1
        elif c == ";" and depth == 0:
            yield code[start:i], start
            start = i + 1
        i += 1
    if code[start:].strip():
        raise ApiError("trailing text without ';': %r" % code[start:].strip()[:80])


def _matching_paren(s, open_idx):
    depth = 0
    for k in range(open_idx, len(s)):
        if s[k] == "(":
            depth += 1
        elif s[k] == ")":
            depth -= 1
            if depth == 0:
                return k
    raise ApiError("unbalanced parentheses in: %s" % s)


def _remove_macro_calls(s, names):
    """Removes NAME(...) occurrences (balanced parentheses, string literals allowed) of the given macros."""
    deprecated = False
    while True:
        m = re.search(r"\b(%s)\s*\(" % "|".join(re.escape(x) for x in names), s)
        if not m:
            return s, deprecated
        if m.group(1) in _DEPRECATED_MACROS or "deprecated" in s[m.start():_matching_paren(s, m.end() - 1)]:
            deprecated = True
        end = _matching_paren(s, m.end() - 1)
        s = s[:m.start()] + " " + s[end + 1:]


def _normalise(s):
    s = re.sub(r"\s+", " ", s).strip()
    s = re.sub(r"\s*\*\s*", lambda m: " *", s)    # "char* p" / "char * p" -> "char *p"
    s = re.sub(r"\* (?=[\w(])", "*", s)
    s = re.sub(r"\*\s+\*", "**", s)
    s = re.sub(r"\(\s+", "(", s)
    s = re.sub(r"\s+\)", ")", s)
    s = re.sub(r"\s+,", ",", s)
    s = re.sub(r"\s*\[\s*", "[", s)
    s = re.sub(r"\s*\]", "]", s)
    return s


def parse_declaration(stmt):
    """Parses one statement; returns (name, ret, params, deprecated) for a function declaration, else None."""
    s = stmt.strip()
    if not s or "(" not in s:
        return None
    first = re.match(r"[A-Za-z_]\w*", s)
    if first and first.group(0) in ("typedef", "static", "struct", "enum", "union", "using", "namespace",
                                    "template", "extern"):
        return None
    s, dep1 = _remove_macro_calls(s, _NO_PARAM_MACROS)
    deprecated = dep1
    words = s.split()
    kept = []
    for w in words:
        if w in _DECL_MACROS:
            if w in _DEPRECATED_MACROS:
                deprecated = True
            continue
        kept.append(w)
    s = " ".join(kept)
    # The parameter list is the first top-level '(' that directly follows an identifier.
    m = re.search(r"([A-Za-z_]\w*)\s*\(", s)
    if not m:
        return None
    name = m.group(1)
    open_idx = m.end() - 1
    close_idx = _matching_paren(s, open_idx)
    ret = s[:m.start()].strip()
    tail = s[close_idx + 1:].strip()
    if tail:
        # e.g. a function returning a function pointer "int (*f(int))(int)" -- not used by the API
        raise ApiError("unsupported declarator form: %s" % stmt.strip())
    if not ret:
        raise ApiError("declaration without a return type: %s" % stmt.strip())
    params = _normalise(s[open_idx + 1:close_idx])
    ret = _normalise(ret)
    if ret.endswith("*"):
        ret = re.sub(r"\s*(\*+)$", r" \1", ret)
    return name, ret, params, deprecated


def parse_header(path, rel):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    code = _strip_comments_and_directives(text)
    funcs = []
    for stmt, off in _split_statements(code):
        try:
            decl = parse_declaration(stmt)
        except ApiError as e:
            raise ApiError("%s: %s" % (rel, e))
        if decl is None:
            continue
        lead = len(stmt) - len(stmt.lstrip())
        line = code.count("\n", 0, off + lead) + 1
        name, ret, params, deprecated = decl
        funcs.append(Function(name, rel, ret, params, deprecated, line))
    return funcs


def header_files(include_dir):
    """Public headers relative to include/acl, in a stable order: top level first, then subdirectories."""
    root = os.path.join(include_dir, "acl")
    if not os.path.isdir(root):
        raise ApiError("no acl/ directory under include dir %s" % include_dir)
    rels = []
    for dirpath, _, files in os.walk(root):
        for f in files:
            if f.endswith(".h"):
                rels.append(os.path.relpath(os.path.join(dirpath, f), root).replace(os.sep, "/"))
    order = {"acl.h": 0, "acl_base.h": 1, "acl_rt.h": 2, "acl_mdl.h": 3, "acl_op.h": 4, "acl_op_compiler.h": 5}
    rels.sort(key=lambda r: (r.count("/"), order.get(r, 100), r))
    return rels


def parse_headers(include_dir):
    """Returns (functions in header order, list of header paths relative to include/acl)."""
    funcs = []
    seen = {}
    rels = header_files(include_dir)
    for rel in rels:
        for fn in parse_header(os.path.join(include_dir, "acl", rel), rel):
            if fn.name in seen:
                raise ApiError("%s declared twice: %s and %s" % (fn.name, seen[fn.name].header, fn.header))
            seen[fn.name] = fn
            funcs.append(fn)
    return funcs, rels


# ---------------------------------------------------------------------------------------------
# Unsupported list
# ---------------------------------------------------------------------------------------------

def parse_unsupported(path, declared):
    """Parses the unsupported list; returns an ordered dict name -> reason. Validates every name."""
    result = {}
    reason = None
    errors = []
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            where = "%s:%d" % (path, lineno)
            if line.startswith("["):
                if not line.endswith("]") or len(line) < 3:
                    errors.append("%s: malformed section line %r" % (where, line))
                    continue
                reason = line[1:-1].strip()
                continue
            if not re.fullmatch(r"[A-Za-z_]\w*", line):
                errors.append("%s: not a function name: %r" % (where, line))
                continue
            if reason is None:
                errors.append("%s: %s is listed before any [reason] section" % (where, line))
                continue
            if line in result:
                errors.append("%s: %s is listed twice" % (where, line))
                continue
            if line not in declared:
                errors.append("%s: %s is not declared by any public header" % (where, line))
                continue
            result[line] = reason
    if errors:
        raise ApiError("invalid unsupported list:\n  " + "\n  ".join(errors))
    return result


# ---------------------------------------------------------------------------------------------
# stubs
# ---------------------------------------------------------------------------------------------

def _return_statement(ret):
    if ret == "void":
        return ""
    if ret == "aclError":
        return " return ACL_ERROR_API_NOT_SUPPORT;"
    if ret.endswith("*"):
        return " return nullptr;"
    return " return {};"


def generate_stubs(funcs, rels, unsupported):
    lines = [
        "// Generated by tools/apigen/apigen.py stubs -- do not edit.",
        "// Every function listed in runtime/api/unsupported_api.txt, defined with its exact public",
        "// prototype: it records \"<name> is not supported\" for aclGetRecentErrMsg and returns",
        "// ACL_ERROR_API_NOT_SUPPORT (aclError), nullptr (pointers) or a zero value.",
        "",
        "#include \"runtime/api/error_state.h\"",
        "",
    ]
    for rel in rels:
        if rel == "ops/acl_dvpp.h":
            lines += ["#ifndef ENABLE_DVPP_INTERFACE", "#define ENABLE_DVPP_INTERFACE", "#endif"]
        lines.append("#include \"acl/%s\"" % rel)
    lines += [
        "",
        "#if defined(__GNUC__)",
        "#pragma GCC diagnostic ignored \"-Wunused-parameter\"",
        "#endif",
        "",
        "extern \"C\" {",
    ]
    current = None
    for fn in funcs:
        if fn.name not in unsupported:
            continue
        if fn.header != current:
            current = fn.header
            lines += ["", "// ---- %s ----" % fn.header]
        lines.append("")
        lines.append("%s {" % fn.prototype())
        lines.append("  ::asim::api::ReportNotSupported(\"%s\");%s" % (fn.name, _return_statement(fn.ret)))
        lines.append("}")
    lines += ["", "}  // extern \"C\"", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# coverage
# ---------------------------------------------------------------------------------------------

def _md_escape(s):
    return s.replace("|", "\\|")


def hccl_functions(include_dir):
    """Names of the functions include/hccl/hccl.h declares (libhccl.so), in header order; [] without it."""
    path = os.path.join(include_dir, "hccl", "hccl.h")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        code = _strip_comments_and_directives(f.read())
    return re.findall(r"\bextern\s+[\w\s\*]*?\b(Hccl\w+)\s*\(", code)


def generate_coverage(funcs, rels, unsupported, unsupported_rel, pyacl=None, hccl=None):
    """pyacl: {C name: "acl.x.y"} of the bound functions (None: no pyACL column); hccl: the
    function names of hccl/hccl.h, all implemented by libhccl.so (docs/hccl.md)."""
    extensions = [f for f in funcs if f.extension]
    funcs = [f for f in funcs if not f.extension]
    rels = [r for r in rels if not r.startswith(EXT_DIR)]
    total = len(funcs)
    n_unsup = sum(1 for f in funcs if f.name in unsupported)
    out = [
        "# AscendCL API coverage",
        "",
        "Generated by `%s coverage` from the public headers (`include/acl/`) and `%s`; "
        "do not edit by hand (the `apigen_coverage_check` test fails when this file is out of date)." % (
            TOOL_CMD, unsupported_rel),
        "",
        "The headers declare the AscendCL baseline API (ACL 1.10.0). A function is *implemented* when "
        "`libascendcl` provides real behaviour for it; *not supported* functions are exported with their exact "
        "prototype, record a message for `aclGetRecentErrMsg` and return `ACL_ERROR_API_NOT_SUPPORT` "
        "(or NULL / 0 for functions that do not return `aclError`).",
        "",
        "## Totals",
        "",
        "| | functions |",
        "|---|---:|",
        "| declared | %d |" % total,
        "| implemented | %d |" % (total - n_unsup),
        "| not supported | %d |" % n_unsup,
        "",
    ]
    if pyacl is not None:
        n_py = sum(1 for f in funcs if f.name in pyacl)
        out[-1:-1] = ["| bound in pyACL (`import acl`) | %d |" % n_py]
        out += ["The pyACL column names the function's binding in the `acl` Python module "
                "(`python/pyacl`: generated by `%s pyacl`, or hand-written where "
                "`python/pyacl/manual_bindings.txt` says); \"-\" means Python has no binding. "
                "See `docs/python.md`." % TOOL_CMD, ""]
    out += [
        "| header | declared | implemented | not supported |",
        "|---|---:|---:|---:|",
    ]
    for rel in rels:
        hf = [f for f in funcs if f.header == rel]
        if not hf:
            continue
        u = sum(1 for f in hf if f.name in unsupported)
        out.append("| `acl/%s` | %d | %d | %d |" % (rel, len(hf), len(hf) - u, u))
    for rel in rels:
        hf = [f for f in funcs if f.header == rel]
        if not hf:
            continue
        if pyacl is None:
            out += ["", "## `acl/%s`" % rel, "", "| function | status | note |", "|---|---|---|"]
        else:
            out += ["", "## `acl/%s`" % rel, "", "| function | status | pyACL | note |", "|---|---|---|---|"]
        for f in hf:
            py = "" if pyacl is None else " %s |" % ("`%s`" % pyacl[f.name] if f.name in pyacl else "-")
            if f.name in unsupported:
                out.append("| `%s` | not supported |%s %s |" % (f.name, py, _md_escape(unsupported[f.name])))
            else:
                out.append("| `%s` | implemented |%s %s |" % (f.name, py, "deprecated" if f.deprecated else ""))
    if extensions:
        out += ["", "## Simulator extensions (not AscendCL)", "",
                "Declared in `include/acl/ext/`, exported by the simulator's `libascendcl.so` only, and not counted "
                "above: testing support for applications (memcheck, fault injection, fast deterministic modes; see "
                "`docs/testing-your-app.md`)."]
        if pyacl is None:
            out += ["", "| function | header |", "|---|---|"]
        else:
            out += ["", "| function | header | Python |", "|---|---|---|"]
        for f in extensions:
            py = "" if pyacl is None else " %s |" % ("`%s`" % pyacl[f.name] if f.name in pyacl else "-")
            out.append("| `%s` | `acl/%s` |%s" % (f.name, f.header, py))
    if hccl:
        out += ["", "## HCCL: `hccl/hccl.h` (`libhccl.so`)", "",
                "Collective communication between simulated devices, processes and hosts; not counted above. "
                "Every declared function is implemented (semantics, error codes, the cost model: `docs/hccl.md`).",
                "", "| function | status |", "|---|---|"]
        for name in hccl:
            out.append("| `%s` | implemented |" % name)
    out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------
# abi
# ---------------------------------------------------------------------------------------------

def exported_symbols(lib, nm="nm"):
    """Returns {name: type letter} of the defined dynamic symbols of `lib`."""
    try:
        proc = subprocess.run([nm, "-D", "--defined-only", lib], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, universal_newlines=True, check=False)
    except OSError as e:
        raise ApiError("cannot run %s: %s" % (nm, e))
    if proc.returncode != 0:
        raise ApiError("%s -D --defined-only %s failed: %s" % (nm, lib, proc.stderr.strip()))
    syms = {}
    for line in proc.stdout.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        typ, name = parts[-2], parts[-1]
        name = name.split("@", 1)[0]  # strip symbol versions (name@@VERSION)
        syms[name] = typ
    return syms


def check_abi(funcs, syms):
    """Returns a list of problem lines (empty when the library exports exactly the declared functions)."""
    declared = {f.name for f in funcs}
    problems = []
    funcs_exported = {n for n, t in syms.items() if t in ("T", "t", "W", "i")}
    # Symbols the linker adds for version nodes are absolute ('A'); they are not exports of code or data.
    bad_prefix = sorted(n for n, t in syms.items() if t != "A" and not n.startswith("acl"))
    missing = sorted(declared - {n for n, t in syms.items() if t == "T"})
    extra = sorted(n for n in funcs_exported if n not in declared and n.startswith("acl"))
    # The simulator's extensions are exactly the aclsim* functions of include/acl/ext/.
    for f in funcs:
        if f.extension and not f.name.startswith(EXT_PREFIX):
            problems.append("extension without the %s prefix: %s (%s)" % (EXT_PREFIX, f.name, f.header))
        if not f.extension and f.name.startswith(EXT_PREFIX):
            problems.append("%s* function outside include/acl/%s: %s (%s)" % (EXT_PREFIX, EXT_DIR, f.name, f.header))
    wrong_type = sorted(n for n in declared if n in syms and syms[n] != "T")
    for n in missing:
        if n not in wrong_type:
            problems.append("missing: %s" % n)
    for n in wrong_type:
        problems.append("wrong symbol type %s (expected T): %s" % (syms[n], n))
    for n in extra:
        problems.append("extra (exported but not declared): %s" % n)
    limit = 40
    for n in bad_prefix[:limit]:
        problems.append("exported symbol without the acl prefix: %s (%s)" % (n, syms[n]))
    if len(bad_prefix) > limit:
        problems.append("... and %d more exported symbols without the acl prefix" % (len(bad_prefix) - limit))
    return problems


# ---------------------------------------------------------------------------------------------
# command line
# ---------------------------------------------------------------------------------------------

def _write_if_changed(path, content):
    old = None
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = f.read()
    if old == content:
        return
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(content)
    os.replace(tmp, path)


def cmd_list(args):
    funcs, rels = parse_headers(args.include)
    if args.json:
        json.dump([f.as_dict() for f in funcs], sys.stdout, indent=1)
        sys.stdout.write("\n")
    elif args.counts:
        for rel in rels:
            print("%-30s %d" % (rel, sum(1 for f in funcs if f.header == rel)))
        print("%-30s %d" % ("total", sum(1 for f in funcs if not f.extension)))
        print("%-30s %d" % ("extensions", sum(1 for f in funcs if f.extension)))
    else:
        for f in funcs:
            print("%s %s" % (f.name, f.header))
    return 0


def cmd_stubs(args):
    funcs, rels = parse_headers(args.include)
    unsupported = parse_unsupported(args.unsupported, {f.name for f in funcs})
    _write_if_changed(args.out, generate_stubs(funcs, rels, unsupported))
    return 0


def _display_path(path):
    """A path for generated text: relative to the current directory when inside it, else as given."""
    rel = os.path.relpath(os.path.abspath(path))
    return path if rel.startswith("..") else rel.replace(os.sep, "/")


def cmd_coverage(args):
    funcs, rels = parse_headers(args.include)
    unsupported = parse_unsupported(args.unsupported, {f.name for f in funcs})
    unsupported_rel = args.unsupported_name or "runtime/api/unsupported_api.txt"
    pyacl = None
    manual = args.pyacl_manual or os.path.join(os.path.dirname(os.path.abspath(args.include)), "python", "pyacl",
                                               "manual_bindings.txt")
    if os.path.exists(manual):
        import pyacl_gen
        types = pyacl_gen.HeaderTypes(args.include)
        manual_map = pyacl_gen.read_manual(manual)
        bindings, _ = pyacl_gen.plan(funcs, types, manual_map)
        pyacl = {b.fn.name: "acl%s.%s" % ("." + b.sub if b.sub else "", b.pyname) for b in bindings}
        for name, (sub, py) in manual_map.items():
            pyacl[name] = "acl%s.%s" % ("." + sub if sub else "", py)
    content = generate_coverage(funcs, rels, unsupported, unsupported_rel, pyacl, hccl_functions(args.include))
    if args.check:
        old = ""
        if os.path.exists(args.out):
            with open(args.out, encoding="utf-8") as f:
                old = f.read()
        if old != content:
            diff = list(difflib.unified_diff(old.splitlines(), content.splitlines(), args.out + " (current)",
                                             args.out + " (expected)", lineterm="", n=1))
            sys.stderr.write("%s is out of date with the headers / unsupported list.\n" % args.out)
            for line in diff[:60]:
                sys.stderr.write(line + "\n")
            if len(diff) > 60:
                sys.stderr.write("... (%d more diff lines)\n" % (len(diff) - 60))
            sys.stderr.write("run: %s coverage --include %s --unsupported %s --out %s to regenerate\n" % (
                TOOL_CMD, _display_path(args.include), _display_path(args.unsupported), _display_path(args.out)))
            return 1
        print("%s is up to date (%d functions, %d not supported)" % (args.out, len(funcs), len(unsupported)))
        return 0
    _write_if_changed(args.out, content)
    return 0


def cmd_pyacl(args):
    import pyacl_gen
    funcs, rels = parse_headers(args.include)
    types = pyacl_gen.HeaderTypes(args.include)
    manual = pyacl_gen.read_manual(args.manual)
    declared = {f.name for f in funcs}
    unknown = sorted(set(manual) - declared)
    if unknown:
        raise ApiError("%s names functions no header declares: %s" % (args.manual, ", ".join(unknown)))
    bindings, unbound = pyacl_gen.plan(funcs, types, manual)
    files = pyacl_gen.generate(bindings, rels, types)
    os.makedirs(args.out_dir, exist_ok=True)
    for sub, text in files.items():
        _write_if_changed(os.path.join(args.out_dir, "pyacl_%s.cpp" % sub), text)
    if args.list:
        for b in bindings:
            print("%s acl%s.%s" % (b.fn.name, "." + b.sub if b.sub else "", b.pyname))
        for name, (sub, py) in manual.items():
            print("%s acl%s.%s manual" % (name, "." + sub if sub else "", py))
        for name, reason in unbound.items():
            print("%s - not bound: %s" % (name, reason))
    return 0


def cmd_abi(args):
    funcs, _ = parse_headers(args.include)
    if args.header:
        wanted = set(args.header)
        unknown = wanted - {f.header for f in funcs}
        if unknown:
            raise ApiError("unknown header(s) for --header: %s" % ", ".join(sorted(unknown)))
        funcs = [f for f in funcs if f.header in wanted]
    syms = exported_symbols(args.lib, args.nm)
    problems = check_abi(funcs, syms)
    if problems:
        sys.stderr.write("ABI check of %s against %d declared functions failed:\n" % (args.lib, len(funcs)))
        for p in problems:
            sys.stderr.write("  " + p + "\n")
        return 1
    print("ABI check of %s: %d declared functions exported, no other symbols" % (args.lib, len(funcs)))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="apigen.py", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd")
    sub.required = True

    p = sub.add_parser("list", help="print every declared function and its header")
    p.add_argument("--include", required=True, help="include directory (the parent of acl/)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--json", action="store_true", help="JSON records {name, header, return, params, ...}")
    g.add_argument("--counts", action="store_true", help="number of functions per header")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("stubs", help="generate the not-supported stub translation unit")
    p.add_argument("--include", required=True)
    p.add_argument("--unsupported", required=True)
    p.add_argument("--out", required=True)
    p.set_defaults(func=cmd_stubs)

    p = sub.add_parser("coverage", help="write (or --check) docs/api_coverage.md")
    p.add_argument("--include", required=True)
    p.add_argument("--unsupported", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--check", action="store_true", help="compare with the existing file instead of writing")
    p.add_argument("--unsupported-name", help=argparse.SUPPRESS)
    p.add_argument("--pyacl-manual", help="python/pyacl/manual_bindings.txt (default: found next to --include)")
    p.set_defaults(func=cmd_coverage)

    p = sub.add_parser("pyacl", help="generate the mechanical pyACL bindings (python/pyacl)")
    p.add_argument("--include", required=True)
    p.add_argument("--manual", required=True, help="python/pyacl/manual_bindings.txt")
    p.add_argument("--out-dir", required=True)
    p.add_argument("--list", action="store_true", help="print every C function's Python name (or why unbound)")
    p.set_defaults(func=cmd_pyacl)

    p = sub.add_parser("abi", help="compare a library's exported functions with the declared set")
    p.add_argument("--include", required=True)
    p.add_argument("--lib", required=True)
    p.add_argument("--header", action="append", help="restrict the declared set to this header (repeatable)")
    p.add_argument("--nm", default=os.environ.get("NM", "nm"))
    p.set_defaults(func=cmd_abi)

    args = ap.parse_args(argv)
    try:
        return args.func(args)
    except (ApiError, OSError) as e:
        sys.stderr.write("apigen: error: %s\n" % e)
        return 1


if __name__ == "__main__":
    sys.exit(main())
