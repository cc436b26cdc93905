#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/gpu_price.h>
#include <trainplan/model/scenario.h>
#include <trainplan/simulator/uncertainty.h>

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace trainplan::cli {

enum class Format { Table, Json, Csv, Text };

inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalidInput = 1;
inline constexpr int kExitUsage = 2;

// What every command gets: its own arguments (after the command word), the global options, and the
// streams. Errors a user can act on go to `err` as one line each.
struct CliContext {
    CliContext(std::ostream& o, std::ostream& e)
        : out(o)
        , err(e) {}

    std::vector<std::string> args;
    std::optional<Format> format;
    std::optional<std::string> dbPath;
    std::string lang = "en";
    std::ostream& out;
    std::ostream& err;

    // The data directory's catalog, loaded on first use. Throws std::runtime_error on a broken
    // install.
    const model::Catalog& catalog();
    // The residuals of the public reference runs (data/reference/published_runs.csv), for error
    // bars; empty when the file is missing or unreadable.
    const sim::ResidualTable& residuals();
    std::filesystem::path dataDir();
    // The library's price table (cli_prices.cpp), read on first use: empty, with the default
    // exchange rate, when there is no library yet or it cannot be read (a warning on `err`).
    const model::PriceTable& priceTable();
    // The catalog's GPUs with the price table applied (what `size` searches over).
    std::vector<model::GpuSpec> pricedGpus();

    // Loads and validates a scenario file; prints every problem to `err` and returns nullopt if
    // any.
    std::optional<model::Scenario> loadScenario(const std::string& file);

    // Removes "--name value" / "--name=value" from args; nullopt when absent.
    std::optional<std::string> takeOption(const std::string& name);
    bool takeFlag(const std::string& name);

private:
    std::optional<model::Catalog> m_catalog;
    std::optional<sim::ResidualTable> m_residuals;
    std::optional<model::PriceTable> m_prices;
};

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

} // namespace trainplan::cli
