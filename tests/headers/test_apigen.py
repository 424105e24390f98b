#!/usr/bin/env python3
"""Unit tests of tools/apigen/apigen.py: the header parser, the unsupported-list reader, the stub and
coverage generators and the ABI comparison.

Run: python3 -m unittest tests/headers/test_apigen.py  (ctest runs it as apigen_unittest).
Environment: ASIM_CXX (optional) -- a C++ compiler used to syntax-check the stubs generated for every
declared function.
"""

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools", "apigen"))

import apigen  # noqa: E402

INCLUDE = os.path.join(ROOT, "include")

# Function counts of the AscendCL 1.10.0 baseline (docs/ascendcl_api.md, section 7).
BASELINE_COUNTS = {
    "acl.h": 4, "acl_base.h": 40, "acl_rt.h": 106, "acl_mdl.h": 86, "acl_op.h": 32, "acl_op_compiler.h": 10,
    "acl_prof.h": 34, "acl_tdt.h": 23, "acl_tdt_queue.h": 37, "acl_dump.h": 2, "acl_rt_allocator.h": 9,
    "ops/acl_cblas.h": 12, "ops/acl_dvpp.h": 176, "ops/acl_fv.h": 21,
}


class ParseDeclarationTest(unittest.TestCase):
    def parse(self, text):
        return apigen.parse_declaration(text)

    def test_simple(self):
        self.assertEqual(self.parse("ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId)"),
                         ("aclrtSetDevice", "aclError", "int32_t deviceId", False))

    def test_pointer_return_and_empty_params(self):
        self.assertEqual(self.parse("ACL_FUNC_VISIBILITY const char *aclrtGetSocName()"),
                         ("aclrtGetSocName", "const char *", "", False))
        self.assertEqual(self.parse("ACL_FUNC_VISIBILITY aclDataBuffer* aclCreateDataBuffer(void* data, size_t size)"),
                         ("aclCreateDataBuffer", "aclDataBuffer *", "void *data, size_t size", False))

    def test_multiline_and_spacing(self):
        decl = self.parse("ACL_FUNC_VISIBILITY aclError aclrtMemcpy(void *dst,\n    size_t destMax,  const void * src,"
                          "\n\tsize_t count, aclrtMemcpyKind kind )")
        self.assertEqual(decl, ("aclrtMemcpy", "aclError",
                                "void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind",
                                False))

    def test_function_pointer_parameter(self):
        decl = self.parse("ACL_DUMP_API aclError acldumpRegCallback(int32_t (* const messageCallback)"
                          "(const acldumpChunk *, int32_t), int32_t flag)")
        self.assertEqual(decl[0], "acldumpRegCallback")
        self.assertEqual(decl[2], "int32_t (*const messageCallback)(const acldumpChunk *, int32_t), int32_t flag")

    def test_array_parameters(self):
        decl = self.parse("ACL_FUNC_VISIBILITY aclError aclSetTensorShapeRange(aclTensorDesc *desc, size_t dimsCount,"
                          " int64_t dimsRange[ ][ACL_TENSOR_SHAPE_RANGE_NUM])")
        self.assertEqual(decl[2], "aclTensorDesc *desc, size_t dimsCount, int64_t dimsRange[][ACL_TENSOR_SHAPE_RANGE_NUM]")
        decl = self.parse("ACL_FUNC_VISIBILITY aclError aclopExecute(const char *opType, "
                          "const aclTensorDesc *const inputDesc[], aclDataBuffer *const outputs[])")
        self.assertEqual(decl[2], "const char *opType, const aclTensorDesc *const inputDesc[], "
                                  "aclDataBuffer *const outputs[]")

    def test_deprecated_macros(self):
        decl = self.parse('ACL_DEPRECATED_MESSAGE("aclGetDataBufferSize is deprecated, use (V2) instead")\n'
                          "ACL_FUNC_VISIBILITY uint32_t aclGetDataBufferSize(const aclDataBuffer *dataBuffer)")
        self.assertEqual(decl, ("aclGetDataBufferSize", "uint32_t", "const aclDataBuffer *dataBuffer", True))
        decl = self.parse("ACL_DEPRECATED ACL_FUNC_VISIBILITY aclError f(void)")
        self.assertEqual(decl, ("f", "aclError", "void", True))
        decl = self.parse('__attribute__((deprecated("x"))) int g(int a)')
        self.assertEqual(decl, ("g", "int", "int a", True))

    def test_visibility_macros(self):
        for macro in ("MSVP_PROF_API", "ACL_DUMP_API", "ACL_FUNC_VISIBILITY", ""):
            decl = self.parse("%s aclError aclprofFinalize()" % macro)
            self.assertEqual(decl, ("aclprofFinalize", "aclError", "", False))

    def test_non_functions_are_skipped(self):
        for stmt in ("typedef void (*aclrtCallback)(void *userData)",
                     "typedef enum aclrtRunMode { ACL_DEVICE = 0, ACL_HOST = 1 } aclrtRunMode",
                     "static const int ACL_COMPILE_FLAG_BIN_SELECTOR = 1",
                     "typedef struct aclmdlHW { size_t hwCount; uint64_t hw[128][2]; } aclmdlHW",
                     "int x"):
            self.assertIsNone(self.parse(stmt), stmt)

    def test_prototype(self):
        f = apigen.Function("aclrtGetSocName", "acl_base.h", "const char *", "", False, 1)
        self.assertEqual(f.prototype(), "const char *aclrtGetSocName()")
        f = apigen.Function("aclInit", "acl.h", "aclError", "const char *configPath", False, 1)
        self.assertEqual(f.prototype(), "aclError aclInit(const char *configPath)")


