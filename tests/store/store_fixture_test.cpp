// Writes tests/fixtures/store/trainplan-v1.db: a database as TrainPlan's schema v1 left it, made by
// the real v1 migration step (migrateSchema(..., 1)) and filled with the rows v1 wrote. Disabled:
// it regenerates a checked-in file. Run it on purpose with
//   build/default/tests/store/store_tests --gtest_also_run_disabled_tests
//       --gtest_filter='storeFixture.DISABLED_GenerateV1'
// The migration tests (store_migration_test.cpp) open copies of that file.

#include "store_test_support.h"

#include <trainplan/store/schema.h>

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

} // namespace
} // namespace trainplan::test
