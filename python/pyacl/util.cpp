// acl.util: pyACL's host helpers with no C counterpart: numpy arrays and bytes as addresses
// (numpy_to_ptr, numpy_contiguous_to_ptr, bytes_to_ptr), addresses as numpy arrays and bytes
// (ptr_to_numpy, ptr_to_bytes), and the native threads that run report loops (start_thread,
// stop_thread).
//
// Owns: the threads start_thread made, until stop_thread joins them.
// Thread safety: the thread table has its own mutex; a started thread takes the GIL to run its
// Python function and stop_thread releases it while joining.
// Failure: an address the process cannot read (unmapped, or device memory, which the simulator
// keeps out of the host's reach as the hardware does) raises ValueError naming the address,
// where the real module would crash; a numpy_to_ptr argument without a buffer raises TypeError.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "python/pyacl/bindings.h"
#include "python/pyacl/py_callback.h"

namespace py = pybind11;

namespace asim::pyacl {
namespace {

std::string Hex(uintptr_t p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(p));
  return buf;
}

// Copies `size` bytes at `src` into `dst` through the kernel (process_vm_readv on this process),
// which reports an unreadable range as EFAULT instead of raising SIGSEGV.
bool SafeRead(uintptr_t src, void* dst, size_t size) {
  if (size == 0) return true;
  struct iovec local = {dst, size};
  struct iovec remote = {reinterpret_cast<void*>(src), size};
  ssize_t n = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
  return n == static_cast<ssize_t>(size);
}

void RequireReadable(const char* fn, uintptr_t ptr, size_t size) {
  if (size == 0) return;
  if (ptr == 0) throw py::value_error(std::string(fn) + ": the address is 0 (NULL)");
  unsigned char probe = 0;
  if (!SafeRead(ptr, &probe, 1) || !SafeRead(ptr + size - 1, &probe, 1)) {
    throw py::value_error(std::string(fn) + ": " + std::to_string(size) + " bytes at " + Hex(ptr) +
                          " are not readable host memory (unmapped, freed, or device memory: copy device "
                          "data to the host with acl.rt.memcpy first)");
  }
}

// pyACL's npy_type codes (numpy's NPY_TYPES) -> numpy dtype.
py::dtype DtypeOf(int npy_type) {
  switch (npy_type) {
    case 0: return py::dtype("bool");
    case 1: return py::dtype("int8");
    case 2: return py::dtype("uint8");
    case 3: return py::dtype("int16");
    case 4: return py::dtype("uint16");
    case 5: return py::dtype("int32");
    case 6: return py::dtype("uint32");
    case 7: return py::dtype("int64");
    case 8: return py::dtype("uint64");
    case 9: return py::dtype("int64");    // NPY_LONGLONG
    case 10: return py::dtype("uint64");  // NPY_ULONGLONG
    case 11: return py::dtype("float32");
    case 12: return py::dtype("float64");
    case 23: return py::dtype("float16");
    default:
      throw py::value_error("ptr_to_numpy: npy_type " + std::to_string(npy_type) +
                            " is not supported (0 bool, 1-8 int8..uint64, 11 float32, 12 float64, 23 float16)");
  }
}

struct ThreadTable {
  std::mutex mu;
  std::map<uint64_t, std::unique_ptr<std::thread>> threads;
};
ThreadTable& Threads() {
  static auto* table = new ThreadTable();  // threads may outlive static destruction at exit
  return *table;
}

}  // namespace

