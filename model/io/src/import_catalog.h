#pragma once

// Internal: catalog entries for what imported files only hint at, and the cluster assembled from
// them (split out of import_files.cpp), with the state importTexts threads through the assembly.

#include <trainplan/model/catalog.h>
#include <trainplan/model/io/import_files.h>
#include <trainplan/model/io/import_text.h>
#include <trainplan/model/io/imported_fields.h>
#include <trainplan/model/scenario.h>

#include <optional>
#include <string>
#include <utility>

namespace trainplan::model::io::detail {

// What importTexts assembles a scenario with: the catalog, the options, the given scenario (if
// any) and where every finding goes.
struct Assembly {
    const Catalog& catalog;
    const ImportOptions& options;
    ImportIssues& issues;
    const Scenario* base = nullptr;
    std::string baseFile;

    void error(std::string key, ImportTextId id, std::vector<IssueArg> args = {}) {
        issues.emplace_back(Severity::Error, "", std::move(key), id, std::move(args));
    }
    void warning(std::string key, ImportTextId id, std::vector<IssueArg> args = {}) {
        issues.emplace_back(Severity::Warning, "", std::move(key), id, std::move(args));
    }
    void note(std::string key, ImportTextId id, std::vector<IssueArg> args = {}) {
        issues.emplace_back(Severity::Note, "", std::move(key), id, std::move(args));
    }
    void error(std::string key, ImportText what) {
        issues.emplace_back(Severity::Error, "", std::move(key), std::move(what));
    }
    void warning(std::string key, ImportText what) {
        issues.emplace_back(Severity::Warning, "", std::move(key), std::move(what));
    }
    void note(std::string key, ImportText what) {
        issues.emplace_back(Severity::Note, "", std::move(key), std::move(what));
    }
    // A problem the model's catalogue words (an unknown GPU, link or model).
    void error(ValidationIssue v) {
        issues.push_back(ImportIssue::fromValidation(Severity::Error, "", std::move(v)));
    }
};

// Nodes and GPUs per node from the options, the files, a given scenario or the plan's size
// (`worldFromPlan`); the GPU from the options, the scenario, a Slurm type hint or a default; the
// links the GPU usually comes with unless given. Each assumption is reported; false after an error.
[[nodiscard]] bool assembleCluster(Assembly& a, ImportedFields& m,
                                   const std::optional<long long>& worldFromPlan, ClusterSpec& c);

// "meta-llama/Llama-3.1-8B-Instruct" → the catalog model whose name or display name, lower-cased
// without separators ("llama318b"), appears in the hub name's ("metallama318binstruct") with no
// digit on either side; the longest such name wins. nullptr when none does.
[[nodiscard]] const TransformerSpec* catalogModelForHubName(const Catalog& catalog,
                                                            const std::string& hub);

} // namespace trainplan::model::io::detail
