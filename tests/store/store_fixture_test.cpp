// Writes tests/fixtures/store/trainplan-v1.db: a database as TrainPlan's schema v1 left it, made by
// the real v1 migration step (migrateSchema(..., 1)) and filled with the rows v1 wrote; and
// trainplan-v2.db: that file taken to v2 by the real v2 step, plus what v2 added (tags, a
// calibration profile, runs with the v2 columns); and trainplan-v3.db: that file taken to v3 by the
// real v3 step, plus a soft-deleted scenario with its tag and run. Disabled: they regenerate
// checked-in files. Run them on purpose (in order: each starts from the one before) with
//   build/default/tests/store/store_tests --gtest_also_run_disabled_tests
//       --gtest_filter='storeFixture.DISABLED_GenerateV1:storeFixture.DISABLED_GenerateV2:storeFixture.DISABLED_GenerateV3'
// The migration tests (store_migration_test.cpp) open copies of these files.

#include "store_test_support.h"

#include <trainplan/store/schema.h>

// The store's own run fingerprint, so the v2 fixture's run is stored as v2 stored it.
#include "../../model/store/src/run_json.h"

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using store::Connection;
using store::OpenMode;

void insertCatalog(Connection& c, const char* table, const nlohmann::json& body, bool builtin) {
    auto q = c.cached(std::string("INSERT INTO ") + table +
                      " (name, builtin, source, body) VALUES (?1, ?2, ?3, ?4)");
    q->bindAll(body.at("name").get<std::string>(), builtin ? 1 : 0,
               body.value("source", std::string()), body.dump())
        .run();
}

std::int64_t insertScenario(Connection& c, const std::string& name, const std::string& tags,
                            const std::vector<nlohmann::json>& versions) {
    auto q = c.cached(
        "INSERT INTO scenarios (name, tags, body, created_at, updated_at) VALUES (?1, ?2, ?3, "
        "'2025-01-10T09:00:00.000Z', '2025-01-12T15:30:00.000Z')");
    q->bindAll(name, tags, versions.back().dump(2)).run();
    const std::int64_t id = c.lastInsertRowId();
    for (std::size_t i = 0; i < versions.size(); ++i) {
        auto v = c.cached("INSERT INTO scenario_versions (scenario_id, version, body, saved_at) "
                          "VALUES (?1, ?2, ?3, ?4)");
        v->bindAll(id, static_cast<int>(i + 1), versions[i].dump(2),
                   "2025-01-1" + std::to_string(i) + "T09:00:00.000Z")
            .run();
    }
    return id;
}

TEST(storeFixture, DISABLED_GenerateV1) {
    const fs::path target = fs::path(TRAINPLAN_TEST_FIXTURES_DIR) / "store" / "trainplan-v1.db";
    fs::create_directories(target.parent_path());
    fs::remove(target);
    {
        Connection c =
            Connection::open(target.string(), OpenMode::ReadWrite, std::chrono::milliseconds(1000));
        c.exec("PRAGMA foreign_keys = ON");
        ASSERT_EQ(store::migrateSchema(c, 1), 0);
        store::Transaction tx(c);

        // Built-ins as v1 seeded them, and one user GPU.
        for (const auto& g : builtinCatalog().gpus)
            insertCatalog(c, "catalog_gpus", model::toJson(g), true);
        for (const auto& l : builtinCatalog().links)
            insertCatalog(c, "catalog_links", model::toJson(l), true);
        for (const auto& m : builtinCatalog().models)
            insertCatalog(c, "catalog_models", model::toJson(m), true);
        nlohmann::json userGpu = model::toJson(*builtinCatalog().findGpu("A100-SXM4-80GB"));
        userGpu["name"] = "Lab-A100-SXM4-80GB";
        userGpu["tdp_w"] = 350;
        userGpu["source"] = "our lab's power-capped A100s (measured 2025-01)";
        insertCatalog(c, "catalog_gpus", userGpu, false);

        // Two scenarios; v1 kept tags as comma-separated text.
        const std::int64_t llama = insertScenario(c, "llama2-7b-pcie", " small, pcie ,,baseline",
                                                  {scenarioJson("llama2-7b-pcie", "first try"),
                                                   scenarioJson("llama2-7b-pcie", "bigger batch")});
        nlohmann::json lab = scenarioJson("lab-a100", "on the lab's own GPUs");
        lab["cluster"]["gpu"] = "Lab-A100-SXM4-80GB";
        insertScenario(c, "lab-a100", "", {lab});

        // Measured runs: two identical ones (v2's fingerprint keeps one of them unique), one
        // unlinked.
        for (int i = 0; i < 2; ++i) {
            auto q = c.cached(
                "INSERT INTO measured_runs (scenario_id, scenario_name, plan, step_time_s, "
                "tokens_per_s_per_gpu, peak_memory_bytes, measured_on, notes, created_at) VALUES "
                "(?1, 'llama2-7b-pcie', ?2, 9.5, 1720, 6.4e10, '2025-01-11', 'nightly', "
                "'2025-01-11T22:00:00.000Z')");
            q->bindAll(llama, scenarioJson("x")["plans"][0].dump()).run();
        }
        auto q = c.cached(
            "INSERT INTO measured_runs (scenario_id, scenario_name, step_time_s, notes, "
            "created_at) "
            "VALUES (NULL, 'deleted-scenario', 3.25, 'kept after its scenario was deleted', "
            "'2025-01-05T08:00:00.000Z')");
        q->run();
        auto cmp = c.cached(
            "INSERT INTO comparisons (name, scenario_id, scenario_name, body, created_at) VALUES "
            "('frameworks', ?1, 'llama2-7b-pcie', ?2, '2025-01-12T16:00:00.000Z')");
        cmp->bindAll(
               llama,
               nlohmann::json{{"best", "fsdp"}, {"step_s", {{"ddp", 11.2}, {"fsdp", 9.8}}}}.dump())
            .run();
        tx.commit();
        // One self-contained file (no -wal/-shm), compact.
        c.exec("PRAGMA journal_mode = DELETE");
        c.exec("VACUUM");
    }
    Connection check =
        Connection::open(target.string(), OpenMode::ReadOnly, std::chrono::milliseconds(1000));
    EXPECT_EQ(check.queryInt("PRAGMA user_version"), 1);
    EXPECT_EQ(check.queryInt("PRAGMA application_id"), store::kApplicationId);
}

