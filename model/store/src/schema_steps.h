#pragma once

// Internal: migration steps written in C++ (schema.cpp lists every step).

#include <trainplan/store/connection.h>
#include <trainplan/store/store_text.h>

#include <string>
#include <vector>

namespace trainplan::store::detail {

// Schema v4: every table rebuilt as a STRICT table, so each column holds only its declared type
// (the text 'NaN' passed `CHECK (step_time_s > 0)`: SQLite orders text after every number), and
// the measurements are finite. Runs with the foreign keys off (it drops and recreates referenced
// tables) inside the step's transaction. A measurement that is not a number is kept in its run's
// details and the column emptied, one message in `notes` per value; any other value the new types
// refuse fails the step, naming the table, the row, the column and the value.
void makeTablesStrict(Connection& connection, std::vector<StoreMessage>& notes);

} // namespace trainplan::store::detail