class ParseHeaderTest(unittest.TestCase):
    def test_synthetic_header(self):
        text = textwrap.dedent('''\
            /* a comment with a fake prototype: aclError fake(int); */
            #ifndef GUARD_H_
            #define GUARD_H_
            #define MACRO(a, b) \\
                something(a, b);
            #include "acl_base.h"
            #ifdef __cplusplus
            extern "C" {
            #endif
            // aclError alsoFake(void);
            typedef enum { A = 0, B = 1 } E;
            typedef struct S { int a; char name[16]; } S;
            typedef void (*cb)(int a, int b);
            static const int K = 1;
            ACL_FUNC_VISIBILITY aclError first(int a,
                                               int b);
            ACL_DEPRECATED_MESSAGE("first; is deprecated")
            ACL_FUNC_VISIBILITY void second();
            #ifdef __cplusplus
            }
            #endif
            #endif
            ''')
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "x.h")
            with open(path, "w") as f:
                f.write(text)
            funcs = apigen.parse_header(path, "x.h")
        self.assertEqual([(f.name, f.ret, f.params, f.deprecated, f.line) for f in funcs],
                         [("first", "aclError", "int a, int b", False, 15),
                          ("second", "void", "", True, 17)])


class RealHeadersTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.funcs, cls.rels = apigen.parse_headers(INCLUDE)

    def test_baseline_counts(self):
        counts = {}
        for f in self.funcs:
            if not f.extension:
                counts[f.header] = counts.get(f.header, 0) + 1
        self.assertEqual(counts, BASELINE_COUNTS)
        self.assertEqual(sum(1 for f in self.funcs if not f.extension), 592)

    def test_extensions_are_the_aclsim_functions_of_ext(self):
        ext = [f for f in self.funcs if f.extension]
        self.assertGreater(len(ext), 0)
        for f in ext:
            self.assertEqual(f.header, "ext/aclsim_ext.h")
            self.assertTrue(f.name.startswith("aclsim"), f.name)
        for f in self.funcs:
            if not f.extension:
                self.assertFalse(f.name.startswith("aclsim"), f.name)

    def test_deprecated_set(self):
        self.assertEqual(sorted(f.name for f in self.funcs if f.deprecated),
                         sorted(["aclGetDataBufferSize", "aclGetTensorDescDim", "aclSetTensorStorageFormat",
                                 "aclSetTensorStorageShape", "aclrtQueryEvent", "aclopExecute"]))

    def test_every_name_has_an_acl_prefix(self):
        for f in self.funcs:
            self.assertTrue(f.name.startswith("acl"), f.name)

    def test_unsupported_list_is_valid(self):
        unsupported = apigen.parse_unsupported(os.path.join(ROOT, "runtime", "api", "unsupported_api.txt"),
                                               {f.name for f in self.funcs})
        self.assertGreater(len(unsupported), 0)
        # The functions implemented from the start must not be listed.
        for name in ("aclInit", "aclFinalize", "aclrtSetDevice", "aclrtMalloc", "aclCreateTensorDesc"):
            self.assertNotIn(name, unsupported)

    @unittest.skipUnless(os.environ.get("ASIM_CXX"), "ASIM_CXX not set")
    def test_stubs_for_every_function_compile(self):
        every = {f.name: "test" for f in self.funcs}
        src = apigen.generate_stubs(self.funcs, self.rels, every)
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "runtime", "api"))
            with open(os.path.join(d, "runtime", "api", "error_state.h"), "w") as f:
                f.write("#pragma once\nnamespace asim::api { void ReportNotSupported(const char* func); }\n")
            path = os.path.join(d, "stubs.cpp")
            with open(path, "w") as f:
                f.write(src)
            cmd = [os.environ["ASIM_CXX"], "-std=c++20", "-Wall", "-Wextra", "-Werror", "-DFUNC_VISIBILITY",
                   "-fsyntax-only", "-I", d, "-I", INCLUDE, path]
            proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
            self.assertEqual(proc.returncode, 0, proc.stdout[:4000])


