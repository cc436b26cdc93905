#pragma once

// Import messages name no command-line flag: the GUI has none. An issue that naming a catalog
// model would resolve (a missing architecture field, an unknown tokenizer) is recognised here, so
// the CLI can add its own remedy ("or pass --model NAME").

#include <trainplan/model/io/import_issue.h>

#include <string_view>

namespace trainplan::model::io {

// The wording of those issues (hf_config.cpp, import_files.cpp), in one place.
inline constexpr std::string_view kNotGivenByAnyFile =
    "is not given by any imported file (import the model's config.json or a scenario with the "
    "other files)";
inline constexpr std::string_view kNoCatalogTokenizer =
    "matches no catalog model: import its config.json for the vocabulary";

[[nodiscard]] inline bool catalogModelWouldHelp(const ImportIssue& i) {
    return i.message == kNotGivenByAnyFile ||
           (i.message.size() >= kNoCatalogTokenizer.size() &&
            i.message.compare(i.message.size() - kNoCatalogTokenizer.size(),
                              kNoCatalogTokenizer.size(), kNoCatalogTokenizer) == 0);
}

} // namespace trainplan::model::io
