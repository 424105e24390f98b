// Integer bit operations, on the AI CPU only (the AI Core vector unit has no such
// instructions for every width): BitwiseAnd, BitwiseOr, BitwiseXor (numpy broadcasting),
// BitwiseNot over int8..int64 and uint8..uint64, and BitShift (direction "LEFT" /
// "RIGHT") over uint8..uint64. A shift by the type's width or more gives 0 (defined here;
// C++ leaves it undefined). Owner: elementwise family. Thread safety: re-entrant.
// Failure: kOpAttrNotMatch for a direction other than LEFT / RIGHT; kOpInputNotMatch for
// shapes that do not broadcast.
#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

struct BitAndOp {
  template <class C>
  C operator()(C a, C b) const {
    return static_cast<C>(a & b);
  }
};
struct BitOrOp {
  template <class C>
  C operator()(C a, C b) const {
    return static_cast<C>(a | b);
  }
};
struct BitXorOp {
  template <class C>
  C operator()(C a, C b) const {
    return static_cast<C>(a ^ b);
  }
};
struct BitNotOp {
  template <class C>
  C operator()(C a) const {
    return static_cast<C>(~a);
  }
};
struct BitShiftOp {
  bool left;
  template <class C>
  C operator()(C a, C b) const {
    constexpr C kBits = static_cast<C>(sizeof(C) * 8);
    if (b >= kBits) return C(0);
    return left ? static_cast<C>(static_cast<WrapUnsigned<C>>(a) << b) : static_cast<C>(a >> b);
  }
};

template <class Op>
KernelDef Bitwise(const char* op_type) {
  return BinaryBuilder(op_type, Engine::kAiCpu, DtypesOf(IntTypes{}),
                       BinaryCompute(IntTypes{}, Fixed(Op{}), kCheapGrain), 1, kSource)
      .Build();
}

Status DirectionIsKnown(const std::vector<TensorSpec>&, const AttrMap& attrs, const ChipTraits&) {
  const std::string d = attrs.GetString("direction", "");
  if (d == "LEFT" || d == "RIGHT") return Status::Ok();
  return Status(err::kOpAttrNotMatch, "direction '" + d + "' is not LEFT or RIGHT");
}

}  // namespace

KernelDef BuildBitwiseAnd_AiCpu() {
  return Bitwise<BitAndOp>("BitwiseAnd");
}
KernelDef BuildBitwiseOr_AiCpu() {
  return Bitwise<BitOrOp>("BitwiseOr");
}
KernelDef BuildBitwiseXor_AiCpu() {
  return Bitwise<BitXorOp>("BitwiseXor");
}
KernelDef BuildBitwiseNot_AiCpu() {
  return UnaryBuilder("BitwiseNot", Engine::kAiCpu, DtypesOf(IntTypes{}),
                      UnaryCompute(IntTypes{}, Fixed(BitNotOp{}), kCheapGrain), 1, kSource)
      .Build();
}
KernelDef BuildBitShift_AiCpu() {
  auto make = [](const AttrMap& a) { return BitShiftOp{a.GetString("direction", "") == "LEFT"}; };
  return BinaryBuilder("BitShift", Engine::kAiCpu, DtypesOf(UnsignedIntTypes{}),
                       BinaryCompute(UnsignedIntTypes{}, make, kCheapGrain), 1, kSource, DataType::kUndefined,
                       {"X", "Y"})
      .RequiredAttr("direction", AttrType::kString)
      .Constraint(DirectionIsKnown)
      .Build();
}

}  // namespace asim::kernels
