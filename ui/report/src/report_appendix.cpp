// The report's appendix: assumptions, accuracy, sources, the headline plan's derivation and the
// validation rows (buildReportDocument in report_document.cpp puts them after the body).
#include "report_section_builder.h"

#include <trainplan/report/comparison_labels.h>
#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>
#include <trainplan/simulator/break_points.h>
#include <trainplan/simulator/calibration_text.h>
#include <trainplan/simulator/explain_text.h>

#include <algorithm>
#include <set>

namespace trainplan::report::detail {

namespace {

// A source entry's subject and text in the report's language.
std::string sourceSubject(const SourceEntry& e, Lang lang) {
    if (lang != Lang::ZhCN) return e.subject;
    if (!e.subjectZh.empty()) return e.subjectZh;
    return e.kind == SourceEntry::Kind::Formula ? sim::derivationTermName(e.subject, lang)
                                                : e.subject;
}

const std::string& sourceText(const SourceEntry& e, Lang lang) {
    return lang == Lang::ZhCN && !e.sourceZh.empty() ? e.sourceZh : e.source;
}

// An efficiency parameter's name in the report's language, followed by the scenario key that
// overrides it ("Matmul efficiency (share of dense peak) · gemm_efficiency"; labels carry their
// own parentheses, so a middle dot separates the key).
QString parameterName(const std::string& key, Lang lang) {
    const std::string label = sim::assumptionLabel(key, lang);
    if (label == key) return qs(key);
    return qs(label + " · " + key);
}

} // namespace

Section assumptionsSection(const ReportData& d, Lang lang) {
    SectionBuilder s = start("assumptions", Text::SecAssumptions, lang);
    s.paragraph(s.t(Text::AssumptionsIntro));
    s.subheading(s.t(Text::SubEfficiency));
    Table t;
    t.header = {s.t(Text::ColParameter), s.t(Text::ColValue), s.t(Text::ColSetBy),
                s.t(Text::ColSource)};
    t.numericColumns = {1};
    std::set<std::string> names;
    for (const sim::EfficiencySource& e : d.efficiency) {
        names.insert(e.name);
        t.rows.push_back({parameterName(e.name, lang), fmtWithUnit(e.value, e.unit, lang),
                          s.t(e.isDefault ? Text::SetByDefault : Text::SetByScenario),
                          qs(sim::efficiencySource(e, lang))});
    }
    t.compact = true;
    s.table(std::move(t));
    if (d.headline) {
        Table o;
        o.header = t.header;
        for (const sim::Assumption& a : d.headline->assumptions) {
            if (names.count(a.name)) continue;
            o.rows.push_back({qs(sim::assumptionLabel(a.name, lang)),
                              qs(sim::assumptionValue(a, lang)),
                              s.t(a.defaulted ? Text::SetByDefault : Text::SetByScenario),
                              qs(sim::assumptionSource(a, lang))});
        }
        if (!o.rows.empty()) {
            s.subheading(s.t(Text::SubDefaults));
            o.compact = true;
            s.table(std::move(o));
        }
    }
    return std::move(s.section);
}

Section accuracySection(const ReportData& d, Lang lang) {
    SectionBuilder s = start("accuracy", Text::SecAccuracy, lang);
    if (!d.validation) {
        s.paragraph(s.t(Text::NoValidation));
        return std::move(s.section);
    }
    const sim::ValidationReport& v = *d.validation;
    s.paragraph(
        s.t(Text::AccuracyIntro, {sim::countArg(v.totalRows), sim::percentArg(v.meanAbsError)}));
    Table t;
    t.header = {s.t(Text::ColSource), s.t(Text::ColMetric), s.t(Text::ColRows),
                s.t(Text::ColMeanError), s.t(Text::ColMaxError)};
    t.numericColumns = {2, 3, 4};
    for (const sim::ValidationGroupSummary& g : v.summary)
        t.rows.push_back({qs(g.group), metricName(g.metric, lang), QString::number(g.rows),
                          fmtPercent(g.meanAbsError, lang), fmtPercent(g.maxAbsError, lang)});
    s.table(std::move(t));
    if (!v.skipped.empty())
        s.note(s.t(Text::AccuracySkipped, {sim::countArg(static_cast<double>(v.skipped.size()))}));
    return std::move(s.section);
}

Section sourcesSection(const ReportData& d, Lang lang) {
    SectionBuilder s = start("sources", Text::SecSources, lang);
    s.paragraph(s.t(Text::SourcesIntro));
    const std::pair<SourceEntry::Kind, Text> kinds[] = {
        {SourceEntry::Kind::Catalog, Text::SubCatalog},
        {SourceEntry::Kind::Formula, Text::SubFormulas},
        {SourceEntry::Kind::Parameter, Text::SubParameters},
        {SourceEntry::Kind::Reference, Text::SubReferences}};
    for (const auto& [kind, title] : kinds) {
        Table t;
        t.header = {s.t(Text::ColSubject), s.t(Text::ColSource)};
        for (const SourceEntry& e : d.sources)
            if (e.kind == kind)
                t.rows.push_back({qs(sourceSubject(e, lang)), qs(sourceText(e, lang))});
        if (t.rows.empty()) continue;
        t.compact = true;
        s.subheading(s.t(title));
        s.table(std::move(t));
    }
    return std::move(s.section);
}

// ---------------------------------------------------------------------------------------------
namespace {

void addTerm(Table& t, const sim::DerivationTerm& term, int depth, Lang lang) {
    t.rows.push_back({qs(sim::derivationTermName(term.name, lang)),
                      fmtWithUnit(term.value, term.unit, lang), qs(term.formulaIn(lang)),
                      qs(term.sourceIn(lang))});
    t.rowIndent.push_back(depth);
    t.rowEmphasis.push_back(depth == 0);
    for (const sim::DerivationTerm& c : term.children)
        addTerm(t, c, depth + 1, lang);
}

} // namespace

Section derivationSection(const ReportData& d, Lang lang) {
    SectionBuilder s = start("derivation", Text::SecDerivation, lang, true);
    const ComparedPlan* h = d.headlinePlan();
    if (!d.headline || !h) {
        s.paragraph(s.t(Text::NoDerivation));
        return std::move(s.section);
    }
    const sim::Explanation& x = *d.headline;
    s.paragraph(s.t(Text::DerivationIntro,
                    {sim::MessageArg::framework(h->framework), sim::MessageArg::plan(x.plan)}));
    const std::pair<Text, const sim::DerivationTerm*> trees[] = {
        {Text::SubPeakMemory, &x.memory},
        {Text::SubStepTime, &x.stepTime},
        {Text::SubCommunication, &x.communication},
        {Text::SubFlops, &x.flops}};
    for (const auto& [title, tree] : trees) {
        s.subheading(s.t(title));
        Table t;
        t.header = {s.t(Text::ColTerm), s.t(Text::ColValue), s.t(Text::ColFormula),
                    s.t(Text::ColSource)};
        t.numericColumns = {1};
        t.compact = true;
        addTerm(t, *tree, 0, lang);
        s.table(std::move(t));
    }

    s.subheading(s.t(Text::SubStages));
    // Stages named by index (the rows group stages of the same layer composition); for MoE models
    // the layers split into dense and MoE, and the routed experts' share of the states.
    const bool moe = std::any_of(x.stages.begin(), x.stages.end(),
                                 [](const sim::StageMemoryRow& r) { return r.moeLayers > 0; });
    Table st;
    st.header = {s.t(Text::ColStage),       s.t(Text::ColLayers),    s.t(Text::ColInFlight),
                 s.t(Text::ColWeights),     s.t(Text::ColGradients), s.t(Text::ColOptimizer),
                 s.t(Text::ColActivations), s.t(Text::ColPeak)};
    st.numericColumns = {1, 2, 3, 4, 5, 6, 7};
    if (moe) {
        st.header.insert(st.header.begin() + 6, s.t(Text::ColExpertStates));
        st.numericColumns.push_back(8);
    }
    for (const sim::StageMemoryRow& r : x.stages) {
        const QString name = qs(sim::stageRowName(r.kind, r.stageIndices, lang));
        const sim::MemoryBreakdown& m = r.memory;
        QStringList row{name,
                        moe ? s.t(Text::LayersDenseMoe,
                                  {sim::countArg(r.denseLayers), sim::countArg(r.moeLayers)})
                            : fmtCount(r.layers, lang),
                        QString::number(r.inFlightMicroBatches),
                        fmtBytes(m.weightsBytes, lang),
                        fmtBytes(m.gradientsBytes, lang),
                        fmtBytes(m.optimizerBytes, lang),
                        fmtBytes(m.activationsBytes, lang),
                        fmtBytes(m.peakBytes, lang)};
        if (moe)
            row.insert(
                6, fmtBytes(m.expertWeightsBytes + m.expertGradientsBytes + m.expertOptimizerBytes,
                            lang));
        st.rows.push_back(row);
    }
    st.compact = true;
    s.table(std::move(st));

    s.subheading(s.t(Text::SubPhases));
    Table ph;
    ph.header = {s.t(Text::ColMoment), s.t(Text::ColAllocated), s.t(Text::ColActivations),
                 s.t(Text::ColGradients), s.t(Text::ColTransient)};
    ph.numericColumns = {1, 2, 3, 4};
    const sim::MemoryBreakdown& m = x.estimate.memory;
    for (int k = 0; k < sim::MemoryPhase::Count; ++k) {
        const auto kind = static_cast<sim::MemoryPhase::Kind>(k);
        const sim::MemoryPhase& p = m.phases[k];
        QString name = phaseName(kind, lang);
        if (kind == m.peakPhase) name = s.t(Text::PeakMarker, {qsArg(name)});
        ph.rows.push_back({name, fmtBytes(p.allocatedBytes, lang),
                           fmtBytes(p.activationsBytes, lang), fmtBytes(p.gradientsBytes, lang),
                           fmtBytes(p.transientBytes, lang)});
        ph.rowEmphasis.push_back(kind == m.peakPhase);
    }
    s.table(std::move(ph));
    return std::move(s.section);
}

Section validationRowsSection(const ReportData& d, Lang lang) {
    SectionBuilder s = start("validation-rows", Text::SecValidationRows, lang, true);
    Table t;
    t.header = {s.t(Text::ColLine),   s.t(Text::ColRun),      s.t(Text::ColPlan),
                s.t(Text::ColMetric), s.t(Text::ColMeasured), s.t(Text::ColPredicted),
                s.t(Text::ColError)};
    t.numericColumns = {0, 4, 5, 6};
    for (const sim::ValidationRow& r : d.validation->rows)
        t.rows.push_back({QString::number(r.line),
                          qs(sim::referenceRunLabel(r.modelName, r.gpus, r.label, lang)),
                          qs(r.plan), metricName(r.metric, lang),
                          metricValue(r.metric, r.measured, lang),
                          metricValue(r.metric, r.predicted, lang),
                          (r.relativeError >= 0 ? QStringLiteral("+") : QString()) +
                              fmtPercent(r.relativeError, lang)});
    t.compact = true;
    s.table(std::move(t));
    return std::move(s.section);
}

} // namespace trainplan::report::detail
