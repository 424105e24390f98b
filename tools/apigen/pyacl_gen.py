"""pyACL binding generator: the mechanical part of the `acl` Python module.

pyACL (the real `import acl`) is a thin CPython layer over AscendCL with fixed conventions
(../shared/docs/ascendcl_api.md section 10):

  * the C name minus its prefix, in snake_case, in the prefix's submodule:
    aclrtMalloc -> acl.rt.malloc, acldvppVpcResizeAsync -> acl.media.dvpp_vpc_resize_async;
  * every pointer and handle crosses as a Python int (0 = NULL), enums as ints, strings as str;
  * a function returning aclError without out-parameters returns ret; with out-parameters it
    returns a tuple of the outputs in C order and ret last (dev_ptr, ret = acl.rt.malloc(...));
  * a function returning a value returns just that value (a handle or address as an int).

Everything a rule can decide is generated here, one C++ file per submodule. A function the rules
cannot map (C arrays with counts, structs filled by the callee, callbacks, string buffers) is
bound by hand in python/pyacl/ and named in python/pyacl/manual_bindings.txt, which this
generator reads so that it leaves those out; anything else it cannot map is reported as
"not bound" (the coverage document's pyACL column says which).

Python 3 standard library only; used by apigen.py (subcommands `pyacl` and `coverage`).
"""

import os
import re

# Integer C types that cross as Python int (enums are added from the headers).
_INT_TYPES = {
    "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t",
    "int", "unsigned int", "size_t", "aclError", "aclFloat16", "char", "bool",
}
_FLOAT_TYPES = {"float", "double"}

# C prefix -> (submodule, prefix kept in the Python name). Longest prefixes first.
_PREFIXES = [
    ("acldvpp", "media", "dvpp_"),
    ("aclvdec", "media", "vdec_"),
    ("aclvenc", "media", "venc_"),
    ("acldump", "mdl", "dump_"),
    ("aclprof", "prof", ""),
    ("aclblas", "blas", ""),
    ("aclsim", "sim", ""),
    ("acltdt", "tdt", ""),
    ("aclmdl", "mdl", ""),
    ("aclsys", "", ""),
    ("aclrt", "rt", ""),
    ("aclop", "op", ""),
    ("aclfv", "fv", ""),
    ("acl", "", ""),
]

# Names the real module spells otherwise than the rule does.
_NAME_EXCEPTIONS = {
    "aclrtSetCurrentContext": ("rt", "set_context"),
    "aclrtGetCurrentContext": ("rt", "get_context"),
    "aclrtGetVersion": ("", "get_version"),
    "aclrtGetSocName": ("", "get_soc_name"),
    "aclopExecWithHandle": ("op", "execute_with_handle"),
    "aclrtUnSubscribeReport": ("rt", "unsubscribe_report"),
    "aclprofModelUnSubscribe": ("prof", "model_unsubscribe"),
    "aclvdecSetChannelDescEnType": ("media", "vdec_set_channel_desc_entype"),
    "aclvdecGetChannelDescEnType": ("media", "vdec_get_channel_desc_entype"),
    "aclvencSetChannelDescEnType": ("media", "venc_set_channel_desc_entype"),
    "aclvencGetChannelDescEnType": ("media", "venc_get_channel_desc_entype"),
    "aclsysGetCANNVersion": ("", "get_cann_version"),
    "aclSetTensorPlaceMent": ("", "set_tensor_place_ment"),
}

# Legacy aliases the real module also registers: python name -> alias.
ALIASES = {("prof", "model_unsubscribe"): "model_un_subscribe"}

# Non-const scalar pointers that are arrays, not single out-values: never generated.
_ARRAY_POINTER_FUNCS = {
    "aclGetTensorDescDimRange", "aclmdlGetInputDynamicDims", "aclopInferShape",
    "acldvppVpcCalcHistAsync", "acldvppGetHistData", "aclrtGetAllGroupInfo", "aclmdlGetTensorRealName",
    "acldvppSetLutMapDims", "acldvppGetLutMapDims", "acldvppGetLutMapData", "acltdtQueryQueueRoutes",
    "aclprofGetOpType", "aclprofGetOpName", "aclprofGetOpTypeV2", "aclprofGetOpNameV2",
    "aclfvSearch", "aclrtGetMemUceInfo", "aclrtGetDeviceUtilizationRate", "aclrtGetDeviceInfo",
    "aclrtMemGetAllocationGranularity", "aclrtMemSetPidToShareableHandle", "aclopSetKernelWorkspaceSizes",
    "acltdtGetDimsFromItem",
}

