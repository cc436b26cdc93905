#include <trainplan/model/ascii_text.h>
#include <trainplan/model/published_run.h>

#include <trainplan/model/issue_text.h>

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
    const char* floorReasonZh = "";
};

constexpr double kNoMaximum = std::numeric_limits<double>::infinity();

const std::vector<Column>& columns() {
    static const std::vector<Column> table = {
        {"source", &PublishedRun::sourceText, true},
        {"model_name", &PublishedRun::modelName, true},
        {"params_b", &PublishedRun::paramsB, false, 1, kNoMaximum, 1e-6, "a thousand parameters",
         "一千个参数"},
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
         "1 GFLOP/s", "1 GFLOP/s"},
        {"measured_mfu_pct", &PublishedRun::measuredMfuPct, false, 1, 100.0, 1e-3,
         "0.001 % of the peak", "峰值的 0.001 %"},
        {"measured_step_time_s", &PublishedRun::measuredStepTimeS, false, 1, kNoMaximum, 1e-6,
         "a microsecond: no training step is shorter", "一微秒：没有比这更短的训练步"},
        {"measured_tokens_per_s_per_gpu", &PublishedRun::measuredTokensPerSPerGpu, false, 1,
         kNoMaximum, 1e-3, "0.001 tokens/s", "0.001 token/秒"},
        {"measured_peak_mem_gb", &PublishedRun::measuredPeakMemGb, false, 1, kNoMaximum, 1e-3,
         "a megabyte", "一兆字节"},
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

// A cell's problem: an issue id and its arguments.
struct CellProblem {
    IssueId id;
    std::vector<IssueArg> args;
};

// Reads one cell into `run`; returns the problem, if any.
std::optional<CellProblem> readCell(const Column& col, std::string_view raw, PublishedRun& run) {
    const std::string_view cell = trim(raw);
    if (const auto* text = std::get_if<TextField>(&col.field)) {
        if (col.required && cell.empty()) return CellProblem{IssueId::Required, {}};
        run.*(*text) = std::string(raw);
        return std::nullopt;
    }
    if (cell.empty()) return std::nullopt;
    auto problem = [&cell](IssueId id, std::vector<IssueArg> more = {}) {
        std::vector<IssueArg> args{quoteCell(cell)};
        args.insert(args.end(), more.begin(), more.end());
        return CellProblem{id, std::move(args)};
    };
    if (const auto* flag = std::get_if<BoolField>(&col.field)) {
        const std::string v = asciiLower(cell);
        if (v == "y" || v == "yes" || v == "true" || v == "1")
            run.*(*flag) = true;
        else if (v == "n" || v == "no" || v == "false" || v == "0")
            run.*(*flag) = false;
        else
            return problem(IssueId::QuotedNotYesNo);
        return std::nullopt;
    }
    const std::optional<double> v = parseNumber(cell);
    if (!v) return problem(IssueId::QuotedNotNumber);
    if (*v > col.maximum)
        return problem(IssueId::QuotedExceeds, {detail::formatNumber(col.maximum)});
    if (const auto* number = std::get_if<DoubleField>(&col.field)) {
        if (*v <= 0) return problem(IssueId::QuotedMustBePositive);
        if (*v < col.floor)
            return problem(IssueId::QuotedBelowFloor,
                           {detail::formatNumber(col.floor),
                            IssueArg::phrase(col.floorReason, col.floorReasonZh)});
        run.*(*number) = *v;
        return std::nullopt;
    }
    const auto intField = std::get<IntField>(col.field);
    if (*v != std::floor(*v)) return problem(IssueId::QuotedNotWholeNumber);
    if (*v < col.minimum)
        return problem(col.minimum == 0 ? IssueId::QuotedMustNotBeNegative
                                        : IssueId::QuotedAtLeastOne);
    if (*v > std::numeric_limits<int>::max()) return problem(IssueId::QuotedTooLarge);
    run.*intField = static_cast<int>(*v);
    return std::nullopt;
}

} // namespace

