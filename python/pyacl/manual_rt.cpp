// The hand-written binding of acl.rt: launch_callback, whose callback is a Python callable.
//
// Owns: one PyCallback per launched callback until it has run.
// Thread safety: the callable runs on the report thread (acl.util.start_thread or any thread
// that calls acl.rt.process_report) with the GIL taken there.
// Failure: ret is the C API's aclError; a failed launch drops the callable at once.
#include <pybind11/pybind11.h>

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
          py::gil_scoped_release nogil;
          ret = aclrtLaunchCallback(RunLaunchedCallback, cb, static_cast<aclrtCallbackBlockType>(block_type),
                                    reinterpret_cast<aclrtStream>(stream));
        }
        if (ret != ACL_SUCCESS) delete cb;
        return ret;
      },
      py::arg("func"), py::arg("user_data"), py::arg("block_type"), py::arg("stream"));
}

}  // namespace asim::pyacl
