// OpAttr: the attributes of one single-op call (the object behind aclopAttr).
//
// Owns: a kernels::AttrMap (name -> typed value, the same map kernels and single-op models
// use) filled by the aclopSetAttr* setters; setting a name again replaces its value and type,
// as in AscendCL. Also the comparison single-op matching uses: two attribute sets are equal
// when every name has equal values on both sides, or is absent on one side and the other
// side's value equals the kernel's declared default.
// Thread safety: a value type; an application must not set attributes of one object from
// two threads at once (as in AscendCL). Failure: Set returns kInvalidParam for an empty name.
#pragma once

#include <string>
#include <vector>

#include "base/status.h"
#include "kernels/framework/attr.h"

namespace asim::op {

class OpAttr {
 public:
  Status Set(const std::string& name, kernels::AttrValue value);
  const kernels::AttrMap& map() const { return map_; }
  kernels::AttrMap& mutable_map() { return map_; }

 private:
  kernels::AttrMap map_;
};

// "true", "3", "0.5", "'NCHW'", "DT_FLOAT16", "[1,2]", "[[1,2],[3]]".
std::string AttrValueText(const kernels::AttrValue& value);
// "{strides=[1,1,1,1], groups=1}" ("{}" when empty).
std::string AttrMapText(const kernels::AttrMap& attrs);

// Equal values; ints and floats compare by value across the two kinds, bools equal the ints
// 0 / 1 (the setters and the JSON form of a model may pick either for the same number).
bool AttrValuesEqual(const kernels::AttrValue& a, const kernels::AttrValue& b);

// Whether a call's attributes match a model's for op type `op_type`. On a mismatch `why`
// names the first attribute that differs and both values ("attr 'groups': call 2, model 1").
bool AttrsMatch(const std::string& op_type, const kernels::AttrMap& call, const kernels::AttrMap& model,
                std::string* why);

}  // namespace asim::op
