#include <trainplan/model/data_directory.h>

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace trainplan::model {

std::filesystem::path dataDirectory() {
    namespace fs = std::filesystem;
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
        // <prefix>/bin/trainplan -> <prefix>/share/trainplan
        const fs::path installed = exe.parent_path().parent_path() / "share" / "trainplan";
        if (good(installed)) return installed;
    }
    if (good(TRAINPLAN_INSTALL_DATADIR)) return TRAINPLAN_INSTALL_DATADIR;
    if (good(TRAINPLAN_SOURCE_DATADIR)) return TRAINPLAN_SOURCE_DATADIR;
    std::string msg = "cannot find TrainPlan's data directory (set TRAINPLAN_DATA_DIR); tried:";
    for (const auto& p : tried) msg += " " + p.string();
    throw std::runtime_error(msg);
}

} // namespace trainplan::model
