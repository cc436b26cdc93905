// A run's metrics exported as CSV (one row per logged step: Lightning's CSVLogger metrics.csv, a
// W&B or TensorBoard export) or JSON (an array of objects, or JSON Lines), read through a mapping
// file that names the columns and their units (trainplan.log_mapping.v1, docs/import-export.md).

#include "log_text.h"

#include <trainplan/model/csv.h>
#include <trainplan/model/issue_text.h>
#include <trainplan/model/units.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <set>

namespace trainplan::model::io {

namespace {

constexpr const char* kMappingSchema = "trainplan.log_mapping.v1";

struct Quantity {
    const char* key;
    std::optional<MetricColumn> LogMapping::*field;
    std::map<std::string, double> units; // unit name → scale to SI; first entry is the default
    const char* defaultUnit;
};

const std::vector<Quantity>& quantities() {
    static const std::vector<Quantity> q = {
        {"step_time", &LogMapping::stepTime, {{"s", 1.0}, {"ms", 1e-3}}, "s"},
        {"tokens_per_s_per_gpu", &LogMapping::tokensPerSecondPerGpu, {{"1/s", 1.0}}, "1/s"},
        {"tokens_per_s", &LogMapping::tokensPerSecond, {{"1/s", 1.0}}, "1/s"},
        {"samples_per_s", &LogMapping::samplesPerSecond, {{"1/s", 1.0}}, "1/s"},
        {"flops_per_gpu",
         &LogMapping::flopsPerSecondPerGpu,
         {{"FLOP/s", 1.0}, {"TFLOP/s", units::kTera}},
         "TFLOP/s"},
        {"mfu", &LogMapping::mfu, {{"fraction", 1.0}, {"percent", 0.01}}, "percent"},
        {"peak_memory",
         &LogMapping::memory,
         {{"bytes", 1.0}, {"MiB", 1024.0 * 1024.0}, {"GiB", units::kGiB}, {"MB", 1e6}, {"GB", 1e9}},
         "GiB"},
        {"global_batch", &LogMapping::globalBatch, {{"sequences", 1.0}}, "sequences"},
    };
    return q;
}

std::optional<MemoryKind> memoryKind(const std::string& s) {
    if (s == "max_reserved") return MemoryKind::MaxReserved;
    if (s == "reserved") return MemoryKind::Reserved;
    if (s == "max_allocated") return MemoryKind::MaxAllocated;
    if (s == "allocated") return MemoryKind::Allocated;
    return std::nullopt;
}

// One row as column → text (CSV cells, or JSON values printed).
using Row = std::map<std::string, std::string>;

struct Table {
    std::vector<std::pair<int, Row>> rows; // line (CSV) or entry number (JSON), row
    std::set<std::string> columns;
    std::optional<ImportText> error;
};

std::string cellText(const nlohmann::json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number()) return v.dump();
    return "";
}

Table readJson(std::string_view text) {
    Table t;
    auto addObject = [&](const nlohmann::json& o, int where) {
        if (!o.is_object()) return false;
        Row row;
        for (const auto& [k, v] : o.items()) {
            row[k] = cellText(v);
            t.columns.insert(k);
        }
        t.rows.emplace_back(where, std::move(row));
        return true;
    };
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (!doc.is_discarded()) {
        if (!doc.is_array()) {
            t.error = ImportText(ImportTextId::TableJsonNotArray);
            return t;
        }
        for (std::size_t i = 0; i < doc.size(); ++i)
            if (!addObject(doc[i], static_cast<int>(i + 1))) {
                t.error = ImportText(ImportTextId::TableEntryNotObject, {i + 1});
                return t;
            }
        return t;
    }
    // JSON Lines: one object per line; a bad line is reported, not fatal.
    int number = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = text.find('\n', pos);
        std::string_view line = text.substr(pos, end == std::string_view::npos ? end : end - pos);
        pos = end == std::string_view::npos ? text.size() : end + 1;
        ++number;
        if (line.find_first_not_of(" \r\t") == std::string_view::npos) continue;
        nlohmann::json o = nlohmann::json::parse(line, nullptr, false);
        if (o.is_discarded() || !addObject(o, number)) t.rows.emplace_back(number, Row{});
    }
    return t;
}

