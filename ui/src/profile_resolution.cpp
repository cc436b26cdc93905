#include <trainplan/ui/profile_resolution.h>

#include <trainplan/simulator/calibration_profile.h>
#include <trainplan/simulator/pricing.h>

#include <QCoreApplication>
#include <QStringList>

namespace trainplan::ui {

// The notes keep the translation context they had in PlannerController (lupdate reads these
// QCoreApplication::translate calls).
ResolvedScenario resolveProfile(const model::Scenario& s, const ProfileLookup& lookup,
                                const PriceSource& prices) {
    ResolvedScenario out{s, {}};
    if (prices) sim::applyPriceTable(out.scenario.cluster.gpu, prices());
    if (!s.efficiency.profile) return out;
    const QString name = QString::fromStdString(*s.efficiency.profile);
    QString error =
        QCoreApplication::translate("trainplan::ui::PlannerController", "no library is open");
    const std::optional<nlohmann::json> parameters =
        lookup ? lookup(*s.efficiency.profile, error) : std::nullopt;
    if (!parameters) {
        out.profileNote = QCoreApplication::translate(
                              "trainplan::ui::PlannerController",
                              "calibration profile “%1” not applied (%2): default efficiency")
                              .arg(name, error);
        return out;
    }
    QStringList problems;
    for (const auto& issue :
         sim::applyCalibrationProfile(out.scenario.efficiency, *s.efficiency.profile, *parameters))
        problems << QString::fromStdString(issue.text());
    out.profileNote =
        problems.isEmpty()
            ? QCoreApplication::translate("trainplan::ui::PlannerController",
                                          "calibration profile “%1”")
                  .arg(name)
            : QCoreApplication::translate("trainplan::ui::PlannerController",
                                          "calibration profile “%1”, partly applied: %2")
                  .arg(name, problems.join(QStringLiteral("; ")));
    return out;
}

} // namespace trainplan::ui
