#pragma once

#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/validation.h>

#include <iosfwd>
#include <string>
#include <vector>

namespace trainplan::cli {

// A plain-text table: columns sized to their widest cell, numbers right-aligned.
class TextTable {
public:
    explicit TextTable(std::vector<std::string> header);
    void addRow(std::vector<std::string> row);
    void print(std::ostream& out) const;
    // RFC 4180 CSV of the same cells.
    void printCsv(std::ostream& out) const;

private:
    std::vector<std::string> m_header;
    std::vector<std::vector<std::string>> m_rows;
};

// A measured or predicted value in its metric's unit: "13.750 s" (stepDecimals for step times),
// "150.0 TFLOP/s", "52.3%", "3100 tok/s", "61.5 GiB".
std::string formatMeasurement(sim::ValidationMetric m, int stepDecimals, double v);
std::string formatBytes(double bytes); // sim::formatBytes, binary units: "78.6 GiB", "1.31 TiB"
std::string formatSeconds(double seconds);
std::string formatDuration(double seconds); // hours / days
std::string formatFixed(double v, int decimals);
std::string formatPercent(double fraction, int decimals = 1);
// "+5.8%", "-24.3%": a relative error with its sign.
std::string signedPercent(double fraction);
std::string formatUsd(double usd);
// The cost of an estimate, or "no price" when none is known (never "$0").
std::string formatCost(const sim::CostEstimate& cost);
// "Price: $3.99/GPU-h (catalog: …)" or, loudly, "NO PRICE for H20: … costs are not computed".
std::string priceLine(const model::ClusterSpec& cluster);

} // namespace trainplan::cli
