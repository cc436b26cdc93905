#include "store_open_checks.h"

#include <trainplan/store/schema.h>

#include "store_internal.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <system_error>
#include <vector>

// The checks Store::open and `db check` run before a library is used: whose file it is, its
// schema, its integrity, and what to say about the -wal/-shm beside a refused one.

namespace trainplan::store {

namespace fs = std::filesystem;

namespace detail {

namespace {

std::string showBytes(const char* bytes, std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        out += c >= 0x20 && c < 0x7F ? static_cast<char>(c) : '.';
    }
    return out;
}

std::string readWhole(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Reading a read-only library creates its -shm (the WAL index) with the file's read-only mode;
// once the file is writable again, that -shm made every write fail with "the file or its
// directory is read-only". The -shm holds no data (SQLite rebuilds it from the -wal), so a
// read-only -shm of ours beside a writable file gets the file's mode back.
void repairReadOnlyShm(const fs::path& file) {
    const std::string shm = file.string() + "-shm";
    struct stat dbStat {}, shmStat {};
    if (::stat(shm.c_str(), &shmStat) != 0 || ::access(shm.c_str(), W_OK) == 0) return;
    if (::stat(file.c_str(), &dbStat) != 0 || shmStat.st_uid != ::geteuid()) return;
    (void)::chmod(shm.c_str(), (dbStat.st_mode & 0666) | S_IRUSR | S_IWUSR);
}

} // namespace

bool directoryWritable(const fs::path& file) {
    const fs::path dir = file.parent_path().empty() ? fs::path(".") : file.parent_path();
    return ::access(dir.c_str(), W_OK) == 0;
}

// Checks a database path before SQLite touches it, so a file that is not ours is never written.
void preflight(const fs::path& file, OpenMode mode) {
    const std::string path = file.string();
    std::error_code ec;
    const fs::file_status st = fs::status(file, ec);
    if (fs::exists(st)) {
        if (fs::is_directory(st))
            throw StoreError(StoreErrorKind::CannotOpen, path, storeText(StoreText::IsDirectory));
        if (!fs::is_regular_file(st))
            throw StoreError(StoreErrorKind::CannotOpen, path,
                             storeText(StoreText::NotRegularFile));
        std::ifstream in(file, std::ios::binary);
        if (!in)
            throw StoreError(
                StoreErrorKind::CannotOpen, path,
                storeText(StoreText::CannotReadFile, {std::generic_category().message(errno)}));
        char header[100] = {};
        in.read(header, sizeof header);
        const auto n = static_cast<std::size_t>(in.gcount());
        if (n > 0 && (n < sizeof header || std::memcmp(header, "SQLite format 3", 16) != 0))
            throw StoreError(
                StoreErrorKind::NotADatabase, path,
                storeText(StoreText::NotSqlite, {showBytes(header, std::min<std::size_t>(n, 16))}));
        if (mode == OpenMode::ReadWrite && ::access(file.c_str(), W_OK) != 0)
            throw StoreError(
                StoreErrorKind::ReadOnly, path,
                storeText(StoreText::FileReadOnly, {std::generic_category().message(errno)}));
        if (mode == OpenMode::ReadWrite) repairReadOnlyShm(file);
    } else if (mode == OpenMode::ReadOnly) {
        throw StoreError(StoreErrorKind::CannotOpen, path, storeText(StoreText::NoDatabaseFile));
    }
    if (mode == OpenMode::ReadWrite) {
        const fs::path dir = file.parent_path().empty() ? fs::path(".") : file.parent_path();
        if (!fs::exists(dir, ec)) {
            fs::create_directories(dir, ec);
            if (ec)
                throw StoreError(
                    StoreErrorKind::CannotOpen, path,
                    storeText(StoreText::CannotCreateDirectory, {dir.string(), ec.message()}));
        }
        if (::access(dir.c_str(), W_OK) != 0)
            throw StoreError(StoreErrorKind::ReadOnly, path,
                             storeText(StoreText::DirectoryNotWritable,
                                       {dir.string(), std::generic_category().message(errno)}));
    }
}

FileInfo inspect(Connection& c) {
    FileInfo info;
    try {
        // One snapshot: read one by one, the application id could come from before another
        // process made the schema and the tables from after, and a brand-new library was refused
        // as another application's (issue 22 item 15).
        Transaction snapshot(c, Transaction::Kind::Read);
        info.applicationId = c.queryInt("PRAGMA application_id").value_or(0);
        info.userVersion = static_cast<int>(c.queryInt("PRAGMA user_version").value_or(0));
        Statement s =
            c.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name");
        while (s.step())
            info.tables.push_back(s.text(0));
        snapshot.commit();
    } catch (const StoreError& e) {
        if (e.kind() == StoreErrorKind::Busy) throw;
        throw StoreError(e.kind() == StoreErrorKind::NotADatabase ? StoreErrorKind::NotADatabase
                                                                  : StoreErrorKind::Corrupt,
                         c.location(),
                         storeText(StoreText::CannotReadDatabase, {e.storeMessage().asArg()}));
    }
    return info;
}

void refuseForeign(const Connection& c, const FileInfo& info) {
    if (info.applicationId == kApplicationId) return;
    if (info.applicationId == 0 && info.userVersion == 0 && info.tables.empty())
        return; // empty: ours to set up
    char id[16];
    std::snprintf(id, sizeof id, "0x%08llX",
                  static_cast<unsigned long long>(info.applicationId & 0xFFFFFFFF));
    std::string tables;
    for (std::size_t i = 0; i < info.tables.size() && i < 5; ++i)
        tables += (i ? ", " : "") + info.tables[i];
    if (info.tables.size() > 5) tables += ", ...";
    throw StoreError(StoreErrorKind::NotADatabase, c.location(),
                     tables.empty()
                         ? storeText(StoreText::ForeignDatabase, {std::string(id)})
                         : storeText(StoreText::ForeignDatabaseTables, {std::string(id), tables}));
}

void refuseNewer(const Connection& c, const FileInfo& info) {
    if (info.userVersion <= kSchemaVersion) return;
    throw StoreError(StoreErrorKind::NewerSchema, c.location(),
                     storeText(StoreText::NewerSchema,
                               {std::to_string(info.userVersion), std::to_string(kSchemaVersion)}));
}

// quick_check skips what integrity_check adds: that every index holds exactly its table's rows
// (a damaged UNIQUE index let writes go ahead). A library is small, so the full check runs up to
// kFullCheckBytes and the bounded quick_check beyond.
constexpr std::int64_t kFullCheckBytes = 256ll * 1024 * 1024;

void verify(Connection& c) {
    std::vector<std::string> problems;
    try {
        const std::int64_t bytes = c.queryInt("PRAGMA page_count").value_or(0) *
                                   c.queryInt("PRAGMA page_size").value_or(0);
        Statement s = c.prepare(bytes <= kFullCheckBytes ? "PRAGMA integrity_check(5)"
                                                         : "PRAGMA quick_check(5)");
        while (s.step())
            problems.push_back(s.text(0));
    } catch (const StoreError& e) {
        if (e.kind() == StoreErrorKind::Busy) throw;
        problems = {e.message()};
    }
    if (problems.size() == 1 && problems.front() == "ok") return;
    std::string summary;
    for (const auto& p : problems)
        summary += (summary.empty() ? "" : "; ") + p;
    throw StoreError(StoreErrorKind::Corrupt, c.location(),
                     storeText(StoreText::CorruptDatabase, {summary}));
}

// A copy beside the file, written before a migration changes it: <file>.bak-v<N>[-K].
fs::path writeBackup(Connection& c, int version) {
    // One backup per schema version and content: a migration that keeps failing used to write
    // another full-size copy on every command, reads included. VACUUM INTO of unchanged content
    // gives the same bytes, so a copy equal to an existing backup is dropped for that one.
    const fs::path base = c.location() + ".bak-v" + std::to_string(version);
    const fs::path fresh = base.string() + ".tmp-" + std::to_string(::getpid());
    std::error_code ec;
    fs::remove(fresh, ec);
    try {
        Statement s = c.prepare("VACUUM INTO ?1");
        s.bind(1, fresh.string());
        s.run();
    } catch (const StoreError& e) {
        fs::remove(fresh, ec);
        throw StoreError(e.kind(), c.location(),
                         storeText(StoreText::BackupFailed,
                                   {std::to_string(version), std::to_string(kSchemaVersion),
                                    base.string(), e.storeMessage().asArg()}));
    }
    const std::string copy = readWhole(fresh);
    fs::path target = base;
    for (int k = 2; fs::exists(target, ec); ++k) {
        if (fs::file_size(target, ec) == copy.size() && readWhole(target) == copy) {
            fs::remove(fresh, ec);
            return target;
        }
        target = base.string() + "-" + std::to_string(k);
    }
    fs::rename(fresh, target, ec);
    if (ec) {
        fs::remove(fresh, ec);
        throw StoreError(StoreErrorKind::Io, c.location(),
                         storeText(StoreText::BackupRenameFailed,
                                   {std::to_string(version), target.string(), ec.message()}));
    }
    return target;
}

// Whether to tell a user about the -wal beside a refused database (StoreText::WithWalAdvice).
bool hasWal(const std::string& location) {
    std::error_code ec;
    return fs::exists(location + "-wal", ec) && fs::file_size(location + "-wal", ec) != 0;
}

// A corrupt view with a non-empty -wal: is the file itself intact (read without the WAL)? Then
// the WAL does not belong to it, typically one left from before the file was restored.
bool onlyTheWalIsBad(const std::string& location, const StoreOptions& options) {
    std::error_code ec;
    if (!fs::exists(location + "-wal", ec) || fs::file_size(location + "-wal", ec) == 0)
        return false;
    try {
        Connection alone = Connection::open(location, OpenMode::ReadOnly, options.busyTimeout,
                                            /*immutable=*/true);
        Statement s = alone.prepare("PRAGMA quick_check(1)");
        return s.step() && s.text(0) == "ok";
    } catch (const StoreError&) {
        return false;
    }
}

[[noreturn]] void refuseForeignWal(const std::string& location) {
    throw StoreError(StoreErrorKind::Corrupt, location,
                     storeText(StoreText::ForeignWal, {location}));
}

// The checks every open runs before it uses a file: TrainPlan's, not newer, not corrupt.
// Refusals name what to do with the -wal/-shm files beside it.
FileInfo checkBeforeUse(Connection& c, const StoreOptions& options, bool verifyToo) {
    try {
        const FileInfo info = inspect(c);
        refuseForeign(c, info);
        refuseNewer(c, info);
        if (verifyToo && options.verifyOnOpen && !info.tables.empty()) verify(c);
        return info;
    } catch (const StoreError& e) {
        if (e.kind() == StoreErrorKind::Corrupt && onlyTheWalIsBad(c.location(), options))
            refuseForeignWal(c.location());
        if (e.kind() == StoreErrorKind::Busy || e.kind() == StoreErrorKind::CannotOpen) throw;
        if (!hasWal(c.location())) throw;
        throw StoreError(
            e.kind(), c.location(),
            storeText(StoreText::WithWalAdvice, {e.storeMessage().asArg(), c.location()}));
    }
}

} // namespace detail

std::vector<std::string> IntegrityReport::problemTexts(model::Lang lang) const {
    std::vector<std::string> out;
    out.reserve(problems.size());
    for (const StoreMessage& p : problems)
        out.push_back(p.in(lang));
    return out;
}

IntegrityReport checkDatabaseFile(const fs::path& file) {
    detail::preflight(file, OpenMode::ReadOnly);
    Connection c =
        Connection::open(file.string(), OpenMode::ReadOnly, std::chrono::milliseconds(2000),
                         !detail::directoryWritable(file));
    IntegrityReport r = detail::runIntegrityCheck(c);
    // `db check` must agree with what every other command decides: whatever Store::open refuses
    // as corrupt is a problem here too (foreign and newer files are already reported above).
    try {
        StoreOptions options;
        options.busyTimeout = std::chrono::milliseconds(2000);
        (void)detail::checkBeforeUse(c, options);
    } catch (const StoreError& e) {
        if (e.kind() == StoreErrorKind::Busy) throw;
        if (e.kind() == StoreErrorKind::Corrupt && r.problems.empty())
            r.problems.push_back(e.storeMessage());
    }
    r.ok = r.problems.empty();
    return r;
}

namespace detail {

IntegrityReport runIntegrityCheck(Connection& c) {
    IntegrityReport r;
    try {
        r.applicationId = c.queryInt("PRAGMA application_id").value_or(0);
    } catch (const StoreError& e) {
        if (e.kind() == StoreErrorKind::Busy) throw;
        r.problems.push_back(e.storeMessage());
        return r;
    }
    r.trainplanDatabase = r.applicationId == kApplicationId;
    try {
        r.schemaVersion = static_cast<int>(c.queryInt("PRAGMA user_version").value_or(0));
        r.journalMode = c.queryText("PRAGMA journal_mode").value_or("");
        r.pageCount = c.queryInt("PRAGMA page_count").value_or(0);
        r.pageSize = c.queryInt("PRAGMA page_size").value_or(0);
        {
            Statement s = c.prepare("PRAGMA integrity_check(100)");
            while (s.step())
                if (s.text(0) != "ok")
                    r.problems.push_back(storeText(StoreText::IntegritySqliteFinding, {s.text(0)}));
        }
        {
            Statement s = c.prepare("PRAGMA foreign_key_check");
            while (s.step())
                r.problems.push_back(storeText(StoreText::IntegrityForeignKey,
                                               {std::to_string(s.int64(1)), s.text(0), s.text(2)}));
        }
    } catch (const StoreError& e) {
        if (e.kind() == StoreErrorKind::Busy) throw;
        r.problems.push_back(e.storeMessage());
    }
    if (!r.trainplanDatabase && !(r.applicationId == 0 && r.schemaVersion == 0 && r.pageCount <= 1))
        r.problems.push_back(storeText(StoreText::IntegrityNotTrainPlan));
    if (r.schemaVersion > kSchemaVersion)
        r.problems.push_back(
            storeText(StoreText::IntegrityNewerSchema,
                      {std::to_string(r.schemaVersion), std::to_string(kSchemaVersion)}));
    r.ok = r.problems.empty();
    return r;
}

} // namespace detail

} // namespace trainplan::store
