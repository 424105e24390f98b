// The atc command line (see atc_cli.h). Thread safety and failure: as the header says.
#include "tools/atc/cli/atc_cli.h"

#include <CLI/CLI.hpp>

#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "base/log.h"
#include "kernels/framework/isa.h"
#include "om/om_json.h"
#include "om/om_reader.h"
#include "om/om_writer.h"
#include "om/prepared_spill.h"
#include "tools/atc/driver/convert.h"
#include "tools/atc/driver/single_op_build.h"
#include "tools/atc/passes/atc_error.h"

namespace asim::atc {
namespace {

constexpr int kExitFailure = 255;  // the real tool returns -1
constexpr const char* kFailed = "ATC run failed, Please check the detail log, Try 'atc --help' for more information";

// Options of the real tool that this converter accepts and ignores.
const char* const kIgnored[] = {
    "buffer_optimize",
    "enable_single_stream",
    "disable_reuse_memory",
    "core_type",
    "aicore_num",
    "op_debug_level",
    "debug_dir",
    "op_compiler_cache_dir",
    "op_compiler_cache_mode",
    "display_model_info",
    "dump_mode",
    "is_input_adjust_hw_layout",
    "is_output_adjust_hw_layout",
    "enable_compress_weight",
    "compress_weight_conf",
    "keep_dtype",
    "op_precision_mode",
    "modify_mixlist",
    "auto_tune_mode",
    "check_report",
    "save_original_model",
    "enable_scope_fusion_passes",
    "device_id",
    "op_name_map",
    "cal_conf",
    "target",
    "mdl_bank_path",
    "op_bank_path",
    "status_check",
    "precision_mode_v2",
};

struct Flags {
  std::map<std::string, std::string> values;  // option name -> value ("" when unset)
  std::vector<std::string> given;             // names given on the command line, in order
  bool help = false;
  std::string Get(const std::string& name) const {
    auto it = values.find(name);
    return it == values.end() ? "" : it->second;
  }
  bool Has(const std::string& name) const { return !Get(name).empty(); }
};

const char* const kOptions[] = {
    "model",
    "weight",
    "framework",
    "output",
    "soc_version",
    "input_shape",
    "input_format",
    "input_fp16_nodes",
    "output_type",
    "out_nodes",
    "precision_mode",
    "dynamic_batch_size",
    "dynamic_image_size",
    "dynamic_dims",
    "log",
    "mode",
    "om",
    "json",
    "op_select_implmode",
    "optypelist_for_implmode",
    "fusion_switch_file",
    "singleop",
    "insert_op_conf",
    "input_shape_range",
    "enable_small_channel",
};

// "-model=x" -> "--model=x"; "--soc-version" -> "--soc_version".
std::vector<std::string> Normalize(int argc, const char* const* argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.size() > 1 && a[0] == '-' && a[1] != '-' && std::isalpha(static_cast<unsigned char>(a[1]))) a = "-" + a;
    if (a.rfind("--", 0) == 0) {
      const size_t eq = a.find('=');
      for (size_t k = 2; k < (eq == std::string::npos ? a.size() : eq); ++k) {
        if (a[k] == '-') a[k] = '_';
      }
    }
    args.push_back(a);
  }
  return args;
}

