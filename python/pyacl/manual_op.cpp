// The hand-written bindings of acl.op: the single-operator calls whose descriptions and buffers
// are Python lists (execute, execute_v2, create_handle, execute_with_handle, compile,
// compile_and_execute(_v2), infer_shape, update_params) and the list-valued attribute setters.
//
// Owns: nothing beyond each call (the lists become vectors that live through the C call).
// Thread safety: the GIL is released around each C call.
// Failure: ret is the C API's aclError; an element of the wrong type raises TypeError.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_op_compiler.h"
#include "python/pyacl/bindings.h"
#include "python/pyacl/list_args.h"

namespace py = pybind11;

namespace asim::pyacl {
namespace {

template <typename T>
T* DataOrNull(std::vector<T>& v) {
  return v.empty() ? nullptr : v.data();
}

const char* CStr(const std::optional<std::string>& s) {
  return s ? s->c_str() : nullptr;
}

// The four lists of a single-op call (descriptions and buffers, inputs and outputs) as the
// arrays C takes, plus const views for the prototypes that want them. Built with the GIL held.
struct OpLists {
  std::vector<aclTensorDesc*> in_desc, out_desc;
  std::vector<aclDataBuffer*> in_buf, out_buf;
  std::vector<const aclTensorDesc*> c_in_desc, c_out_desc;
  std::vector<const aclDataBuffer*> c_in_buf;