TEST(storeFixture, DISABLED_GenerateV2) {
    const fs::path dir = fs::path(TRAINPLAN_TEST_FIXTURES_DIR) / "store";
    const fs::path target = dir / "trainplan-v2.db";
    fs::remove(target);
    fs::copy_file(dir / "trainplan-v1.db", target);
    {
        Connection c =
            Connection::open(target.string(), OpenMode::ReadWrite, std::chrono::milliseconds(1000));
        c.exec("PRAGMA foreign_keys = ON");
        ASSERT_EQ(store::migrateSchema(c, 2), 1);
        store::Transaction tx(c);
        const std::int64_t llama =
            *c.queryInt("SELECT id FROM scenarios WHERE name = 'llama2-7b-pcie'");
        // A third version and one more tag, as v2 saved them.
        auto v = c.cached("INSERT INTO scenario_versions (scenario_id, version, body, saved_at) "
                          "VALUES (?1, 3, ?2, '2025-02-03T10:00:00.000Z')");
        v->bindAll(llama, scenarioJson("llama2-7b-pcie", "v2 era").dump(2)).run();
        auto body = c.cached("UPDATE scenarios SET body = ?2, updated_at = "
                             "'2025-02-03T10:00:00.000Z' WHERE id = ?1");
        body->bindAll(llama, scenarioJson("llama2-7b-pcie", "v2 era").dump(2)).run();
        auto tag = c.cached("INSERT INTO scenario_tags (scenario_id, tag) VALUES (?1, 'v2')");
        tag->bindAll(llama).run();
        // A run with the v2 measurements (source, achieved FLOP/s, MFU, details), linked.
        store::NewMeasuredRun measured;
        measured.scenarioName = "llama2-7b-pcie";
        measured.stepSeconds = 8.75;
        measured.flopsPerSecondPerGpu = 1.2e14;
        measured.mfu = 0.385;
        measured.measuredOn = "2025-02-02";
        measured.notes = "after the NCCL upgrade";
        measured.source = "our cluster";
        measured.details = {{"job", "4711"}};
        auto run =
            c.cached("INSERT INTO measured_runs (scenario_id, scenario_name, step_time_s, "
                     "flops_per_s_per_gpu, mfu, measured_on, notes, source, details, fingerprint, "
                     "created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, "
                     "'2025-02-02T20:00:00.000Z')");
        run->bindAll(llama, measured.scenarioName, *measured.stepSeconds,
                     *measured.flopsPerSecondPerGpu, *measured.mfu, *measured.measuredOn,
                     measured.notes, measured.source, measured.details.dump(),
                     store::detail::runFingerprint(measured))
            .run();
        c.exec("INSERT INTO calibration_profiles (name, parameters, notes, created_at, updated_at) "
               "VALUES ('lab-a100', '{\"gemm_efficiency\": 0.62}', 'fitted on 3 runs', "
               "'2025-02-04T09:00:00.000Z', '2025-02-04T09:00:00.000Z')");
        tx.commit();
        c.exec("PRAGMA journal_mode = DELETE");
        c.exec("VACUUM");
    }
    Connection check =
        Connection::open(target.string(), OpenMode::ReadOnly, std::chrono::milliseconds(1000));
    EXPECT_EQ(check.queryInt("PRAGMA user_version"), 2);
    EXPECT_EQ(check.queryInt("SELECT count(*) FROM scenario_versions"), 4);
}

