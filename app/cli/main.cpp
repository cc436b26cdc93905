#include "cli.h"

#include <iostream>
#include <string>
#include <vector>

#include <unistd.h>

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    trainplan::cli::StdoutBuffer buffer;
    // A terminal keeps the C library's line buffering; files and pipes get the checked buffer.
    std::streambuf* previous = isatty(STDOUT_FILENO) ? nullptr : std::cout.rdbuf(&buffer);
    const int code = trainplan::cli::finishStandardOutput(
        trainplan::cli::runCli(args, std::cout, std::cerr), buffer);
    if (previous) std::cout.rdbuf(previous);
    return code;
}
