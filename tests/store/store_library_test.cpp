// The whole library as one "trainplan.library.v1" JSON document: export, import into another
// database, merge without losing anything, refuse conflicts atomically.

#include "store_test_support.h"

#include <trainplan/store/run_import.h>

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using store::CatalogKind;
using store::StoreErrorKind;
using Ordered = nlohmann::ordered_json;

void populate(store::Store& s) {
    nlohmann::json gpu = model::toJson(*builtinCatalog().findGpu("A100-SXM4-80GB"));
    gpu["name"] = "Lab-A100";
    gpu["source"] = "lab measurements";
    s.putCatalogEntry(CatalogKind::Gpu, gpu);
    store::SaveScenarioOptions tagged;
    tagged.tags = std::vector<std::string>{"lab", "small"};
    nlohmann::json lab = scenarioJson("lab", "v1");
    lab["cluster"]["gpu"] = "Lab-A100";
    s.saveScenario(lab, tagged);
    lab["description"] = "v2";
    s.saveScenario(lab);
    s.saveScenario(scenarioJson("plain"));
    store::NewMeasuredRun r;
    r.scenarioName = "lab";
    r.stepSeconds = 4.25;
    r.measuredOn = "2025-03-01";
    r.details = {{"job", 1234}};
    s.addRun(r);
    s.saveComparison("frameworks", std::string("lab"), {{"best", "fsdp"}});
    s.saveCalibrationProfile("lab-fit", {{"gemm_efficiency", 0.6}}, "first fit");
}

// The library without the parts that legitimately differ between two databases.
Ordered comparable(Ordered lib) {
    lib.erase("exported_at");
    for (auto& r : lib["runs"])
        r.erase("created_at");
    return lib;
}

TEST(storeLibrary, ExportStartsWithItsSchemaAndLeavesBuiltinsOut) {
    store::Store s = memoryStore();
    populate(s);
    const Ordered lib = s.exportLibrary();
    EXPECT_EQ(lib.begin().key(), "schema");
    EXPECT_EQ(lib["schema"], store::kLibrarySchema);
    EXPECT_EQ(lib["catalog"]["gpus"].size(), 1u);
    EXPECT_EQ(lib["catalog"]["links"].size(), 0u);
    EXPECT_EQ(lib["scenarios"].size(), 2u);
    EXPECT_EQ(lib["scenarios"][0]["name"], "lab");
    EXPECT_EQ(lib["scenarios"][0]["versions"].size(), 2u);
    EXPECT_EQ(lib["scenarios"][0]["tags"], Ordered::array({"lab", "small"}));
    EXPECT_EQ(lib["scenarios"][0]["versions"][0]["body"].begin().key(), "schema")
        << "bodies keep their key order";
    EXPECT_EQ(lib["runs"].size(), 1u);
    EXPECT_EQ(lib["comparisons"].size(), 1u);
    EXPECT_EQ(lib["calibration_profiles"].size(), 1u);
}

TEST(storeLibrary, RoundTripIntoAnotherDatabase) {
    TempDir dir;
    store::Store a = openTestStore(dir / "a.db");
    populate(a);
    const Ordered exported = a.exportLibrary();

    store::Store b = openTestStore(dir / "b.db");
    const auto summary = b.importLibrary(Ordered::parse(exported.dump(2)));
    EXPECT_EQ(summary.catalog.added, 1u);
    EXPECT_EQ(summary.scenarios.added, 2u);
    EXPECT_EQ(summary.versions.added, 3u);
    EXPECT_EQ(summary.runs.added, 1u);
    EXPECT_EQ(summary.comparisons.added, 1u);
    EXPECT_EQ(summary.calibrationProfiles.added, 1u);
    EXPECT_EQ(comparable(b.exportLibrary()), comparable(exported));
    EXPECT_EQ(b.runs()[0].scenarioId, b.scenario("lab").id);
    EXPECT_EQ(b.scenario("lab").createdAt, a.scenario("lab").createdAt)
        << "times travel with the library";
}

TEST(storeLibrary, ImportingTwiceChangesNothing) {
    store::Store a = memoryStore();
    populate(a);
    const Ordered lib = a.exportLibrary();
    const auto summary = a.importLibrary(lib);
    EXPECT_EQ(summary.catalog.added + summary.scenarios.added + summary.versions.added +
                  summary.runs.added + summary.comparisons.added +
                  summary.calibrationProfiles.added,
              0u);
    EXPECT_EQ(summary.versions.skipped, 3u);
    EXPECT_EQ(summary.runs.skipped, 1u);
    EXPECT_EQ(comparable(a.exportLibrary()), comparable(lib));
}

