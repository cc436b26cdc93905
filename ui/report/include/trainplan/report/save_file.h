#pragma once

// Qt's side of model::writeFileAtomically, for the report writers and the GUI's save paths.

#include <trainplan/simulator/advice_text.h>

#include <QByteArray>
#include <QString>

namespace trainplan::report {

// Writes bytes to path atomically (temporary file, fsync, rename; symlinks followed, FIFOs and
// devices refused, the old file unchanged on failure). On failure returns false and sets *error
// to the reason naming the file, and *reason to the same without the file name.
bool saveFile(const QString& path, const QByteArray& bytes, QString* error,
              QString* reason = nullptr);

// saveFile for the report's writers: *error names the file and says, in `lang`, that it could not
// be written, with the reason (model::WriteError's, which is English only).
bool saveReportFile(const QString& path, const QByteArray& bytes, sim::Lang lang, QString* error);

} // namespace trainplan::report
