// String tensors: the DT_STRING layout helpers (kernels/common/values/string_tensor.h) and the AI
// CPU StringNormalizer kernel against ONNX's semantics (stop words with and without case,
// case changes, the empty-output rule, shapes and attributes it refuses), run the way a host
// runs a string kernel (output sized by StringOutputCapacity, dims read back).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "kernels/common/values/string_tensor.h"
#include "kernels/framework/invoke.h"
#include "kernels/framework/registry.h"

namespace asim::kernels {
namespace {

using Strings = std::vector<std::string>;

TEST(StringTensor, LayoutIsHeadsThenNulTerminatedBytes) {
  const Strings s = {"ab", "", "xyz"};
  const std::vector<uint8_t> packed = PackStrings(s);
  ASSERT_EQ(packed.size(), 3 * 16 + 3 + 1 + 4);
  ASSERT_EQ(PackedStringBytes(s), packed.size());
  const uint64_t want[3][2] = {{48, 2}, {51, 0}, {52, 3}};
  for (int i = 0; i < 3; ++i) {
    StringHead h;
    std::memcpy(&h, packed.data() + 16 * i, 16);
    EXPECT_EQ(h.offset, want[i][0]) << i;
    EXPECT_EQ(h.length, want[i][1]) << i;
    EXPECT_EQ(packed[h.offset + h.length], 0) << "NUL after element " << i;
  }
  EXPECT_EQ(std::memcmp(packed.data() + 48, "ab\0\0xyz\0", 8), 0);
  Strings back;
  ASSERT_TRUE(ReadStrings(packed.data(), packed.size(), 3, &back).ok());
  EXPECT_EQ(back, s);
  const auto views = StringViews(packed.data(), 3);
  ASSERT_EQ(views.size(), 3u);
  EXPECT_EQ(views[2], "xyz");
}

TEST(StringTensor, ReadChecksHeadsAgainstTheBuffer) {
  std::vector<uint8_t> packed = PackStrings({"hello"});
  Strings out;
  EXPECT_FALSE(ReadStrings(packed.data(), 15, 1, &out).ok());  // the head does not fit
  EXPECT_FALSE(ReadStrings(packed.data(), packed.size(), 2, &out).ok());
  EXPECT_FALSE(ReadStrings(packed.data(), 20, 1, &out).ok());  // the bytes run past the end
  StringHead h{1000, 5};
  std::memcpy(packed.data(), &h, 16);
  const Status st = ReadStrings(packed.data(), packed.size(), 1, &out);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("outside"), std::string::npos) << st.message();
  EXPECT_TRUE(out.empty());
  EXPECT_TRUE(ReadStrings(nullptr, 0, 0, &out).ok());
}

TEST(StringTensor, WriteRefusesWhatDoesNotFit) {
  std::vector<uint8_t> buf(40, 0xAB);
  size_t written = 0;
  EXPECT_EQ(WriteStrings({"a", "b", "c"}, buf.data(), buf.size(), &written).code(), err::kInternalError);
  EXPECT_EQ(buf[0], 0xAB) << "nothing written";
  ASSERT_TRUE(WriteStrings({"a", "b"}, buf.data(), buf.size(), &written).ok());
  EXPECT_EQ(written, 36u);
}

struct Normalized {
  Status status;
  Strings out;
  std::vector<int64_t> dims;
};

// Selects StringNormalizer on AI CPU, infers, sizes the output with
// StringOutputCapacity, computes and reads the strings back under the reported dims.
Normalized Normalize(const Strings& in, std::vector<int64_t> dims, const AttrMap& given) {
  Normalized r;
  const auto defs = KernelRegistry::Get().Find("StringNormalizer");
  if (defs.size() != 1 || defs[0]->engine != Engine::kAiCpu) {
    r.status = Status(err::kOpNotFound, "no single AI CPU StringNormalizer");
    return r;
  }
  const KernelDef& def = *defs[0];
  std::vector<uint8_t> x = PackStrings(in);
  TensorSpec spec;
  spec.dtype = DataType::kString;
  spec.dims = std::move(dims);
  r.status = def.Match({spec}, given, ChipTraits{});
  if (!r.status.ok()) return r;
  AttrMap attrs;
  r.status = def.ResolveAttrs(given, &attrs);
  if (!r.status.ok()) return r;
  std::vector<TensorSpec> out_specs;
  r.status = def.infer_shape({spec}, attrs, &out_specs);
  if (!r.status.ok()) return r;
  EXPECT_EQ(out_specs.at(0).dtype, DataType::kString);
  KernelContext ctx;
  ctx.inputs.push_back(TensorView{spec, x.data()});
  ctx.outputs.push_back(TensorView{out_specs[0], nullptr});
  std::vector<uint8_t> y(StringOutputCapacity(ctx, 0), 0);
  ctx.outputs[0].data = y.data();
  ctx.attrs = &attrs;
  r.status = kernels::InvokeKernel(def, ctx);
  if (!r.status.ok()) return r;
  r.dims = ctx.outputs[0].spec.dims;
  r.status = ReadStrings(y.data(), y.size(), ctx.outputs[0].ElementCount(), &r.out);
  return r;
}

AttrMap Attrs(const std::string& action, int64_t case_sensitive, const Strings& stopwords) {
  AttrMap m;
  if (!action.empty()) m.Set("case_change_action", action);
  m.Set("is_case_sensitive", case_sensitive);
  if (!stopwords.empty()) m.Set("stopwords", stopwords);
  return m;
}

TEST(StringNormalizer, StopWordsAndCaseChanges) {
  const Strings days = {"monday", "tuesday", "wednesday", "thursday"};
  Normalized r = Normalize(days, {4}, Attrs("LOWER", 1, {"monday"}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.out, (Strings{"tuesday", "wednesday", "thursday"}));
  EXPECT_EQ(r.dims, (std::vector<int64_t>{3}));
  r = Normalize(days, {4}, Attrs("UPPER", 1, {"monday"}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.out, (Strings{"TUESDAY", "WEDNESDAY", "THURSDAY"}));
  r = Normalize({"Monday", "tuesday"}, {2}, Attrs("", 1, {"monday"}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.out, (Strings{"Monday", "tuesday"})) << "case-sensitive: 'Monday' is not 'monday'";
  r = Normalize({"monday", "tuesday"}, {2}, Attrs("", 1, {}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.out, (Strings{"monday", "tuesday"}));
  EXPECT_EQ(r.dims, (std::vector<int64_t>{2}));
}

TEST(StringNormalizer, CaseInsensitiveTwoDimsAndUnicode) {
  const Strings in = {"Monday", "tuesday", "wednesday", "MONDAY", "tuesday", "wednesday"};
  Normalized r = Normalize(in, {1, 6}, Attrs("UPPER", 0, {"monday"}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.out, (Strings{"TUESDAY", "WEDNESDAY", "TUESDAY", "WEDNESDAY"}));
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 4}));
  r = Normalize({"Straße", "ÉTÉ", "日本"}, {3}, Attrs("LOWER", 0, {"été"}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.out, (Strings{"straße", "日本"}));
}

TEST(StringNormalizer, AllRemovedGivesOneEmptyString) {
  Normalized r = Normalize({"monday", "Monday"}, {2}, Attrs("UPPER", 0, {"monday"}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.out, (Strings{""}));
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1}));
  r = Normalize({"monday", "monday"}, {1, 2}, Attrs("", 1, {"monday"}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.out, (Strings{""}));
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 1}));
  r = Normalize({}, {0}, Attrs("", 1, {}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1}));
}