TEST(storeFixture, DISABLED_GenerateV3) {
    const fs::path dir = fs::path(TRAINPLAN_TEST_FIXTURES_DIR) / "store";
    const fs::path target = dir / "trainplan-v3.db";
    fs::remove(target);
    fs::copy_file(dir / "trainplan-v2.db", target);
    {
        Connection c =
            Connection::open(target.string(), OpenMode::ReadWrite, std::chrono::milliseconds(1000));
        c.exec("PRAGMA foreign_keys = ON");
        ASSERT_EQ(store::migrateSchema(c, 3), 2);
        store::Transaction tx(c);
        // A scenario deleted in the v3 era (soft: row, version, tag and run kept), not yet purged.
        const std::string body = scenarioJson("retired-h100", "before v4").dump(2);
        auto sc = c.cached("INSERT INTO scenarios (name, body, created_at, updated_at, deleted_at) "
                           "VALUES ('retired-h100', ?1, '2025-02-10T09:00:00.000Z', "
                           "'2025-02-10T09:00:00.000Z', '2025-03-01T12:00:00.000Z')");
        sc->bindAll(body).run();
        const std::int64_t retired = c.lastInsertRowId();
        auto v = c.cached("INSERT INTO scenario_versions (scenario_id, version, body, saved_at) "
                          "VALUES (?1, 1, ?2, '2025-02-10T09:00:00.000Z')");
        v->bindAll(retired, body).run();
        auto tag = c.cached("INSERT INTO scenario_tags (scenario_id, tag) VALUES (?1, 'old')");
        tag->bindAll(retired).run();
        store::NewMeasuredRun measured;
        measured.scenarioName = "retired-h100";
        measured.stepSeconds = 4.5;
        measured.tokensPerSecondPerGpu = 2900;
        measured.peakMemoryBytes = 7.1e10;
        measured.measuredOn = "2025-02-20";
        measured.notes = "last run before it was retired";
        auto run = c.cached(
            "INSERT INTO measured_runs (scenario_id, scenario_name, step_time_s, "
            "tokens_per_s_per_gpu, peak_memory_bytes, measured_on, notes, fingerprint, "
            "created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, '2025-02-20T21:00:00.000Z')");
        run->bindAll(retired, measured.scenarioName, *measured.stepSeconds,
                     *measured.tokensPerSecondPerGpu, *measured.peakMemoryBytes,
                     *measured.measuredOn, measured.notes, store::detail::runFingerprint(measured))
            .run();
        tx.commit();
        c.exec("PRAGMA journal_mode = DELETE");
        c.exec("VACUUM");
    }
    Connection check =
        Connection::open(target.string(), OpenMode::ReadOnly, std::chrono::milliseconds(1000));
    EXPECT_EQ(check.queryInt("PRAGMA user_version"), 3);
    EXPECT_EQ(check.queryInt("SELECT count(*) FROM scenarios WHERE deleted_at IS NOT NULL"), 1);
    EXPECT_EQ(check.queryInt("SELECT count(*) FROM measured_runs"), 5);
}

} // namespace
// v4 (every table STRICT) as v4 wrote it: the v3 file rebuilt by the real v4 step, with its
// soft-deleted scenario. v5 (the price table) migrates it.
TEST(storeFixture, DISABLED_GenerateV4) {
    const fs::path dir = fs::path(TRAINPLAN_TEST_FIXTURES_DIR) / "store";
    const fs::path target = dir / "trainplan-v4.db";
    fs::remove(target);
    fs::copy_file(dir / "trainplan-v3.db", target);
    {
        Connection c =
            Connection::open(target.string(), OpenMode::ReadWrite, std::chrono::milliseconds(1000));
        c.exec("PRAGMA foreign_keys = ON");
        ASSERT_EQ(store::migrateSchema(c, 4), 3);
        c.exec("PRAGMA journal_mode = DELETE");
        c.exec("VACUUM");
    }
    Connection check =
        Connection::open(target.string(), OpenMode::ReadOnly, std::chrono::milliseconds(1000));
    EXPECT_EQ(check.queryInt("PRAGMA user_version"), 4);
    EXPECT_EQ(check.queryInt("SELECT count(*) FROM scenarios WHERE deleted_at IS NOT NULL"), 1);
    EXPECT_EQ(check.queryInt("SELECT count(*) FROM measured_runs"), 5);
    EXPECT_EQ(check.queryInt("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND "
                             "name = 'gpu_prices'"),
              0);
}

} // namespace trainplan::test
