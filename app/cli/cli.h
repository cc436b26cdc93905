#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace trainplan::cli {

// Runs trainplan-cli with `args` (without the program name). Returns the process exit code:
// 0 ok, 1 invalid input (the message names the field), 2 usage error.
int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Flushes std::cout and the C stdout: when any write to standard output failed (a full disk
// behind `> file`, a closed pipe, /dev/full) prints why on stderr and returns 1 instead of
// `exitCode`, so a truncated JSON document never comes with exit 0.
int finishStandardOutput(int exitCode);

} // namespace trainplan::cli