TEST(StringNormalizer, RefusesOtherShapesActionsLocalesAndBadUtf8) {
  EXPECT_EQ(Normalize({"a", "b"}, {2, 1}, Attrs("", 1, {})).status.code(), err::kOpAttrNotMatch);
  EXPECT_EQ(Normalize({"a"}, {}, Attrs("", 1, {})).status.code(), err::kOpAttrNotMatch);
  EXPECT_EQ(Normalize({"a"}, {1}, Attrs("TITLE", 1, {})).status.code(), err::kOpAttrNotMatch);
  AttrMap m = Attrs("LOWER", 1, {});
  m.Set("locale", std::string("tr_TR"));
  const Status st = Normalize({"a"}, {1}, m).status;
  EXPECT_EQ(st.code(), err::kOpAttrNotMatch);
  EXPECT_NE(st.message().find("tr_TR"), std::string::npos) << st.message();
  m.Set("locale", std::string("en_US"));
  EXPECT_TRUE(Normalize({"A"}, {1}, m).status.ok());
  EXPECT_EQ(Normalize({"\xff"}, {1}, Attrs("UPPER", 1, {})).status.code(), err::kInvalidParam);
  Normalized r = Normalize({"\xff"}, {1}, Attrs("NONE", 1, {}));
  EXPECT_TRUE(r.status.ok()) << "no case change: bytes pass through";
}

}  // namespace
}  // namespace asim::kernels
