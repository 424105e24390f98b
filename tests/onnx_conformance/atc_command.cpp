// AtcCommand: see atc_command.h.
#include "tests/onnx_conformance/atc_command.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <csignal>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace asim::onnx_conformance {
namespace {

// "E10001: ..." and the like (atc's error code lines, as CANN prints them).
bool IsErrorLine(const std::string& line) {
  if (line.size() < 7 || line[0] != 'E' || line[6] != ':') return false;
  for (size_t i = 1; i < 6; ++i) {
    if (!std::isalnum(static_cast<unsigned char>(line[i]))) return false;
  }
  return true;
}

std::string Reason(const std::string& console) {
  std::vector<std::string> lines;
  std::istringstream in(console);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  std::string errors;
  for (const auto& l : lines) {
    if (IsErrorLine(l)) errors += (errors.empty() ? "" : " ") + l;
  }
  if (!errors.empty()) return errors;
  std::string tail;
  for (size_t i = lines.size() > 3 ? lines.size() - 3 : 0; i < lines.size(); ++i)
    tail += (tail.empty() ? "" : " ") + lines[i];
  return tail.empty() ? "no output" : tail;
}

}  // namespace

std::string InputShapeText(const AtcRequest& r) {
  std::string text;
  for (const auto& [name, dims] : r.input_shapes) {
    if (!text.empty()) text += ";";
    text += name + ":";
    for (size_t i = 0; i < dims.size(); ++i) text += (i ? "," : "") + std::to_string(dims[i]);
  }
  return text;
}

AtcOutcome RunAtc(const AtcRequest& r, std::string* message) {
  std::vector<std::string> args = {r.atc,
                                   "--model=" + r.model,
                                   "--framework=5",
                                   "--output=" + r.output,
                                   "--soc_version=" + r.soc,
                                   "--precision_mode=" + r.precision};
  if (!r.input_shapes.empty()) args.push_back("--input_shape=" + InputShapeText(r));
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int fds[2];
  if (pipe(fds) != 0) {
    *message = "pipe failed: " + std::string(std::strerror(errno));
    return AtcOutcome::kCrashed;
  }
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    *message = "fork failed: " + std::string(std::strerror(errno));
    return AtcOutcome::kCrashed;
  }
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    dup2(fds[1], STDERR_FILENO);
    close(fds[0]);
    close(fds[1]);
    alarm(60);  // kept across execve
    execv(argv[0], argv.data());
    std::fprintf(stderr, "cannot run %s: %s\n", argv[0], std::strerror(errno));
    _exit(127);
  }
  close(fds[1]);
  std::string console;
  char buf[4096];
  ssize_t n = 0;
  while ((n = read(fds[0], buf, sizeof buf)) > 0) console.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status)) {
    *message = "atc " +
               std::string(WTERMSIG(status) == SIGALRM ? "timed out after 60 s" : strsignal(WTERMSIG(status))) + ": " +
               Reason(console);
    return AtcOutcome::kCrashed;
  }
  if (WEXITSTATUS(status) != 0) {
    *message = Reason(console);
    return WEXITSTATUS(status) == 127 ? AtcOutcome::kCrashed : AtcOutcome::kRefused;
  }
  return AtcOutcome::kConverted;
}

}  // namespace asim::onnx_conformance
