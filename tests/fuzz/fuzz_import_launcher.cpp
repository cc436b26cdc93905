// Config importer importLauncher: any bytes must give fields or issues, never a crash; every issue
// names its file and says something.
#include "fuzz_support.h"

#include <trainplan/model/io/launcher.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace trainplan;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const model::io::ImportedFields f = model::io::importLauncher(text, "job.sbatch");
    for (const auto& issue : f.issues) {
        if (issue.message.empty()) fuzz::fail("an issue without a message");
        if (issue.file != "job.sbatch") fuzz::fail("an issue that does not name its file");
    }
    return 0;
}
