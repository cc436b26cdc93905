#include <trainplan/ui/library_store.h>

#include <trainplan/model/issue_text.h>
#include <trainplan/model/json_duplicate_keys.h>
#include <trainplan/report/save_file.h>
#include <trainplan/store/database_location.h>
#include <trainplan/store/store.h>
#include <trainplan/ui/error_text.h>
#include <trainplan/ui/window_text.h>

#include <QFile>

namespace trainplan::ui {

namespace {

using services::WindowText;

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}
std::string ss(const QString& s) {
    return s.toStdString();
}

store::StoreOptions options(std::optional<model::Catalog> builtin) {
    store::StoreOptions o;
    o.builtinCatalog = std::move(builtin);
    o.busyTimeout =
        std::chrono::milliseconds(2000); // the GUI thread waits at most this long for a lock
    return o;
}

} // namespace

QStringList splitTags(const QString& text) {
    QStringList out;
    for (const QString& part : text.split(QLatin1Char(','))) {
        const QString t = part.trimmed();
        if (!t.isEmpty() && !out.contains(t, Qt::CaseInsensitive)) out << t;
    }
    return out;
}

LibraryStore::LibraryStore(QObject* parent)
    : QObject(parent) {}
LibraryStore::~LibraryStore() = default;

QString LibraryStore::resolvePath(const QString& explicitPath, QString* error) {
    try {
        return qs(store::resolveDatabasePath(explicitPath.isEmpty()
                                                 ? std::nullopt
                                                 : std::optional<std::string>(ss(explicitPath)))
                      .string());
    } catch (const std::exception& e) {
        if (error) *error = errorQText(e);
        return {};
    }
}

bool LibraryStore::openWith(const std::function<void()>& opener) {
    m_store.reset();
    m_openError.clear();
    m_backupNote.clear();
    try {
        opener();
    } catch (const std::exception& e) {
        m_store.reset();
        m_openError = errorQText(e);
    }
    emit changed();
    return isOpen();
}

bool LibraryStore::open(const QString& path, std::optional<model::Catalog> builtinCatalog) {
    m_path = path;
    return openWith([&] {
        m_store = std::make_unique<store::Store>(
            store::Store::open(ss(path), options(std::move(builtinCatalog))));
        if (m_store->backupPath())
            m_backupNote = winText(WindowText::LibraryUpgraded,
                                   {sim::countArg(m_store->schemaVersion()),
                                    sim::textArg(m_store->backupPath()->string())});
        for (const std::string& note : m_store->upgradeNotes(advisorLanguage()))
            m_backupNote += QStringLiteral("\n") + qs(note);
    });
}

bool LibraryStore::openInMemory(std::optional<model::Catalog> builtinCatalog) {
    m_path = QStringLiteral(":memory:");
    return openWith([&] {
        m_store = std::make_unique<store::Store>(
            store::Store::openInMemory(options(std::move(builtinCatalog))));
    });
}

void LibraryStore::close() {
    m_store.reset();
    emit changed();
}

void LibraryStore::fail(const std::exception& e) {
    m_lastError = errorQText(e);
}

std::vector<store::ScenarioSummary> LibraryStore::scenarios() {
    if (!m_store) return {};
    try {
        return m_store->scenarios();
    } catch (const std::exception& e) {
        fail(e);
        return {};
    }
}

bool LibraryStore::contains(const QString& name) {
    if (!m_store) return false;
    try {
        return m_store->findScenario(ss(name.trimmed())).has_value();
    } catch (const std::exception& e) {
        fail(e);
        return false;
    }
}

std::vector<store::ScenarioVersion> LibraryStore::history(const QString& name) {
    if (!m_store) return {};
    try {
        return m_store->history(ss(name));
    } catch (const std::exception& e) {
        fail(e);
        return {};
    }
}

model::ScenarioLoad LibraryStore::load(const QString& name, int version) {
    model::ScenarioLoad out;
    if (!m_store) {
        out.issues.push_back(
            {"library",
             model::IssueId::Verbatim,
             {ss(m_openError.isEmpty() ? winText(WindowText::NoLibraryDatabase) : m_openError)}});
        return out;
    }
    try {
        const std::string body = version > 0 ? m_store->scenarioVersion(ss(name), version).body
                                             : m_store->scenario(ss(name)).body;
        return model::parseScenario(body, m_store->catalog());
    } catch (const std::exception& e) {
        fail(e);
        out.issues.push_back({"library", model::IssueId::Verbatim, {errorText(e)}});
        return out;
    }
}