# Functions whose non-const scalar pointers are in/out buffers the caller passes as an address
# (pyACL samples hand acl.util.bytes_to_ptr(...) or numpy_to_ptr(...) of a one-element array).
_INOUT_ADDRESS_FUNCS = {"acldvppJpegEncodeAsync", "acltdtDequeueData"}


def snake(name):
    """CamelCase -> snake_case as pyACL spells it: GetInputSizeByIndex -> get_input_size_by_index,
    SetAIPPCscParams -> set_aipp_csc_params, Memcpy2dAsync -> memcpy2d_async, DimV2 -> dim_v2."""
    s = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)
    s = re.sub(r"(?<=[A-Z])(?=[A-Z][a-z])", "_", s)
    return s.lower()


def python_name(c_name):
    """(submodule, python name) of a C function; submodule "" is the top-level acl module."""
    if c_name in _NAME_EXCEPTIONS:
        return _NAME_EXCEPTIONS[c_name]
    for prefix, sub, keep in _PREFIXES:
        if c_name.startswith(prefix) and len(c_name) > len(prefix) and c_name[len(prefix)].isupper():
            return sub, keep + snake(c_name[len(prefix):])
    raise ValueError("no pyACL submodule for %s" % c_name)


class HeaderTypes:
    """What the public headers say about each type name: enums, void* handles, opaque structs,
    structs with fields, function-pointer typedefs."""

    def __init__(self, include_dir):
        self.enums = set()
        self.void_handles = set()
        self.opaque = set()
        self.structs = set()
        self.fn_pointers = set()
        for dirpath, _, files in os.walk(os.path.join(include_dir, "acl")):
            for f in files:
                if f.endswith(".h"):
                    with open(os.path.join(dirpath, f), encoding="utf-8") as fh:
                        self._scan(fh.read())

    def _scan(self, text):
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"//[^\n]*", " ", text)
        for m in re.finditer(r"typedef\s+enum\s*\w*\s*\{[^}]*\}\s*(\w+)\s*;", text):
            self.enums.add(m.group(1))
        for m in re.finditer(r"typedef\s+void\s*\*\s*(\w+)\s*;", text):
            self.void_handles.add(m.group(1))
        for m in re.finditer(r"typedef\s+struct\s+(\w+)\s+(\w+)\s*;", text):
            self.opaque.add(m.group(2))
        for m in re.finditer(r"typedef\s+struct\s*\w*\s*\{.*?\}\s*(\w+)\s*;", text, flags=re.S):
            self.structs.add(m.group(1))
        for m in re.finditer(r"typedef\s+[\w\s\*]+\(\s*\*\s*(\w+)\s*\)\s*\(", text):
            self.fn_pointers.add(m.group(1))
        for m in re.finditer(r"typedef\s+(?:u?int\d+_t|int|uint32_t)\s+(\w+)\s*;", text):
            self.enums.add(m.group(1))  # integer typedefs cross as ints like enums
        self.opaque -= self.structs


class Param:
    """One C parameter and how it crosses: kind is int, float, str, ptr (an int address or
    handle) or out (returned). ctype is the C type text without the name."""

    def __init__(self, ctype, name, kind, out_type=None):
        self.ctype = ctype
        self.name = name
        self.kind = kind
        self.out_type = out_type  # for kind == "out": the pointee type


class Binding:
    def __init__(self, fn, sub, pyname, params, ret_kind):
        self.fn = fn
        self.sub = sub
        self.pyname = pyname
        self.params = params
        self.ret_kind = ret_kind  # error, void, int, float, str, ptr


def _split_params(params):
    if params in ("", "void"):
        return []
    parts, depth, cur = [], 0, ""
    for ch in params:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    parts.append(cur.strip())
    return parts


def _value_kind(t, types):
    """Kind of a by-value type, or None when it cannot cross mechanically."""
    if t in _INT_TYPES or t in types.enums:
        return "int"
    if t in _FLOAT_TYPES:
        return "float"
    if t in types.void_handles:
        return "ptr"
    return None


