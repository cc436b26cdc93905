#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/io/imported_fields.h>
#include <trainplan/model/scenario.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model::io {

struct ImportInput {
    std::string name; // file name as the user gave it (used in messages and for the model name)
    std::string text;
};

// Values the files may not give; each overrides the files when set.
struct ImportOptions {
    std::string scenarioName;
    std::string model;     // catalog model name used as the base model
    std::string gpu;       // catalog GPU name
    std::string intraNode; // catalog link names
    std::string interNode;
    std::optional<int> seqLen;
    std::optional<int> nodes;
    std::optional<int> gpusPerNode;
};

struct ImportResult {
    std::optional<Scenario>
        scenario; // set when enough was known to build one (may still have errors)
    ImportIssues issues;
    std::vector<std::pair<std::string, FileKind>> files; // how each input was read

    [[nodiscard]] bool ok() const { return scenario.has_value() && !hasErrors(issues); }
};

// What a file is, from its content (JSON keys, #SBATCH, torchrun, pretrain_*.py), falling back on
// its name. A shell script may be both a launcher and a Megatron launch: see importText.
[[nodiscard]] FileKind detectFileKind(std::string_view name, std::string_view text);

// Every reading of one file: a script that launches pretrain_gpt.py with torchrun under #SBATCH
// gives a launcher and a Megatron fragment. A TrainPlan scenario is read by importTexts.
[[nodiscard]] std::vector<ImportedFields> importText(std::string_view name, std::string_view text);

// Merges the files into one scenario. Values the files agree on are taken; an explicit value
// beats a tool default, which beats a given scenario, which beats a guess (each replacement is
// reported); two explicit values that differ are an error naming both files and keys. Batch sizes
// are checked to multiply out (global = micro × gradient accumulation × dp, with dp = GPUs /
// (tp·pp·cp)), the model's parameter count is checked against the catalog, and the result is
// validated like a scenario file. Never throws.
[[nodiscard]] ImportResult importTexts(const std::vector<ImportInput>& inputs,
                                       const Catalog& catalog, const ImportOptions& options = {});

// Reads the files (missing, unreadable, directory or over 16 MiB → an error naming the file) and
// imports them as importTexts does.
[[nodiscard]] ImportResult importFiles(const std::vector<std::filesystem::path>& files,
                                       const Catalog& catalog, const ImportOptions& options = {});

} // namespace trainplan::model::io
