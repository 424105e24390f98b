// msaccucmp-style comparison. See compare.h.
#include "tools/dump/compare.h"

#include <spdlog/fmt/fmt.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <tuple>
#include <variant>

#include "dumpfmt/dump_file.h"
#include "dumpfmt/dump_naming.h"
#include "dumpfmt/dump_types.h"
#include "om/om_reader.h"
#include "tools/dump/convert.h"
#include "tools/dump/layout.h"
#include "tools/dump/npy.h"

namespace asim::dumptool {
namespace fs = std::filesystem;

namespace {

enum class SourceKind { kDump, kNpy };

struct SideTensor {
  std::string op_name;  // sanitised
  std::string op_type;
  bool input = false;
  size_t index = 0;
  uint64_t timestamp = 0;
  uint64_t task_id = 0;
  std::string path;
  SourceKind kind = SourceKind::kNpy;
};

using Key = std::tuple<std::string, bool, size_t>;

struct Side {
  std::map<Key, SideTensor> tensors;
  bool any_dump = false;
  bool any_input = false;
  size_t duplicates = 0;
  size_t unreadable = 0;  // files named as dumps that are not (truncated, another format)
};

void AddTensor(SideTensor t, Side* side) {
  Key key{t.op_name, t.input, t.index};
  side->any_dump |= t.kind == SourceKind::kDump;
  side->any_input |= t.input;
  auto it = side->tensors.find(key);
  if (it == side->tensors.end()) {
    side->tensors.emplace(std::move(key), std::move(t));
    return;
  }
  ++side->duplicates;
  if (t.timestamp < it->second.timestamp) it->second = std::move(t);
}

Status Collect(const std::string& root, Side* side) {
  std::vector<fs::path> files;
  std::error_code ec;
  if (fs::is_regular_file(root, ec)) {
    files.push_back(root);
  } else if (fs::is_directory(root, ec)) {
    for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (it->is_regular_file(ec)) files.push_back(it->path());
    }
  } else {
    return Status(err::kInvalidFile, fmt::format("'{}' does not exist", root));
  }
  for (const fs::path& path : files) {
    const std::string name = path.filename().string();
    dump::DumpFileNameParts file;
    dump::NpyFileNameParts npy;
    dump::GroundTruthNameParts truth;
    if (dump::ParseDumpFileName(name, &file)) {
      dump::DumpRecord record;
      if (!dump::ReadDumpFile(path.string(), &record).ok()) {
        // Not left out: the op gets a row saying why (the Loader reads the file again and
        // reports its error), and the run fails.
        ++side->unreadable;
        AddTensor(
            {file.op_name, file.op_type, false, 0, file.timestamp, file.task_id, path.string(), SourceKind::kDump},
            side);
        continue;
      }
      for (size_t io = 0; io < 2; ++io) {
        const auto& list = io == 0 ? record.inputs : record.outputs;
        for (size_t i = 0; i < list.size(); ++i) {
          AddTensor(
              {file.op_name, file.op_type, io == 0, i, file.timestamp, file.task_id, path.string(), SourceKind::kDump},
              side);
        }
      }
    } else if (dump::ParseNpyFileName(name, &npy)) {
      AddTensor({npy.file.op_name, npy.file.op_type, npy.input, npy.index, npy.file.timestamp, npy.file.task_id,
                 path.string(), SourceKind::kNpy},
                side);
    } else if (dump::ParseGroundTruthNpyName(name, &truth)) {
      AddTensor({dump::SanitizeDumpName(truth.op_name), "", false, truth.output_index, truth.timestamp, 0,
                 path.string(), SourceKind::kNpy},
                side);
    }
  }
  if (side->tensors.empty()) {
    return Status(err::kInvalidFile, fmt::format("no dump files or .npy tensors found in '{}'", root));
  }
  return Status::Ok();
}

// A loaded tensor: values in the original layout, plus what the CSV shows.
struct Loaded {
  PlainTensor plain;
  std::string dtype;
  std::string address;
  std::string note;
};

class Loader {
 public:
  explicit Loader(std::optional<int32_t> target) : target_(target) {}

