// CSV readers: the RFC 4180 parser and the published-runs table on top of it. Any bytes must give
// rows or issues, never a crash.
#include "fuzz_support.h"

#include <trainplan/model/csv.h>
#include <trainplan/model/published_run.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace trainplan;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)model::parseCsv(text);
    (void)model::parsePublishedRuns(text);
    return 0;
}
