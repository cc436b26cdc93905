#include <trainplan/model/ascii_text.h>
#include <trainplan/model/published_run.h>

#include <trainplan/model/csv.h>

#include <trainplan/model/json_reader.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <variant>

namespace trainplan::model {

namespace {

using TextField = std::string PublishedRun::*;
using IntField = std::optional<int> PublishedRun::*;
using DoubleField = std::optional<double> PublishedRun::*;
using BoolField = std::optional<bool> PublishedRun::*;

struct Column {
    const char* name;
    std::variant<TextField, IntField, DoubleField, BoolField> field;
    bool required = false;                                    // text: must not be empty
    int minimum = 1;                                          // integers: smallest accepted value
    double maximum = std::numeric_limits<double>::infinity(); // numbers: largest accepted value
    // Real numbers: the smallest physically meaningful value (a 5e-324 measurement made the
    // relative error infinite and `validate`'s mean_abs_error null).
    double floor = 0;
    const char* floorReason = "";
};

constexpr double kNoMaximum = std::numeric_limits<double>::infinity();

const std::vector<Column>& columns() {
    static const std::vector<Column> table = {
        {"source", &PublishedRun::sourceText, true},
        {"model_name", &PublishedRun::modelName, true},
        {"params_b", &PublishedRun::paramsB, false, 1, kNoMaximum, 1e-6, "a thousand parameters"},
        {"layers", &PublishedRun::layers},
        {"hidden", &PublishedRun::hidden},
        {"ffn_hidden", &PublishedRun::ffnHidden},
        {"heads", &PublishedRun::heads},
        {"kv_heads", &PublishedRun::kvHeads},
        {"seq_len", &PublishedRun::seqLen},
        {"vocab", &PublishedRun::vocab},
        {"moe_experts", &PublishedRun::moeExperts, false, 0},
        {"moe_topk", &PublishedRun::moeTopK, false, 0},
        {"gpu_type", &PublishedRun::gpuType},
        {"gpu_mem_gb", &PublishedRun::gpuMemGb},
        {"num_gpus", &PublishedRun::numGpus},
        {"gpus_per_node", &PublishedRun::gpusPerNode},
        {"intra_node_link", &PublishedRun::intraNodeLink},
        {"inter_node_link", &PublishedRun::interNodeLink},
        {"framework", &PublishedRun::framework},
        {"tp", &PublishedRun::tp},
        {"pp", &PublishedRun::pp},
        {"dp", &PublishedRun::dp},
        {"cp", &PublishedRun::cp},
        {"ep", &PublishedRun::ep},
        {"vpp", &PublishedRun::vpp},
        {"zero_stage", &PublishedRun::zeroStage},
        {"micro_batch", &PublishedRun::microBatch},
        {"global_batch", &PublishedRun::globalBatch},
        {"recompute", &PublishedRun::recompute},
        {"sequence_parallel", &PublishedRun::sequenceParallel},
        {"precision", &PublishedRun::precision},
        {"measured_tflops_per_gpu", &PublishedRun::measuredTflopsPerGpu, false, 1, kNoMaximum, 1e-3,
         "1 GFLOP/s"},
        {"measured_mfu_pct", &PublishedRun::measuredMfuPct, false, 1, 100.0, 1e-3,
         "0.001 % of the peak"},
        {"measured_step_time_s", &PublishedRun::measuredStepTimeS, false, 1, kNoMaximum, 1e-6,
         "a microsecond: no training step is shorter"},
        {"measured_tokens_per_s_per_gpu", &PublishedRun::measuredTokensPerSPerGpu, false, 1,
         kNoMaximum, 1e-3, "0.001 tokens/s"},
        {"measured_peak_mem_gb", &PublishedRun::measuredPeakMemGb, false, 1, kNoMaximum, 1e-3,
         "a megabyte"},
        {"notes", &PublishedRun::notes},
        {"pipeline_split", &PublishedRun::pipelineSplit},
        {"etp", &PublishedRun::etp},
        {"cross_entropy", &PublishedRun::crossEntropy},
        {"dropout", &PublishedRun::dropoutText},
    };
    return table;
}

std::string_view trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(" \t\r\n");
    return s.substr(first, last - first + 1);
}

// A finite decimal number filling the whole cell, or nullopt.
std::optional<double> parseNumber(std::string_view cell) {
    if (!cell.empty() && cell.front() == '+') cell.remove_prefix(1);
    double v = 0;
    const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
    if (ec != std::errc() || end != cell.data() + cell.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::string quoteCell(std::string_view cell) {
    constexpr std::size_t kMax = 40;
    std::string shown = detail::printable(cell.substr(0, kMax));
    if (cell.size() > kMax) shown += "...";
    return "'" + shown + "'";
}

// Reads one cell into `run`; returns the problem, or an empty string.
std::string readCell(const Column& col, std::string_view raw, PublishedRun& run) {
    const std::string_view cell = trim(raw);
    if (const auto* text = std::get_if<TextField>(&col.field)) {
        if (col.required && cell.empty()) return "is required";
        run.*(*text) = std::string(raw);
        return {};
    }
    if (cell.empty()) return {};
    if (const auto* flag = std::get_if<BoolField>(&col.field)) {
        const std::string v = asciiLower(cell);
        if (v == "y" || v == "yes" || v == "true" || v == "1")
            run.*(*flag) = true;
        else if (v == "n" || v == "no" || v == "false" || v == "0")
            run.*(*flag) = false;
        else
            return quoteCell(cell) + " is not y or n";
        return {};
    }
    const std::optional<double> v = parseNumber(cell);
    if (!v) return quoteCell(cell) + " is not a number";
    if (*v > col.maximum) return quoteCell(cell) + " exceeds " + detail::formatNumber(col.maximum);
    if (const auto* number = std::get_if<DoubleField>(&col.field)) {
        if (*v <= 0) return quoteCell(cell) + " must be positive";
        if (*v < col.floor)
            return quoteCell(cell) + " is below " + detail::formatNumber(col.floor) + " (" +
                   col.floorReason + "), not a real measurement";
        run.*(*number) = *v;
        return {};
    }
    const auto intField = std::get<IntField>(col.field);
    if (*v != std::floor(*v)) return quoteCell(cell) + " is not a whole number";
    if (*v < col.minimum)
        return quoteCell(cell) +
               (col.minimum == 0 ? " must not be negative" : " must be at least 1");
    if (*v > std::numeric_limits<int>::max()) return quoteCell(cell) + " is too large";
    run.*intField = static_cast<int>(*v);
    return {};
}

} // namespace

std::string PublishedRunIssue::text() const {
    if (line == 0) return message; // about the file as a whole
    std::string out = "line " + std::to_string(line);
    if (!column.empty()) out += ", column " + column;
    return out + ": " + message;
}

const std::vector<std::string>& publishedRunColumns() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& c : columns())
            out.emplace_back(c.name);
        return out;
    }();
    return names;
}

