#include <trainplan/model/validation_issue.h>

#include <trainplan/model/issue_text.h>

namespace trainplan::model {

ValidationIssue::ValidationIssue(std::string path, IssueId id, std::vector<IssueArg> args)
    : path(std::move(path))
    , id(id)
    , args(std::move(args))
    , message(messageIn(Lang::En)) {}

std::string ValidationIssue::messageIn(Lang lang) const {
    std::string text = renderIssue(id, args, lang);
    return file.empty() ? text : file + (lang == Lang::ZhCN ? "：" : ": ") + text;
}

std::string ValidationIssue::text(Lang lang) const {
    const std::string m = messageIn(lang);
    return path.empty() ? m : path + (lang == Lang::ZhCN ? "：" : ": ") + m;
}

void ValidationIssue::setFile(std::string name) {
    file = std::move(name);
    message = messageIn(Lang::En);
}

} // namespace trainplan::model