PublishedRunIssue::PublishedRunIssue(std::size_t line, std::string column, IssueId id,
                                     std::vector<IssueArg> args)
    : line(line)
    , column(std::move(column))
    , id(id)
    , args(std::move(args)) {
    message = messageIn(Lang::En);
}

std::string PublishedRunIssue::messageIn(Lang lang) const {
    return renderIssue(id, args, lang);
}

std::string PublishedRunIssue::text(Lang lang) const {
    if (line == 0) return messageIn(lang); // about the file as a whole
    if (column.empty())
        return renderIssue(IssueId::AtLine, std::vector<IssueArg>{line, messageIn(lang)}, lang);
    return renderIssue(IssueId::AtLineColumn, std::vector<IssueArg>{line, column, messageIn(lang)},
                       lang);
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
    if (doc.error) out.issues.emplace_back(doc.error->line, "", doc.error->id, doc.error->args);
    if (doc.records.empty()) {
        if (!doc.error) out.issues.emplace_back(1, "", IssueId::RunsNoHeader);
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
            std::string expected;
            for (const auto& c : columns())
                expected += std::string(" ") + c.name;
            out.issues.emplace_back(header.line, "", IssueId::RunsUnknownColumn,
                                    std::vector<IssueArg>{quoteCell(raw), expected});
            byPosition.push_back(nullptr);
            continue;
        }
        if (seen[name]) {
            out.issues.emplace_back(header.line, name, IssueId::RunsColumnTwice);
            byPosition.push_back(nullptr);
            continue;
        }
        seen[name] = true;
        byPosition.push_back(&*it);
    }
    for (const char* required : {"source", "model_name"})
        if (!seen[required])
            out.issues.emplace_back(header.line, required, IssueId::RunsColumnMissing);

    for (std::size_t r = 1; r < doc.records.size(); ++r) {
        const CsvRecord& rec = doc.records[r];
        if (rec.fields.size() != header.fields.size()) {
            out.issues.emplace_back(rec.line, "", IssueId::RunsFieldCount,
                                    std::vector<IssueArg>{rec.fields.size(), header.fields.size()});
            continue;
        }
        PublishedRun run;
        run.line = rec.line;
        bool rowOk = true;
        for (std::size_t f = 0; f < rec.fields.size(); ++f) {
            if (!byPosition[f]) continue;
            std::optional<CellProblem> problem = readCell(*byPosition[f], rec.fields[f], run);
            if (problem) {
                out.issues.emplace_back(rec.line, byPosition[f]->name, problem->id,
                                        std::move(problem->args));
                rowOk = false;
            }
        }
        if (run.moeExperts && run.moeTopK && *run.moeTopK > *run.moeExperts) {
            out.issues.emplace_back(rec.line, "moe_topk", IssueId::QuotedExceedsExperts,
                                    std::vector<IssueArg>{*run.moeTopK, *run.moeExperts});
            rowOk = false;
        }
        const std::string split(trim(run.pipelineSplit));
        if (!split.empty() && split != "embedding" && split != "loss" &&
            split != "embedding+loss") {
            out.issues.emplace_back(rec.line, "pipeline_split", IssueId::QuotedPipelineSplit,
                                    std::vector<IssueArg>{quoteCell(split)});
            rowOk = false;
        }
        run.pipelineSplit = split;
        const std::string loss(trim(run.crossEntropy));
        if (!loss.empty() && loss != "unfused" && loss != "te") {
            out.issues.emplace_back(rec.line, "cross_entropy", IssueId::QuotedCrossEntropy,
                                    std::vector<IssueArg>{quoteCell(loss)});
            rowOk = false;
        }
        run.crossEntropy = loss;
        const std::string dropout(trim(run.dropoutText));
        if (!dropout.empty()) {
            char* end = nullptr;
            const double p = std::strtod(dropout.c_str(), &end);
            if (end != dropout.c_str() + dropout.size() || !std::isfinite(p) || p < 0.0 ||
                p >= 1.0) {
                out.issues.emplace_back(rec.line, "dropout", IssueId::QuotedDropout,
                                        std::vector<IssueArg>{quoteCell(dropout)});
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
        out.issues.emplace_back(0, "", doc.error->id, doc.error->args);
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
