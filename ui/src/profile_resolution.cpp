#include <trainplan/ui/profile_resolution.h>

#include <trainplan/simulator/calibration_profile.h>
#include <trainplan/simulator/pricing.h>

#include <trainplan/ui/view_text.h>
#include <trainplan/ui/window_text.h>

#include <QStringList>

namespace trainplan::ui {

// The notes are catalogue entries (services::PlanViewText), in the GUI's language.
ResolvedScenario resolveProfile(const model::Scenario& s, const ProfileLookup& lookup,
                                const PriceSource& prices) {
    ResolvedScenario out{s, {}};
    if (prices) sim::applyPriceTable(out.scenario.cluster.gpu, prices());
    if (!s.efficiency.profile) return out;
    const QString name = QString::fromStdString(*s.efficiency.profile);
    QString error = winText(services::WindowText::NoLibraryOpen);
    const std::optional<nlohmann::json> parameters =
        lookup ? lookup(*s.efficiency.profile, error) : std::nullopt;
    if (!parameters) {
        out.profileNote =
            viewText(services::PlanViewText::ProfileNotApplied, {qArg(name), qArg(error)});
        return out;
    }
    QStringList problems;
    for (const auto& issue :
         sim::applyCalibrationProfile(out.scenario.efficiency, *s.efficiency.profile, *parameters))
        problems << QString::fromStdString(issue.text(advisorLanguage()));
    out.profileNote = problems.isEmpty()
                          ? viewText(services::PlanViewText::ProfileApplied, {qArg(name)})
                          : viewText(services::PlanViewText::ProfilePartlyApplied,
                                     {qArg(name), qArg(problems.join(QStringLiteral("; ")))});
    return out;
}

} // namespace trainplan::ui
