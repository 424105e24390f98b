// ParseSocSpec and the computed peaks: JSON text -> validated SocSpec (see soc_spec.h for
// the schema, device_sim/socs/*.json for instances). Owner: device_sim/soc.
// Thread safety: pure functions. Failure: Status naming the source and the field path;
// *out is written only on success.
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

#include "base/json_release.h"
#include "base/log.h"
#include "device_sim/soc/json_fields.h"
#include "device_sim/soc/soc_spec.h"

namespace asim::sim {
namespace {

constexpr double kPeakTolerance = 0.05;

void ReadCores(JsonFields f, SocSpec::Cores* c) {
  f.Uint32("ai_core_count", &c->ai_core_count, 1);
  f.Uint32("vector_core_count", &c->vector_core_count, 0);
  f.Uint32("ai_cpu_count", &c->ai_cpu_count, 1);
  f.Uint32("aicore_freq_mhz", &c->aicore_freq_mhz, 1);
  f.Uint32("ai_cpu_freq_mhz", &c->ai_cpu_freq_mhz, 1);
  f.RejectUnknownKeys();
}

void ReadCube(JsonFields f, SocSpec::Cube* c) {
  f.Uint32("fractal_m", &c->fractal_m, 1);
  f.Uint32("fractal_k", &c->fractal_k, 1);
  f.Uint32("fractal_n", &c->fractal_n, 1);
  f.Uint32("fp16_macs_per_cycle", &c->fp16_macs_per_cycle, 1);
  f.Uint32("int8_macs_per_cycle", &c->int8_macs_per_cycle, 1);
  f.Uint32("fp32_macs_per_cycle", &c->fp32_macs_per_cycle, 0);
  f.Bool("supports_fp32", &c->supports_fp32);
  f.Bool("supports_bf16", &c->supports_bf16);
  f.Bool("supports_int8", &c->supports_int8);
  f.Bool("supports_int4", &c->supports_int4);
  f.RejectUnknownKeys();
  if (f.ok() && c->fp16_macs_per_cycle > c->fractal_m * c->fractal_k * c->fractal_n) {
    f.Fail(err::kFileAttrInvalid, "fp16_macs_per_cycle",
           "(" + std::to_string(c->fp16_macs_per_cycle) + ") exceeds one fractal per cycle (" +
               std::to_string(c->fractal_m * c->fractal_k * c->fractal_n) + ")");
  }
  if (f.ok() && (c->fp32_macs_per_cycle > 0) != c->supports_fp32) {
    f.Fail(err::kFileAttrInvalid, "fp32_macs_per_cycle",
           "must be positive exactly when supports_fp32 is true (got " + std::to_string(c->fp32_macs_per_cycle) + ")");
  }
}

void ReadBuffers(JsonFields f, SocSpec::Buffers* b) {
  f.Uint64("l0a_bytes", &b->l0a_bytes, 1);
  f.Uint64("l0b_bytes", &b->l0b_bytes, 1);
  f.Uint64("l0c_bytes", &b->l0c_bytes, 1);
  f.Uint64("l1_bytes", &b->l1_bytes, 1);
  f.Uint64("ub_bytes", &b->ub_bytes, 1);
  f.Uint64("l2_bytes", &b->l2_bytes, 1);
  f.RejectUnknownKeys();
}

void ReadMemory(JsonFields f, SocSpec::Memory* m) {
  std::string kind;
  f.NonEmptyString("kind", &kind);
  if (f.ok()) {
    if (kind == "DDR") {
      m->kind = MemKind::kDdr;
    } else if (kind == "HBM") {
      m->kind = MemKind::kHbm;
    } else {
      f.Fail(err::kFileAttrInvalid, "kind", "must be \"DDR\" or \"HBM\", got \"" + kind + "\"");
    }
  }
  // At least one page; page-granular capacities are what the device memory accepts.
  f.Uint64("capacity_bytes", &m->capacity_bytes, 4096);
  if (f.ok() && m->capacity_bytes % 4096 != 0) {
    f.Fail(err::kFileAttrInvalid, "capacity_bytes", "must be a multiple of 4096");
  }
  f.PositiveDouble("bandwidth_gbps", &m->bandwidth_gbps);
  f.RejectUnknownKeys();
}

void ReadHostLink(JsonFields f, SocSpec::HostLink* h) {
  f.Uint32("pcie_gen", &h->pcie_gen, 1, 6);
  f.Uint32("pcie_lanes", &h->pcie_lanes, 1, 32);
  f.PositiveDouble("h2d_gbps", &h->h2d_gbps);
  f.PositiveDouble("d2h_gbps", &h->d2h_gbps);
  f.RejectUnknownKeys();
}

void ReadLinks(JsonFields f, SocSpec::Links* l) {
  f.Uint32("devices_per_server", &l->devices_per_server, 1, 64);
  f.PositiveDouble("hccs_gbps", &l->hccs_gbps);
  f.PositiveDouble("hccs_latency_us", &l->hccs_latency_us);
  f.PositiveDouble("roce_gbps", &l->roce_gbps);
  f.PositiveDouble("roce_latency_us", &l->roce_latency_us);
  f.RejectUnknownKeys();
}

void ReadOverheads(JsonFields f, SocSpec::Overheads* o) {
  f.PositiveDouble("memcpy_latency_us", &o->memcpy_latency_us);
  f.PositiveDouble("task_launch_us", &o->task_launch_us);
  f.PositiveDouble("aicore_task_us", &o->aicore_task_us);
  f.PositiveDouble("aicpu_task_us", &o->aicpu_task_us);
  f.RejectUnknownKeys();
}

void ReadLimits(JsonFields f, SocSpec::Limits* l) {
  f.Uint32("max_streams", &l->max_streams, 2);
  f.RejectUnknownKeys();
}

// A positive fraction: in (0, 1].
void Fraction(JsonFields& f, std::string_view key, double* out) {
  f.PositiveDouble(key, out);
  if (f.ok() && *out > 1.0) f.Fail(err::kFileAttrInvalid, key, "must be in (0, 1], got " + std::to_string(*out));
}

void ReadCost(JsonFields f, SocSpec::Cost* c) {
  f.Uint32("l1_to_l0a_bytes_per_cycle", &c->l1_to_l0a_bytes_per_cycle, 1);
  f.Uint32("l1_to_l0b_bytes_per_cycle", &c->l1_to_l0b_bytes_per_cycle, 1);
  f.Uint32("gm_port_bytes_per_cycle", &c->gm_port_bytes_per_cycle, 1);
  Fraction(f, "memory_efficiency", &c->memory_efficiency);
  Fraction(f, "cube_efficiency", &c->cube_efficiency);
  f.PositiveDouble("scalar_ops_per_cycle", &c->scalar_ops_per_cycle);
  Fraction(f, "pipe_overlap", &c->pipe_overlap);
  f.Uint32("pipeline_stage_bytes", &c->pipeline_stage_bytes, 1);
  f.Uint32("block_start_cycles", &c->block_start_cycles, 0);
  f.PositiveDouble("aicpu_ops_per_cycle", &c->aicpu_ops_per_cycle);
  f.PositiveDouble("aicpu_gbps", &c->aicpu_gbps);
  f.RejectUnknownKeys();
}

void ReadDvpp(JsonFields f, SocSpec::Dvpp* d) {
  f.NonEmptyString("generation", &d->generation);
  if (f.ok() && d->generation != "v100" && d->generation != "v200") {
    f.Fail(err::kFileAttrInvalid, "generation", "must be \"v100\" or \"v200\", got \"" + d->generation + "\"");
  }
  f.PositiveDouble("jpegd_fps_1080p", &d->jpegd_fps_1080p);
  f.PositiveDouble("jpege_fps_1080p", &d->jpege_fps_1080p);
  f.PositiveDouble("pngd_fps_1080p", &d->pngd_fps_1080p);
  f.PositiveDouble("vpc_fps_1080p", &d->vpc_fps_1080p);
  f.Uint32("jpegd_width_stride_align", &d->jpegd_width_stride_align, 1, 4096);
  f.Uint32("jpegd_height_stride_align", &d->jpegd_height_stride_align, 1, 4096);
  f.RejectUnknownKeys();
}

void ReadPeak(JsonFields f, SocSpec::Peak* p) {
  f.PositiveDouble("fp16_tflops", &p->fp16_tflops);
  f.PositiveDouble("int8_tops", &p->int8_tops);
  f.RejectUnknownKeys();
}

Status ReadNotes(const nlohmann::json& doc, const std::string& source, std::map<std::string, std::string>* notes) {
  auto it = doc.find("_notes");
  if (it == doc.end()) return Status::Ok();
  if (!it->is_object()) return Status(err::kFileAttrInvalid, source + ": field '_notes' must be an object of strings");
  for (const auto& [key, value] : it->items()) {
    if (!value.is_string()) {
      return Status(err::kFileAttrInvalid, source + ": field '_notes." + key + "' must be a string");
    }
    (*notes)[key] = value.get<std::string>();
  }
  return Status::Ok();
}

void WarnIfPeakDisagrees(const SocSpec& s) {
  const double fp16 = ComputedFp16Tflops(s);
  if (std::fabs(fp16 - s.peak.fp16_tflops) > kPeakTolerance * s.peak.fp16_tflops) {
    ASIM_LOG_WARN("[SIM] {}: cores x MACs/cycle x 2 x frequency = {:.1f} TFLOPS fp16, but peak.fp16_tflops is {}",
                  s.source, fp16, s.peak.fp16_tflops);
  }
}

}  // namespace

double ComputedFp16Tflops(const SocSpec& spec) {
  return spec.cores.ai_core_count * static_cast<double>(spec.cube.fp16_macs_per_cycle) * 2.0 *
         spec.cores.aicore_freq_mhz * 1e6 / 1e12;
}

double ComputedInt8Tops(const SocSpec& spec) {
  return spec.cores.ai_core_count * static_cast<double>(spec.cube.int8_macs_per_cycle) * 2.0 *
         spec.cores.aicore_freq_mhz * 1e6 / 1e12;
}

Status ParseSocSpec(std::string_view json_text, std::string_view source, SocSpec* out) {
  const std::string src(source);
  if (out == nullptr) return Status(err::kInvalidParam, src + ": ParseSocSpec: output is null");
  nlohmann::json doc;
  const JsonReleaser<nlohmann::json> release_doc(&doc);  // destroyed without allocating
  try {
    doc = nlohmann::json::parse(json_text.begin(), json_text.end());
  } catch (const nlohmann::json::parse_error& e) {
    return Status(err::kParseFile, src + ": not valid JSON: " + e.what());
  }
  if (!doc.is_object()) return Status(err::kParseFile, src + ": the top level must be a JSON object");

  SocSpec spec;
  spec.source = src;
  Status status;
  JsonFields root(&doc, "", src, &status);
  root.NonEmptyString("soc_version", &spec.soc_version);
  root.NonEmptyString("soc_name", &spec.soc_name);
  root.StringList("aliases", &spec.aliases);
  root.NonEmptyString("short_soc_version", &spec.short_soc_version);
  root.NonEmptyString("arch", &spec.arch);
  root.Bool("split_cube_vector", &spec.split_cube_vector);
  ReadCores(root.Object("cores"), &spec.cores);
  ReadCube(root.Object("cube"), &spec.cube);
  {
    JsonFields vector = root.Object("vector");
    vector.Uint32("bytes_per_cycle", &spec.vector.bytes_per_cycle, 1);
    vector.RejectUnknownKeys();
  }
  ReadBuffers(root.Object("buffers"), &spec.buffers);
  ReadMemory(root.Object("memory"), &spec.memory);
  ReadHostLink(root.Object("host_link"), &spec.host_link);
  ReadLinks(root.Object("links"), &spec.links);
  ReadOverheads(root.Object("overheads"), &spec.overheads);
  ReadCost(root.Object("cost"), &spec.cost);
  ReadDvpp(root.Object("dvpp"), &spec.dvpp);
  ReadLimits(root.Object("limits"), &spec.limits);
  ReadPeak(root.Object("peak"), &spec.peak);
  root.RejectUnknownKeys();
  if (status.ok() && spec.split_cube_vector && spec.cores.vector_core_count == 0) {
    JsonFields(&doc["cores"], "cores", src, &status)
        .Fail(err::kFileAttrInvalid, "vector_core_count", "must be positive when split_cube_vector is true");
  }
  ASIM_RETURN_IF_ERROR(status);
  ASIM_RETURN_IF_ERROR(ReadNotes(doc, src, &spec.notes));
  WarnIfPeakDisagrees(spec);
  *out = std::move(spec);
  return Status::Ok();
}

}  // namespace asim::sim
