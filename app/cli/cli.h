#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace trainplan::cli {

// Runs trainplan-cli with `args` (without the program name). Returns the process exit code:
// 0 ok, 1 invalid input (the message names the field), 2 usage error.
int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace trainplan::cli