  OpLists(const py::object& in_descs, const py::object& ins, const py::object& out_descs, const py::object& outs)
      : in_desc(HandleList<aclTensorDesc*>(in_descs, "input_desc")),
        out_desc(HandleList<aclTensorDesc*>(out_descs, "output_desc")),
        in_buf(HandleList<aclDataBuffer*>(ins, "inputs")),
        out_buf(HandleList<aclDataBuffer*>(outs, "outputs")),
        c_in_desc(in_desc.begin(), in_desc.end()),
        c_out_desc(out_desc.begin(), out_desc.end()),
        c_in_buf(in_buf.begin(), in_buf.end()) {}
  int num_in() const { return static_cast<int>(in_desc.size()); }
  int num_out() const { return static_cast<int>(out_desc.size()); }
};

}  // namespace

void RegisterManualOp(py::module_& m) {
  m.def(
      "execute_v2",
      [](std::string op_type, py::object in_descs, py::object ins, py::object out_descs, py::object outs,
         uintptr_t attr, uintptr_t stream) -> int {
        OpLists l(in_descs, ins, out_descs, outs);
        ReleasedGil nogil;
        return aclopExecuteV2(op_type.c_str(), l.num_in(), DataOrNull(l.in_desc), DataOrNull(l.in_buf), l.num_out(),
                              DataOrNull(l.out_desc), DataOrNull(l.out_buf), reinterpret_cast<aclopAttr*>(attr),
                              reinterpret_cast<aclrtStream>(stream));
      },
      py::arg("op_type"), py::arg("input_desc"), py::arg("inputs"), py::arg("output_desc"), py::arg("outputs"),
      py::arg("attr"), py::arg("stream"));

  m.def(
      "execute",
      [](std::string op_type, py::object in_descs, py::object ins, py::object out_descs, py::object outs,
         uintptr_t attr, uintptr_t stream) -> int {
        OpLists l(in_descs, ins, out_descs, outs);
        ReleasedGil nogil;
        return aclopExecute(op_type.c_str(), l.num_in(), DataOrNull(l.c_in_desc), DataOrNull(l.c_in_buf), l.num_out(),
                            DataOrNull(l.c_out_desc), DataOrNull(l.out_buf), reinterpret_cast<const aclopAttr*>(attr),
                            reinterpret_cast<aclrtStream>(stream));
      },
      py::arg("op_type"), py::arg("input_desc"), py::arg("inputs"), py::arg("output_desc"), py::arg("outputs"),
      py::arg("attr"), py::arg("stream"));

  m.def(
      "create_handle",
      [](std::string op_type, py::object in_descs, py::object out_descs, uintptr_t attr) {
        OpLists l(in_descs, py::none(), out_descs, py::none());
        aclopHandle* handle = nullptr;
        aclError ret;
        {
          ReleasedGil nogil;
          ret = aclopCreateHandle(op_type.c_str(), l.num_in(), DataOrNull(l.c_in_desc), l.num_out(),
                                  DataOrNull(l.c_out_desc), reinterpret_cast<const aclopAttr*>(attr), &handle);
        }
        return py::make_tuple(reinterpret_cast<uintptr_t>(handle), static_cast<int>(ret));
      },
      py::arg("op_type"), py::arg("input_desc"), py::arg("output_desc"), py::arg("attr"));

  m.def(
      "execute_with_handle",
      [](uintptr_t handle, py::object ins, py::object outs, uintptr_t stream) -> int {
        OpLists l(py::none(), ins, py::none(), outs);
        ReleasedGil nogil;
        return aclopExecWithHandle(reinterpret_cast<aclopHandle*>(handle), static_cast<int>(l.in_buf.size()),
                                   DataOrNull(l.c_in_buf), static_cast<int>(l.out_buf.size()), DataOrNull(l.out_buf),
                                   reinterpret_cast<aclrtStream>(stream));
      },
      py::arg("handle"), py::arg("inputs"), py::arg("outputs"), py::arg("stream"));

  m.def(
      "compile",
      [](std::string op_type, py::object in_descs, py::object out_descs, uintptr_t attr, int engine, int compile_flag,
         std::optional<std::string> op_path) -> int {
        OpLists l(in_descs, py::none(), out_descs, py::none());
        ReleasedGil nogil;
        return aclopCompile(op_type.c_str(), l.num_in(), DataOrNull(l.c_in_desc), l.num_out(), DataOrNull(l.c_out_desc),
                            reinterpret_cast<const aclopAttr*>(attr), static_cast<aclopEngineType>(engine),
                            static_cast<aclopCompileType>(compile_flag), CStr(op_path));
      },
      py::arg("op_type"), py::arg("input_desc"), py::arg("output_desc"), py::arg("attr"), py::arg("engine_type"),
      py::arg("compile_flag"), py::arg("op_path"));

  m.def(
      "compile_and_execute",
      [](std::string op_type, py::object in_descs, py::object ins, py::object out_descs, py::object outs,
         uintptr_t attr, int engine, int compile_flag, std::optional<std::string> op_path, uintptr_t stream) -> int {
        OpLists l(in_descs, ins, out_descs, outs);
        ReleasedGil nogil;
        return aclopCompileAndExecute(op_type.c_str(), l.num_in(), DataOrNull(l.c_in_desc), DataOrNull(l.c_in_buf),
                                      l.num_out(), DataOrNull(l.c_out_desc), DataOrNull(l.out_buf),
                                      reinterpret_cast<const aclopAttr*>(attr), static_cast<aclopEngineType>(engine),
                                      static_cast<aclopCompileType>(compile_flag), CStr(op_path),
                                      reinterpret_cast<aclrtStream>(stream));
      },
      py::arg("op_type"), py::arg("input_desc"), py::arg("inputs"), py::arg("output_desc"), py::arg("outputs"),
      py::arg("attr"), py::arg("engine_type"), py::arg("compile_flag"), py::arg("op_path"), py::arg("stream"));

  m.def(
      "compile_and_execute_v2",
      [](std::string op_type, py::object in_descs, py::object ins, py::object out_descs, py::object outs,
         uintptr_t attr, int engine, int compile_flag, std::optional<std::string> op_path, uintptr_t stream) -> int {
        OpLists l(in_descs, ins, out_descs, outs);
        ReleasedGil nogil;
        return aclopCompileAndExecuteV2(op_type.c_str(), l.num_in(), DataOrNull(l.in_desc), DataOrNull(l.in_buf),
                                        l.num_out(), DataOrNull(l.out_desc), DataOrNull(l.out_buf),
                                        reinterpret_cast<aclopAttr*>(attr), static_cast<aclopEngineType>(engine),
                                        static_cast<aclopCompileType>(compile_flag), CStr(op_path),
                                        reinterpret_cast<aclrtStream>(stream));
      },
      py::arg("op_type"), py::arg("input_desc"), py::arg("inputs"), py::arg("output_desc"), py::arg("outputs"),
      py::arg("attr"), py::arg("engine_type"), py::arg("compile_flag"), py::arg("op_path"), py::arg("stream"));

  m.def(
      "update_params",
      [](std::string op_type, py::object in_descs, py::object out_descs, uintptr_t attr) -> int {
        OpLists l(in_descs, py::none(), out_descs, py::none());
        ReleasedGil nogil;
        return aclopUpdateParams(op_type.c_str(), l.num_in(), DataOrNull(l.c_in_desc), l.num_out(),
                                 DataOrNull(l.c_out_desc), reinterpret_cast<const aclopAttr*>(attr));
      },
      py::arg("op_type"), py::arg("input_desc"), py::arg("output_desc"), py::arg("attr"));

  // The output descriptions are updated in place (their handles stay the caller's).
  m.def(
      "infer_shape",
      [](std::string op_type, py::object in_descs, py::object ins, py::object out_descs, uintptr_t attr) -> int {
        OpLists l(in_descs, ins, out_descs, py::none());
        ReleasedGil nogil;
        return aclopInferShape(op_type.c_str(), l.num_in(), DataOrNull(l.in_desc), DataOrNull(l.in_buf), l.num_out(),
                               DataOrNull(l.out_desc), reinterpret_cast<aclopAttr*>(attr));
      },
      py::arg("op_type"), py::arg("input_desc"), py::arg("inputs"), py::arg("output_desc"), py::arg("attr"));

  m.def(
      "set_attr_list_bool",
      [](uintptr_t attr, std::string name, py::object values) -> int {
        std::vector<uint8_t> v;
        for (py::handle b : values) v.push_back(py::bool_(b.cast<bool>()) ? 1 : 0);
        ReleasedGil nogil;
        return aclopSetAttrListBool(reinterpret_cast<aclopAttr*>(attr), name.c_str(), static_cast<int>(v.size()),
                                    DataOrNull(v));
      },
      py::arg("attr"), py::arg("attr_name"), py::arg("values"));
  m.def(
      "set_attr_list_int",
      [](uintptr_t attr, std::string name, py::object values) -> int {
        std::vector<int64_t> v = IntList<int64_t>(values, "values");
        ReleasedGil nogil;
        return aclopSetAttrListInt(reinterpret_cast<aclopAttr*>(attr), name.c_str(), static_cast<int>(v.size()),
                                   DataOrNull(v));
      },
      py::arg("attr"), py::arg("attr_name"), py::arg("values"));
  m.def(
      "set_attr_list_float",
      [](uintptr_t attr, std::string name, py::object values) -> int {
        std::vector<float> v = FloatList(values, "values");
        ReleasedGil nogil;
        return aclopSetAttrListFloat(reinterpret_cast<aclopAttr*>(attr), name.c_str(), static_cast<int>(v.size()),
                                     DataOrNull(v));
      },
      py::arg("attr"), py::arg("attr_name"), py::arg("values"));
  m.def(
      "set_attr_list_string",
      [](uintptr_t attr, std::string name, std::vector<std::string> values) -> int {
        std::vector<const char*> v;
        for (const std::string& s : values) v.push_back(s.c_str());
        ReleasedGil nogil;
        return aclopSetAttrListString(reinterpret_cast<aclopAttr*>(attr), name.c_str(), static_cast<int>(v.size()),
                                      DataOrNull(v));
      },
      py::arg("attr"), py::arg("attr_name"), py::arg("values"));
  m.def(
      "set_attr_list_list_int",
      [](uintptr_t attr, std::string name, py::object lists) -> int {
        std::vector<std::vector<int64_t>> rows;
        for (py::handle r : lists) rows.push_back(IntList<int64_t>(r, "values[i]"));
        std::vector<int> counts;
        std::vector<const int64_t*> ptrs;
        for (auto& r : rows) {
          counts.push_back(static_cast<int>(r.size()));
          ptrs.push_back(r.data());
        }
        ReleasedGil nogil;
        return aclopSetAttrListListInt(reinterpret_cast<aclopAttr*>(attr), name.c_str(), static_cast<int>(rows.size()),
                                       DataOrNull(counts), DataOrNull(ptrs));
      },
      py::arg("attr"), py::arg("attr_name"), py::arg("values"));
  m.def(
      "set_attr_list_data_type",
      [](uintptr_t attr, std::string name, py::object values) -> int {
        std::vector<int> raw = IntList<int>(values, "values");
        std::vector<aclDataType> v;
        for (int t : raw) v.push_back(static_cast<aclDataType>(t));
        ReleasedGil nogil;
        return aclopSetAttrListDataType(reinterpret_cast<aclopAttr*>(attr), name.c_str(), static_cast<int>(v.size()),
                                        DataOrNull(v));
      },
      py::arg("attr"), py::arg("attr_name"), py::arg("values"));
}

}  // namespace asim::pyacl