class UnsupportedListTest(unittest.TestCase):
    def parse(self, text, declared=("aclA", "aclB", "aclC")):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "u.txt")
            with open(path, "w") as f:
                f.write(textwrap.dedent(text))
            return apigen.parse_unsupported(path, set(declared))

    def test_sections_and_comments(self):
        got = self.parse("""\
            # comment
            [first reason]
            aclA   # trailing comment

            [second: reason, with punctuation]
            aclC
            """)
        self.assertEqual(got, {"aclA": "first reason", "aclC": "second: reason, with punctuation"})

    def test_errors(self):
        with self.assertRaisesRegex(apigen.ApiError, "listed twice"):
            self.parse("[r]\naclA\naclA\n")
        with self.assertRaisesRegex(apigen.ApiError, "not declared"):
            self.parse("[r]\naclZ\n")
        with self.assertRaisesRegex(apigen.ApiError, "before any"):
            self.parse("aclA\n")


class GeneratorsTest(unittest.TestCase):
    def setUp(self):
        self.funcs = [
            apigen.Function("aclA", "acl_base.h", "aclError", "int a", False, 1),
            apigen.Function("aclB", "acl_base.h", "const char *", "", False, 2),
            apigen.Function("aclC", "acl_rt.h", "void", "void *p", False, 1),
            apigen.Function("aclD", "acl_rt.h", "aclFormat", "int x", True, 2),
            apigen.Function("aclE", "ops/acl_dvpp.h", "float", "", False, 1),
        ]
        self.rels = ["acl_base.h", "acl_rt.h", "ops/acl_dvpp.h"]

    def test_stub_bodies(self):
        src = apigen.generate_stubs(self.funcs, self.rels, {f.name: "r" for f in self.funcs})
        self.assertIn('aclError aclA(int a) {\n  ::asim::api::ReportNotSupported("aclA"); '
                      'return ACL_ERROR_API_NOT_SUPPORT;\n}', src)
        self.assertIn('const char *aclB() {\n  ::asim::api::ReportNotSupported("aclB"); return nullptr;\n}', src)
        self.assertIn('void aclC(void *p) {\n  ::asim::api::ReportNotSupported("aclC");\n}', src)
        self.assertIn('aclFormat aclD(int x) {\n  ::asim::api::ReportNotSupported("aclD"); return {};\n}', src)
        self.assertIn('float aclE() {\n  ::asim::api::ReportNotSupported("aclE"); return {};\n}', src)
        self.assertIn('#include "runtime/api/error_state.h"', src)
        self.assertLess(src.index("#define ENABLE_DVPP_INTERFACE"), src.index('#include "acl/ops/acl_dvpp.h"'))
        self.assertIn('extern "C" {', src)

    def test_stubs_only_for_listed(self):
        src = apigen.generate_stubs(self.funcs, self.rels, {"aclC": "r"})
        self.assertIn("aclC(", src)
        self.assertNotIn("aclA(", src)

    def test_coverage_lists_extensions_apart(self):
        funcs = self.funcs + [apigen.Function("aclsimX", "ext/aclsim_ext.h", "aclError", "void", False, 1)]
        doc = apigen.generate_coverage(funcs, self.rels + ["ext/aclsim_ext.h"], {}, "u.txt")
        self.assertIn("| declared | 5 |", doc)
        self.assertIn("## Simulator extensions (not AscendCL)", doc)
        self.assertIn("| `aclsimX` | `acl/ext/aclsim_ext.h` |", doc)
        self.assertNotIn("## `acl/ext/aclsim_ext.h`", doc)

    def test_coverage(self):
        doc = apigen.generate_coverage(self.funcs, self.rels, {"aclC": "not simulated | yet"}, "u.txt")
        self.assertIn("| declared | 5 |", doc)
        self.assertIn("| implemented | 4 |", doc)
        self.assertIn("| not supported | 1 |", doc)
        self.assertIn("| `aclC` | not supported | not simulated \\| yet |", doc)
        self.assertIn("| `aclA` | implemented |", doc)
        self.assertIn("## `acl/ops/acl_dvpp.h`", doc)


