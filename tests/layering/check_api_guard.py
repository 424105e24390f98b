#!/usr/bin/env python3
"""Every exported AscendCL function runs inside the API guard, under its own name.

The guard (runtime/api/api_guard.h) is what turns a C++ exception into an aclError (or the
documented NULL / 0 fallback) with a message for aclGetRecentErrMsg, and what opens the
profiler's API scope. A function that skips it can let std::bad_alloc cross the C ABI and is
missing from the "AscendCL API" profiling data, so this check is mechanical:

  * the exported symbols come from the built libraries (`nm -D`), not from a list;
  * each one's definition is found in runtime/api (a plain definition, or a function-like
    macro in the same file that expands to definitions);
  * the definition starts with the guard: ACL_API_BEGIN(...), `return Guarded...(...)` /
    GuardedVoid(...), or `return Helper(...)` where Helper's own body starts with the guard
    (up to two levels of helpers, the pattern of the DVPP and cblas families);
  * the first string literal of the definition (the name the guard records) is the function's
    own name, so a copied body does not report errors under another function's name.

Exempt: the functions listed in unsupported_api.txt (tools/apigen generates them; they only
record "not supported"), and PURE_FUNCTIONS below: arithmetic on their arguments or a field
read, which cannot throw or fail and which CANN does not profile either (aclFloatToFloat16
runs once per element in some samples). Their bodies must stay free of anything that
allocates or records an error.

Usage: check_api_guard.py <repository root> <unsupported list> <library>...
Exit 1 with every violation listed.
"""
import os
import re
import subprocess
import sys

GUARD = re.compile(r"^\s*(?:ACL_API_BEGIN\s*\(|(?:return\s+|\(void\)\s*)?(?:::)?(?:asim::)?(?:api::)?"
                   r"Guarded(?:Void|Error)?\s*[<(])")
PURE_FUNCTIONS = {
    "aclFloat16ToFloat", "aclFloatToFloat16", "aclDataTypeSize", "aclGetRecentErrMsg",
    "aclrtGetTaskIdFromExceptionInfo", "aclrtGetStreamIdFromExceptionInfo", "aclrtGetThreadIdFromExceptionInfo",
    "aclrtGetDeviceIdFromExceptionInfo", "aclrtGetErrorCodeFromExceptionInfo",
}
IMPURE = re.compile(r"SetRecentError|ToAclError|std::string|make_shared|\bnew\b|\bCtx\(\)|Runtime::Get|Find\(|lock")
HELPER_CALL = re.compile(r"^\s*return\s+(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*)\s*(?:<[^;(]*>)?\s*\(")
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def literal_end(text, i):
    """Index just past the string or character literal that starts at text[i]."""
    quote, j = text[i], i + 1
    while j < len(text) and text[j] != quote:
        j += 2 if text[j] == "\\" else 1
    return j + 1