std::string HelpText() {
  return "usage: atc <args>\n"
         "generate offline model example:\n"
         "  atc --model=./resnet50.onnx --framework=5 --output=./resnet50 --soc_version=Ascend310\n"
         "  atc --model=./resnet50.prototxt --weight=./resnet50.caffemodel --framework=0 --output=./resnet50 "
         "--soc_version=Ascend310\n"
         "  atc --model=./resnet50_tf.pb --framework=3 --output=./resnet50 --soc_version=Ascend310\n"
         "convert an offline model to JSON:\n"
         "  atc --mode=1 --om=./resnet50.om --json=./resnet50.json\n"
         "generate single-op models:\n"
         "  atc --singleop=./gemm.json --output=./op_models --soc_version=Ascend310\n"
         "===== Basic Functionality =====\n"
         "[General]\n"
         "  --h/help            Show this help message\n"
         "  --mode              Run mode. 0(default): generate offline model; 1: convert model to JSON format\n"
         "[Input]\n"
         "  --model             Model file (ONNX .onnx, Caffe .prototxt, TensorFlow frozen .pb)\n"
         "  --weight            Weight file. Required when framework is Caffe (.caffemodel)\n"
         "  --om                The model file to be converted to json\n"
         "  --singleop          Single op definition file (JSON array); one .om per op into --output\n"
         "  --framework         Framework type. 0:Caffe; 3:Tensorflow; 5:Onnx (1:MindSpore in a later version)\n"
         "  --input_format      Format of input data. NCHW (default; NHWC for TensorFlow), NHWC, ND, NCDHW, NDHWC\n"
         "  --input_shape       Shape of input data. E.g.: \"input_name1:n1,c1,h1,w1;input_name2:n2,c2,h2,w2\"\n"
         "  --dynamic_batch_size Set dynamic batch size. E.g.: \"batchsize1,batchsize2,batchsize3\"\n"
         "  --dynamic_image_size Set dynamic image size. E.g.: \"height1,width1;height2,width2\"\n"
         "  --dynamic_dims      Set dynamic dims. E.g.: \"dims1_n1,dims1_n2;dims2_n1,dims2_n2\"\n"
         "[Output]\n"
         "  --output            Output file path&name (needn't suffix, will add .om automatically);\n"
         "                      with --singleop, the directory of the op models\n"
         "  --output_type       Set net output type. Support FP32, FP16, UINT8. E.g.: FP16, or\n"
         "                      \"node1:0:FP16;node2:1:FP32\" for several outputs\n"
         "  --json              The output json file path&name which is converted from a model\n"
         "[Target]\n"
         "  --soc_version       The soc version: Ascend310, Ascend310P3, Ascend910, Ascend910B2 ...\n"
         "===== Advanced Functionality =====\n"
         "  --out_nodes         Output nodes designated by users (Caffe: layer name and top index;\n"
         "                      TensorFlow: node name and output index).\n"
         "                      E.g.: \"node_name1:0;node_name1:1\"\n"
         "  --input_fp16_nodes  Input nodes fed as fp16. E.g.: \"node_name1;node_name2\"\n"
         "  --insert_op_conf    Config file of the AIPP stage (aipp_op { ... }, static or dynamic) before model\n"
         "                      inputs\n"
         "  --enable_small_channel 0 (default) or 1: convolutions with at most 4 fp16 input channels\n"
         "                      (the first one) read NC1HWC0_C04; the AIPP stage writes it\n"
         "  --precision_mode    force_fp16 (default), allow_fp32_to_fp16, must_keep_origin_dtype,\n"
         "                      allow_mix_precision\n"
         "  --op_select_implmode high_precision, high_performance (default), high_precision_for_all,\n"
         "                      high_performance_for_all\n"
         "  --fusion_switch_file Set fusion switch file path (ConstantFoldingPass, ConvBatchnormFusionPass)\n"
         "  --log               Generate log with level. Support debug, info, warning, error, null\n"
         "Not supported yet (a later version): --framework 1.\n";
}

void PrintFailure(std::ostream& out, const Status& st) {
  out << kFailed << "\n";
  const std::string code = ErrorCodeOf(st);
  out << (code.empty() ? "E19999: Inner Error! " + st.message() : st.message()) << "\n";
  const char* solution = SolutionFor(code.empty() ? "E19999" : code);
  if (*solution != '\0') out << "Solution: " << solution << "\n";
}

Status EmptyArgument(const std::string& name) {
  return AtcError(ecode::kEmptyArgument, err::kInvalidParam, "Value for [--" + name + "] is empty.");
}

Status Unsupported(const std::string& name, const std::string& value, const std::string& what) {
  return InvalidArgument("--" + name, value, what + " is not supported by this version; a later version adds it");
}