def classify(fn, types):
    """A Binding, or (None, reason) when the function needs a hand-written binding."""
    params = []
    for i, p in enumerate(_split_params(fn.params)):
        if p == "...":
            return None, "variadic"
        m = re.fullmatch(r"(.*?)\s*\b(\w+)\s*(\[[^\]]*\])*", p)
        if not m or "(" in p:
            return None, "function pointer parameter"
        ctype, name, arr = m.group(1).strip(), m.group(2), m.group(3)
        if not ctype:
            ctype, name = name, "arg%d" % i
        if arr:
            return None, "array parameter %s" % name
        base = re.sub(r"\bconst\b", "", ctype).replace("*", "").strip()
        base = re.sub(r"\s+", " ", base)
        stars = ctype.count("*")
        const_pointee = bool(re.match(r"\s*const\b", ctype)) and stars >= 1
        if base in types.fn_pointers:
            return None, "callback parameter %s" % name
        if stars == 0:
            kind = _value_kind(base, types)
            if kind is None:
                return None, "by-value type %s" % base
            params.append(Param(ctype, name, kind))
            continue
        if base == "char" and stars == 1:
            if const_pointee:
                params.append(Param(ctype, name, "str"))
                continue
            return None, "string buffer %s" % name
        if base == "void" and stars == 1:
            params.append(Param(ctype, name, "ptr"))
            continue
        if stars == 1 and base in types.opaque:
            params.append(Param(ctype, name, "ptr"))
            continue
        if stars == 1 and base in types.structs:
            if const_pointee:
                return None, "struct input %s" % base
            return None, "struct output %s" % base
        if stars == 1 and not const_pointee and fn.name in _INOUT_ADDRESS_FUNCS:
            params.append(Param(ctype, name, "ptr"))
            continue
        if stars == 1 and not const_pointee:
            pointee = base
            if _value_kind(pointee, types) is None:
                return None, "pointer to %s" % pointee
            if fn.name in _ARRAY_POINTER_FUNCS:
                return None, "array output %s" % name
            params.append(Param(ctype, name, "out", out_type=pointee))
            continue
        if stars == 2 and not const_pointee and (base == "void" or base in types.opaque):
            params.append(Param(ctype, name, "out", out_type=base + " *"))
            continue
        if stars == 1 and const_pointee and _value_kind(base, types) in ("int", "float"):
            params.append(Param(ctype, name, "ptr"))  # host data by address, as pyACL passes it
            continue
        return None, "parameter %s of type %s" % (name, ctype)
    r = fn.ret
    rbase = re.sub(r"\bconst\b", "", r).replace("*", "").strip()
    if r == "aclError":
        ret_kind = "error"
    elif r == "void":
        ret_kind = "void"
    elif r.replace(" ", "") == "constchar*":
        ret_kind = "str"
    elif "*" in r or rbase in types.void_handles:
        if rbase in types.structs and "*" in r:
            return None, "returns struct %s" % rbase
        ret_kind = "ptr"
    else:
        k = _value_kind(rbase, types)
        if k is None:
            return None, "return type %s" % r
        ret_kind = k
    outs = [p for p in params if p.kind == "out"]
    if outs and ret_kind != "error":
        return None, "out-parameters on a function not returning aclError"
    sub, pyname = python_name(fn.name)
    return Binding(fn, sub, pyname, params, ret_kind), None


def read_manual(path):
    """python/pyacl/manual_bindings.txt: `<C name> <submodule>.<python name>` lines (submodule
    "acl" for the top level); returns {C name: (sub, pyname)}."""
    result = {}
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            if len(parts) != 2 or "." not in parts[1]:
                raise ValueError("%s:%d: expected '<C name> <module>.<name>', got %r" % (path, lineno, line))
            sub, pyname = parts[1].rsplit(".", 1)
            sub = "" if sub == "acl" else sub.replace("acl.", "")
            result[parts[0]] = (sub, pyname)
    return result


def plan(funcs, types, manual):
    """(bindings, manual names, {C name: reason not bound}) over the declared functions."""
    bindings, unbound = [], {}
    for fn in funcs:
        if fn.name in manual:
            continue
        b, reason = classify(fn, types)
        if b is None:
            unbound[fn.name] = reason
        else:
            bindings.append(b)
    return bindings, unbound


