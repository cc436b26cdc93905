// Regression (issue 21): `trainplan-cli report` on a headless server (no XDG_RUNTIME_DIR) printed
// Qt's "QStandardPaths: XDG_RUNTIME_DIR not set, defaulting to …" on stderr.
#include "cli_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

namespace trainplan::test {
namespace {

namespace fs = std::filesystem;

#if TRAINPLAN_CLI_HAS_REPORT // `report` exists only in a build with the GUI (not the ASan pass)
TEST(ReportStderr, AHeadlessReportPrintsNoQtRuntimeDirectoryWarning) {
    const fs::path tmp = fs::temp_directory_path() / ("trainplan-xdg-" + std::to_string(getpid()));
    fs::remove_all(tmp);
    fs::create_directories(tmp);
    const fs::path out = tmp / "report.html";
    const CliRun r = runCli(
        {"report", dataFile("scenarios/llama31-70b-h100x256.json"), "-o", out.string(),
         "--no-break-points"},
        {{"XDG_RUNTIME_DIR", ""}, {"TMPDIR", tmp.string()}});
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_TRUE(fs::exists(out));
    EXPECT_EQ(r.err.find("XDG_RUNTIME_DIR"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("QStandardPaths"), std::string::npos) << r.err;
    // The directory used is the private per-user one Qt would have fallen back to.
    const fs::path runtime = tmp / ("runtime-" + std::to_string(getuid()));
    struct stat st {};
    ASSERT_EQ(stat(runtime.c_str(), &st), 0) << runtime;
    EXPECT_EQ(st.st_mode & 0777, 0700u);
    fs::remove_all(tmp);
}
#endif

} // namespace
} // namespace trainplan::test
