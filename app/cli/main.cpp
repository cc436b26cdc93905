#include "cli.h"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    return trainplan::cli::finishStandardOutput(trainplan::cli::runCli(args, std::cout, std::cerr));
}
