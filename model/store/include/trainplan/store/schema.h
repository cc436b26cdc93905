#pragma once

#include <trainplan/store/connection.h>
#include <trainplan/store/store_text.h>

#include <cstdint>
#include <string>
#include <vector>

namespace trainplan::store {

// The schema this build writes. History (each step runs in its own transaction and sets
// PRAGMA user_version):
//   v1  catalog_gpus/links/models, scenarios (tags as comma text), scenario_versions,
//       measured_runs (step time, tokens/s/GPU, peak memory, date, notes), comparisons.
//   v2  scenario_tags table (tags split out of scenarios.tags), measured_runs gains source,
//       achieved FLOP/s per GPU, MFU, details (the imported row) and a content fingerprint for
//       de-duplication, calibration_profiles, meta (key/value: the built-in catalog's fingerprint).
//   v3  scenarios.deleted_at: soft delete (a deleted scenario keeps its id, history and links until
//       it is purged).
//   v4  every table STRICT: each column holds only its declared type (the text 'NaN' passed
//       `CHECK (step_time_s > 0)`), and measurements are finite. A stored measurement that is not
//       a finite number moves to its run's details (values_refused_by_schema_v4).
//   v5  gpu_prices: the user's GPU price table (STRICT), which overrides the catalog's defaults.
inline constexpr int kSchemaVersion = 5;

// PRAGMA application_id of a TrainPlan database: "TPLN".
inline constexpr std::int32_t kApplicationId = 0x54504C4E;

// Brings the schema from its user_version up to `targetVersion` (never down), one transaction per
// step; a step another process already applied is skipped. An empty database (version 0) gets
// every step in one exclusive transaction. Returns the version found at the start. `notes`, when
// given, receives what a step changed that the user should know (one message each). The
// database must be empty (version 0) or a TrainPlan database, and no transaction open.
int migrateSchema(Connection& connection, int targetVersion = kSchemaVersion,
                  std::vector<StoreMessage>* notes = nullptr);

} // namespace trainplan::store
