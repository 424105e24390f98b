// The hand-written bindings of the top-level `acl` module: init with its optional config path,
// app_log, and the tensor-description calls whose dims are Python lists.
//
// Owns: nothing beyond each call.
// Thread safety: the GIL is released around each C call.
// Failure: the C API's aclError is returned as ret; wrong Python types raise TypeError.
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

void RegisterManualBase(py::module_& m) {
  // acl.init() / acl.init(None) -> aclInit(NULL); acl.init("") -> aclInit("") (no config).
  m.def(
      "init",
      [](std::optional<std::string> config) -> int {
        ReleasedGil nogil;
        return aclInit(config ? config->c_str() : nullptr);
      },
      py::arg("config_path") = py::none());

  // acl.app_log(level, message): the caller's Python function, file and line go to the log.
  m.def(
      "app_log",
      [](int level, const std::string& message) {
        std::string func = "<python>", file = "<python>";
        uint32_t line = 0;
        py::object frame = py::module_::import("sys").attr("_getframe")(0);
        if (!frame.is_none()) {
          py::object code = frame.attr("f_code");
          func = py::str(code.attr("co_name"));
          file = py::str(code.attr("co_filename"));
          line = frame.attr("f_lineno").cast<uint32_t>();
        }
        ReleasedGil nogil;
        aclAppLog(static_cast<aclLogLevel>(level), func.c_str(), file.c_str(), line, "%s", message.c_str());
      },
      py::arg("log_level"), py::arg("message"));

  m.def(
      "create_tensor_desc",
      [](int data_type, py::object dims, int format) -> uintptr_t {
        std::vector<int64_t> d = IntList<int64_t>(dims, "dims");
        ReleasedGil nogil;
        return reinterpret_cast<uintptr_t>(
            aclCreateTensorDesc(static_cast<aclDataType>(data_type), static_cast<int>(d.size()),
                                d.empty() ? nullptr : d.data(), static_cast<aclFormat>(format)));
      },
      py::arg("data_type"), py::arg("dims"), py::arg("format"));

  using SetDims = aclError (*)(aclTensorDesc*, int, const int64_t*);
  auto def_set_dims = [&](const char* name, SetDims fn) {
    m.def(
        name,
        [fn](uintptr_t desc, py::object dims) -> int {
          std::vector<int64_t> d = IntList<int64_t>(dims, "dims");
          ReleasedGil nogil;
          return fn(reinterpret_cast<aclTensorDesc*>(desc), static_cast<int>(d.size()), d.empty() ? nullptr : d.data());
        },
        py::arg("desc"), py::arg("dims"));
  };
  def_set_dims("set_tensor_shape", aclSetTensorShape);
  def_set_dims("set_tensor_origin_shape", aclSetTensorOriginShape);
  def_set_dims("set_tensor_storage_shape", aclSetTensorStorageShape);

  // acl.set_tensor_shape_range(desc, [[min, max], ...]) -> ret, and set_tensor_value_range the same way.
  static_assert(ACL_TENSOR_SHAPE_RANGE_NUM == 2 && ACL_TENSOR_VALUE_RANGE_NUM == 2, "[min, max] pairs");
  using SetRange = aclError (*)(aclTensorDesc*, size_t, int64_t(*)[2]);
  auto def_range = [&](const char* name, const char* what, SetRange fn) {
    m.def(
        name,
        [fn, what](uintptr_t desc, py::object ranges) -> int {
          std::vector<int64_t> flat;
          size_t i = 0;
          for (py::handle r : ranges) {
            std::vector<int64_t> pair = IntList<int64_t>(r, what);
            if (pair.size() != 2)
              throw py::value_error(std::string(what) + "[" + std::to_string(i) + "] must be [min, max]");
            flat.insert(flat.end(), pair.begin(), pair.end());
            ++i;
          }
          ReleasedGil nogil;
          return fn(reinterpret_cast<aclTensorDesc*>(desc), i, reinterpret_cast<int64_t(*)[2]>(flat.data()));
        },
        py::arg("desc"), py::arg(what));
  };
  def_range("set_tensor_shape_range", "dims_range", aclSetTensorShapeRange);
  def_range("set_tensor_value_range", "value_range", aclSetTensorValueRange);

  // acl.get_compileopt(opt) -> (value, ret): the buffer sized by aclGetCompileoptSize.
  m.def(
      "get_compileopt",
      [](int opt) {
        size_t size;
        {
          ReleasedGil nogil;
          size = aclGetCompileoptSize(static_cast<aclCompileOpt>(opt));
        }
        std::vector<char> buf(size + 1, '\0');
        aclError ret;
        {
          ReleasedGil nogil;
          ret = aclGetCompileopt(static_cast<aclCompileOpt>(opt), buf.data(), buf.size());
        }
        return py::make_tuple(py::str(std::string(buf.data())), static_cast<int>(ret));
      },
      py::arg("opt"));

  // acl.get_cann_attribute_list() -> ([attr, ...], ret): the aclCannAttr values the SoC has.
  m.def("get_cann_attribute_list", []() {
    const aclCannAttr* attrs = nullptr;
    size_t num = 0;
    aclError ret;
    {
      ReleasedGil nogil;
      ret = aclGetCannAttributeList(&attrs, &num);
    }
    py::list out;
    for (size_t i = 0; ret == ACL_SUCCESS && attrs != nullptr && i < num; ++i) out.append(static_cast<int>(attrs[i]));
    return py::make_tuple(out, static_cast<int>(ret));
  });

  // acl.get_tensor_desc_dim_range(desc, index, dim_range_num) -> ([min, max], ret)
  m.def(
      "get_tensor_desc_dim_range",
      [](uintptr_t desc, size_t index, size_t dim_range_num) {
        if (dim_range_num > 64) throw py::value_error("dim_range_num must be at most 64");
        std::vector<int64_t> range(dim_range_num == 0 ? 1 : dim_range_num, 0);
        aclError ret;
        {
          ReleasedGil nogil;
          ret = aclGetTensorDescDimRange(reinterpret_cast<const aclTensorDesc*>(desc), index, dim_range_num,
                                         range.data());
        }
        range.resize(dim_range_num);
        return py::make_tuple(py::cast(range), static_cast<int>(ret));
      },
      py::arg("desc"), py::arg("index"), py::arg("dim_range_num"));
}

}  // namespace asim::pyacl