// "line 3: <the CSV reader's message>" (the message stays as the reader words it).
ImportText csvErrorText(const CsvError& e) {
    return ImportText(ImportTextId::ShellLineProblem, {e.line}, {ImportText::verbatim(e.message)});
}

Table readCsv(std::string_view text) {
    Table t;
    const CsvDocument doc = parseCsv(text);
    if (doc.records.empty()) {
        t.error = doc.error ? csvErrorText(*doc.error) : ImportText(ImportTextId::TableEmpty);
        return t;
    }
    const auto& header = doc.records.front().fields;
    for (const auto& h : header)
        t.columns.insert(h);
    for (std::size_t i = 1; i < doc.records.size(); ++i) {
        Row row;
        const auto& f = doc.records[i].fields;
        if (f.size() != header.size()) {
            t.rows.emplace_back(static_cast<int>(doc.records[i].line), Row{});
            continue;
        }
        for (std::size_t c = 0; c < header.size(); ++c)
            row[header[c]] = f[c];
        t.rows.emplace_back(static_cast<int>(doc.records[i].line), std::move(row));
    }
    if (doc.error)
        t.error = ImportText(ImportTextId::TableRowsBeforeRead, {}, {csvErrorText(*doc.error)});
    return t;
}

std::optional<double> number(const Row& row, const std::string& column) {
    auto it = row.find(column);
    if (it == row.end() || it->second.empty()) return std::nullopt;
    std::size_t pos = 0;
    auto v = logs::readNumber(it->second, pos);
    if (!v || it->second.find_first_not_of(' ', pos) != std::string::npos) return std::nullopt;
    return v;
}

} // namespace

std::optional<LogMapping> parseLogMapping(std::string_view text, std::string_view file,
                                          ImportIssues& issues) {
    const std::string f(file);
    auto error = [&](const std::string& key, ImportTextId id, std::vector<IssueArg> args = {}) {
        issues.emplace_back(Severity::Error, f, key, id, std::move(args));
    };
    // A sentence the model's issue catalogue words ("unknown key", "must be a string").
    auto modelError = [&](const std::string& key, IssueId id, std::vector<IssueArg> args = {}) {
        issues.push_back(ImportIssue::fromValidation(Severity::Error, f,
                                                     ValidationIssue(key, id, std::move(args))));
    };
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) {
        error("", ImportTextId::MappingNotObject);
        return std::nullopt;
    }
    const std::size_t before = issues.size();
    LogMapping m;
    std::set<std::string> known = {"schema", "step", "rank", "memory_kind"};
    for (const auto& q : quantities())
        known.insert(q.key);
    for (const auto& [k, v] : doc.items())
        if (!known.count(k)) error(k, ImportTextId::MappingUnknownKey);
    if (doc.value("schema", "") != kMappingSchema)
        modelError("schema", IssueId::SchemaMustBe, {kMappingSchema});
    if (!doc.contains("step") || !doc["step"].is_string() || doc["step"].get<std::string>().empty())
        error("step", ImportTextId::MappingStepRequired);
    else
        m.step = doc["step"].get<std::string>();
    if (doc.contains("rank")) {
        if (doc["rank"].is_string())
            m.rank = doc["rank"].get<std::string>();
        else
            error("rank", ImportTextId::MappingColumnName);
    }
    bool any = false;
    for (const auto& q : quantities()) {
        if (!doc.contains(q.key)) continue;
        const auto& v = doc[q.key];
        MetricColumn c;
        std::string unit = q.defaultUnit;
        if (v.is_string()) {
            c.column = v.get<std::string>();
        } else if (v.is_object() && v.contains("column") && v["column"].is_string()) {
            c.column = v["column"].get<std::string>();
            for (const auto& [k, _] : v.items())
                if (k != "column" && k != "unit")
                    modelError(std::string(q.key) + "." + k, IssueId::UnknownKey);
            if (v.contains("unit")) {
                if (!v["unit"].is_string()) {
                    modelError(std::string(q.key) + ".unit", IssueId::MustBeString);
                    continue;
                }
                unit = v["unit"].get<std::string>();
            }
        } else {
            error(q.key, ImportTextId::MappingColumnOrObject);
            continue;
        }
        auto u = q.units.find(unit);
        if (u == q.units.end()) {
            std::string list;
            for (const auto& [name, _] : q.units)
                list += (list.empty() ? "" : ", ") + name;
            modelError(std::string(q.key) + ".unit", IssueId::NotOneOf, {unit, list});
            continue;
        }
        c.scale = u->second;
        m.*(q.field) = c;
        if (q.field != &LogMapping::globalBatch) any = true;
    }
    if (doc.contains("memory_kind")) {
        auto k = doc["memory_kind"].is_string() ? memoryKind(doc["memory_kind"].get<std::string>())
                                                : std::nullopt;
        if (!k)
            error("memory_kind", ImportTextId::MappingMemoryKind);
        else
            m.memoryKind = *k;
    }
    if (!any) error("", ImportTextId::MappingNoMeasurement);
    if (issues.size() != before) return std::nullopt;
    return m;
}

