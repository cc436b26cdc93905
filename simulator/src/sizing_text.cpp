#include <trainplan/simulator/sizing_text.h>

#include <cmath>
#include <cstdio>

namespace trainplan::sim {

namespace {

bool zh(const SizingTextOptions& o) {
    return o.lang == Lang::ZhCN;
}

std::string cluster(const SizedConfig& c) {
    return groupedCount(c.gpus) + " " + c.gpu;
}

} // namespace

std::string groupedCount(long long n) {
    std::string digits = std::to_string(n < 0 ? -n : n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return n < 0 ? "-" + out : out;
}

std::string formatMoney(double usd, const SizingTextOptions& o) {
    if (!o.cny) return formatArg(MessageArg::number(ArgKind::Usd, usd), o.lang);
    const double cny = usd * o.cnyPerUsd;
    char buf[64];
    if (zh(o)) {
        // 万 (1e4) and 亿 (1e8), as Chinese prices are written.
        if (std::fabs(cny) >= 1e8)
            std::snprintf(buf, sizeof buf, "¥%.2f亿", cny / 1e8);
        else if (std::fabs(cny) >= 1e4)
            std::snprintf(buf, sizeof buf, "¥%.1f万", cny / 1e4);
        else
            std::snprintf(buf, sizeof buf, "¥%.0f", cny);
    } else if (std::fabs(cny) >= 1e6) {
        std::snprintf(buf, sizeof buf, "¥%.2fM", cny / 1e6);
    } else if (std::fabs(cny) >= 1e3) {
        std::snprintf(buf, sizeof buf, "¥%.1fk", cny / 1e3);
    } else {
        std::snprintf(buf, sizeof buf, "¥%.0f", cny);
    }
    return buf;
}

std::string formatDays(double seconds, const SizingTextOptions& o) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f", seconds / 86400.0);
    return std::string(buf) + (zh(o) ? " 天" : " days");
}

std::string chosenClusterText(const ChosenCluster& c, std::string_view framework,
                              const SizingTextOptions& o) {
    // Chinese joins with the full-width comma, as the catalogues' sentences do.
    const std::string comma = zh(o) ? "，" : ", ";
    std::string line = c.best.clusterLabel() + comma + std::string(framework) + " " +
                       c.best.plan.label() + " — " + formatDays(c.best.expectedSeconds, o) + comma +
                       formatMoney(c.best.expectedUsd, o);
    std::string slack;
    if (c.deadlineSlackSeconds) slack = formatDays(*c.deadlineSlackSeconds, o);
    if (c.budgetSlackUsd) slack += (slack.empty() ? "" : comma) + formatMoney(*c.budgetSlackUsd, o);
    if (!slack.empty()) line += zh(o) ? "（余量：" + slack + "）" : " (slack: " + slack + ")";
    return line;
}

std::string frontReasonText(const FrontPoint& p, const SizingTextOptions& o) {
    switch (p.reason) {
    case FrontReason::Fastest:
        return zh(o) ? "满足约束中最快" : "fastest that meets the constraints";
    case FrontReason::Cheapest:
        return zh(o) ? "满足约束中最便宜（比上一个更快方案省 " + formatMoney(p.savesUsd, o) +
                           "，多用 " + formatDays(p.extraSeconds, o) + "）"
                     : "cheapest that meets the constraints (saves " + formatMoney(p.savesUsd, o) +
                           " over the next faster option for " + formatDays(p.extraSeconds, o) +
                           " more)";
    case FrontReason::Tradeoff:
        break;
    }
    return zh(o) ? "比上一个更快方案省 " + formatMoney(p.savesUsd, o) + "，多用 " +
                       formatDays(p.extraSeconds, o)
                 : "saves " + formatMoney(p.savesUsd, o) + " over the next faster option for " +
                       formatDays(p.extraSeconds, o) + " more";
}

std::string bindingText(const SizingResult& r, const SizingTextOptions& o) {
    const BindingAnalysis& b = r.binding;
    if (b.binding == Binding::None) return {};
    std::string deadlinePart, budgetPart;
    if (b.cheapestMeetingDeadline) {
        const SizedConfig& c = *b.cheapestMeetingDeadline;
        deadlinePart =
            zh(o) ? "满足期限至少需要 " + cluster(c) + "（" + formatMoney(c.expectedUsd, o) +
                        "，超出预算 " + formatMoney(b.overBudgetUsd, o) + "）"
                  : "the deadline needs ≥ " + cluster(c) + " (" + formatMoney(c.expectedUsd, o) +
                        ", " + formatMoney(b.overBudgetUsd, o) + " over the budget)";
    } else if (r.constraints.deadlineSeconds) {
        deadlinePart =
            b.fastestOverall
                ? (zh(o) ? "在 GPU 上限内没有方案能满足期限：最快的 " + cluster(*b.fastestOverall) +
                               " 需要 " + formatDays(b.fastestOverall->expectedSeconds, o)
                         : "no configuration within the GPU limit meets the deadline: the "
                           "fastest, " +
                               cluster(*b.fastestOverall) + ", takes " +
                               formatDays(b.fastestOverall->expectedSeconds, o))
                : (zh(o) ? "在 GPU 上限内没有方案能满足期限"
                         : "no configuration within the GPU limit meets the deadline");
    }
    if (b.fastestWithinBudget) {
        const SizedConfig& c = *b.fastestWithinBudget;
        budgetPart = zh(o) ? "预算最多允许 " + cluster(c) + "（需 " +
                                 formatDays(c.expectedSeconds, o) + "，晚 " +
                                 formatDays(b.lateSeconds, o) + "）"
                           : "the budget allows " + cluster(c) + " (done in " +
                                 formatDays(c.expectedSeconds, o) + ", " +
                                 formatDays(b.lateSeconds, o) + " late)";
    } else if (r.constraints.budgetUsd) {
        budgetPart = b.cheapestOverall
                         ? (zh(o) ? "没有方案在预算内：最便宜的 " + cluster(*b.cheapestOverall) +
                                        " 需要 " + formatMoney(b.cheapestOverall->expectedUsd, o)
                                  : "no configuration is within the budget: the cheapest, " +
                                        cluster(*b.cheapestOverall) + ", costs " +
                                        formatMoney(b.cheapestOverall->expectedUsd, o))
                         : (zh(o) ? "没有方案在预算内" : "no configuration is within the budget");
    }
    if (deadlinePart.empty()) return budgetPart;
    if (budgetPart.empty()) return deadlinePart;
    return deadlinePart + (zh(o) ? "；" : "; ") + budgetPart;
}

} // namespace trainplan::sim