TEST(storeLibrary, AnExistingScenarioGetsTheMissingVersionsAppended) {
    store::Store a = memoryStore();
    a.saveScenario(scenarioJson("shared", "from a, 1"));
    a.saveScenario(scenarioJson("shared", "from a, 2"));
    store::Store b = memoryStore();
    b.saveScenario(scenarioJson("shared", "from b"));
    b.saveScenario(scenarioJson("shared", "from a, 1"));

    const auto summary = b.importLibrary(a.exportLibrary());
    EXPECT_EQ(summary.scenarios.skipped, 1u);
    EXPECT_EQ(summary.versions.added, 1u);
    EXPECT_EQ(summary.versions.skipped, 1u);
    const auto history = b.history("shared");
    ASSERT_EQ(history.size(), 3u);
    EXPECT_EQ(nlohmann::json::parse(history[0].body)["description"], "from b");
    EXPECT_EQ(nlohmann::json::parse(history[2].body)["description"], "from a, 2");
    EXPECT_EQ(storedBody(b, "shared")["description"], "from a, 2");
}

TEST(storeLibrary, ConflictsAbortTheWholeImport) {
    store::Store a = memoryStore();
    populate(a);
    store::Store b = memoryStore();
    nlohmann::json gpu = model::toJson(*builtinCatalog().findGpu("A100-SXM4-80GB"));
    gpu["name"] = "Lab-A100";
    gpu["tdp_w"] = 123; // same name, different numbers
    b.putCatalogEntry(CatalogKind::Gpu, gpu);
    b.saveCalibrationProfile("lab-fit", {{"gemm_efficiency", 0.9}});
    const auto e = storeErrorOf([&] { (void)b.importLibrary(a.exportLibrary()); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Conflict);
    ASSERT_EQ(e.issues().size(), 2u);
    EXPECT_EQ(e.issues()[0].path, "catalog.gpus[0]");
    EXPECT_EQ(e.issues()[1].path, "calibration_profiles[0]");
    EXPECT_TRUE(b.scenarios().empty()) << "nothing of the file was imported";
    EXPECT_TRUE(b.runs().empty());
    EXPECT_EQ(b.catalog().findGpu("Lab-A100")->tdpWatts, 123);
}

TEST(storeLibrary, MalformedLibrariesAreRejectedWithPaths) {
    store::Store s = memoryStore();
    EXPECT_EQ(storeErrorOf([&] { (void)s.importLibrary(Ordered::array()); }).kind(),
              StoreErrorKind::Invalid);
    Ordered lib = memoryStore().exportLibrary();
    lib["schema"] = "trainplan.library.v9";
    lib["extra"] = true;
    lib["scenarios"] = Ordered::array({{{"name", "x"}, {"versions", Ordered::array()}}});
    lib["runs"] = Ordered::array({{{"scenario", "x"}}});
    const auto e = storeErrorOf([&] { (void)s.importLibrary(lib); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    std::vector<std::string> paths;
    for (const auto& i : e.issues())
        paths.push_back(i.path);
    EXPECT_EQ(paths, (std::vector<std::string>{"library.extra", "schema", "scenarios[0].versions",
                                               "runs[0]"}));
}

TEST(storeLibrary, AnInvalidScenarioInTheFileIsRejectedWithTheValidatorsMessages) {
    store::Store a = memoryStore();
    a.saveScenario(scenarioJson("ok"));
    Ordered lib = a.exportLibrary();
    lib["scenarios"][0]["versions"][0]["body"]["cluster"]["gpu"] = "No-Such-GPU";
    store::Store b = memoryStore();
    const auto e = storeErrorOf([&] { (void)b.importLibrary(lib); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    ASSERT_FALSE(e.issues().empty());
    EXPECT_EQ(e.issues()[0].path, "scenarios[0].versions[0].body.cluster.gpu");
    EXPECT_TRUE(b.scenarios().empty());
}

TEST(storeLibrary, PublishedRunsSurviveTheRoundTrip) {
    store::Store a = memoryStore();
    const auto load = model::loadPublishedRuns(fs::path(TRAINPLAN_TEST_DATA_DIR) / "reference" /
                                               "published_runs.csv");
    a.importRuns(store::measuredRunsFromPublished(load.runs));
    store::Store b = memoryStore();
    EXPECT_EQ(b.importLibrary(Ordered::parse(a.exportLibrary().dump())).runs.added,
              load.runs.size());
    EXPECT_EQ(b.importLibrary(a.exportLibrary()).runs.skipped, load.runs.size());
}

} // namespace
} // namespace trainplan::test
