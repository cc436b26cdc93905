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

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace trainplan::model {

struct AtomicWriteOptions {
    bool executable = false; // a new file gets the execute bits (launch scripts)
};

// Thrown with a message naming the file and the reason, ending in what became of the old file.
class WriteError : public std::runtime_error {
public:
    WriteError(const std::string& file, const std::string& reason)
        : std::runtime_error(file.empty() ? reason : file + ": " + reason)
        , m_reason(reason) {}
    // The message without the file name, for surfaces that show the file elsewhere.
    [[nodiscard]] const std::string& reason() const { return m_reason; }

private:
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
