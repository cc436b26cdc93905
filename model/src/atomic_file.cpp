#include <trainplan/model/atomic_file.h>

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

const char* kindOf(mode_t mode) {
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISDIR(mode)) return "a directory";
    return "not a regular file";
}

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
TempFile createTemp(const fs::path& target, mode_t mode, std::string& error) {
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
            error = "cannot create a temporary file in " + dir.string() + " (" + reason(errno) +
                    ")";
            return TempFile(-1, {});
        }
    }
    error = "cannot create a temporary file in " + dir.string() + " (every name taken)";
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

fs::path resolveWriteTarget(const fs::path& file) {
    fs::path path = file;
    for (int hops = 0; hops < 40; ++hops) {
        struct stat st {};
        if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
        std::error_code ec;
        const fs::path link = fs::read_symlink(path, ec);
        if (ec)
            throw WriteError(file.string(), "cannot read the symbolic link " + path.string() +
                                                 " (" + ec.message() + "); nothing was written");
        path = link.is_absolute() ? link : path.parent_path() / link;
    }
    throw WriteError(file.string(),
                     "too many levels of symbolic links (a loop?); nothing was written");
}

namespace {

struct Target {
    fs::path path;
    bool exists = false;
    struct stat st {};
};

Target inspectTarget(const fs::path& file) {
    const std::string name = file.string();
    if (name.empty()) throw WriteError("", "cannot write a file with an empty name");
    Target t;
    t.path = resolveWriteTarget(file);
    t.exists = ::stat(t.path.c_str(), &t.st) == 0;
    if (!t.exists && errno != ENOENT)
        throw WriteError(name, "cannot write (" + reason(errno) + "); nothing was written");
    if (t.exists && !S_ISREG(t.st.st_mode))
        throw WriteError(name, "is " + std::string(kindOf(t.st.st_mode)) +
                                   ", not a regular file; refusing to write it (it was left "
                                   "untouched)");
    if (t.exists && ::access(t.path.c_str(), W_OK) != 0)
        throw WriteError(name,
                         "the file is read-only (" + reason(errno) + "); it was left unchanged");
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
    const std::string kept =
        exists ? "; the previous file was left unchanged" : "; no file was written";

    const mode_t newMode = options.executable ? 0777 : 0666;
    std::string error;
    TempFile tmp = createTemp(target, exists ? 0600 : newMode, error);
    if (tmp.fd() < 0) throw WriteError(name, error + kept);
    auto fail = [&](const std::string& what, int err) -> void {
        throw WriteError(name, what + " (" + reason(err) + ")" + kept);
    };

    const char* p = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(tmp.fd(), p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail("cannot write", errno);
        }
        if (n == 0) fail("cannot write", EIO);
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    if (exists) {
        // Keep the old file's permissions and, where allowed, its owner.
        mode_t mode = st.st_mode & 07777;
        if (options.executable) mode |= (mode & 0444) >> 2; // execute where it can be read
        if (::fchmod(tmp.fd(), mode) != 0) fail("cannot set permissions", errno);
        if (::geteuid() == 0) (void)::fchown(tmp.fd(), st.st_uid, st.st_gid);
    }
    if (::fsync(tmp.fd()) != 0) fail("cannot write", errno);
    if (tmp.close() != 0) fail("cannot write", errno);
    if (::rename(tmp.path().c_str(), target.c_str()) != 0) fail("cannot replace the file", errno);
    tmp.release();
    syncDirectory(target);
}

} // namespace trainplan::model