void RegisterUtil(py::module_& m) {
  m.def(
      "numpy_to_ptr",
      [](py::buffer array) -> uintptr_t {
        py::buffer_info info = array.request();
        return reinterpret_cast<uintptr_t>(info.ptr);
      },
      py::arg("array"));

  m.def(
      "numpy_contiguous_to_ptr",
      [](py::array array) {
        py::array contiguous = py::module_::import("numpy").attr("ascontiguousarray")(array);
        return py::make_tuple(reinterpret_cast<uintptr_t>(contiguous.data()), contiguous);
      },
      py::arg("array"));

  // The address of a bytes object's own storage (no copy), as the real module hands it out:
  // samples pass it to calls that write through it (an in/out size) and read the bytes after.
  m.def(
      "bytes_to_ptr",
      [](py::bytes data) -> uintptr_t {
        char* p = nullptr;
        Py_ssize_t n = 0;
        if (PyBytes_AsStringAndSize(data.ptr(), &p, &n) != 0) throw py::error_already_set();
        return reinterpret_cast<uintptr_t>(p);
      },
      py::arg("data"));

  m.def(
      "ptr_to_bytes",
      [](uintptr_t ptr, size_t size) {
        if (size > 0 && ptr == 0) throw py::value_error("ptr_to_bytes: the address is 0 (NULL)");
        PyObject* obj = PyBytes_FromStringAndSize(nullptr, static_cast<Py_ssize_t>(size));
        if (obj == nullptr) throw py::error_already_set();
        py::bytes out = py::reinterpret_steal<py::bytes>(obj);
        bool ok = false;
        {
          ReleasedGil nogil;
          ok = SafeRead(ptr, PyBytes_AS_STRING(obj), size);
        }
        if (!ok) RequireReadable("ptr_to_bytes", ptr, size);  // names the unreadable range
        if (!ok)
          throw py::value_error("ptr_to_bytes: " + std::to_string(size) + " bytes at " + Hex(ptr) +
                                " are not all readable host memory");
        return out;
      },
      py::arg("ptr"), py::arg("size"));

  // A numpy array viewing `ptr` (no copy) with the given shape and npy_type code.
  m.def(
      "ptr_to_numpy",
      [](uintptr_t ptr, py::object shape_obj, int npy_type) {
        py::dtype dtype = DtypeOf(npy_type);
        std::vector<py::ssize_t> shape;
        if (py::isinstance<py::int_>(shape_obj)) {
          shape.push_back(shape_obj.cast<py::ssize_t>());
        } else {
          for (py::handle d : shape_obj) shape.push_back(d.cast<py::ssize_t>());
        }
        size_t count = 1;
        for (py::ssize_t d : shape) {
          if (d < 0) throw py::value_error("ptr_to_numpy: negative dimension " + std::to_string(d));
          count *= static_cast<size_t>(d);
        }
        size_t bytes = count * static_cast<size_t>(dtype.itemsize());
        if (bytes == 0) return py::array(dtype, shape);  // nothing to view (the address may be 0)
        RequireReadable("ptr_to_numpy", ptr, bytes);
        // A base object keeps numpy from copying; the memory stays the caller's.
        py::capsule base(reinterpret_cast<void*>(ptr), [](void*) {});
        return py::array(dtype, shape, reinterpret_cast<void*>(ptr), base);
      },
      py::arg("ptr"), py::arg("shape"), py::arg("npy_type"));

  // A native thread running func(args) (the report thread of acl.rt.subscribe_report): returns
  // (thread id, ret); the id is the thread's pthread_t, the value acl.rt.subscribe_report takes.
  m.def(
      "start_thread",
      [](py::function func, py::object args) {
        // Raw references, dropped by the thread under the GIL: none may be dropped by a
        // destructor without it, which is how such a thread can end (gil.h).
        PyObject* fn = func.release().ptr();
        PyObject* arg = args.release().ptr();
        auto th = std::make_unique<std::thread>([fn, arg]() {
          // A thread that starts after the program ended must not run Python (creating its
          // thread state then touches a dying interpreter); the references stay (exit).
          if (InterpreterFinalizing()) return;
          HeldGil gil;  // not pybind11's: see gil.h (a program may end while this thread runs)
          PyObject* call_args = PyTuple_Pack(1, arg);
          if (call_args == nullptr) {
            PyErr_Print();
          } else {
            PyCallback::CallRaw(fn, call_args);
            Py_DECREF(call_args);
          }
          Py_DECREF(fn);
          Py_DECREF(arg);
        });
        uint64_t tid = static_cast<uint64_t>(th->native_handle());
        {
          std::lock_guard<std::mutex> lock(Threads().mu);
          Threads().threads[tid] = std::move(th);
        }
        return py::make_tuple(tid, 0);
      },
      py::arg("func"), py::arg("args"));

  m.def(
      "stop_thread",
      [](uint64_t tid) -> int {
        std::unique_ptr<std::thread> th;
        {
          std::lock_guard<std::mutex> lock(Threads().mu);
          auto it = Threads().threads.find(tid);
          if (it == Threads().threads.end()) return 100000;  // ACL_ERROR_INVALID_PARAM
          th = std::move(it->second);
          Threads().threads.erase(it);
        }
        if (th->get_id() == std::this_thread::get_id()) {
          th->detach();
          return 0;
        }
        ReleasedGil nogil;
        th->join();
        return 0;
      },
      py::arg("tid"));
}

}  // namespace asim::pyacl
