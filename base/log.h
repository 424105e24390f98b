// Logging for every module, following the CANN conventions.
//
// Owns: the process logger (spdlog). Level from ASCEND_GLOBAL_LOG_LEVEL
// (0 debug, 1 info, 2 warning, 3 error (default), 4 off); output to stderr by default,
// to stdout when ASCEND_SLOG_PRINT_TO_STDOUT=1. The environment is read once, on first
// use, and again by ReloadLogConfig() (aclInit calls it so tests can change the env).
// Thread safety: all functions are thread-safe. Failure: logging never fails the caller.
#pragma once

#include <spdlog/spdlog.h>

namespace asim::log {

spdlog::logger& Logger();
void ReloadLogConfig();

}  // namespace asim::log

// Module tag first, the CANN way: "[ACL] message". fmt-style arguments.
#define ASIM_LOG_DEBUG(...) ::asim::log::Logger().debug(__VA_ARGS__)
#define ASIM_LOG_INFO(...) ::asim::log::Logger().info(__VA_ARGS__)
#define ASIM_LOG_WARN(...) ::asim::log::Logger().warn(__VA_ARGS__)
#define ASIM_LOG_ERROR(...) ::asim::log::Logger().error(__VA_ARGS__)
