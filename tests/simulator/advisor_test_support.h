#pragma once

// Shared helpers for the advisor tests (advisor_test.cpp, advice_text_test.cpp,
// readiness_fit_test.cpp): published scenarios by name, a team and a platform that meet every
// prerequisite, and a check for Chinese text.
#include "simulator_test_support.h"

#include <trainplan/model/readiness.h>
#include <trainplan/model/scenario.h>
#include <trainplan/model/scenario_json.h>

#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace trainplan::test {

inline model::Scenario load(const std::string& name) {
    model::ScenarioLoad l = model::loadScenarioFile(
        std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios" / (name + ".json"), catalog());
    EXPECT_TRUE(l.ok()) << name;
    return *l.scenario;
}

inline model::TeamProfile expertTeam() {
    return {model::TeamExperience::ThreeD, model::DebugSkill::Performance, true};
}

inline model::PlatformProfile fullPlatform() {
    model::PlatformProfile p;
    p.gangScheduling = p.topologyAwarePlacement = p.sharedCheckpointStorage = p.failureRecovery =
        true;
    p.monitoring = p.standardImages = p.costAttribution = true;
    return p;
}

inline bool containsCjk(std::string_view s) {
    for (std::size_t i = 0; i + 2 < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0xe4 && c <= 0xe9) return true; // U+4E00..U+9FFF lead bytes
    }
    return false;
}

} // namespace trainplan::test