std::optional<store::SaveResult> LibraryStore::save(const model::Scenario& scenario,
                                                    const QString& name, const QStringList& tags) {
    if (!m_store) return std::nullopt;
    try {
        store::SaveScenarioOptions o;
        o.name = ss(name);
        std::vector<std::string> t;
        for (const QString& tag : tags)
            t.push_back(ss(tag));
        o.tags = std::move(t);
        const store::SaveResult r = m_store->saveScenarioText(model::toJsonText(scenario), o);
        emit changed();
        return r;
    } catch (const std::exception& e) {
        fail(e);
        return std::nullopt;
    }
}

std::optional<store::SaveResult> LibraryStore::restore(const QString& name, int version) {
    if (!m_store) return std::nullopt;
    try {
        const store::SaveResult r = m_store->restoreScenario(ss(name), version);
        emit changed();
        return r;
    } catch (const std::exception& e) {
        fail(e);
        return std::nullopt;
    }
}

std::optional<nlohmann::ordered_json> LibraryStore::snapshot(const QString& name) {
    if (!m_store) return std::nullopt;
    try {
        const auto record = m_store->findScenario(ss(name));
        if (!record) return std::nullopt;
        nlohmann::ordered_json versions = nlohmann::ordered_json::array();
        for (const auto& v : m_store->history(record->name))
            versions.push_back({{"version", v.version},
                                {"saved_at", v.savedAt},
                                {"body", nlohmann::ordered_json::parse(v.body)}});
        return nlohmann::ordered_json{{"name", record->name},
                                      {"tags", record->tags},
                                      {"created_at", record->createdAt},
                                      {"updated_at", record->updatedAt},
                                      {"versions", std::move(versions)}};
    } catch (const std::exception& e) {
        fail(e);
        return std::nullopt;
    }
}

bool LibraryStore::write(const std::function<void()>& operation) {
    if (!m_store) {
        m_lastError = m_openError.isEmpty() ? winText(WindowText::LibraryUnavailable) : m_openError;
        emit failed(m_lastError);
        return false;
    }
    try {
        operation();
        return true;
    } catch (const std::exception& e) {
        fail(e);
        emit failed(m_lastError);
        return false;
    }
}

bool LibraryStore::deleteScenario(const QString& name) {
    if (!write([&] { (void)m_store->deleteScenario(ss(name)); })) return false;
    emit changed();
    return true;
}

bool LibraryStore::undeleteScenario(const QString& name) {
    if (!write([&] { (void)m_store->undeleteScenario(ss(name)); })) return false;
    emit changed();
    return true;
}

bool LibraryStore::renameScenario(const QString& name, const QString& newName) {
    QString stored;
    if (!write([&] { stored = qs(m_store->renameScenario(ss(name), ss(newName)).name); }))
        return false;
    emit changed();
    emit renamed(name, stored);
    return true;
}

bool LibraryStore::exportLibrary(const QString& file) {
    if (!m_store) return false;
    try {
        const std::string text = m_store->exportLibrary().dump(2) + "\n";
        QString reason;
        if (report::saveFile(file, QByteArray::fromStdString(text), nullptr, &reason,
                             advisorLanguage()))
            return true;
        m_lastError = winText(WindowText::FileCannotWrite, {qArg(file), qArg(reason)});
        return false;
    } catch (const std::exception& e) {
        fail(e);
        return false;
    }
}

std::optional<store::LibraryImportSummary> LibraryStore::importLibrary(const QString& file) {
    if (!m_store) return std::nullopt;
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly)) {
        m_lastError = winText(WindowText::FileCannotOpen, {qArg(file), qArg(in.errorString())});
        return std::nullopt;
    }
    try {
        const std::string text = in.readAll().toStdString();
        nlohmann::ordered_json doc = nlohmann::ordered_json::parse(text);
        if (auto duplicate = model::findDuplicateJsonKey(text))
            throw std::runtime_error(*duplicate);
        const auto summary = m_store->importLibrary(doc);
        emit changed();
        return summary;
    } catch (const store::StoreError& e) {
        QString text = errorQText(e);
        m_lastError = text;
        return std::nullopt;
    } catch (const std::exception& e) {
        m_lastError = winText(WindowText::NotLibraryFile, {qArg(file), sim::textArg(errorText(e))});
        return std::nullopt;
    }
}

} // namespace trainplan::ui