Status ParseFlags(const std::vector<std::string>& args, Flags* flags) {
  CLI::App app{"atc"};
  app.set_help_flag();
  app.allow_extras();
  bool help = false;
  app.add_flag("--h,--help", help);
  for (const char* name : kOptions) app.add_option(std::string("--") + name, flags->values[name]);
  std::map<std::string, std::string> ignored;
  for (const char* name : kIgnored) app.add_option(std::string("--") + name, ignored[name]);
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::ArgumentMismatch& e) {
    std::string name = e.what();
    name = name.substr(0, name.find(':'));
    if (name.rfind("--", 0) == 0) name = name.substr(2);
    return EmptyArgument(name);
  } catch (const CLI::ParseError& e) {
    return InvalidArgument("command line", "", e.what());
  }
  for (const auto& extra : app.remaining()) {
    return InvalidArgument("command line", extra,
                           extra.rfind("--", 0) == 0 ? "unknown option (atc --help lists the options)"
                                                     : "unexpected argument (options are --name=value)");
  }
  flags->help = help;
  for (const auto& [name, value] : ignored) {
    if (!value.empty()) ASIM_LOG_WARN("[ATC] --{}={} is accepted and has no effect in this converter", name, value);
  }
  return Status::Ok();
}

bool SetLogLevel(const std::string& level) {
  static const std::map<std::string, spdlog::level::level_enum> kLevels = {
      {"debug", spdlog::level::debug}, {"info", spdlog::level::info}, {"warning", spdlog::level::warn},
      {"error", spdlog::level::err},   {"null", spdlog::level::off},
  };
  auto it = kLevels.find(level);
  if (it == kLevels.end()) return false;
  log::Logger().set_level(it->second);
  return true;
}

Status IntFlag(const Flags& f, const std::string& name, int64_t fallback, int64_t* out) {
  const std::string v = f.Get(name);
  if (v.empty()) {
    *out = fallback;
    return Status::Ok();
  }
  try {
    size_t used = 0;
    *out = std::stoll(v, &used);
    if (used != v.size()) throw std::invalid_argument(v);
  } catch (const std::exception&) {
    return InvalidArgument("--" + name, v, "the value must be an integer");
  }
  return Status::Ok();
}

Status ModelToJsonMode(const Flags& f, std::ostream&) {
  if (!f.Has("om")) return EmptyArgument("om");
  if (!f.Has("json")) return EmptyArgument("json");
  const std::string om_path = f.Get("om"), json_path = f.Get("json");
  std::error_code ec;
  if (!std::filesystem::exists(om_path, ec)) {
    return AtcError(ecode::kInvalidPath, err::kInvalidFile,
                    "Path [" + om_path + "] for parameter [--om] is invalid: no such file.");
  }
  om::Model model;
  Status st = om::ReadModelFile(om_path, &model);
  if (!st.ok()) {
    return AtcError(ecode::kParseFile, err::kParseFile, "Failed to parse file [" + om_path + "]: " + st.message());
  }
  std::ifstream in(om_path, std::ios::binary);
  std::vector<uint8_t> head(64 * 1024);
  in.read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  om::ModelHeader header;
  const bool have_header = om::ReadModelHeader(head.data(), head.size(), &header).ok();
  std::ofstream out(json_path);
  if (out) out << om::ModelToJson(model, have_header ? &header : nullptr) << "\n";
  if (!out) {
    return AtcError(ecode::kWriteFile, err::kWriteFile, "Failed to write file [" + json_path + "] (--json).");
  }
  return Status::Ok();
}

Status CheckOutputPath(const std::string& output) {
  if (output.back() == '/') {
    return InvalidArgument("--output", output, "the path has no file name (give a path prefix, e.g. out/resnet50)");
  }
  const std::filesystem::path parent = std::filesystem::path(output).parent_path();
  std::error_code ec;
  if (!parent.empty() && !std::filesystem::exists(parent, ec)) std::filesystem::create_directories(parent, ec);
  if (!parent.empty() && !std::filesystem::is_directory(parent, ec)) {
    return AtcError(ecode::kInvalidPath, err::kInvalidFile,
                    "Path [" + output + "] for parameter [--output] is invalid: directory '" + parent.string() +
                        "' cannot be created.");
  }
  return Status::Ok();
}

