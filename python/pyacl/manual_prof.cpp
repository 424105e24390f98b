// The hand-written bindings of acl.prof: create_config (a device-id list) and get_op_type /
// get_op_name (C fills a caller's string buffer; Python gets a str).
//
// Owns: nothing beyond each call.
// Thread safety: the GIL is released around each C call.
// Failure: create_config returns 0 where the C call returns NULL; the getters return ("", ret).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "python/pyacl/bindings.h"
#include "python/pyacl/list_args.h"

namespace py = pybind11;

namespace asim::pyacl {
namespace {

using GetOpText = aclError (*)(const void*, size_t, uint32_t, char*, size_t);

void DefGetOpText(py::module_& m, const char* name, GetOpText fn) {
  m.def(
      name,
      [fn](uintptr_t op_info, size_t op_info_len, uint32_t index, size_t length) {
        if (length > (1u << 20)) throw py::value_error("the length must be at most 1 MiB");
        std::vector<char> buf(length + 1, '\0');
        aclError ret;
        {
          py::gil_scoped_release nogil;
          ret = fn(reinterpret_cast<const void*>(op_info), op_info_len, index, buf.data(), length);
        }
        return py::make_tuple(py::str(std::string(buf.data())), static_cast<int>(ret));
      },
      py::arg("op_info"), py::arg("op_info_len"), py::arg("index"), py::arg("length"));
}

}  // namespace

void RegisterManualProf(py::module_& m) {
  // acl.prof.create_config([device ids], aicore_metrics, aicore_events (0), data_type_config)
  m.def(
      "create_config",
      [](py::object devices, int aicore_metrics, uintptr_t aicore_events, uint64_t data_type_config) -> uintptr_t {
        std::vector<uint32_t> ids = IntList<uint32_t>(devices, "device_id_list");
        py::gil_scoped_release nogil;
        return reinterpret_cast<uintptr_t>(
            aclprofCreateConfig(ids.empty() ? nullptr : ids.data(), static_cast<uint32_t>(ids.size()),
                                static_cast<aclprofAicoreMetrics>(aicore_metrics),
                                reinterpret_cast<const aclprofAicoreEvents*>(aicore_events), data_type_config));
      },
      py::arg("device_id_list"), py::arg("aicore_metrics"), py::arg("aicore_events"), py::arg("data_type_config"));

  DefGetOpText(m, "get_op_type", aclprofGetOpType);
  DefGetOpText(m, "get_op_name", aclprofGetOpName);
}

}  // namespace asim::pyacl
