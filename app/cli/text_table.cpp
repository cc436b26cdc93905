#include "text_table.h"

#include <trainplan/model/csv.h>
#include <trainplan/simulator/advice_text.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>

namespace trainplan::cli {

namespace {

bool looksNumeric(const std::string& s) {
    if (s.empty()) return false;
    const char c = s.front();
    return (c >= '0' && c <= '9') || c == '-' || c == '$' || c == '+';
}

std::size_t displayWidth(const std::string& s) {
    // Count UTF-8 code points; CJK characters take two columns.
    std::size_t w = 0;
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
        w += len == 3 && c >= 0xe3 ? 2 : 1;
        i += len;
    }
    return w;
}

} // namespace

TextTable::TextTable(std::vector<std::string> header)
    : m_header(std::move(header)) {}

void TextTable::addRow(std::vector<std::string> row) {
    row.resize(m_header.size());
    m_rows.push_back(std::move(row));
}

void TextTable::print(std::ostream& out) const {
    std::vector<std::size_t> width(m_header.size());
    for (std::size_t c = 0; c < m_header.size(); ++c) {
        width[c] = displayWidth(m_header[c]);
        for (const auto& r : m_rows)
            width[c] = std::max(width[c], displayWidth(r[c]));
    }
    auto line = [&](const std::vector<std::string>& cells, bool header) {
        for (std::size_t c = 0; c < cells.size(); ++c) {
            const std::size_t pad = width[c] - displayWidth(cells[c]);
            const bool right = !header && looksNumeric(cells[c]);
            if (c) out << "  ";
            if (right)
                out << std::string(pad, ' ') << cells[c];
            else
                out << cells[c] << (c + 1 < cells.size() ? std::string(pad, ' ') : "");
        }
        out << '\n';
    };
    line(m_header, true);
    std::size_t total = 0;
    for (auto w : width)
        total += w + 2;
    out << std::string(total > 2 ? total - 2 : 0, '-') << '\n';
    for (const auto& r : m_rows)
        line(r, false);
}

void TextTable::printCsv(std::ostream& out) const {
    auto line = [&](const std::vector<std::string>& cells) {
        for (std::size_t c = 0; c < cells.size(); ++c)
            out << (c ? "," : "") << model::csvEscape(cells[c]);
        out << '\n';
    };
    line(m_header);
    for (const auto& r : m_rows)
        line(r);
}

std::string formatFixed(double v, int decimals) {
    if (!std::isfinite(v)) return "n/a";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string formatBytes(double bytes) {
    return sim::formatBytes(bytes, sim::ByteUnits::Binary);
}

std::string formatSeconds(double s) {
    if (!std::isfinite(s)) return "n/a";
    if (s < 1.0) return formatFixed(s * 1000.0, 1) + " ms";
    return formatFixed(s, 2) + " s";
}

std::string formatDuration(double s) {
    if (!std::isfinite(s) || s <= 0) return "n/a";
    if (s < 2 * 3600.0) return formatFixed(s / 60.0, 1) + " min";
    if (s < 72 * 3600.0) return formatFixed(s / 3600.0, 1) + " h";
    return formatFixed(s / 86400.0, 1) + " d";
}

std::string formatPercent(double f, int decimals) {
    return formatFixed(100.0 * f, decimals) + "%";
}

std::string signedPercent(double fraction) {
    return (fraction >= 0 ? "+" : "") + formatPercent(fraction);
}

std::string formatCost(const sim::CostEstimate& cost) {
    return cost.priced ? formatUsd(cost.usd) : "no price";
}

std::string priceLine(const model::ClusterSpec& cluster) {
    const sim::ResolvedPrice p = sim::resolvePrice(cluster);
    if (!p.priced()) return "NO PRICE: " + p.describe();
    return "Price: " + p.describe();
}

std::string formatUsd(double usd) {
    if (!std::isfinite(usd)) return "n/a";
    if (usd >= 1e6) return "$" + formatFixed(usd / 1e6, 2) + "M";
    if (usd >= 1e3) return "$" + formatFixed(usd / 1e3, 1) + "k";
    return "$" + formatFixed(usd, 0);
}

std::string formatMeasurement(sim::ValidationMetric m, int stepDecimals, double v) {
    switch (m) {
    case sim::ValidationMetric::StepSeconds:
        return formatFixed(v, stepDecimals) + " s";
    case sim::ValidationMetric::NarayananTflopsPerGpu:
        return formatFixed(v, 1) + " TFLOP/s";
    case sim::ValidationMetric::MfuPercent:
        return formatFixed(v, 1) + "%";
    case sim::ValidationMetric::TokensPerSecondPerGpu:
        return formatFixed(v, 0) + " tok/s";
    case sim::ValidationMetric::PeakMemoryGiB:
        return formatFixed(v, 1) + " GiB";
    }
    return formatFixed(v, 3);
}

} // namespace trainplan::cli
