#include <trainplan/store/database_location.h>

#include <trainplan/store/store_error.h>

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

namespace trainplan::store {

namespace {

std::optional<std::string> env(const char* name) {
    const char* v = std::getenv(name);
    if (v == nullptr || *v == '\0') return std::nullopt;
    return std::string(v);
}

} // namespace

std::filesystem::path defaultDatabasePath() {
    namespace fs = std::filesystem;
    if (auto xdg = env("XDG_DATA_HOME"); xdg && fs::path(*xdg).is_absolute())
        return fs::path(*xdg) / "trainplan" / "trainplan.db";
    std::optional<std::string> home = env("HOME");
    if (!home) {
        if (const passwd* pw = getpwuid(getuid());
            pw != nullptr && pw->pw_dir != nullptr && *pw->pw_dir != '\0')
            home = pw->pw_dir;
    }
    if (!home) throw StoreError(StoreErrorKind::CannotOpen, "", storeText(StoreText::NoDataHome));
    return fs::path(*home) / ".local" / "share" / "trainplan" / "trainplan.db";
}

std::filesystem::path resolveDatabasePath(const std::optional<std::string>& explicitPath) {
    if (explicitPath && !explicitPath->empty()) return *explicitPath;
    if (auto fromEnv = env(kDatabaseEnvVar)) return *fromEnv;
    return defaultDatabasePath();
}

} // namespace trainplan::store
