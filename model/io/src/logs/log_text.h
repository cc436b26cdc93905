#pragma once

// Line handling shared by the training-log parsers: ANSI colour codes, carriage-return progress
// bars, rank prefixes added by launchers, numbers with thousands separators.

#include <trainplan/model/io/import_text.h>
#include <trainplan/model/io/training_log.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model::io::logs {

struct LogLine {
    int number = 0;          // 1-based
    std::string text;        // without ANSI escapes, the launcher's rank prefix and trailing space
    std::optional<int> rank; // from a launcher prefix: "[rank3]:", "[default3]:", "3: " (srun -l)
    bool complete = true;    // false for a last line with no newline (the file was cut there)
};

// Splits on '\n'; within a line, text before the last '\r' is a progress bar redrawn over and is
// kept (HF prints its metrics dict right after tqdm's bar). Escape sequences (ESC [ … letter) are
// removed.
[[nodiscard]] std::vector<LogLine> splitLogLines(std::string_view text);

// The number right after `label` (spaces skipped; "3,421" reads 3421; "1.2E-04", "nan" → nullopt).
[[nodiscard]] std::optional<double> numberAfter(std::string_view text, std::string_view label);
// The number starting at text[pos] (spaces skipped); pos is moved past it.
[[nodiscard]] std::optional<double> readNumber(std::string_view text, std::size_t& pos);

[[nodiscard]] bool contains(std::string_view text, std::string_view part);

// The rank a line belongs to: the "[Rank N]" marker of Megatron-LM's memory report and of
// DeepSpeed's log_dist (megatron/training/utils.py, deepspeed/utils/logging.py), else the
// launcher's prefix.
[[nodiscard]] std::optional<int> rankOf(const LogLine& line);

// "line 12: reason"
void skip(ParsedLog& log, const LogLine& line, ImportText reason);
// A table row (line or entry number) that could not be used.
void skipRow(ParsedLog& log, int row, ImportText reason);

// An error naming the file when nothing usable was read.
void requireRecords(ParsedLog& log, ImportTextId looked);

} // namespace trainplan::model::io::logs
