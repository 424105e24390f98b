// Reading atc's AIPP records.
#include "runtime/model/aipp_record.h"

#include <cstdlib>

#include "kernels/image/aipp_dynamic_params.h"

namespace asim::model {

const std::string* AippRecordText(const ModelInfo& info, size_t index) {
  auto it = info.metadata.find("aipp." + std::to_string(index));
  return it == info.metadata.end() ? nullptr : &it->second;
}

AippRecord ParseAippRecord(const std::string& text) {
  AippRecord out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find(';', pos);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(pos, end - pos);
    const size_t eq = item.find('=');
    if (eq != std::string::npos) {
      std::vector<double>& values = out[item.substr(0, eq)];
      std::string number;
      for (char ch : item.substr(eq + 1) + ",") {
        if (ch == ',' || ch == 'x') {
          if (!number.empty()) values.push_back(std::strtod(number.c_str(), nullptr));
          number.clear();
        } else {
          number += ch;
        }
      }
    }
    pos = end + 1;
  }
  return out;
}

AippRecord AippRecordOf(const ModelInfo& info, size_t index) {
  const std::string* text = AippRecordText(info, index);
  return text == nullptr ? AippRecord{} : ParseAippRecord(*text);
}

double AippRecordValue(const AippRecord& record, const char* key, size_t k, double fallback) {
  auto it = record.find(key);
  return it != record.end() && k < it->second.size() ? it->second[k] : fallback;
}

std::vector<int64_t> StaticAippImageDims(const ModelInfo& info, size_t index) {
  if (index >= info.inputs.size() || info.inputs[index].dims.empty()) return {};
  const std::string* text = AippRecordText(info, index);
  if (text == nullptr) return {};
  const AippRecord record = ParseAippRecord(*text);
  if (AippRecordValue(record, "dynamic", 0, 0) != 0) return {};
  const auto format = static_cast<int64_t>(AippRecordValue(record, "format"));
  const auto w = static_cast<int64_t>(AippRecordValue(record, "src", 0));
  const auto h = static_cast<int64_t>(AippRecordValue(record, "src", 1));
  if (format <= 0 || w <= 0 || h <= 0) return {};
  return {info.inputs[index].dims[0], h, w, kernels::aipp::AippImageChannels(format)};
}

std::vector<int64_t> StaticAippImageDimsV2(const ModelInfo& info, size_t index) {
  std::vector<int64_t> dims = StaticAippImageDims(info, index);
  if (dims.empty()) return dims;
  const std::string* text = AippRecordText(info, index);
  const auto format = static_cast<int64_t>(AippRecordValue(ParseAippRecord(*text), "format"));
  const int64_t h = dims[1], w = dims[2];
  const int64_t bytes = kernels::aipp::AippImageBytes(format, w, h);
  const bool semi_planar = format == 1 || format == 9;  // YUV420SP_U8, YUV422SP_U8: one byte per sample row
  if (semi_planar) {
    dims[1] = bytes / w;
    dims[3] = 1;
  } else {
    dims[3] = bytes / (w * h);
  }
  return dims;
}

}  // namespace asim::model
