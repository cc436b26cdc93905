#pragma once

// The one way TrainPlan writes an output file (scenario saves, reports, decks, charts, launch
// files, library exports). Readers and a crash see either the old file or the whole new one:
//   - the bytes go to a new temporary file in the target's directory (so the rename cannot cross
//     a file system), written in full, fsync'ed and closed with every error checked;
//   - the temporary file takes the old file's permissions (a new file: 0666, or 0777 when
//     executable, less the umask), then is renamed over the target and the directory fsync'ed;
//   - on any failure the temporary file is removed and the old file is left byte-identical.
// A symbolic link is followed: its target is replaced, the link stays. A FIFO, device, socket or
// directory at the path is refused before anything is written (writing a FIFO could block
// forever; replacing /dev/full would turn a device node into a regular file).
// Qt-free and POSIX: used by model, the CLI and ui/report alike.

#include <trainplan/model/text_template.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model {

struct AtomicWriteOptions {
    bool executable = false; // a new file gets the execute bits (launch scripts)
};

// Why a write failed: an entry of the write-reason catalogue (issue_text.h), in English and
// Simplified Chinese. Its arguments are paths and the system's error string (strerror, which stays
// as the OS words it).
enum class WriteReason {
    EmptyName,         // cannot write a file with an empty name
    SymlinkUnreadable, // {0} the link, {1} the system's reason
    SymlinkLoop,
    CannotStat, // {0} the system's reason; nothing was written
    IsFifo,
    IsCharDevice,
    IsBlockDevice,
    IsSocket,
    IsDirectory,
    IsNotRegular,
    ReadOnly,           // {0} the system's reason
    TempFailedKept,     // {0} the directory, {1} the system's reason; the old file is unchanged
    TempFailedNew,      // ... no file was written
    TempNamesTakenKept, // {0} the directory
    TempNamesTakenNew,
    WriteFailedKept, // {0} the system's reason
    WriteFailedNew,
    ChmodFailedKept,
    ChmodFailedNew,
    RenameFailedKept,
    RenameFailedNew, // keep last (kWriteReasonCount)
};
inline constexpr int kWriteReasonCount = static_cast<int>(WriteReason::RenameFailedNew) + 1;

// Thrown with a message naming the file and the reason, ending in what became of the old file.
class WriteError : public std::runtime_error {
public:
    WriteError(const std::string& file, WriteReason reason, std::vector<std::string> args = {});
    // The message without the file name, in English, for surfaces that show the file elsewhere.
    [[nodiscard]] const std::string& reason() const { return m_reason; }
    // The same in `lang`.
    [[nodiscard]] std::string reason(Lang lang) const;
    // The file and the reason in `lang` (English: what()).
    [[nodiscard]] std::string message(Lang lang) const;
    [[nodiscard]] const std::string& file() const { return m_file; }
    [[nodiscard]] WriteReason reasonId() const { return m_id; }
    [[nodiscard]] const std::vector<std::string>& reasonArgs() const { return m_args; }

private:
    std::string m_file;
    WriteReason m_id;
    std::vector<std::string> m_args;
    std::string m_reason;
};

// Throws WriteError.
void writeFileAtomically(const std::filesystem::path& file, std::string_view bytes,
                         AtomicWriteOptions options = {});

// Throws the WriteError writeFileAtomically would throw before writing anything (empty name,
// FIFO/device/directory, read-only file), so a command can refuse before rendering for minutes.
void checkWriteTarget(const std::filesystem::path& file);

// The path a write to `file` replaces: `file` itself, or the end of its chain of symbolic links
// (relative links resolved against their own directory). Throws WriteError on a loop.
[[nodiscard]] std::filesystem::path resolveWriteTarget(const std::filesystem::path& file);

} // namespace trainplan::model
