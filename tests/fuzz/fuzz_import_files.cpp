// The whole import pipeline (file-kind detection, every importer, merge, scenario assembly): the
// input is split at the first NUL-free "\n---\n" into up to three files. Either a scenario that
// validates, or at least one error — never a crash.
#include "fuzz_support.h"

#include <trainplan/model/io/import_files.h>
#include <trainplan/model/scenario_json.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace trainplan;
    std::string_view rest(reinterpret_cast<const char*>(data), size);
    static const char* const kNames[] = {"config.json", "ds_config.json", "train.sh"};
    std::vector<model::io::ImportInput> inputs;
    for (int i = 0; i < 3 && !rest.empty(); ++i) {
        const auto cut = rest.find("\n---\n");
        inputs.push_back({kNames[i], std::string(rest.substr(0, cut))});
        rest = cut == std::string_view::npos ? std::string_view() : rest.substr(cut + 5);
    }
    const model::io::ImportResult r = model::io::importTexts(inputs, fuzz::catalog(), {});
    if (r.ok()) {
        if (!model::validateScenario(*r.scenario).empty())
            fuzz::fail("import produced an invalid scenario");
    } else if (!model::io::hasErrors(r.issues) && !r.scenario) {
        fuzz::fail("import failed without an error");
    }
    return 0;
}
