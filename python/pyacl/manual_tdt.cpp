// The hand-written bindings of acl.tdt: create_data_item and get_dims_from_item, whose dims
// are Python lists.
//
// Owns: nothing beyond each call.
// Thread safety: the GIL is released around each C call.
// Failure: create_data_item returns 0 where the C call returns NULL; get_dims_from_item
// returns ([], ret) on failure.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <vector>

#include "acl/acl.h"
#include "acl/acl_tdt.h"
#include "python/pyacl/bindings.h"
#include "python/pyacl/list_args.h"

namespace py = pybind11;

namespace asim::pyacl {

void RegisterManualTdt(py::module_& m) {
  // acl.tdt.create_data_item(tdt_type, [dims], data_type, data_ptr, size) -> item handle
  m.def(
      "create_data_item",
      [](int tdt_type, py::object dims, int data_type, uintptr_t data, size_t size) -> uintptr_t {
        std::vector<int64_t> d = IntList<int64_t>(dims, "dims");
        ReleasedGil nogil;
        return reinterpret_cast<uintptr_t>(
            acltdtCreateDataItem(static_cast<acltdtTensorType>(tdt_type), d.empty() ? nullptr : d.data(), d.size(),
                                 static_cast<aclDataType>(data_type), reinterpret_cast<void*>(data), size));
      },
      py::arg("tdt_type"), py::arg("dims"), py::arg("data_type"), py::arg("data"), py::arg("size"));

  // acl.tdt.get_dims_from_item(item, dim_num) -> ([dims], ret)
  m.def(
      "get_dims_from_item",
      [](uintptr_t item, size_t dim_num) {
        if (dim_num > 1024) throw py::value_error("dim_num must be at most 1024");
        std::vector<int64_t> dims(dim_num == 0 ? 1 : dim_num, 0);
        aclError ret;
        {
          ReleasedGil nogil;
          ret = acltdtGetDimsFromItem(reinterpret_cast<const acltdtDataItem*>(item), dims.data(), dim_num);
        }
        dims.resize(ret == ACL_SUCCESS ? dim_num : 0);
        return py::make_tuple(py::cast(dims), static_cast<int>(ret));
      },
      py::arg("item"), py::arg("dim_num"));
}

}  // namespace asim::pyacl
