#pragma once

// What the report's section builders share (report_document.cpp, report_comparison.cpp,
// report_appendix.cpp, report_sizing.cpp): a small builder so the section code reads like the report, and the labels
// several sections print.

#include <trainplan/report/report_data.h>
#include <trainplan/report/report_document.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

#include <QList>
#include <QPair>
#include <QStringList>

namespace trainplan::report::detail {

using Lang = sim::Lang;
inline constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

inline Block paragraphBlock(const QString& text, const QString& lead = {}) {
    Block b;
    b.kind = Block::Kind::Paragraph;
    b.text = text;
    b.lead = lead;
    return b;
}

inline Block calloutBlock(const QString& lead, const QString& text) {
    Block b;
    b.kind = Block::Kind::Callout;
    b.lead = lead;
    b.text = text;
    return b;
}

inline Block subheadingBlock(const QString& text) {
    Block b;
    b.kind = Block::Kind::Subheading;
    b.text = text;
    return b;
}

// Small builders so the section code reads like the report.
struct SectionBuilder {
    Section section;
    Lang lang;

    QString t(Text id, std::initializer_list<sim::MessageArg> args = {}) const {
        return report::text(id, lang, args);
    }
    void paragraph(const QString& text, const QString& lead = {}) {
        section.blocks.push_back(paragraphBlock(text, lead));
    }
    void note(const QString& text) {
        Block b;
        b.kind = Block::Kind::Note;
        b.text = text;
        section.blocks.push_back(std::move(b));
    }
    void callout(const QString& lead, const QString& text) {
        section.blocks.push_back(calloutBlock(lead, text));
    }
    void subheading(const QString& text) { section.blocks.push_back(subheadingBlock(text)); }
    void bullets(const QStringList& items) {
        if (items.isEmpty()) return;
        Block b;
        b.kind = Block::Kind::Bullets;
        b.items = items;
        section.blocks.push_back(std::move(b));
    }
    void checklist(const QStringList& items, const QList<bool>& checked) {
        if (items.isEmpty()) return;
        Block b;
        b.kind = Block::Kind::Checklist;
        b.items = items;
        b.checked = checked;
        section.blocks.push_back(std::move(b));
    }
    void table(Table table) {
        Block b;
        b.kind = Block::Kind::Table;
        b.table = std::move(table);
        section.blocks.push_back(std::move(b));
    }
    void chart(ChartKind kind, const QString& caption) {
        Block b;
        b.kind = Block::Kind::Chart;
        b.chart = kind;
        b.text = caption;
        section.blocks.push_back(std::move(b));
    }
};

inline SectionBuilder start(const char* id, Text title, Lang lang, bool appendix = false) {
    SectionBuilder s{{}, lang};
    s.section.id = QString::fromLatin1(id);
    s.section.title = text(title, lang);
    s.section.appendix = appendix;
    return s;
}

inline Table keyValues(const QList<QPair<QString, QString>>& rows) {
    Table t;
    for (const auto& [k, v] : rows)
        t.rows.push_back({k, v});
    return t;
}

inline QString yesNo(bool v, Lang lang) {
    return text(v ? Text::Yes : Text::No, lang);
}

inline QString modelName(const model::Scenario& s) {
    return qs(s.model.displayName.empty() ? (s.model.name.empty() ? s.modelRef : s.model.name)
                                          : s.model.displayName);
}

inline QString clusterSummary(const model::Scenario& s, Lang lang) {
    return text(Text::ClusterSummary, lang,
                {sim::countArg(s.cluster.nodes), sim::countArg(s.cluster.gpusPerNode),
                 sim::textArg(s.cluster.gpu.name), sim::countArg(s.cluster.gpuCount())});
}

// The appendix sections (report_appendix.cpp).
[[nodiscard]] Section assumptionsSection(const ReportData& d, Lang lang);
[[nodiscard]] Section accuracySection(const ReportData& d, Lang lang);
[[nodiscard]] Section sourcesSection(const ReportData& d, Lang lang);
[[nodiscard]] Section derivationSection(const ReportData& d, Lang lang);
[[nodiscard]] Section validationRowsSection(const ReportData& d, Lang lang);

} // namespace trainplan::report::detail