ParsedLog parseMetricsTable(std::string_view text, std::string_view file,
                            const LogMapping& mapping) {
    ParsedLog log;
    log.file = std::string(file);
    log.format = LogFormat::MetricsTable;
    const std::size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    const bool json = first != std::string_view::npos && (text[first] == '[' || text[first] == '{');
    Table table = json ? readJson(text) : readCsv(text);
    log.lines = table.rows.size();
    const std::string where = json ? "entry " : "line ";
    if (table.error) {
        log.issues.emplace_back(table.rows.empty() ? Severity::Error : Severity::Warning, log.file,
                                "", *table.error);
        if (table.rows.empty()) return log;
    }
    // Every mapped column must exist: a misspelt column would otherwise read as "no value".
    std::vector<std::pair<std::string, std::string>> mapped = {{"step", mapping.step}};
    if (mapping.rank) mapped.emplace_back("rank", *mapping.rank);
    for (const auto& q : quantities())
        if (const auto& c = mapping.*(q.field)) mapped.emplace_back(q.key, c->column);
    if (!table.columns.empty())
        for (const auto& [key, column] : mapped)
            if (!table.columns.count(column))
                log.issues.emplace_back(Severity::Error, log.file, key,
                                        ImportTextId::TableColumnMissing,
                                        std::vector<IssueArg>{column});
    if (hasErrors(log.issues)) return log;

    for (const auto& entry : table.rows) {
        // Not a structured binding: clang before 16 cannot capture one in a lambda.
        const auto& line = entry.first;
        const auto& row = entry.second;
        if (row.empty()) {
            logs::skipRow(log, line, ImportTextId::SkipNotARow);
            continue;
        }
        const auto step = number(row, mapping.step);
        if (!step || *step < 0 || *step != std::floor(*step)) {
            logs::skipRow(log, line, ImportText(ImportTextId::SkipNoStep, {mapping.step}));
            continue;
        }
        LogRecord r;
        r.line = line;
        r.iteration = static_cast<long long>(*step);
        if (mapping.rank)
            if (auto rank = number(row, *mapping.rank)) r.rank = static_cast<int>(*rank);
        auto read = [&](const std::optional<MetricColumn>& c, std::optional<double>& out) {
            if (!c) return;
            if (auto v = number(row, c->column); v && *v > 0) out = *v * c->scale;
        };
        read(mapping.stepTime, r.stepSeconds);
        read(mapping.tokensPerSecondPerGpu, r.tokensPerSecondPerGpu);
        read(mapping.tokensPerSecond, r.tokensPerSecond);
        read(mapping.samplesPerSecond, r.samplesPerSecond);
        read(mapping.flopsPerSecondPerGpu, r.flopsPerSecondPerGpu);
        read(mapping.mfu, r.mfu);
        std::optional<double> batch;
        read(mapping.globalBatch, batch);
        if (batch) r.globalBatch = std::llround(*batch);
        std::optional<double> memory;
        read(mapping.memory, memory);
        if (memory) log.memory.push_back({line, r.rank, mapping.memoryKind, *memory});
        // Loggers write one row per metric group: a row with only other metrics is no report.
        if (r.stepSeconds || r.tokensPerSecondPerGpu || r.tokensPerSecond || r.samplesPerSecond ||
            r.flopsPerSecondPerGpu || r.mfu)
            log.records.push_back(r);
    }
    logs::requireRecords(log, ImportTextId::LookedMappedColumns);
    return log;
}

} // namespace trainplan::model::io