std::string CommandLine(int argc, const char* const* argv) {
  std::string s = "atc";
  for (int i = 1; i < argc; ++i) s += std::string(" ") + argv[i];
  return s;
}

Status GenerateMode(const Flags& f, const std::string& command_line, std::ostream& out) {
  if (!f.Has("model")) return EmptyArgument("model");
  if (!f.Has("output")) return EmptyArgument("output");
  int64_t framework = -1;
  ASIM_RETURN_IF_ERROR(IntFlag(f, "framework", -1, &framework));
  if (framework != 0 && framework != 1 && framework != 3 && framework != 5) {
    return AtcError(ecode::kRequiredArgument, err::kInvalidParam,
                    "[--framework] is required. Must be [0(Caffe) or 1(MindSpore) or 3(TensorFlow) or 5(Onnx)].");
  }
  if (framework == 1) {
    return Unsupported("framework", "1",
                       "MindSpore model conversion (0, Caffe, 3, TensorFlow, and 5, ONNX, are supported)");
  }
  if (framework == 0 && !f.Has("weight")) {
    return AtcError(ecode::kEmptyArgument, err::kInvalidParam,
                    "Value for [--weight] is empty: a Caffe model (--framework=0) needs its .caffemodel "
                    "(--weight=net.caffemodel) next to the .prototxt (--model).");
  }
  if (framework != 0 && f.Has("weight")) {
    return InvalidArgument("--weight", f.Get("weight"), "--weight is the .caffemodel of a Caffe model (--framework=0)");
  }
  if (f.Has("input_shape_range")) {
    return Unsupported("input_shape_range", f.Get("input_shape_range"),
                       "shape ranges (use --dynamic_batch_size, --dynamic_image_size or --dynamic_dims)");
  }
  if (!f.Has("soc_version")) return EmptyArgument("soc_version");

  ConvertOptions o;
  o.framework = static_cast<Framework>(framework);
  o.model_path = f.Get("model");
  o.soc_version = f.Get("soc_version");
  const std::string output = f.Get("output");
  ASIM_RETURN_IF_ERROR(CheckOutputPath(output));
  o.model_name = std::filesystem::path(output).filename().string();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(o.model_path, ec)) {
    return AtcError(ecode::kInvalidPath, err::kInvalidFile,
                    "Path [" + o.model_path + "] for parameter [--model] is invalid: no such file.");
  }
  if (framework == 0) {
    o.weight_path = f.Get("weight");
    if (!std::filesystem::is_regular_file(o.weight_path, ec)) {
      return AtcError(ecode::kInvalidPath, err::kInvalidFile,
                      "Path [" + o.weight_path + "] for parameter [--weight] is invalid: no such file.");
    }
  }
  if (f.Has("insert_op_conf")) {
    o.insert_op_conf = f.Get("insert_op_conf");
    if (!std::filesystem::is_regular_file(o.insert_op_conf, ec)) {
      return AtcError(ecode::kInvalidPath, err::kInvalidFile,
                      "Path [" + o.insert_op_conf + "] for parameter [--insert_op_conf] is invalid: no such file.");
    }
  }
  if (f.Has("enable_small_channel")) {
    const std::string v = f.Get("enable_small_channel");
    if (v != "0" && v != "1") return InvalidArgument("--enable_small_channel", v, "the value must be 0 or 1");
    o.enable_small_channel = v == "1";
  }
  if (f.Has("input_shape")) ASIM_RETURN_IF_ERROR(ParseInputShape(f.Get("input_shape"), &o.input_shapes));
  if (f.Has("input_format")) ASIM_RETURN_IF_ERROR(ParseInputFormat(f.Get("input_format"), &o.input_format));
  if (f.Has("input_fp16_nodes")) {
    ASIM_RETURN_IF_ERROR(ParseNameList("--input_fp16_nodes", f.Get("input_fp16_nodes"), &o.input_fp16_nodes));
  }
  if (f.Has("output_type")) ASIM_RETURN_IF_ERROR(ParseOutputType(f.Get("output_type"), &o.output_types));
  if (f.Has("out_nodes")) ASIM_RETURN_IF_ERROR(ParseOutNodes(f.Get("out_nodes"), &o.out_nodes));
  if (f.Has("precision_mode")) {
    ir::PrecisionMode mode;
    if (!ir::ParsePrecisionMode(f.Get("precision_mode"), &mode)) {
      return InvalidArgument(
          "--precision_mode", f.Get("precision_mode"),
          "only support force_fp16, allow_fp32_to_fp16, must_keep_origin_dtype, allow_mix_precision");
    }
    o.precision_mode = mode;
  }
  if (f.Has("op_select_implmode")) {
    const std::string m = f.Get("op_select_implmode");
    if (m != "high_precision" && m != "high_performance" && m != "high_precision_for_all" &&
        m != "high_performance_for_all") {
      return InvalidArgument("--op_select_implmode", m,
                             "only support high_precision, high_performance, high_precision_for_all, "
                             "high_performance_for_all");
    }
    o.metadata["op_select_implmode"] = m;
  }
  if (f.Has("optypelist_for_implmode") && !f.Has("op_select_implmode")) {
    return InvalidArgument("--optypelist_for_implmode", f.Get("optypelist_for_implmode"),
                           "it needs --op_select_implmode");
  }
  const std::pair<const char*, om::DynamicKind> kDynamic[] = {{"dynamic_batch_size", om::DynamicKind::kBatch},
                                                              {"dynamic_image_size", om::DynamicKind::kImageSize},
                                                              {"dynamic_dims", om::DynamicKind::kDims}};
  for (const auto& [name, kind] : kDynamic) {
    if (!f.Has(name)) continue;
    if (o.dynamic != om::DynamicKind::kNone) {
      return InvalidArgument(std::string("--") + name, f.Get(name),
                             "dynamic_batch_size, dynamic_image_size and dynamic_dims can only be set one");
    }
    if (!f.Has("input_shape")) {
      return InvalidArgument("--input_shape", "",
                             std::string("--") + name +
                                 " needs --input_shape with -1 where the "
                                 "profiles' values go");
    }
    o.dynamic = kind;
    o.dynamic_option = std::string("--") + name;
    const std::string v = f.Get(name);
    if (kind == om::DynamicKind::kBatch) ASIM_RETURN_IF_ERROR(ParseDynamicBatchSize(v, &o.gears));
    if (kind == om::DynamicKind::kImageSize) ASIM_RETURN_IF_ERROR(ParseDynamicImageSize(v, &o.gears));
    if (kind == om::DynamicKind::kDims) ASIM_RETURN_IF_ERROR(ParseDynamicDims(v, &o.gears));
  }
  if (f.Has("fusion_switch_file")) ASIM_RETURN_IF_ERROR(ParseFusionSwitchFile(f.Get("fusion_switch_file"), &o.fusion));
  o.metadata["command_line"] = command_line;

  const auto t0 = std::chrono::steady_clock::now();
  const std::string om_path = output + ".om";
  // The prepared filters (~110 MB for ResNet-50) go to a temporary file beside the output
  // rather than into memory (om/prepared_spill.h); where none can be made, into memory.
  std::unique_ptr<om::PreparedSpill> spill;
  const std::filesystem::path out_dir = std::filesystem::path(om_path).parent_path();
  if (Status made = om::PreparedSpill::Create(out_dir.empty() ? "." : out_dir.string(), &spill); !made.ok()) {
    ASIM_LOG_INFO("[ATC] {}; the prepared data is kept in memory", made.message());
  }
  o.prepared_spill = spill.get();
  om::Model model;
  ConvertResult result;
  ASIM_RETURN_IF_ERROR(ConvertModel(o, &model, &result));
  Status st = om::WriteModelFile(model, om_path, spill.get());
  if (!st.ok())
    return AtcError(ecode::kWriteFile, err::kWriteFile, "Failed to write file [" + om_path + "]: " + st.message());
  const std::string report = AiCpuReport(result.report, o.model_name);
  const std::string report_path = output + "_aicpu_report.txt";
  std::ofstream r(report_path);
  r << report;
  if (!r) return AtcError(ecode::kWriteFile, err::kWriteFile, "Failed to write file [" + report_path + "].");
  out << report;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASIM_LOG_INFO("[ATC] wrote {} ({} bytes of weights) and {} in {:.3f} s", om_path, model.weight_size(), report_path,
                seconds);
  return Status::Ok();
}

