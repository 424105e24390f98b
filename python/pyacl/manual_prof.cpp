// The hand-written bindings of acl.prof: init (the path alone), create_config (a device-id
// list), create_subscribe_config (the pipe fd as an int) and get_op_type / get_op_name (C fills a
// caller's string buffer; Python gets a str).
//
// Owns: nothing beyond each call.
// Thread safety: the GIL is released around each C call.
// Failure: create_config returns 0 where the C call returns NULL; the getters return ("", ret).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
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
          ReleasedGil nogil;
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
        ReleasedGil nogil;
        return reinterpret_cast<uintptr_t>(
            aclprofCreateConfig(ids.empty() ? nullptr : ids.data(), static_cast<uint32_t>(ids.size()),
                                static_cast<aclprofAicoreMetrics>(aicore_metrics),
                                reinterpret_cast<const aclprofAicoreEvents*>(aicore_events), data_type_config));
      },
      py::arg("device_id_list"), py::arg("aicore_metrics"), py::arg("aicore_events"), py::arg("data_type_config"));

  // acl.prof.init(profiler_result_path): pyACL passes the path alone (the C call's length is
  // the string's). A second argument, as the C signature has it, is taken too.
  m.def(
      "init",
      [](const std::string& path, std::optional<size_t> length) -> int {
        ReleasedGil nogil;
        return aclprofInit(path.c_str(), length ? *length : path.size());
      },
      py::arg("profiler_result_path"), py::arg("length") = py::none());

  // acl.prof.create_subscribe_config(time_info_switch, aicore_metrics, fd): fd is the pipe's
  // write end as an int (os.pipe()[1]); the C call takes a pointer to it. Returns the config
  // handle (0 when the C call returns NULL).
  m.def(
      "create_subscribe_config",
      [](int time_info_switch, int aicore_metrics, int fd) -> uintptr_t {
        ReleasedGil nogil;
        return reinterpret_cast<uintptr_t>(aclprofCreateSubscribeConfig(
            static_cast<int8_t>(time_info_switch), static_cast<aclprofAicoreMetrics>(aicore_metrics), &fd));
      },
      py::arg("time_info_switch"), py::arg("aicore_metrics"), py::arg("fd"));

  DefGetOpText(m, "get_op_type", aclprofGetOpType);
  DefGetOpText(m, "get_op_name", aclprofGetOpName);
}

}  // namespace asim::pyacl
