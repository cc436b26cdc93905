#pragma once

// Import messages name no command-line flag: the GUI has none. An issue that naming a catalog
// model would resolve (a missing architecture field, an unknown tokenizer) is recognised here, so
// the CLI can add its own remedy ("or pass --model NAME").

#include <trainplan/model/io/import_issue.h>
#include <trainplan/model/io/import_text.h>

namespace trainplan::model::io {

// Those issues are the catalogue's NotGivenByAnyFile (hf_config.cpp) and NoCatalogTokenizer
// (import_files.cpp).
[[nodiscard]] inline bool catalogModelWouldHelp(const ImportIssue& i) {
    return !i.validation && (i.id() == ImportTextId::NotGivenByAnyFile ||
                             i.id() == ImportTextId::NoCatalogTokenizer);
}

} // namespace trainplan::model::io
