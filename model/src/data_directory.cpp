#include <trainplan/model/data_directory.h>

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace trainplan::model {

namespace {

namespace fs = std::filesystem;

// True when `exe` lies under the build tree, the only place the source tree's data/ may be used
// from: an installed or relocated binary must never pick up a (possibly stale) checkout.
bool insideBuildTree(const fs::path& exe) {
    std::error_code ec;
    const fs::path build = fs::weakly_canonical(TRAINPLAN_BINARY_DIR, ec);
    if (ec) return false;
    const fs::path rel = exe.lexically_relative(build);
    return !rel.empty() && *rel.begin() != "..";
}

} // namespace

fs::path dataDirectory() {
    std::vector<fs::path> tried;
    auto good = [&](const fs::path& p) {
        tried.push_back(p);
        std::error_code ec;
        return fs::is_regular_file(p / "catalog" / "gpus.json", ec);
    };
    if (const char* env = std::getenv("TRAINPLAN_DATA_DIR"); env && *env) {
        if (good(env)) return env;
    }
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        // <prefix>/bin/trainplan -> <prefix>/share/trainplan, wherever <prefix> was unpacked.
        const fs::path installed = exe.parent_path().parent_path() / "share" / "trainplan";
        if (good(installed)) return installed;
    }
    if (good(TRAINPLAN_INSTALL_DATADIR)) return TRAINPLAN_INSTALL_DATADIR;
    if ((ec || insideBuildTree(exe)) && good(TRAINPLAN_SOURCE_DATADIR))
        return TRAINPLAN_SOURCE_DATADIR;
    std::string msg = "cannot find TrainPlan's data directory (set TRAINPLAN_DATA_DIR); tried:";
    for (const auto& p : tried)
        msg += " " + p.string();
    throw std::runtime_error(msg);
}

} // namespace trainplan::model