def strip_comments(text):
    """Removes // and /* */ comments, keeping string literals and line structure."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = literal_end(text, i)
            out.append(text[i:j])
            i = j
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def match_close(text, i, open_c, close_c):
    """Index just past the bracket that closes text[i] (== open_c)."""
    depth = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            i = literal_end(text, i)
            continue
        if c == open_c:
            depth += 1
        elif c == close_c:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return n


def first_statement(body):
    """The body's first statement, skipping `constexpr ... = "...";` name declarations and the
    call-site scope (ACLSIM_SCOPE: it must sit in the exported function itself to see the
    application's return address, and it cannot throw), va_start (only the variadic frame can)
    and RawEnum copies of enum arguments (a lambda would load them as the enum type)."""
    rest = body
    while True:
        m = re.match(r"\s*(?:(?:static\s+)?constexpr\s[^;]*|ACLSIM_SCOPE(?:_NAMED)?\s*\([^;]*\)|va_list\s+\w+|"
                     r"va_start\s*\([^;]*\)|const\s+int32_t\s+\w+\s*=\s*(?:asim::api::)?RawEnum\s*\([^;]*\));", rest)
        if not m:
            return rest
        rest = rest[m.end():]


def parse_file(text):
    """-> (definitions {name: [body]}, macros {name: (params, body)}, invocations [(macro, args)])."""
    defs, macros, invocations = {}, {}, []
    lines = text.split("\n")
    # Function-like macros (with continuation lines).
    i = 0
    while i < len(lines):
        m = re.match(r"\s*#\s*define\s+([A-Za-z_]\w*)\(([^)]*)\)(.*)", lines[i])
        if m:
            body = m.group(3)
            while body.endswith("\\") and i + 1 < len(lines):
                i += 1
                body = body[:-1] + "\n" + lines[i]
            macros[m.group(1)] = ([p.strip() for p in m.group(2).split(",")], body)
        i += 1
    # Definitions and macro invocations that start at column 0 (or after `template <...>`).
    text_no_pp = "\n".join("" if l.lstrip().startswith("#") else l for l in lines)
    pos = 0
    for line in text_no_pp.split("\n"):
        start = pos
        pos += len(line) + 1
        if not line or line[0] in " \t}{)#":
            continue
        head = re.match(r"(?:template\s*<[^>]*>\s*)?([^(;=]*?)\b([A-Za-z_]\w*)\s*\(", line)
        if not head:
            continue
        name = head.group(2)
        paren = start + line.index("(", head.start(2))
        after = match_close(text_no_pp, paren, "(", ")")
        if name in macros:
            invocations.append((name, text_no_pp[paren + 1:after - 1]))
            continue
        m = re.match(r"\s*(?:const\s*)?(?:noexcept\s*)?(?:->\s*[^{;]+)?\{", text_no_pp[after:])
        if not m:
            continue
        brace = after + m.end() - 1
        end = match_close(text_no_pp, brace, "{", "}")
        defs.setdefault(name, []).append(text_no_pp[brace + 1:end - 1])
    return defs, macros, invocations


def split_args(args):
    out, depth, cur = [], 0, []
    for c in args:
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
        if c == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
    out.append("".join(cur).strip())
    return out


def expand(params, body, args):
    """Substitutes macro arguments (including `#param` stringification)."""
    values = dict(zip(params, args))
    body = re.sub(r"#\s*([A-Za-z_]\w*)", lambda m: '"%s"' % values[m.group(1)] if m.group(1) in values else m.group(0),
                  body)
    body = re.sub(r"\b([A-Za-z_]\w*)\b", lambda m: values.get(m.group(1), m.group(1)), body)
    return body.replace("##", "")


def macro_definitions(macros, invocations):
    """Definitions produced by macro invocations: {name: [body]}."""
    defs = {}
    for macro, args in invocations:
        params, body = macros[macro]
        text = expand(params, body, split_args(args))
        for name, bodies in parse_flat(text).items():
            defs.setdefault(name, []).extend(bodies)
    return defs


def parse_flat(text):
    """Definitions in macro-expanded text (one logical line): name(...) { body }."""
    defs = {}
    for m in re.finditer(r"\b([A-Za-z_]\w*)\s*\(", text):
        after = match_close(text, m.end() - 1, "(", ")")
        brace = re.match(r"\s*\{", text[after:])
        if not brace or not m.group(1).startswith("acl"):
            continue
        b = after + brace.end() - 1
        end = match_close(text, b, "{", "}")
        defs.setdefault(m.group(1), []).append(text[b + 1:end - 1])
    return defs


def exported_symbols(libs):
    names = set()
    for lib in libs:
        out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True, capture_output=True, text=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in "TW" and parts[2].startswith("acl"):
                names.add(parts[2])
    return names


def main(argv):
    if len(argv) < 4:
        print(__doc__)
        return 2
    root, unsupported_list, libs = argv[1], argv[2], argv[3:]
    with open(unsupported_list) as f:
        unsupported = {l.split("#")[0].strip() for l in f} - {""}
    api_dir = os.path.join(root, "runtime", "api")
    defs = {}
    for fname in sorted(os.listdir(api_dir)):
        if not fname.endswith((".cpp", ".h")):
            continue
        with open(os.path.join(api_dir, fname)) as f:
            text = strip_comments(f.read())
        file_defs, macros, invocations = parse_file(text)
        for name, bodies in list(file_defs.items()) + list(macro_definitions(macros, invocations).items()):
            defs.setdefault(name, []).extend(bodies)

    def guarded(body, depth):
        stmt = first_statement(body)
        if GUARD.match(stmt):
            return True
        m = HELPER_CALL.match(stmt)
        if m and depth > 0 and m.group(1) in defs:
            return any(guarded(b, depth - 1) for b in defs[m.group(1)])
        return False

    problems = []
    exported = exported_symbols(libs)
    for name in sorted(exported - unsupported):
        bodies = defs.get(name)
        if not bodies:
            problems.append("%s: exported, but no definition found in runtime/api" % name)
            continue
        if name in PURE_FUNCTIONS:
            for body in bodies:
                impure = IMPURE.search(body)
                if impure:
                    problems.append("%s: listed as pure but uses %s: give it the guard" % (name, impure.group(0)))
            continue
        for body in bodies:
            if not guarded(body, 2):
                snippet = " ".join(first_statement(body).split())[:90]
                problems.append("%s: does not start with the API guard (starts: %s)" % (name, snippet))
            literal = STRING.search(body)
            if literal and literal.group(1).startswith("acl") and literal.group(1) != name:
                problems.append('%s: records its errors as "%s"' % (name, literal.group(1)))
    if problems:
        print("API guard violations (%d):" % len(problems))
        for p in problems:
            print("  " + p)
        return 1
    print("%d exported functions (%d generated 'not supported' exempt): every one starts with the API guard" %
          (len(exported), len(exported & unsupported)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
