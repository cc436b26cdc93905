#pragma once

// Internal: merging what each imported file gives (split out of import_files.cpp). A value replaces
// another by origin (explicit beats a tool default, which beats a given scenario, which beats a
// guess), each replacement reported; two different values of the same origin contradict.

#include <trainplan/model/io/imported_fields.h>
#include <trainplan/model/scenario.h>

#include <string>

namespace trainplan::model::io::detail {

// Merges every field `f` gives into `m`, reporting each replacement and contradiction in `issues`.
void mergeInto(ImportedFields& m, const ImportedFields& f, ImportIssues& issues);

// A scenario's model, training and cluster as fields of origin Base, from `file`.
[[nodiscard]] ImportedFields fromScenario(const Scenario& s, const std::string& file);

} // namespace trainplan::model::io::detail