Status SingleOpMode(const Flags& f, const std::string& command_line, std::ostream& out) {
  if (!f.Has("output")) return EmptyArgument("output");
  if (!f.Has("soc_version")) return EmptyArgument("soc_version");
  SingleOpBuildOptions o;
  o.json_path = f.Get("singleop");
  o.output_dir = f.Get("output");
  o.soc_version = f.Get("soc_version");
  o.command_line = command_line;
  std::vector<SingleOpWritten> written;
  ASIM_RETURN_IF_ERROR(BuildSingleOps(o, &written));
  for (const SingleOpWritten& w : written) {
    std::string engines;
    for (const NodeReport& n : w.report.nodes) {
      if (n.type == w.op_type) engines = kernels::EngineName(n.engine);
    }
    out << "[singleop] " << w.op_type << " (" << engines << ") -> " << w.path << "\n";
  }
  out << "[singleop] " << written.size() << " op model" << (written.size() == 1 ? "" : "s") << " written to "
      << o.output_dir << "\n";
  return Status::Ok();
}

Status RunMode(const Flags& flags, int64_t mode, const std::string& command_line, std::ostream& out) {
  if (flags.Has("singleop")) return SingleOpMode(flags, command_line, out);
  if (mode == 0) return GenerateMode(flags, command_line, out);
  if (mode == 1) return ModelToJsonMode(flags, out);
  if (mode == 3 || mode == 5 || mode == 6) return Unsupported("mode", std::to_string(mode), "this run mode");
  return InvalidArgument("--mode", std::to_string(mode),
                         "only support 0(model to framework model), 1(framework model to json), 3(only pre-check), "
                         "5(pbtxt to json)");
}

}  // namespace

