#pragma once

// What the review deck (deck_writer.cpp) and the GUI's presentation mode show on the same slides,
// gathered in one place: the recommendation slide's key numbers and reasons, each compared plan's
// row on the comparison slide and each roadmap stage's card. Each surface lays the text out its
// own way.

#include <trainplan/report/report_data.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/roadmap.h>

#include <QString>
#include <QStringList>

#include <vector>

namespace trainplan::report {

// One key number of the recommended plan.
struct RecommendationCard {
    const char* id; // stable name (the presentation's object names): stepTime, mfu, throughput,
                    // peakMemory, timeToTrain, cost
    QString label;
    QString value;
    QString note; // under the value: the peak memory's "of 80.0 GiB"; else empty
};

// The recommendation slide below its framework, plan and status line (recommendationLabel): six
// key numbers when the recommended plan fits (a plan that does not fit would not run, so it has
// none), and the advisor's reasons after its first, which the status line already says (at most
// three).
struct RecommendationSlide {
    std::vector<RecommendationCard> cards;
    QStringList reasons;
};

[[nodiscard]] RecommendationSlide recommendationSlide(const ReportData& d, sim::Lang lang);

// One compared plan on the comparison slide. A plan that does not fit would not run: "—" for its
// step time, MFU, throughput, time to train and cost. An invalid plan: "invalid", no numbers.
struct ComparisonSlideRow {
    QString name; // comparedLabel, with " ★" when recommended
    QString plan;
    QString fits; // yes, no or invalid
    QString peakMemory;
    QString stepTime;
    QString mfu;
    QString tokensPerSecond;
    QString timeToTrain;
    QString cost;
};

// One row per plan of d.compared, in its order.
[[nodiscard]] std::vector<ComparisonSlideRow> comparisonSlideRows(const ReportData& d,
                                                                  sim::Lang lang);

// One roadmap stage's card; a line that does not apply is empty.
struct StageSlideCard {
    QString title;
    QString framework;
    QString target;        // "Target: …"
    QString trigger;       // "Trigger: … (status)"
    QString plan;          // the stage's plan, then its step time and MFU on a second line
    QString closest;       // no plan fits: the closest one and its peak memory (it would not run)
    QString prerequisites; // "Prerequisites: …" in weeks, when some are missing
};

[[nodiscard]] StageSlideCard stageSlideCard(const sim::RoadmapStage& stage, sim::Lang lang);

} // namespace trainplan::report
