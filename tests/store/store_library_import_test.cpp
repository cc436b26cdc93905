// `library import` checks everything it would store, all or nothing (issue 22 item 4): every
// version of every scenario, not only the newest, and every measured run's plan.

#include "store_test_support.h"

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using store::StoreErrorKind;
using Ordered = nlohmann::ordered_json;

Ordered twoVersionLibrary() {
    store::Store a = memoryStore();
    a.saveScenario(scenarioJson("lab", "v1"));
    a.saveScenario(scenarioJson("lab", "v2"));
    return a.exportLibrary();
}

bool hasIssue(const store::StoreError& e, const std::string& path, const std::string& message) {
    for (const auto& i : e.issues())
        if (i.path == path && i.message.find(message) != std::string::npos) return true;
    return false;
}

TEST(storeLibraryImport, AnInvalidOlderVersionIsRefusedAndNothingIsImported) {
    Ordered lib = twoVersionLibrary();
    ASSERT_EQ(lib["scenarios"][0]["versions"].size(), 2u);
    lib["scenarios"][0]["versions"][0]["body"]["cluster"]["nodes"] = 0;
    store::Store b = memoryStore();
    const auto e = storeErrorOf([&] { (void)b.importLibrary(lib); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    EXPECT_TRUE(hasIssue(e, "scenarios[0].versions[0].body.cluster.nodes", "")) << e.what();
    EXPECT_TRUE(b.scenarios().empty()) << "all or nothing";
}

TEST(storeLibraryImport, AnEditedOlderVersionNeverBecomesCurrent) {
    const Ordered lib = twoVersionLibrary();
    store::Store b = memoryStore();
    (void)b.importLibrary(lib);
    Ordered edited = lib;
    edited["scenarios"][0]["versions"][0]["body"]["description"] = "v1, edited in the file";
    const auto e = storeErrorOf([&] { (void)b.importLibrary(edited); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Conflict);
    EXPECT_NE(std::string(e.what()).find("scenarios[0].versions[0]"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("would make an older version current"),
              std::string::npos)
        << e.what();
    EXPECT_EQ(b.history("lab").size(), 2u);
    EXPECT_EQ(storedBody(b, "lab")["description"], "v2");
}

TEST(storeLibraryImport, ARunWhosePlanHasANegativeDegreeIsRefused) {
    store::Store a = memoryStore();
    a.saveScenario(scenarioJson("lab"));
    store::NewMeasuredRun r;
    r.scenarioName = "lab";
    r.stepSeconds = 2.0;
    r.plan = nlohmann::json{{"framework", "fsdp"}, {"dp", 8}};
    a.addRun(r);
    Ordered lib = a.exportLibrary();
    lib["runs"][0]["plan"]["tp"] = -1;
    store::Store b = memoryStore();
    const auto e = storeErrorOf([&] { (void)b.importLibrary(lib); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    EXPECT_TRUE(hasIssue(e, "runs[0].plan.tp", "")) << e.what();
    EXPECT_TRUE(b.scenarios().empty());
    EXPECT_TRUE(b.runs().empty());

    // The same check guards a run saved directly.
    r.plan = nlohmann::json{{"framework", "fsdp"}, {"tp", -1}};
    const auto direct = storeErrorOf([&] { (void)a.addRun(r); });
    EXPECT_TRUE(hasIssue(direct, "run.plan.tp", "")) << direct.what();
}

TEST(storeLibraryImport, APublishedRunsPlanWithoutAFrameworkIsStillAccepted) {
    store::Store a = memoryStore();
    a.saveScenario(scenarioJson("lab"));
    store::NewMeasuredRun r;
    r.scenarioName = "lab";
    r.stepSeconds = 2.0;
    r.plan = nlohmann::json{{"tp", 8}, {"pp", 2}};
    EXPECT_NO_THROW((void)a.addRun(r));
}

// Issue 22 item 16: one stored run with a Latin-1 byte broke `runs list --format json`.
TEST(storeLibraryImport, ARunWhoseNotesAreNotUtf8IsRefusedNamingTheField) {
    store::Store a = memoryStore();
    a.saveScenario(scenarioJson("lab"));
    store::NewMeasuredRun r;
    r.scenarioName = "lab";
    r.stepSeconds = 2.0;
    r.notes = "measured at caf\xE9";
    const auto e = storeErrorOf([&] { (void)a.addRun(r); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    EXPECT_TRUE(hasIssue(e, "run.notes", "is not UTF-8 text: byte 0xE9 at offset 15"))
        << e.what();
    EXPECT_TRUE(a.runs().empty());
}

} // namespace
} // namespace trainplan::test
