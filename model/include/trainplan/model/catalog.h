#pragma once

#include <trainplan/model/gpu_spec.h>
#include <trainplan/model/link_spec.h>
#include <trainplan/model/transformer_spec.h>
#include <trainplan/model/validation_issue.h>

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model {

inline constexpr const char* kCatalogSchema = "trainplan.catalog.v1";

// The hardware and model catalog: built-in entries from data/catalog/, plus user entries.
struct Catalog {
    std::vector<GpuSpec> gpus;
    std::vector<LinkSpec> links;
    std::vector<TransformerSpec> models;

    // Case-insensitive lookup by name; nullptr when absent.
    [[nodiscard]] const GpuSpec* findGpu(std::string_view name) const;
    [[nodiscard]] const LinkSpec* findLink(std::string_view name) const;
    [[nodiscard]] const TransformerSpec* findModel(std::string_view name) const;

    // "unknown GPU 'H10' (did you mean H100-SXM5-80GB, H20?)"
    [[nodiscard]] std::string unknownGpuMessage(std::string_view name) const;
    [[nodiscard]] std::string unknownLinkMessage(std::string_view name) const;
    [[nodiscard]] std::string unknownModelMessage(std::string_view name) const;
    // The same as an issue at `path`, for both languages.
    [[nodiscard]] ValidationIssue unknownGpuIssue(std::string path, std::string_view name) const;
    [[nodiscard]] ValidationIssue unknownLinkIssue(std::string path, std::string_view name) const;
    [[nodiscard]] ValidationIssue unknownModelIssue(std::string path, std::string_view name) const;
};

// Closest names by edit distance (case-insensitive), best first.
[[nodiscard]] std::vector<std::string> closestNames(std::string_view name,
                                                    const std::vector<std::string>& candidates,
                                                    std::size_t maxCount = 3);

// Entry parsers shared by the catalog files, inline scenario objects and the store.
// `path` prefixes issue paths.
[[nodiscard]] GpuSpec gpuFromJson(const nlohmann::json& j, const std::string& path,
                                  ValidationIssues& issues);
[[nodiscard]] LinkSpec linkFromJson(const nlohmann::json& j, const std::string& path,
                                    ValidationIssues& issues);
[[nodiscard]] TransformerSpec modelFromJson(const nlohmann::json& j, const std::string& path,
                                            ValidationIssues& issues);
[[nodiscard]] nlohmann::json toJson(const GpuSpec& g);
// A GPU's "price" object: {"per_gpu_hour", "currency" (USD|CNY, default USD), "source", "date"} or
// {"unpriced": "why"}.
[[nodiscard]] GpuPrice gpuPriceFromJson(const nlohmann::json& j, const std::string& path,
                                        ValidationIssues& issues);
[[nodiscard]] nlohmann::json toJson(const GpuPrice& p);
[[nodiscard]] nlohmann::json toJson(const LinkSpec& l);
[[nodiscard]] nlohmann::json toJson(const TransformerSpec& m);

// Loads gpus.json, links.json and models.json from a directory. Throws std::runtime_error naming
// the file and every problem when a file is missing or invalid.
[[nodiscard]] Catalog loadCatalog(const std::filesystem::path& directory);

} // namespace trainplan::model
