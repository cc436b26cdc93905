#include <trainplan/model/io/import_issue.h>
#include <trainplan/model/io/imported_fields.h>

#include <algorithm>

namespace trainplan::model::io {

std::string_view toString(Severity s) {
    switch (s) {
    case Severity::Error:
        return "error";
    case Severity::Warning:
        return "warning";
    case Severity::Note:
        return "note";
    }
    return "error";
}

std::string ImportIssue::text() const {
    std::string t(toString(severity));
    t += ": ";
    if (!file.empty()) t += file + ": ";
    if (!key.empty()) t += key + ": ";
    return t + message;
}

bool hasErrors(const ImportIssues& issues) {
    return std::any_of(issues.begin(), issues.end(),
                       [](const ImportIssue& i) { return i.severity == Severity::Error; });
}

std::size_t countSeverity(const ImportIssues& issues, Severity s) {
    return static_cast<std::size_t>(std::count_if(
        issues.begin(), issues.end(), [s](const ImportIssue& i) { return i.severity == s; }));
}

std::string_view toString(FileKind k) {
    switch (k) {
    case FileKind::HfConfig:
        return "Hugging Face config";
    case FileKind::DeepSpeedConfig:
        return "DeepSpeed config";
    case FileKind::MegatronArgs:
        return "Megatron-LM launch";
    case FileKind::Launcher:
        return "torchrun/Slurm launch";
    case FileKind::Scenario:
        return "TrainPlan scenario";
    case FileKind::Unknown:
        return "unrecognised";
    }
    return "unrecognised";
}

} // namespace trainplan::model::io