  Status Load(const SideTensor& t, Loaded* out) {
    if (t.kind == SourceKind::kNpy) {
      NpyArray array;
      ASIM_RETURN_IF_ERROR(ReadNpy(t.path, &array));
      ASIM_RETURN_IF_ERROR(NpyToPlain(array, &out->plain));
      out->dtype = dump::DumpDataTypeName(out->plain.data_type);
      return Status::Ok();
    }
    if (t.path != cached_path_) {
      cached_path_.clear();
      ASIM_RETURN_IF_ERROR(dump::ReadDumpFile(t.path, &cached_));
      cached_path_ = t.path;
    }
    const auto& list = t.input ? cached_.inputs : cached_.outputs;
    if (t.index >= list.size()) return Status(err::kParseFile, fmt::format("'{}' changed while reading", t.path));
    const dump::DumpTensor& dt = list[t.index];
    out->dtype = dump::DumpDataTypeName(dt.data_type);
    out->address = fmt::format("0x{:x}", dt.address);
    const Status st = ToOriginalLayout(dt, target_, &out->plain, t.input ? InputSourceHint(cached_) : std::nullopt);
    if (!st.ok()) {
      out->note = st.message();
      out->plain = PlainTensor{dt.data_type, dt.format, dt.shape, dt.data};
    }
    return Status::Ok();
  }

 private:
  std::optional<int32_t> target_;
  std::string cached_path_;
  dump::DumpRecord cached_;
};

std::string ShapeText(const std::vector<uint64_t>& shape) {
  return fmt::format("[{}]", fmt::join(shape, ","));
}

// Node name -> the original op whose ground truth its outputs match (fusion records).
Status FusionMap(const std::string& om_path, std::map<std::string, std::string>* out) {
  if (om_path.empty()) return Status::Ok();
  om::Model model;
  ASIM_RETURN_IF_ERROR(om::ReadModelFile(om_path, &model));
  for (const om::Graph& g : model.graphs) {
    for (const om::Node& node : g.nodes) {
      std::string origin;
      if (const auto* v = node.attrs.Find("_datadump_origin_name"); v && std::holds_alternative<std::string>(*v)) {
        origin = std::get<std::string>(*v);
      } else if (const auto* l = node.attrs.Find("_datadump_original_op_names");
                 l && std::holds_alternative<std::vector<std::string>>(*l)) {
        const auto& names = std::get<std::vector<std::string>>(*l);
        if (!names.empty()) origin = names.back();
      }
      if (!origin.empty()) (*out)[dump::SanitizeDumpName(node.name)] = dump::SanitizeDumpName(origin);
    }
  }
  return Status::Ok();
}

std::string NowText() {
  return dump::DumpTimeDirName(std::chrono::system_clock::now());
}

std::string Join(const std::vector<std::string>& cells) {
  std::string line;
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) line += ',';
    const std::string& c = cells[i];
    if (c.find_first_of(",\"\n") != std::string::npos) {
      line += '"';
      for (char ch : c) {
        if (ch == '"') line += '"';
        line += ch;
      }
      line += '"';
    } else {
      line += c;
    }
  }
  return line;
}

}  // namespace

std::string CompareCsv(const CompareResult& result) {
  std::vector<std::string> header = {"Index", "OpType", "NPUDump", "DataType"};
  if (result.my_has_address) header.push_back("Address");
  header.insert(header.end(), {"GroundTruth", "DataType"});
  if (result.golden_has_address) header.push_back("Address");
  header.insert(header.end(), {"TensorIndex", "Shape"});
  for (const char* m : kMetricNames) header.push_back(m);
  header.push_back("CompareFailReason");
  std::string csv = Join(header) + "\n";
  for (const CompareRow& r : result.rows) {
    std::vector<std::string> cells = {std::to_string(r.index), r.op_type, r.npu_op, r.npu_dtype};
    if (result.my_has_address) cells.push_back(r.npu_address);
    cells.insert(cells.end(), {r.golden_op, r.golden_dtype});
    if (result.golden_has_address) cells.push_back(r.golden_address);
    cells.insert(cells.end(), {r.tensor_index, r.shape});
    if (r.compared) {
      for (std::string& c : r.metrics.Cells()) cells.push_back(std::move(c));
    } else {
      for (size_t i = 0; i < std::size(kMetricNames); ++i) cells.push_back("NaN");
    }
    cells.push_back(r.fail_reason);
    csv += Join(cells) + "\n";
  }
  return csv;
}

