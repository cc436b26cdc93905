#pragma once

#include <trainplan/model/gpu_price.h>
#include <trainplan/model/scenario.h>

#include <nlohmann/json.hpp>

#include <QString>

#include <functional>
#include <optional>
#include <string>

namespace trainplan::ui {

// A stored calibration profile's parameters by name (the library's); nullopt with `error` set
// when there is none. Called on the GUI thread.
using ProfileLookup =
    std::function<std::optional<nlohmann::json>(const std::string& name, QString& error)>;

// The library's GPU price table (empty when no library is open or it cannot be read). Called on
// the GUI thread.
using PriceSource = std::function<model::PriceTable()>;

// The scenario every surface computes from, and what was done to get it.
struct ResolvedScenario {
    model::Scenario scenario;
    QString profileNote; // empty when the scenario names no profile
};

// When the scenario names a calibration profile (efficiency.profile), its stored values fill the
// efficiency overrides the scenario does not set (sim::applyCalibrationProfile, the rule the CLI
// applies through services::applyStoredProfile). The one GUI path to a planning scenario: Compare,
// Explore, the Roadmap, the report export and the presentation all take their input from here,
// so a profile reaches every surface or none. With `prices`, the library's row for the scenario's
// GPU replaces its catalog price (sim::applyPriceTable, as the CLI's loadScenario applies it); a
// price the scenario types itself still wins.
[[nodiscard]] ResolvedScenario resolveProfile(const model::Scenario& s,
                                              const ProfileLookup& lookup,
                                              const PriceSource& prices = {});

} // namespace trainplan::ui