class AbiTest(unittest.TestCase):
    def setUp(self):
        self.funcs = [apigen.Function(n, "acl.h", "aclError", "", False, 1) for n in ("aclInit", "aclFinalize")]

    def test_exact_match(self):
        self.assertEqual(apigen.check_abi(self.funcs, {"aclInit": "T", "aclFinalize": "T", "ASCENDCL_1.0": "A"}), [])

    def test_extensions_are_part_of_the_exact_set(self):
        funcs = self.funcs + [apigen.Function("aclsimClearFaults", "ext/aclsim_ext.h", "aclError", "void", False, 1)]
        self.assertEqual(apigen.check_abi(funcs, {"aclInit": "T", "aclFinalize": "T", "aclsimClearFaults": "T"}), [])
        self.assertIn("missing: aclsimClearFaults", apigen.check_abi(funcs, {"aclInit": "T", "aclFinalize": "T"}))
        # an aclsim* export that no extension header declares is an extra like any other
        self.assertIn("extra (exported but not declared): aclsimDebugDump",
                      apigen.check_abi(self.funcs, {"aclInit": "T", "aclFinalize": "T", "aclsimDebugDump": "T"}))

    def test_extension_prefix_rules(self):
        funcs = self.funcs + [apigen.Function("aclrtOops", "ext/aclsim_ext.h", "void", "", False, 1),
                              apigen.Function("aclsimStray", "acl_rt.h", "void", "", False, 1)]
        problems = apigen.check_abi(funcs, {"aclInit": "T", "aclFinalize": "T", "aclrtOops": "T", "aclsimStray": "T"})
        self.assertIn("extension without the aclsim prefix: aclrtOops (ext/aclsim_ext.h)", problems)
        self.assertIn("aclsim* function outside include/acl/ext/: aclsimStray (acl_rt.h)", problems)

    def test_problems(self):
        problems = apigen.check_abi(self.funcs, {"aclInit": "T", "aclExtra": "T", "_ZNSt6vectorIiE": "W",
                                                 "operator_new_like": "T"})
        self.assertIn("missing: aclFinalize", problems)
        self.assertIn("extra (exported but not declared): aclExtra", problems)
        self.assertTrue(any("_ZNSt6vectorIiE" in p for p in problems))
        self.assertTrue(any("operator_new_like" in p for p in problems))

    def test_wrong_type(self):
        problems = apigen.check_abi(self.funcs, {"aclInit": "T", "aclFinalize": "D"})
        self.assertEqual(problems, ["wrong symbol type D (expected T): aclFinalize"])


if __name__ == "__main__":
    unittest.main()
