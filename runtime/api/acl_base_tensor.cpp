// acl_base.h: tensor descriptors.
#include <cstring>
#include <memory>

#include "acl/acl_base.h"
#include "base/format_shape.h"
#include "runtime/api/acl_objects.h"
#include "runtime/api/api_guard.h"

namespace {

using asim::DataType;
using asim::Format;
using asim::api::DescOf;
using asim::api::TensorDescs;

void Fail(const char* api, const std::string& message) {
  asim::api::SetRecentError(api, asim::err::kInvalidParam, message);
}

aclTensorDesc* NewDesc(asim::TensorDesc desc) {
  return static_cast<aclTensorDesc*>(TensorDescs().Add(std::make_shared<asim::TensorDesc>(std::move(desc))));
}

// The live descriptor behind `desc`, or nullptr with the recent error set (NULL: invalid
// param; destroyed or made up: invalid resource handle): a getter never reads through a
// handle that is not a live descriptor.
std::shared_ptr<asim::TensorDesc> LiveDesc(const char* api, const aclTensorDesc* desc) {
  if (desc == nullptr) {
    Fail(api, "desc must not be NULL");
    return nullptr;
  }
  std::shared_ptr<asim::TensorDesc> live = TensorDescs().Find(desc);
  if (!live) {
    asim::api::SetRecentError(api, asim::err::kInvalidResourceHandle,
                              "desc is not a live tensor descriptor (destroyed, or not made by aclCreateTensorDesc)");
  }
  return live;
}

}  // namespace

