// PreparedSpill: see prepared_spill.h.
#include "om/prepared_spill.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "om/byte_io.h"
#include "om/model.h"

namespace asim::om {
namespace {

// Writes all of [data, data + size) at `offset`, through short writes and EINTR.
bool WriteAllAt(int fd, const uint8_t* data, uint64_t size, uint64_t offset) {
  while (size > 0) {
    const ssize_t n = ::pwrite(fd, data, static_cast<size_t>(std::min<uint64_t>(size, uint64_t{1} << 30)),
                               static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      return false;
    }
    data += n;
    size -= static_cast<uint64_t>(n);
    offset += static_cast<uint64_t>(n);
  }
  return true;
}

}  // namespace

Status PreparedSpill::Create(const std::string& dir, std::unique_ptr<PreparedSpill>* out) {
  const std::string where = dir.empty() ? std::string(".") : dir;
  int fd = -1;
#ifdef O_TMPFILE
  fd = ::open(where.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
#endif
  if (fd < 0) {  // a filesystem without O_TMPFILE: a named file, unlinked at once
    std::string name = where + "/.asim_prepared_XXXXXX";
    fd = ::mkstemp(name.data());
    if (fd >= 0) ::unlink(name.c_str());
  }
  if (fd < 0) {
    const int error = errno;
    return Status(err::kWriteFile,
                  "cannot create a temporary file for the prepared data in '" + where + "': " + std::strerror(error));
  }
  out->reset(new PreparedSpill(fd, where));
  return Status::Ok();
}

PreparedSpill::~PreparedSpill() {
  ::close(fd_);
}

Status PreparedSpill::Failed(const char* what, int error) const {
  return Status(err::kWriteFile, std::string("cannot ") + what + " the prepared data's temporary file in '" + dir_ +
                                     "': " + std::strerror(error));
}

Status PreparedSpill::Append(const void* data, uint64_t size, uint64_t* offset) {
  const uint64_t at = (size_ + kPreparedDataAlignment - 1) / kPreparedDataAlignment * kPreparedDataAlignment;
  static const uint8_t kZeros[kPreparedDataAlignment] = {};
  // The gap is written too: a failed Append may have left bytes there.
  if (!WriteAllAt(fd_, kZeros, at - size_, size_) || !WriteAllAt(fd_, static_cast<const uint8_t*>(data), size, at)) {
    return Failed("write", errno);
  }
  crc_ = Crc32(data, static_cast<size_t>(size), Crc32(kZeros, static_cast<size_t>(at - size_), crc_));
  size_ = at + size;
  *offset = at;
  return Status::Ok();
}

Status PreparedSpill::Read(uint64_t offset, void* out, uint64_t size) const {
  if (offset > size_ || size > size_ - offset) {
    return Status(err::kInvalidParam, "PreparedSpill::Read: [" + std::to_string(offset) + ", +" + std::to_string(size) +
                                          ") is outside the " + std::to_string(size_) + " bytes written");
  }
  auto* p = static_cast<uint8_t*>(out);
  while (size > 0) {
    const ssize_t n =
        ::pread(fd_, p, static_cast<size_t>(std::min<uint64_t>(size, uint64_t{1} << 30)), static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Failed("read", n == 0 ? EIO : errno);
    p += n;
    size -= static_cast<uint64_t>(n);
    offset += static_cast<uint64_t>(n);
  }
  return Status::Ok();
}

}  // namespace asim::om
