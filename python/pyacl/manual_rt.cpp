// The hand-written bindings of acl.rt: launch_callback and set_exception_info_callback, whose
// callbacks are Python callables, and the stream configuration handle (a struct C hands out by
// pointer, a handle int here).
//
// Owns: one PyCallback per launched callback until it has run; the exception callable until it
// is replaced (set_exception_info_callback(None) clears it).
// Thread safety: the callable runs on the report thread (acl.util.start_thread or any thread
// that calls acl.rt.process_report) with the GIL taken there.
// Failure: ret is the C API's aclError; a failed launch drops the callable at once.
#include <pybind11/pybind11.h>

#include <mutex>

#include "acl/acl.h"
#include "python/pyacl/bindings.h"
#include "python/pyacl/py_callback.h"

namespace py = pybind11;

namespace asim::pyacl {
namespace {

void RunLaunchedCallback(void* user_data) {
  auto* cb = static_cast<PyCallback*>(user_data);
  cb->Call(cb->arg);
  PyCallback::Destroy(cb);
}

// The Python callable of aclrtSetExceptionInfoCallback (one per process, as in C).
std::mutex exception_mu;
PyCallback* exception_cb = nullptr;  // deliberately leaked at exit (its objects need the GIL)

void RunExceptionCallback(aclrtExceptionInfo* info) {
  PyCallback* cb;
  {
    std::lock_guard<std::mutex> lock(exception_mu);
    cb = exception_cb;
  }
  if (cb != nullptr) cb->Call(reinterpret_cast<uintptr_t>(info));
}

}  // namespace

void RegisterManualRt(py::module_& m) {
  // acl.rt.launch_callback(func, user_data, block_type, stream) -> ret; func(user_data) runs
  // on the thread subscribed to the stream when it calls acl.rt.process_report.
  m.def(
      "launch_callback",
      [](py::function func, py::object user_data, int block_type, uintptr_t stream) -> int {
        auto* cb = new PyCallback{func, user_data};
        aclError ret;
        {
          ReleasedGil nogil;
          ret = aclrtLaunchCallback(RunLaunchedCallback, cb, static_cast<aclrtCallbackBlockType>(block_type),
                                    reinterpret_cast<aclrtStream>(stream));
        }
        if (ret != ACL_SUCCESS) delete cb;
        return ret;
      },
      py::arg("func"), py::arg("user_data"), py::arg("block_type"), py::arg("stream"));

  // acl.rt.set_exception_info_callback(func) -> ret; func(exception_info) when a task fails;
  // acl.rt.get_task_id_from_exception_info(exception_info) and friends read it.
  m.def(
      "set_exception_info_callback",
      [](py::object func) -> int {
        aclError ret;
        {
          ReleasedGil nogil;
          ret = aclrtSetExceptionInfoCallback(func.is_none() ? nullptr : RunExceptionCallback);
        }
        if (ret == ACL_SUCCESS) {
          PyCallback* next = func.is_none() ? nullptr : new PyCallback{func, py::none()};
          PyCallback* old;
          {
            std::lock_guard<std::mutex> lock(exception_mu);
            old = exception_cb;
            exception_cb = next;
          }
          delete old;  // the GIL is held here
        }
        return ret;
      },
      py::arg("callback"));

  m.def("create_stream_config_handle", []() -> uintptr_t {
    ReleasedGil nogil;
    return reinterpret_cast<uintptr_t>(aclrtCreateStreamConfigHandle());
  });
  m.def(
      "destroy_stream_config_handle",
      [](uintptr_t handle) -> int {
        ReleasedGil nogil;
        return aclrtDestroyStreamConfigHandle(reinterpret_cast<aclrtStreamConfigHandle*>(handle));
      },
      py::arg("handle"));
  // acl.rt.set_stream_config_opt(handle, attr, value_ptr, value_size) -> ret
  m.def(
      "set_stream_config_opt",
      [](uintptr_t handle, int attr, uintptr_t value, size_t size) -> int {
        ReleasedGil nogil;
        return aclrtSetStreamConfigOpt(reinterpret_cast<aclrtStreamConfigHandle*>(handle),
                                       static_cast<aclrtStreamConfigAttr>(attr), reinterpret_cast<const void*>(value),
                                       size);
      },
      py::arg("handle"), py::arg("attr"), py::arg("attr_value"), py::arg("value_size"));
  // acl.rt.create_stream_v2(handle) -> (stream, ret)
  m.def(
      "create_stream_v2",
      [](uintptr_t handle) {
        aclrtStream stream = nullptr;
        aclError ret;
        {
          ReleasedGil nogil;
          ret = aclrtCreateStreamV2(&stream, reinterpret_cast<const aclrtStreamConfigHandle*>(handle));
        }
        return py::make_tuple(reinterpret_cast<uintptr_t>(stream), static_cast<int>(ret));
      },
      py::arg("handle"));
}

}  // namespace asim::pyacl