Status RunCompare(const CompareOptions& options, CompareResult* result) {
  Side mine, golden;
  ASIM_RETURN_IF_ERROR(Collect(options.my_path, &mine));
  ASIM_RETURN_IF_ERROR(Collect(options.golden_path, &golden));
  std::map<std::string, std::string> fusion;
  ASIM_RETURN_IF_ERROR(FusionMap(options.om_path, &fusion));

  std::vector<const SideTensor*> order;
  for (const auto& [key, t] : mine.tensors) {
    if (t.input && !golden.any_input) continue;  // framework ground truth has outputs only
    order.push_back(&t);
  }
  std::sort(order.begin(), order.end(), [](const SideTensor* a, const SideTensor* b) {
    return std::tie(a->timestamp, a->task_id, a->op_name, b->input, a->index) <
           std::tie(b->timestamp, b->task_id, b->op_name, a->input, b->index);
  });

  CompareResult res;
  res.my_has_address = mine.any_dump;
  res.golden_has_address = golden.any_dump;
  res.duplicates_ignored = mine.duplicates + golden.duplicates;
  res.unreadable_files = mine.unreadable + golden.unreadable;
  Loader my_loader(options.target_format), golden_loader(options.target_format);
  std::string last_op;
  size_t op_index = 0;
  for (const SideTensor* t : order) {
    if (t->op_name != last_op) {
      ++op_index;
      last_op = t->op_name;
    }
    CompareRow row;
    row.index = op_index;
    row.op_type = t->op_type;
    row.npu_op = t->op_name;
    row.tensor_index = fmt::format("{}:{}:{}", t->op_name, t->input ? "input" : "output", t->index);
    std::string golden_name = t->op_name;
    if (auto f = fusion.find(t->op_name); f != fusion.end() && !t->input) golden_name = f->second;
    Loaded me, truth;
    Status st = my_loader.Load(*t, &me);
    row.npu_dtype = me.dtype;
    row.npu_address = me.address;
    row.shape = ShapeText(me.plain.shape);
    auto g = golden.tensors.find(Key{golden_name, t->input, t->index});
    if (!st.ok()) {
      row.golden_op = g == golden.tensors.end() ? "*" : golden_name;
      row.fail_reason = st.message();
    } else if (g == golden.tensors.end()) {
      row.golden_op = "*";
      row.golden_dtype = "NaN";
      row.golden_address = "NaN";
      row.fail_reason = fmt::format("There is no ground truth for {}.", row.tensor_index);
    } else {
      row.golden_op = golden_name;
      st = golden_loader.Load(g->second, &truth);
      row.golden_dtype = truth.dtype;
      row.golden_address = truth.address;
      std::vector<double> x, y;
      if (st.ok()) st = ToDoubles(me.plain.data_type, me.plain.data, &x);
      if (st.ok()) st = ToDoubles(truth.plain.data_type, truth.plain.data, &y);
      if (!st.ok()) {
        row.fail_reason = st.message();
      } else if (x.size() != y.size()) {
        row.fail_reason = fmt::format("The shapes differ: {} vs {} (ground truth).", ShapeText(me.plain.shape),
                                      ShapeText(truth.plain.shape));
      } else {
        row.compared = true;
        row.metrics = ComputeMetrics(x, y);
        std::vector<std::string> reasons = row.metrics.reasons;
        if (!me.note.empty()) reasons.push_back("device layout kept: " + me.note);
        row.fail_reason = fmt::format("{}", fmt::join(reasons, " "));
        if (!res.first_below && !t->input &&
            (std::isnan(row.metrics.cosine) || row.metrics.cosine < options.threshold)) {
          res.first_below = res.rows.size();
        }
      }
    }
    res.rows.push_back(std::move(row));
  }

  std::error_code ec;
  fs::create_directories(options.out_dir, ec);
  if (ec) return Status(err::kWriteFile, fmt::format("cannot create '{}': {}", options.out_dir, ec.message()));
  res.csv_path = (fs::path(options.out_dir) / fmt::format("result_{}.csv", NowText())).string();
  std::ofstream f(res.csv_path, std::ios::trunc);
  f << CompareCsv(res);
  if (!f) return Status(err::kWriteFile, fmt::format("cannot write '{}'", res.csv_path));
  *result = std::move(res);
  return Status::Ok();
}

}  // namespace asim::dumptool