#define ACL_DESC_REQUIRE(desc)                                                                   \
  do {                                                                                           \
    if ((desc) == nullptr) ACL_API_FAIL(asim::err::kInvalidParam, #desc " must not be NULL");    \
    if (!TensorDescs().Find(desc)) {                                                             \
      ACL_API_FAIL(asim::err::kInvalidResourceHandle, #desc " is not a live tensor descriptor"); \
    }                                                                                            \
  } while (0)

extern "C" {

aclTensorDesc* aclCreateTensorDesc(aclDataType dataType, int numDims, const int64_t* dims, aclFormat format) {
  // The enums as the caller passed them (any int): the lambda would load them as enum-typed
  // objects, which is undefined for values outside the enumerators (UBSan).
  const int32_t raw_type = asim::api::RawEnum(dataType);
  const int32_t raw_format = asim::api::RawEnum(format);
  return asim::api::Guarded<aclTensorDesc*>("aclCreateTensorDesc", nullptr, [&]() -> aclTensorDesc* {
    asim::TensorDesc desc;
    asim::Status st = asim::TensorDesc::Create(static_cast<DataType>(raw_type), numDims, dims,
                                               static_cast<Format>(raw_format), &desc);
    if (!st.ok()) {
      asim::api::SetRecentError("aclCreateTensorDesc", st.code(), st.message());
      return nullptr;
    }
    return NewDesc(std::move(desc));
  });
}

void aclDestroyTensorDesc(const aclTensorDesc* desc) {
  asim::api::GuardedVoid("aclDestroyTensorDesc", [&]() {
    if (desc == nullptr) return;  // like free(NULL)
    if (asim::api::DestroyTensorDescArray(desc)) return;
    if (!TensorDescs().Remove(desc)) {
      Fail("aclDestroyTensorDesc", "desc is not a live tensor descriptor (destroyed twice or never created)");
    }
  });
}

aclError aclSetTensorShapeRange(aclTensorDesc* desc, size_t dimsCount,
                                int64_t dimsRange[][ACL_TENSOR_SHAPE_RANGE_NUM]) {
  ACL_API_BEGIN("aclSetTensorShapeRange");
  ACL_DESC_REQUIRE(desc);
  ACL_API_RETURN(DescOf(desc)->SetShapeRange(dimsCount, dimsRange));
  ACL_API_END();
}

aclError aclSetTensorValueRange(aclTensorDesc* desc, size_t valueCount,
                                int64_t valueRange[][ACL_TENSOR_VALUE_RANGE_NUM]) {
  ACL_API_BEGIN("aclSetTensorValueRange");
  ACL_DESC_REQUIRE(desc);
  ACL_API_RETURN(DescOf(desc)->SetValueRange(valueCount, valueRange));
  ACL_API_END();
}

aclDataType aclGetTensorDescType(const aclTensorDesc* desc) {
  return asim::api::Guarded<aclDataType>("aclGetTensorDescType", ACL_DT_UNDEFINED, [&]() -> aclDataType {
    const std::shared_ptr<asim::TensorDesc> live = LiveDesc("aclGetTensorDescType", desc);
    if (!live) return ACL_DT_UNDEFINED;
    return static_cast<aclDataType>(live->data_type());
  });
}

aclFormat aclGetTensorDescFormat(const aclTensorDesc* desc) {
  return asim::api::Guarded<aclFormat>("aclGetTensorDescFormat", ACL_FORMAT_UNDEFINED, [&]() -> aclFormat {
    const std::shared_ptr<asim::TensorDesc> live = LiveDesc("aclGetTensorDescFormat", desc);
    if (!live) return ACL_FORMAT_UNDEFINED;
    return static_cast<aclFormat>(live->format());
  });
}

size_t aclGetTensorDescSize(const aclTensorDesc* desc) {
  return asim::api::Guarded<size_t>("aclGetTensorDescSize", 0, [&]() -> size_t {
    const std::shared_ptr<asim::TensorDesc> live = LiveDesc("aclGetTensorDescSize", desc);
    if (!live) return 0;
    return live->SizeBytes();
  });
}

size_t aclGetTensorDescElementCount(const aclTensorDesc* desc) {
  return asim::api::Guarded<size_t>("aclGetTensorDescElementCount", 0, [&]() -> size_t {
    const std::shared_ptr<asim::TensorDesc> live = LiveDesc("aclGetTensorDescElementCount", desc);
    if (!live) return 0;
    return static_cast<size_t>(live->ElementCount());
  });
}

size_t aclGetTensorDescNumDims(const aclTensorDesc* desc) {
  return asim::api::Guarded<size_t>("aclGetTensorDescNumDims", 0, [&]() -> size_t {
    const std::shared_ptr<asim::TensorDesc> live = LiveDesc("aclGetTensorDescNumDims", desc);
    if (!live) return 0;
    // Unknown rank reports ACL_UNKNOWN_RANK as the dim count, as the real API does.
    if (live->IsUnknownRank()) return static_cast<size_t>(ACL_UNKNOWN_RANK);
    return live->NumDims();
  });
}

int64_t aclGetTensorDescDim(const aclTensorDesc* desc, size_t index) {
  return asim::api::Guarded<int64_t>("aclGetTensorDescDim", -1, [&]() -> int64_t {
    int64_t dim = -1;
    const std::shared_ptr<asim::TensorDesc> live = LiveDesc("aclGetTensorDescDim", desc);
    if (!live) return -1;
    asim::Status st = live->Dim(index, &dim);
    if (!st.ok()) {
      asim::api::SetRecentError("aclGetTensorDescDim", st.code(), st.message());
      return -1;
    }
    return dim;
  });
}

aclError aclGetTensorDescDimV2(const aclTensorDesc* desc, size_t index, int64_t* dimSize) {
  ACL_API_BEGIN("aclGetTensorDescDimV2");
  ACL_DESC_REQUIRE(desc);
  ACL_API_CHECK_NOT_NULL(dimSize);
  ACL_API_RETURN(DescOf(desc)->Dim(index, dimSize));
  ACL_API_END();
}

aclError aclGetTensorDescDimRange(const aclTensorDesc* desc, size_t index, size_t dimRangeNum, int64_t* dimRange) {
  ACL_API_BEGIN("aclGetTensorDescDimRange");
  ACL_DESC_REQUIRE(desc);
  ACL_API_CHECK_NOT_NULL(dimRange);
  if (dimRangeNum < ACL_TENSOR_SHAPE_RANGE_NUM) {
    ACL_API_FAIL(asim::err::kInvalidParam,
                 "dimRangeNum " + std::to_string(dimRangeNum) + " < " + std::to_string(ACL_TENSOR_SHAPE_RANGE_NUM));
  }
  asim::TensorDesc::Range range;
  asim::Status st = DescOf(desc)->DimRange(index, &range);
  if (st.ok()) {
    dimRange[0] = range.first;
    dimRange[1] = range.second;
  }
  ACL_API_RETURN(st);
  ACL_API_END();
}

void aclSetTensorDescName(aclTensorDesc* desc, const char* name) {
  asim::api::GuardedVoid("aclSetTensorDescName", [&]() {
    const std::shared_ptr<asim::TensorDesc> live = LiveDesc("aclSetTensorDescName", desc);
    if (!live) return;
    live->set_name(name == nullptr ? "" : name);
  });
}

const char* aclGetTensorDescName(aclTensorDesc* desc) {
  return asim::api::Guarded<const char*>("aclGetTensorDescName", nullptr, [&]() -> const char* {
    const std::shared_ptr<asim::TensorDesc> live = LiveDesc("aclGetTensorDescName", desc);
    if (!live) return nullptr;
    return live->name().c_str();
  });
}

aclError aclTransTensorDescFormat(const aclTensorDesc* srcDesc, aclFormat dstFormat, aclTensorDesc** dstDesc) {
  ACL_API_BEGIN("aclTransTensorDescFormat");
  ACL_DESC_REQUIRE(srcDesc);
  ACL_API_CHECK_NOT_NULL(dstDesc);
  if (!asim::IsValidFormat(static_cast<int32_t>(dstFormat))) {
    ACL_API_FAIL(asim::err::kInvalidParam,
                 "dstFormat " + std::to_string(static_cast<int>(dstFormat)) + " is not a valid aclFormat");
  }
  const asim::TensorDesc& src = *DescOf(srcDesc);
  std::vector<int64_t> dims;
  asim::Status st =
      asim::TransformShape(src.data_type(), src.format(), src.dims(), static_cast<Format>(dstFormat), &dims);
  if (!st.ok()) ACL_API_RETURN(st);
  asim::TensorDesc out = src;
  st = out.SetFormat(static_cast<Format>(dstFormat));
  if (st.ok()) st = out.SetShape(static_cast<int>(dims.size()), dims.data());
  if (st.ok()) st = out.SetOriginFormat(src.format());
  if (st.ok()) st = out.SetOriginShape(static_cast<int>(src.dims().size()), src.dims().data());
  if (!st.ok()) ACL_API_RETURN(st);
  *dstDesc = NewDesc(std::move(out));
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclSetTensorStorageFormat(aclTensorDesc* desc, aclFormat format) {
  ACL_API_BEGIN("aclSetTensorStorageFormat");
  ACL_DESC_REQUIRE(desc);
  ACL_API_RETURN(DescOf(desc)->SetStorageFormat(static_cast<Format>(format)));
  ACL_API_END();
}

aclError aclSetTensorStorageShape(aclTensorDesc* desc, int numDims, const int64_t* dims) {
  ACL_API_BEGIN("aclSetTensorStorageShape");
  ACL_DESC_REQUIRE(desc);
  ACL_API_RETURN(DescOf(desc)->SetStorageShape(numDims, dims));
  ACL_API_END();
}

aclError aclSetTensorFormat(aclTensorDesc* desc, aclFormat format) {
  ACL_API_BEGIN("aclSetTensorFormat");
  ACL_DESC_REQUIRE(desc);
  ACL_API_RETURN(DescOf(desc)->SetFormat(static_cast<Format>(format)));
  ACL_API_END();
}

aclError aclSetTensorShape(aclTensorDesc* desc, int numDims, const int64_t* dims) {
  ACL_API_BEGIN("aclSetTensorShape");
  ACL_DESC_REQUIRE(desc);
  ACL_API_RETURN(DescOf(desc)->SetShape(numDims, dims));
  ACL_API_END();
}

aclError aclSetTensorOriginFormat(aclTensorDesc* desc, aclFormat format) {
  ACL_API_BEGIN("aclSetTensorOriginFormat");
  ACL_DESC_REQUIRE(desc);
  ACL_API_RETURN(DescOf(desc)->SetOriginFormat(static_cast<Format>(format)));
  ACL_API_END();
}

aclError aclSetTensorOriginShape(aclTensorDesc* desc, int numDims, const int64_t* dims) {
  ACL_API_BEGIN("aclSetTensorOriginShape");
  ACL_DESC_REQUIRE(desc);
  ACL_API_RETURN(DescOf(desc)->SetOriginShape(numDims, dims));
  ACL_API_END();
}

aclTensorDesc* aclGetTensorDescByIndex(aclTensorDesc* desc, size_t index) {
  return asim::api::Guarded<aclTensorDesc*>("aclGetTensorDescByIndex", nullptr, [&]() -> aclTensorDesc* {
    // The argument is an array of descriptors (as aclopExecute takes them); the real API
    // indexes into it. A single descriptor is index 0.
    const std::shared_ptr<asim::TensorDesc> live = LiveDesc("aclGetTensorDescByIndex", desc);
    if (!live) return nullptr;
    if (index != 0) {
      if (aclTensorDesc* element = asim::api::TensorDescArrayElement(desc, index)) return element;
      Fail("aclGetTensorDescByIndex", "index " + std::to_string(index) +
                                          " is out of range: descriptors created by aclCreateTensorDesc are single");
      return nullptr;
    }
    return desc;
  });
}

void* aclGetTensorDescAddress(const aclTensorDesc* desc) {
  return asim::api::Guarded<void*>("aclGetTensorDescAddress", nullptr, [&]() -> void* {
    const std::shared_ptr<asim::TensorDesc> live = LiveDesc("aclGetTensorDescAddress", desc);
    if (!live) return nullptr;
    return live->address();
  });
}

aclError aclSetTensorDynamicInput(aclTensorDesc* desc, const char* dynamicInputName) {
  ACL_API_BEGIN("aclSetTensorDynamicInput");
  ACL_DESC_REQUIRE(desc);
  ACL_API_CHECK_NOT_NULL(dynamicInputName);
  DescOf(desc)->set_dynamic_input_name(dynamicInputName);
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclSetTensorConst(aclTensorDesc* desc, void* dataBuffer, size_t length) {
  ACL_API_BEGIN("aclSetTensorConst");
  ACL_DESC_REQUIRE(desc);
  ACL_API_CHECK_NOT_NULL(dataBuffer);
  ACL_API_RETURN(DescOf(desc)->SetConst(dataBuffer, length));
  ACL_API_END();
}

aclError aclSetTensorPlaceMent(aclTensorDesc* desc, aclMemType memType) {
  ACL_API_BEGIN("aclSetTensorPlaceMent");
  ACL_DESC_REQUIRE(desc);
  ACL_API_RETURN(DescOf(desc)->SetPlacement(static_cast<int32_t>(memType)));
  ACL_API_END();
}

}  // extern "C"
