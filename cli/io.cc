#include "cli/io.h"

#include <google/protobuf/util/json_util.h>

#include <fstream>
#include <iostream>
#include <sstream>

namespace sandtable::cli {

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "cannot read " << path << "\n";
    return std::nullopt;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<Line> json_lines(const std::string& text) {
  std::vector<Line> out;
  std::istringstream in(text);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    out.push_back({n, line});
  }
  return out;
}

std::string parse_json(const std::string& text, google::protobuf::Message* message) {
  const auto status = google::protobuf::util::JsonStringToMessage(text, message);
  return status.ok() ? std::string() : std::string(status.message());
}

std::string to_json(const google::protobuf::Message& message, bool pretty) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.add_whitespace = pretty;
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(message, &out, options);
  if (!pretty && !out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace sandtable::cli
