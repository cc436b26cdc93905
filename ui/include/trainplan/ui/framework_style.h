#pragma once

#include <trainplan/report/report_labels.h>

namespace trainplan::ui {

// One palette and one set of names for the GUI and the reports (report_labels.h), so a framework
// and a chart component read the same on screen and on paper: frameworkColor (Okabe–Ito,
// colour-blind safe), frameworkName ("PyTorch FSDP"), frameworkShortName ("FSDP") and
// componentColor (the i-th component of a stacked chart).
using report::componentColor;
using report::frameworkColor;
using report::frameworkName;
using report::frameworkShortName;

} // namespace trainplan::ui
