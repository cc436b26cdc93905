#pragma once

#include <array>
#include <iosfwd>
#include <streambuf>
#include <string>
#include <vector>

namespace trainplan::cli {

// Runs trainplan-cli with `args` (without the program name). Returns the process exit code:
// 0 ok, 1 invalid input (the message names the field), 2 usage error.
int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// trainplan-cli's standard output buffer (std::cout's, set in main): writes with write(2) and
// keeps the errno of the first write that failed, so the message names the cause even when the
// failure came long before the end (a library export larger than the buffer into /dev/full).
class StdoutBuffer : public std::streambuf {
public:
    StdoutBuffer();
    [[nodiscard]] bool failed() const { return m_failed; }
    [[nodiscard]] int error() const { return m_error; } // errno of the first failed write

protected:
    int_type overflow(int_type ch) override;
    int sync() override;

private:
    bool drain();
    std::array<char, 1 << 16> m_buffer{};
    bool m_failed = false;
    int m_error = 0;
};

// Flushes std::cout (through `buffer`) and the C stdout: when any write to standard output failed
// (a full disk behind `> file`, a closed pipe, /dev/full) prints why on stderr and returns 1
// instead of `exitCode`, so a truncated JSON document never comes with exit 0.
int finishStandardOutput(int exitCode, const StdoutBuffer& buffer);

} // namespace trainplan::cli