namespace {

PublishedRunsLoad fromDocument(const CsvDocument& doc) {
    PublishedRunsLoad out;
    if (doc.error) out.issues.push_back({doc.error->line, "", doc.error->message});
    if (doc.records.empty()) {
        if (!doc.error)
            out.issues.push_back(
                {1, "", "no header row (expected the columns source, model_name, ...)"});
        return out;
    }

    // Header: map each field position to a known column (or none).
    const CsvRecord& header = doc.records.front();
    std::vector<const Column*> byPosition;
    std::map<std::string, bool> seen;
    for (const auto& raw : header.fields) {
        const std::string name = asciiLower(trim(raw));
        const auto it = std::find_if(columns().begin(), columns().end(),
                                     [&](const Column& c) { return name == c.name; });
        if (it == columns().end()) {
            std::string msg =
                "unknown column " + quoteCell(raw) + " (expected columns of published_runs.csv:";
            for (const auto& c : columns())
                msg += std::string(" ") + c.name;
            out.issues.push_back({header.line, "", msg + ")"});
            byPosition.push_back(nullptr);
            continue;
        }
        if (seen[name]) {
            out.issues.push_back({header.line, name, "appears twice in the header"});
            byPosition.push_back(nullptr);
            continue;
        }
        seen[name] = true;
        byPosition.push_back(&*it);
    }
    for (const char* required : {"source", "model_name"})
        if (!seen[required])
            out.issues.push_back({header.line, required, "is missing from the header"});

    for (std::size_t r = 1; r < doc.records.size(); ++r) {
        const CsvRecord& rec = doc.records[r];
        if (rec.fields.size() != header.fields.size()) {
            out.issues.push_back({rec.line, "",
                                  "has " + std::to_string(rec.fields.size()) +
                                      " fields but the header has " +
                                      std::to_string(header.fields.size()) +
                                      " (a field with a comma must be quoted)"});
            continue;
        }
        PublishedRun run;
        run.line = rec.line;
        bool rowOk = true;
        for (std::size_t f = 0; f < rec.fields.size(); ++f) {
            if (!byPosition[f]) continue;
            std::string problem = readCell(*byPosition[f], rec.fields[f], run);
            if (!problem.empty()) {
                out.issues.push_back({rec.line, byPosition[f]->name, std::move(problem)});
                rowOk = false;
            }
        }
        if (run.moeExperts && run.moeTopK && *run.moeTopK > *run.moeExperts) {
            out.issues.push_back({rec.line, "moe_topk",
                                  std::to_string(*run.moeTopK) + " exceeds moe_experts (" +
                                      std::to_string(*run.moeExperts) + ")"});
            rowOk = false;
        }
        const std::string split(trim(run.pipelineSplit));
        if (!split.empty() && split != "embedding" && split != "loss" &&
            split != "embedding+loss") {
            out.issues.push_back({rec.line, "pipeline_split",
                                  quoteCell(split) +
                                      " is not embedding, loss or embedding+loss (what Megatron's "
                                      "--account-for-embedding/loss-in-pipeline-split count as "
                                      "a layer)"});
            rowOk = false;
        }
        run.pipelineSplit = split;
        const std::string loss(trim(run.crossEntropy));
        if (!loss.empty() && loss != "unfused" && loss != "te") {
            out.issues.push_back({rec.line, "cross_entropy",
                                  quoteCell(loss) +
                                      " is not unfused or te (Megatron-Core's loss: "
                                      "--cross-entropy-loss-fusion, --cross-entropy-fusion-impl)"});
            rowOk = false;
        }
        run.crossEntropy = loss;
        const std::string dropout(trim(run.dropoutText));
        if (!dropout.empty()) {
            char* end = nullptr;
            const double p = std::strtod(dropout.c_str(), &end);
            if (end != dropout.c_str() + dropout.size() || !std::isfinite(p) || p < 0.0 ||
                p >= 1.0) {
                out.issues.push_back({rec.line, "dropout",
                                      quoteCell(dropout) +
                                          " is not a probability from 0 to below 1 (the run's "
                                          "--attention-dropout and --hidden-dropout)"});
                rowOk = false;
            } else {
                run.dropout = p;
            }
        }
        run.dropoutText.clear();
        if (rowOk) out.runs.push_back(std::move(run));
    }
    return out;
}

} // namespace

PublishedRunsLoad parsePublishedRuns(std::string_view csvText) {
    return fromDocument(parseCsv(csvText));
}

PublishedRunsLoad loadPublishedRuns(const std::filesystem::path& file) {
    const CsvDocument doc = readCsvFile(file);
    if (doc.error && doc.error->line == 0) {
        PublishedRunsLoad out;
        out.issues.push_back({0, "", doc.error->message});
        return out;
    }
    return fromDocument(doc);
}

nlohmann::json toJson(const PublishedRun& run) {
    nlohmann::json j = nlohmann::json::object();
    for (const Column& c : columns()) {
        std::visit(
            [&](auto field) {
                const auto& value = run.*field;
                using T = std::decay_t<decltype(value)>;
                if constexpr (std::is_same_v<T, std::string>) {
                    if (!value.empty()) j[c.name] = value;
                } else {
                    if (value) j[c.name] = *value;
                }
            },
            c.field);
    }
    return j;
}

} // namespace trainplan::model
