#pragma once

// Internal: measured runs as JSON (library files) and their content fingerprint.

#include <trainplan/model/validation_issue.h>
#include <trainplan/store/records.h>

#include <nlohmann/json.hpp>

#include <string>

namespace trainplan::store::detail {

// Keys: scenario, plan, step_time_s, tokens_per_s_per_gpu, peak_memory_bytes,
// flops_per_s_per_gpu, mfu, measured_on, notes, source, details (absent values left out).
[[nodiscard]] nlohmann::json runToJson(const NewMeasuredRun& run);
[[nodiscard]] NewMeasuredRun runFromJson(const nlohmann::json& j, const std::string& path,
                                         model::ValidationIssues& issues);
// Every problem of a run, paths prefixed with `path`.
[[nodiscard]] model::ValidationIssues validateRun(const NewMeasuredRun& run,
                                                  const std::string& path);
// 16 hex digits (FNV-1a, 64 bit) of the run's canonical JSON: equal content, equal fingerprint.
[[nodiscard]] std::string runFingerprint(const NewMeasuredRun& run);
[[nodiscard]] std::string fingerprint(const std::string& text);

} // namespace trainplan::store::detail