int RunAtc(int argc, const char* const* argv, std::ostream& out) {
  out << "ATC start working now, please wait for a moment." << std::endl;
  log::Logger().set_level(spdlog::level::off);
  Flags flags;
  Status st = ParseFlags(Normalize(argc, argv), &flags);
  if (st.ok() && flags.help) {
    out << HelpText();
    return 0;
  }
  if (st.ok() && flags.Has("log") && !SetLogLevel(flags.Get("log"))) {
    out << "E10010: invalid value for --log:" << flags.Get("log") << ", only support debug, info, warning, error, null"
        << std::endl;
    out << kFailed << std::endl;
    return kExitFailure;
  }
  // Constant folding runs kernels: on the vector target the environment asks for, as the
  // runtime's would (ASCEND_SIM_ISA; unset: the best this CPU runs).
  if (st.ok()) {
    const char* isa = std::getenv(kernels::isa::kEnvironmentVariable);
    st = kernels::isa::Force(isa != nullptr ? isa : "");
  }
  int64_t mode = 0;
  if (st.ok()) st = IntFlag(flags, "mode", 0, &mode);
  // A conversion reports failures as statuses; an exception escaping one (memory exhausted
  // by a huge model, a bug) still ends as ATC's failure text and exit status, not an abort.
  if (st.ok()) {
    try {
      st = RunMode(flags, mode, CommandLine(argc, argv), out);
    } catch (const std::bad_alloc&) {
      st = AtcError(ecode::kInternal, err::kInternalError, "Inner Error! Out of host memory while converting.");
    } catch (const std::exception& e) {
      st = AtcError(ecode::kInternal, err::kInternalError, std::string("Inner Error! ") + e.what());
    }
  }
  if (!st.ok()) {
    PrintFailure(out, st);
    out.flush();
    return kExitFailure;
  }
  out << "ATC run success, welcome to the next use." << std::endl;
  return 0;
}

}  // namespace asim::atc
