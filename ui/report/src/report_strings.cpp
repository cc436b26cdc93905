// The report's own words (report_strings.h): one entry per Text, in the enum's order.

#include <trainplan/report/report_strings.h>

#include <trainplan/simulator/field_text.h>
#include <trainplan/simulator/metric_text.h>
#include <trainplan/simulator/text_catalogue.h>

#include "report_strings_findings.h"
#include "report_strings_planning.h"

#include <iterator>
#include <span>
#include <utility>

namespace trainplan::report {

namespace {

using namespace detail;
using T = Text;
using M = sim::Metric;
using Entry = sim::TextEntry<Text>;

constexpr std::size_t kCount = static_cast<std::size_t>(Text::Count);

// The two parts in one array, in the enum's order.
struct Catalogue {
    Entry entries[kCount];
};
constexpr Catalogue joined() {
    static_assert(std::size(kFindingsEntries) + std::size(kPlanningEntries) == kCount,
                  "one entry per Text");
    Catalogue c{};
    std::size_t i = 0;
    for (const Entry& e : kFindingsEntries)
        c.entries[i++] = e;
    for (const Entry& e : kPlanningEntries)
        c.entries[i++] = e;
    return c;
}
constexpr Catalogue kCatalogue = joined();
constexpr const Entry (&kEntries)[kCount] = kCatalogue.entries;

static_assert(sim::entriesInIdOrder(kEntries, kCount), "one entry per Text, in the enum's order");

// Metric names and scenario field labels come from their one catalogue (sim::metricName,
// sim::fieldLabel), so the report names them as the GUI and the CLI do.
constexpr std::pair<Text, sim::Metric> kMetricNames[] = {
    {T::KStepTime, M::StepTime},
    {T::KGpuHours, M::GpuHours},
    {T::KCost, M::Cost},
    {T::KEnergy, M::Energy},
    {T::ColFramework, M::Framework},
    {T::ColPlan, M::Plan},
    {T::ColFits, M::Fits},
    {T::ColPeakMemory, M::PeakMemory},
    {T::ColStep, M::StepTime},
    {T::ColMfu, M::Mfu},
    {T::ColTokens, M::TokensPerSecond},
    {T::ColTimeToTrain, M::TimeToTrain},
    {T::ColCost, M::Cost},
    {T::ColErrorBar, M::ErrorBar},
    {T::MemWeights, M::Weights},
    {T::MemGradients, M::Gradients},
    {T::MemOptimizer, M::OptimizerStates},
    {T::MemActivations, M::Activations},
    {T::MemTransient, M::Transient},
    {T::MemBuffers, M::Buffers},
    {T::MemOverhead, M::Overhead},
    {T::ColWeights, M::Weights},
    {T::ColGradients, M::Gradients},
    {T::ColOptimizer, M::OptimizerStates},
    {T::ColActivations, M::Activations},
    {T::ColTransient, M::Transient},
};

constexpr std::pair<Text, std::string_view> kFieldLabels[] = {
    {T::RowLayers, "model.layers"},
    {T::RowHidden, "model.hidden"},
    {T::RowHeads, "model.heads"},
    {T::RowVocab, "model.vocab"},
    {T::RowSeqLen, "model.seq_len"},
    {T::RowGlobalBatch, "training.global_batch"},
    {T::RowPrecision, "training.precision"},
    {T::RowOptimizer, "training.optimizer"},
    {T::RowTokens, "training.train_tokens"},
    {T::RowGpu, "cluster.gpu"},
    {T::RowNodes, "cluster.nodes"},
    {T::RowIntraNode, "cluster.intra_node"},
    {T::RowInterNode, "cluster.inter_node"},
    {T::RowOversubscription, "cluster.oversubscription"},
    {T::RowPrice, "cluster.gpu_hour_usd"},
};

// Every named() entry has exactly one source, and every source a named() entry.
constexpr bool namesComplete() {
    for (const Entry& e : kEntries) {
        int sources = 0;
        for (const auto& m : kMetricNames)
            sources += m.first == e.id;
        for (const auto& f : kFieldLabels)
            sources += f.first == e.id;
        if ((e.en.empty() || e.zh.empty()) != (sources == 1) || sources > 1) return false;
    }
    return true;
}
static_assert(namesComplete(), "a named() entry needs one metric or field, and only it");

} // namespace

std::string_view reportTemplate(Text id, sim::Lang lang) {
    for (const auto& [key, metric] : kMetricNames)
        if (key == id) return sim::metricName(metric, lang);
    for (const auto& [key, path] : kFieldLabels)
        if (key == id) return sim::fieldLabel(path, lang);
    return sim::catalogueTemplate(kEntries, id, lang);
}

int reportArgCount(Text id) {
    return sim::catalogueEntry(kEntries, id).argCount;
}

std::string reportText(Text id, sim::Lang lang, std::initializer_list<sim::MessageArg> args) {
    return sim::renderTemplate(reportTemplate(id, lang),
                               std::span<const sim::MessageArg>(args.begin(), args.size()), lang);
}

QString text(Text id, sim::Lang lang, std::initializer_list<sim::MessageArg> args) {
    const std::string s = reportText(id, lang, args);
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString joined(const QStringList& items, Text pair, sim::Lang lang) {
    QString out;
    for (qsizetype i = 0; i < items.size(); ++i)
        out = i == 0
                  ? items[i]
                  : text(pair, lang,
                         {sim::textArg(out.toStdString()), sim::textArg(items[i].toStdString())});
    return out;
}

} // namespace trainplan::report
