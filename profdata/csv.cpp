// The deliverables' CSV dialect and small file helpers. See csv.h.
//
// Thread safety: pure functions (file helpers touch only their file). Failure: Status with
// kWriteFile / kInvalidFile and the path and strerror.
#include "profdata/csv.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace asim::profdata {

std::string CsvField(std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(field);
  std::string out = "\"";
  for (char ch : field) {
    if (ch == '"') out += '"';
    out += ch;
  }
  out += '"';
  return out;
}

namespace {

void AppendRow(const std::vector<std::string>& row, std::string* out) {
  for (size_t i = 0; i < row.size(); ++i) {
    if (i) *out += ',';
    *out += CsvField(row[i]);
  }
  *out += '\n';
}

}  // namespace

std::string ToCsv(const Table& table) {
  std::string out;
  AppendRow(table.header, &out);
  for (const auto& row : table.rows) AppendRow(row, &out);
  return out;
}

Table ParseCsv(std::string_view text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false, any = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    any = true;
    if (quoted) {
      if (ch == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (ch == '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      row.push_back(std::move(field));
      field.clear();
    } else if (ch == '\n') {
      row.push_back(std::move(field));
      field.clear();
      rows.push_back(std::move(row));
      row.clear();
      any = false;
    } else if (ch != '\r') {
      field += ch;
    }
  }
  if (any) {
    row.push_back(std::move(field));
    rows.push_back(std::move(row));
  }
  Table t;
  if (!rows.empty()) {
    t.header = std::move(rows.front());
    t.rows.assign(std::make_move_iterator(rows.begin() + 1), std::make_move_iterator(rows.end()));
  }
  return t;
}

Status WriteTextFile(const std::string& path, std::string_view text) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (f) f.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!f) return Status(err::kWriteFile, "cannot write '" + path + "': " + std::strerror(errno));
  return Status::Ok();
}

Status ReadTextFile(const std::string& path, std::string* text) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return Status(err::kInvalidFile, "cannot read '" + path + "': " + std::strerror(errno));
  std::ostringstream ss;
  ss << f.rdbuf();
  *text = ss.str();
  return Status::Ok();
}

}  // namespace asim::profdata
