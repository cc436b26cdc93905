#include <trainplan/model/io/import_issue.h>
#include <trainplan/model/io/import_text.h>
#include <trainplan/model/io/imported_fields.h>

#include <algorithm>

namespace trainplan::model::io {

std::string_view toString(Severity s) {
    return severityWord(s, Lang::En);
}

std::string_view severityWord(Severity s, Lang lang) {
    const bool zh = lang == Lang::ZhCN;
    switch (s) {
    case Severity::Error:
        return zh ? "错误" : "error";
    case Severity::Warning:
        return zh ? "警告" : "warning";
    case Severity::Note:
        return zh ? "提示" : "note";
    }
    return zh ? "错误" : "error";
}

ImportText ImportText::verbatim(std::string text) {
    return ImportText(ImportTextId::Verbatim, {std::move(text)});
}

std::string ImportText::render(Lang lang) const {
    return renderImportText(*this, lang);
}

ImportText keyWithNote(std::string key, ImportText note) {
    if (note.empty()) return ImportText::verbatim(std::move(key));
    return ImportText(ImportTextId::KeyWithNote, {std::move(key)}, {std::move(note)});
}

ImportIssue::ImportIssue(Severity severity, std::string file, std::string key, ImportText what)
    : severity(severity)
    , file(std::move(file))
    , key(std::move(key))
    , what(std::move(what))
    , message(this->what.render(Lang::En)) {}

ImportIssue ImportIssue::fromValidation(Severity severity, std::string file, ValidationIssue v,
                                        ImportText frame) {
    ImportIssue i;
    i.severity = severity;
    i.file = std::move(file);
    i.key = v.path;
    i.what = std::move(frame);
    i.validation = std::move(v);
    i.message = i.render(Lang::En);
    return i;
}

ImportIssue ImportIssue::atLine(Severity severity, std::string file, long long line,
                                ImportText what) {
    return withKey(severity, std::move(file), ImportText(ImportTextId::KeyLine, {line}),
                   std::move(what));
}

ImportIssue ImportIssue::withKey(Severity severity, std::string file, ImportText key,
                                 ImportText what) {
    ImportIssue i(severity, std::move(file), key.render(Lang::En), std::move(what));
    i.keyText = std::move(key);
    return i;
}

std::string ImportIssue::keyIn(Lang lang) const {
    return keyText.empty() ? key : keyText.render(lang);
}

std::string ImportIssue::render(Lang lang) const {
    if (!validation) return what.render(lang);
    if (what.id == ImportTextId::Verbatim) return validation->messageIn(lang);
    ImportText framed = what;
    framed.args.emplace_back(validation->messageIn(lang));
    return framed.render(lang);
}

std::string ImportIssue::messageIn(Lang lang) const {
    return lang == Lang::En ? message : render(lang);
}

std::string ImportIssue::text() const {
    return text(Lang::En);
}

std::string ImportIssue::text(Lang lang) const {
    const std::string_view sep = lang == Lang::ZhCN ? "：" : ": ";
    std::string t(severityWord(severity, lang));
    t += sep;
    if (!file.empty()) (t += file) += sep;
    if (!key.empty()) (t += keyIn(lang)) += sep;
    return t + messageIn(lang);
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
