#include "base/log.h"

#include <spdlog/sinks/stdout_sinks.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace asim::log {
namespace {

spdlog::level::level_enum LevelFromEnv() {
  const char* v = std::getenv("ASCEND_GLOBAL_LOG_LEVEL");
  if (v == nullptr || *v == '\0') return spdlog::level::err;
  switch (std::atoi(v)) {
    case 0: return spdlog::level::debug;
    case 1: return spdlog::level::info;
    case 2: return spdlog::level::warn;
    case 3: return spdlog::level::err;
    default: return spdlog::level::off;
  }
}

bool ToStdout() {
  const char* v = std::getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
  return v != nullptr && std::strcmp(v, "1") == 0;
}

template <typename Sink>
spdlog::logger* MakeLogger() {
  // Intentionally leaked: loggers must outlive every static destructor that may log.
  auto* logger = new spdlog::logger("ascendcl", std::make_shared<Sink>());
  // CANN-like line: [ERROR] ASCENDCL(pid,thread):time message
  logger->set_pattern("[%^%L%$] ASCENDCL(%P,%t):%Y-%m-%d-%H:%M:%S.%e %v");
  logger->flush_on(spdlog::level::warn);
  return logger;
}

struct Loggers {
  spdlog::logger* to_stderr = MakeLogger<spdlog::sinks::stderr_sink_mt>();
  spdlog::logger* to_stdout = MakeLogger<spdlog::sinks::stdout_sink_mt>();
  std::atomic<spdlog::logger*> current{nullptr};

  Loggers() { Apply(); }
  void Apply() {
    spdlog::logger* chosen = ToStdout() ? to_stdout : to_stderr;
    chosen->set_level(LevelFromEnv());
    current.store(chosen, std::memory_order_release);
  }
};

Loggers& Instance() {
  static Loggers* loggers = new Loggers();  // never destroyed, see above
  return *loggers;
}

}  // namespace

spdlog::logger& Logger() {
  return *Instance().current.load(std::memory_order_acquire);
}

void ReloadLogConfig() {
  Instance().Apply();
}

}  // namespace asim::log
