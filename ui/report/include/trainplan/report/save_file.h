#pragma once

// Qt's side of model::writeFileAtomically, for the report writers and the GUI's save paths.

#include <trainplan/simulator/advice_text.h>

#include <QByteArray>
#include <QString>

namespace trainplan::report {

// Writes bytes to path atomically (temporary file, fsync, rename; symlinks followed, FIFOs and
// devices refused, the old file unchanged on failure). On failure returns false and sets *error
// to the reason naming the file, and *reason to the same without the file name, both in `lang`
// (model::WriteError's catalogue entry; the system's error string stays as the OS words it).
bool saveFile(const QString& path, const QByteArray& bytes, QString* error,
              QString* reason = nullptr, sim::Lang lang = sim::Lang::En);

// saveFile for the report's writers: *error names the file and says, in `lang`, that it could not
// be written, with the reason in `lang`.
bool saveReportFile(const QString& path, const QByteArray& bytes, sim::Lang lang, QString* error);

} // namespace trainplan::report
