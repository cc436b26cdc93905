// Scenario loader and validator: any bytes must give a scenario or a list of issues, never a crash;
// a scenario that loads without issues must survive a save/load round trip unchanged.
#include "fuzz_support.h"

#include <trainplan/model/scenario_json.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace trainplan;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const model::ScenarioLoad load = model::parseScenario(text, fuzz::catalog());
    if (!load.ok()) {
        for (const auto& issue : load.issues)
            if (issue.message.empty()) fuzz::fail("an issue without a message");
        return 0;
    }
    (void)model::validateScenario(*load.scenario);
    const std::string saved = model::toJsonText(*load.scenario);
    const model::ScenarioLoad again =
        model::parseScenario(std::string_view(saved), fuzz::catalog());
    if (!again.ok()) fuzz::fail("a valid scenario does not load again after toJsonText");
    if (model::toJsonText(*again.scenario) != saved) fuzz::fail("save/load/save is not stable");
    return 0;
}
