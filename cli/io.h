#pragma once
// File and JSON-lines helpers for the CLI (the engine itself reads no files).
#include <google/protobuf/message.h>

#include <optional>
#include <string>
#include <vector>

namespace sandtable::cli {

// The whole file, or nullopt (and a message on stderr) if it cannot be read.
std::optional<std::string> read_file(const std::string& path);

struct Line {
  int number;        // 1-based line number in the file
  std::string text;
};
// Non-blank lines that do not start with '#'.
std::vector<Line> json_lines(const std::string& text);

// Parses one line into `message`; returns the error, or empty on success.
std::string parse_json(const std::string& text, google::protobuf::Message* message);
// One-line JSON with field names as in the .proto (stable across runs).
std::string to_json(const google::protobuf::Message& message, bool pretty = false);

}  // namespace sandtable::cli
