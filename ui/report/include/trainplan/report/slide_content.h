#pragma once

// What the review deck (deck_writer.cpp) and the GUI's presentation mode show on the same slides,
// gathered in one place: each compared plan's row on the comparison slide and each roadmap stage's
// card. Each surface lays the text out its own way.

#include <trainplan/report/report_data.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/roadmap.h>

#include <QString>

#include <vector>

namespace trainplan::report {

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