def _lambda_type(p, types):
    """The C++ parameter type of the generated lambda: pybind11 converts Python ints to it with
    a range check (TypeError when out of range, as PyArg_ParseTuple would)."""
    if p.kind == "ptr":
        return "uintptr_t"
    if p.kind == "str":
        return "std::optional<std::string>"
    if p.kind == "float":
        return "double"
    base = re.sub(r"\bconst\b", "", p.ctype).strip()
    if base in types.enums or base == "char":
        return "long long"
    if base == "size_t" and p.name.lower().endswith("index"):
        # pyACL's documented calls pass index=-1 where it is reserved
        # (acl.mdl.get_input_dynamic_gear_count(desc, -1)); the cast to size_t wraps it, as
        # the C call with (size_t)-1 does. Other indexes out of range get the API's error.
        return "long long"
    return base


def _emit(b, types):
    """C++ source of one m.def(...) call."""
    args = [p for p in b.params if p.kind != "out"]
    lam_params = ", ".join("%s %s" % (_lambda_type(p, types), "a_" + p.name) for p in args)
    body = []
    call_args = []
    for p in b.params:
        base = re.sub(r"\bconst\b", "", p.ctype).strip()
        if p.kind == "out":
            if p.out_type.endswith("*"):
                body.append("  %s o_%s = nullptr;" % (p.out_type, p.name))
            else:
                body.append("  %s o_%s{};" % (p.out_type, p.name))
            call_args.append("&o_%s" % p.name)
        elif p.kind == "ptr":
            call_args.append("Ptr<%s>(a_%s)" % (p.ctype, p.name))
        elif p.kind == "str":
            call_args.append("Str(a_%s)" % p.name)
        else:
            call_args.append("static_cast<%s>(a_%s)" % (base, p.name))
    call = "%s(%s)" % (b.fn.name, ", ".join(call_args))
    if b.ret_kind == "void":
        body.append("  { ReleasedGil nogil; %s; }" % call)
    else:
        body.append("  auto r = [&] { ReleasedGil nogil; return %s; }();" % call)
    outs = [p for p in b.params if p.kind == "out"]
    if b.ret_kind == "void":
        body.append("  return pybind11::none();")
    elif outs:
        conv = ["Out(o_%s)" % p.name for p in outs]
        body.append("  return pybind11::make_tuple(%s, static_cast<long long>(r));" % ", ".join(conv))
    elif b.ret_kind in ("error", "int"):
        body.append("  return Out(r);")
    elif b.ret_kind == "float":
        body.append("  return pybind11::float_(static_cast<double>(r));")
    elif b.ret_kind == "str":
        body.append("  return RetStr(r);")
    else:
        body.append("  return Out(r);")
    names = "".join(", pybind11::arg(\"%s\")" % p.name for p in args)
    lines = ["  m.def(\"%s\", [](%s) -> pybind11::object {" % (b.pyname, lam_params)]
    lines += ["  " + l for l in body]
    lines.append("  }%s);" % names)
    alias = ALIASES.get((b.sub, b.pyname))
    if alias:
        lines.append("  m.attr(\"%s\") = m.attr(\"%s\");" % (alias, b.pyname))
    return "\n".join(lines)


def generate(bindings, rels, types):
    """{submodule file stem: C++ source} for every submodule that has generated bindings."""
    subs = {}
    for b in bindings:
        subs.setdefault(b.sub or "acl", []).append(b)
    files = {}
    for sub in SUBMODULES:
        bs = subs.pop(sub, [])
        lines = [
            "// Generated by tools/apigen/apigen.py pyacl -- do not edit.",
            "// The mechanically mapped pyACL functions of acl%s (rules: tools/apigen/pyacl_gen.py)."
            % ("" if sub == "acl" else "." + sub),
            "",
            "#include \"python/pyacl/generated_support.h\"",
            "",
        ]
        lines += ["#include \"acl/%s\"" % r for r in rels]
        lines += [
            "",
            "namespace asim::pyacl {",
            "",
            "void RegisterGenerated_%s(pybind11::module_& m) {" % sub,
            "  (void)m;",
        ]
        for b in bs:
            lines.append(_emit(b, types))
        lines += ["}", "", "}  // namespace asim::pyacl", ""]
        files[sub] = "\n".join(lines)
    if subs:
        raise ValueError("bindings for unknown submodules: %s" % ", ".join(sorted(subs)))
    return files


SUBMODULES = ["acl", "rt", "mdl", "op", "media", "prof", "blas", "tdt", "fv", "sim"]
