#include <trainplan/model/atomic_file.h>

#include <trainplan/model/issue_text.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <random>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace trainplan::model {

namespace fs = std::filesystem;

namespace {

std::string reason(int error) {
    return std::strerror(error);
}

WriteReason kindOf(mode_t mode) {
    if (S_ISFIFO(mode)) return WriteReason::IsFifo;
    if (S_ISCHR(mode)) return WriteReason::IsCharDevice;
    if (S_ISBLK(mode)) return WriteReason::IsBlockDevice;
    if (S_ISSOCK(mode)) return WriteReason::IsSocket;
    if (S_ISDIR(mode)) return WriteReason::IsDirectory;
    return WriteReason::IsNotRegular;
}

// Why createTemp failed: the reason id (the old file kept or not is decided by the caller) and
// its arguments.
struct TempError {
    bool namesTaken = false;
    std::vector<std::string> args;
};

// Closes a descriptor and removes the temporary file unless released.
class TempFile {
public:
    TempFile(int fd, std::string path)
        : m_fd(fd)
        , m_path(std::move(path)) {}
    ~TempFile() {
        if (m_fd >= 0) ::close(m_fd);
        if (!m_path.empty()) ::unlink(m_path.c_str());
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    [[nodiscard]] int fd() const { return m_fd; }
    [[nodiscard]] const std::string& path() const { return m_path; }
    // close(2) reports delayed write errors (NFS, some FUSE file systems): check it.
    int close() {
        const int rc = ::close(m_fd);
        m_fd = -1;
        return rc;
    }
    void release() { m_path.clear(); }

private:
    int m_fd;
    std::string m_path;
};

// O_EXCL with a fresh name each try: the kernel applies the umask to the mode (mkstemp's 0600
// would need a process-wide umask() round trip, which races with other threads).
TempFile createTemp(const fs::path& target, mode_t mode, TempError& error) {
    static std::atomic<unsigned> counter{0};
    std::random_device rd;
    const fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    for (int attempt = 0; attempt < 100; ++attempt) {
        const std::string name = "." + target.filename().string() + ".tmp-" +
                                 std::to_string(::getpid()) + "-" + std::to_string(counter++) +
                                 "-" + std::to_string(rd() % 1000000);
        const std::string path = (dir / name).string();
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
        if (fd >= 0) return TempFile(fd, path);
        if (errno != EEXIST) {
            error = {false, {dir.string(), reason(errno)}};
            return TempFile(-1, {});
        }
    }
    error = {true, {dir.string()}};
    return TempFile(-1, {});
}

void syncDirectory(const fs::path& target) {
    const fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return; // the rename is done; durability of the entry is best effort
    (void)::fsync(fd);
    ::close(fd);
}

} // namespace

WriteError::WriteError(const std::string& file, WriteReason reason, std::vector<std::string> args)
    : std::runtime_error(file.empty() ? renderWriteReason(reason, args, Lang::En)
                                      : file + ": " + renderWriteReason(reason, args, Lang::En))
    , m_file(file)
    , m_id(reason)
    , m_args(std::move(args))
    , m_reason(renderWriteReason(m_id, m_args, Lang::En)) {}

std::string WriteError::reason(Lang lang) const {
    return renderWriteReason(m_id, m_args, lang);
}

std::string WriteError::message(Lang lang) const {
    if (lang == Lang::En) return what();
    const std::string why = reason(lang);
    return m_file.empty() ? why : m_file + "：" + why;
}

fs::path resolveWriteTarget(const fs::path& file) {
    fs::path path = file;
    for (int hops = 0; hops < 40; ++hops) {
        struct stat st {};
        if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
        std::error_code ec;
        const fs::path link = fs::read_symlink(path, ec);
        if (ec)
            throw WriteError(file.string(), WriteReason::SymlinkUnreadable,
                             {path.string(), ec.message()});
        path = link.is_absolute() ? link : path.parent_path() / link;
    }
    throw WriteError(file.string(), WriteReason::SymlinkLoop);
}

namespace {

struct Target {
    fs::path path;
    bool exists = false;
    struct stat st {};
};

Target inspectTarget(const fs::path& file) {
    const std::string name = file.string();
    if (name.empty()) throw WriteError("", WriteReason::EmptyName);
    Target t;
    t.path = resolveWriteTarget(file);
    t.exists = ::stat(t.path.c_str(), &t.st) == 0;
    if (!t.exists && errno != ENOENT)
        throw WriteError(name, WriteReason::CannotStat, {reason(errno)});
    if (t.exists && !S_ISREG(t.st.st_mode)) throw WriteError(name, kindOf(t.st.st_mode));
    if (t.exists && ::access(t.path.c_str(), W_OK) != 0)
        throw WriteError(name, WriteReason::ReadOnly, {reason(errno)});
    return t;
}

} // namespace

void checkWriteTarget(const fs::path& file) {
    (void)inspectTarget(file);
}

void writeFileAtomically(const fs::path& file, std::string_view bytes, AtomicWriteOptions options) {
    const std::string name = file.string();
    const Target t = inspectTarget(file);
    const fs::path& target = t.path;
    const bool exists = t.exists;
    const struct stat& st = t.st;

    const mode_t newMode = options.executable ? 0777 : 0666;
    TempError error;
    TempFile tmp = createTemp(target, exists ? 0600 : newMode, error);
    if (tmp.fd() < 0) {
        using W = WriteReason;
        const W r = error.namesTaken ? (exists ? W::TempNamesTakenKept : W::TempNamesTakenNew)
                                     : (exists ? W::TempFailedKept : W::TempFailedNew);
        throw WriteError(name, r, error.args);
    }
    // Each failure after the temporary file exists: the old file kept (or no file written).
    auto fail = [&](WriteReason kept, WriteReason none, int err) -> void {
        throw WriteError(name, exists ? kept : none, {reason(err)});
    };
    const auto cannotWrite = [&](int err) {
        fail(WriteReason::WriteFailedKept, WriteReason::WriteFailedNew, err);
    };

    const char* p = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(tmp.fd(), p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            cannotWrite(errno);
        }
        if (n == 0) cannotWrite(EIO);
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    if (exists) {
        // Keep the old file's permissions and, where allowed, its owner.
        mode_t mode = st.st_mode & 07777;
        if (options.executable) mode |= (mode & 0444) >> 2; // execute where it can be read
        if (::fchmod(tmp.fd(), mode) != 0)
            fail(WriteReason::ChmodFailedKept, WriteReason::ChmodFailedNew, errno);
        if (::geteuid() == 0) (void)::fchown(tmp.fd(), st.st_uid, st.st_gid);
    }
    if (::fsync(tmp.fd()) != 0) cannotWrite(errno);
    if (tmp.close() != 0) cannotWrite(errno);
    if (::rename(tmp.path().c_str(), target.c_str()) != 0)
        fail(WriteReason::RenameFailedKept, WriteReason::RenameFailedNew, errno);
    tmp.release();
    syncDirectory(target);
}

} // namespace trainplan::model
