#include <trainplan/services/planning.h>

#include <trainplan/simulator/break_points.h>

#include <chrono>
#include <future>
#include <list>
#include <mutex>
#include <utility>

namespace trainplan::services {

using model::Framework;
using model::Scenario;

namespace {

// The advisor's options the planning result is computed with (AdvisorOptions' defaults): the
// cached break points are valid only for these.
sim::AdvisorOptions advisorOptions(const PlanningOptions& o) {
    sim::AdvisorOptions a = o.advisor;
    a.breakPoints = o.breakPoints;
    a.catalog = o.catalog;
    a.threads = o.threads;
    a.cancelled = o.cancelled;
    return a;
}

bool isCancelled(const std::function<bool()>& cancelled) {
    return cancelled && cancelled();
}

// What a search or a break-point scan depends on.
struct Key {
    Scenario view;
    std::vector<Framework> frameworks;
    int runnersUp = 0;
    std::vector<double> thresholds; // the advisor's, for break points; empty for searches
    bool bestOnly = false;          // sim::SearchOptions::bestOnly (the roadmap's targets)
    bool operator==(const Key&) const = default;
};

Key searchKey(const Scenario& s, const std::vector<Framework>& frameworks,
              const PlanningOptions& o) {
    return {searchView(s), frameworks, o.runnersUp, {}};
}

Key breakPointKey(const Scenario& s, const std::vector<Framework>& frameworks,
                  const PlanningOptions& o) {
    Key k = searchKey(s, frameworks, o);
    k.thresholds = {o.advisor.mfuThreshold, o.advisor.dpCommThreshold,
                    static_cast<double>(o.advisor.maxScanGpus)};
    return k;
}

// Computes each key's value once: a hit returns the kept value, a request for a key another thread
// is computing waits for it, and a cancelled computation (nullptr) is not kept, so the next
// request computes it again. The most recently used `capacity` values are kept.
template <class V> class Memo {
public:
    using Ptr = std::shared_ptr<const V>;

    explicit Memo(std::size_t capacity)
        : m_capacity(capacity) {}

    Ptr get(const Key& key, const std::function<Ptr()>& compute,
            const std::function<bool()>& cancelled) {
        std::shared_future<Ptr> pending;
        std::promise<Ptr> mine;
        {
            std::lock_guard lock(m_mutex);
            for (auto it = m_kept.begin(); it != m_kept.end(); ++it)
                if (it->first == key) {
                    m_kept.splice(m_kept.begin(), m_kept, it);
                    ++m_reused;
                    return m_kept.front().second;
                }
            for (auto& [k, f] : m_pending)
                if (k == key) pending = f;
            if (!pending.valid()) m_pending.emplace_back(key, mine.get_future().share());
        }
        if (pending.valid()) {
            while (pending.wait_for(std::chrono::milliseconds(5)) != std::future_status::ready)
                if (isCancelled(cancelled)) return nullptr;
            if (Ptr done = pending.get()) {
                std::lock_guard lock(m_mutex);
                ++m_reused;
                return done;
            }
            return get(key, compute, cancelled); // the other request was cancelled
        }
        Ptr value;
        try {
            value = compute();
        } catch (...) {
            finish(key, nullptr);
            mine.set_exception(std::current_exception());
            throw;
        }
        finish(key, value);
        mine.set_value(value);
        return value;
    }

    std::pair<long long, long long> counts() const {
        std::lock_guard lock(m_mutex);
        return {m_run, m_reused};
    }

private:
    void finish(const Key& key, const Ptr& value) {
        std::lock_guard lock(m_mutex);
        for (auto it = m_pending.begin(); it != m_pending.end(); ++it)
            if (it->first == key) {
                m_pending.erase(it);
                break;
            }
        if (!value) return;
        ++m_run;
        m_kept.emplace_front(key, value);
        while (m_kept.size() > m_capacity)
            m_kept.pop_back();
    }

    std::size_t m_capacity;
    mutable std::mutex m_mutex;
    std::list<std::pair<Key, Ptr>> m_kept; // most recently used first
    std::vector<std::pair<Key, std::shared_future<Ptr>>> m_pending;
    long long m_run = 0;
    long long m_reused = 0;
};

// What a search keeps: the ranked plans, every evaluated plan too, or only each framework's best.
enum class SearchMode { Ranked, KeepAll, BestOnly };

std::shared_ptr<const sim::SearchResult> runSearch(const Scenario& s,
                                                   const std::vector<Framework>& frameworks,
                                                   const PlanningOptions& o,
                                                   SearchMode mode = SearchMode::Ranked) {
    Scenario searched = s;
    searched.plans.clear();
    sim::SearchOptions so;
    so.frameworks = frameworks;
    so.runnersUp = o.runnersUp; // the advisor reads only the best and closest plans
    so.keepAll = mode == SearchMode::KeepAll;
    so.bestOnly = mode == SearchMode::BestOnly;
    so.threads = o.threads;
    so.cancelled = o.cancelled;
    auto result = std::make_shared<const sim::SearchResult>(sim::searchPlans(searched, so));
    return result->cancelled ? nullptr : result;
}

using SearchSource = std::function<std::shared_ptr<const sim::SearchResult>()>;

// Everything but the searches and break points, which `search`, `planSpace` and `breakPoints`
// supply.
std::shared_ptr<const PlanningResult>
assemble(const Scenario& s, const PlanningOptions& options, const SearchSource& search,
         const SearchSource& planSpace,
         const std::function<std::shared_ptr<const sim::BreakPoints>(const sim::SearchResult&)>&
             breakPoints,
         const std::function<sim::SearchResult(const Scenario&, const sim::SearchOptions&)>&
             targetSearch) {
    auto out = std::make_shared<PlanningResult>();
    out->scenario = s;
    out->search = search();
    if (!out->search || isCancelled(options.cancelled)) {
        out->cancelled = true;
        return out;
    }
    if (options.planSpace) {
        out->planSpace = planSpace();
        if (!out->planSpace) {
            out->cancelled = true;
            return out;
        }
    }
    const sim::PlanContext ctx = sim::makeContext(s);
    for (const model::Plan& p : s.plans)
        out->pinned.push_back(sim::estimatePlan(ctx, p));
    const sim::AdvisorOptions ao = advisorOptions(options);
    out->fits = sim::assessFrameworks(s, *out->search);
    out->recommendation = sim::recommend(out->fits, ao.switchSpeedup);
    out->verdicts = sim::frameworkVerdicts(s, out->fits, out->recommendation, ao.switchSpeedup);
    if (options.advice) {
        std::shared_ptr<const sim::BreakPoints> known;
        if (options.breakPoints) {
            known = breakPoints(*out->search);
            if (!known) {
                out->cancelled = true;
                return out;
            }
        }
        sim::AdvisorOptions withSearch = ao;
        withSearch.search = targetSearch;
        auto advice = std::make_shared<const sim::Advice>(
            sim::adviseOn(s, *out->search, withSearch, known.get()));
        if (advice->cancelled) {
            out->cancelled = true;
            return out;
        }
        out->advice = std::move(advice);
    }
    return out;
}

std::shared_ptr<const sim::BreakPoints>
runBreakPoints(const Scenario& s, const sim::SearchResult& search, const PlanningOptions& options) {
    const sim::AdvisorOptions ao = advisorOptions(options);
    sim::BreakPointOptions bo;
    bo.mfuThreshold = ao.mfuThreshold;
    bo.dpCommThreshold = ao.dpCommThreshold;
    bo.maxScanGpus = ao.maxScanGpus;
    bo.threads = options.threads;
    bo.cancelled = options.cancelled;
    auto result = std::make_shared<const sim::BreakPoints>(sim::findBreakPoints(s, search, bo));
    return result->cancelled ? nullptr : result;
}

} // namespace

const sim::PlanEstimate* PlanningResult::headline() const {
    if (cancelled || !search) return nullptr;
    if (recommendation.status != sim::RecommendationStatus::DoesNotFit)
        for (const sim::FrameworkResult& fr : search->frameworks)
            if (fr.framework == recommendation.framework && fr.best) return &*fr.best;
    const sim::PlanEstimate* fastest = nullptr;
    for (const sim::FrameworkResult& fr : search->frameworks)
        if (fr.best && (!fastest || fr.best->time.stepSeconds < fastest->time.stepSeconds))
            fastest = &*fr.best;
    return fastest;
}

Scenario searchView(const Scenario& s) {
    Scenario v = s;
    v.name.clear();
    v.team = {};
    v.platform = {};
    v.stages.clear();
    v.plans.clear();
    v.modelRef.clear();
    v.cluster.gpuRef.clear();
    v.cluster.intraNodeRef.clear();
    v.cluster.interNodeRef.clear();
    return v;
}

std::shared_ptr<const PlanningResult> planScenario(const Scenario& s,
                                                   const PlanningOptions& options) {
    const std::vector<Framework> frameworks = sim::searchedFrameworks(s);
    return assemble(
        s, options, [&] { return runSearch(s, frameworks, options); },
        [&] { return runSearch(s, frameworks, options, SearchMode::KeepAll); },
        [&](const sim::SearchResult& search) { return runBreakPoints(s, search, options); },
        nullptr);
}

struct Planner::State {
    explicit State(std::size_t capacity)
        : searches(capacity)
        , breakPoints(std::max<std::size_t>(1, capacity / 4))
        , planSpaces(2) {}
    Memo<sim::SearchResult> searches;
    Memo<sim::BreakPoints> breakPoints;
    // keepAll: every evaluated plan, tens of MB for a large search, so only the scenario's and one
    // what-if's are kept.
    Memo<sim::SearchResult> planSpaces;
};

Planner::Planner(std::size_t capacity)
    : m_state(std::make_unique<State>(std::max<std::size_t>(1, capacity))) {}

Planner::~Planner() = default;

std::shared_ptr<const sim::SearchResult> Planner::search(const Scenario& s,
                                                         const std::vector<Framework>& frameworks,
                                                         const PlanningOptions& options) {
    const std::vector<Framework> searched =
        frameworks.empty() ? sim::searchedFrameworks(s) : frameworks;
    return m_state->searches.get(
        searchKey(s, searched, options), [&] { return runSearch(s, searched, options); },
        options.cancelled);
}

std::shared_ptr<const PlanningResult> Planner::plan(const Scenario& s,
                                                    const PlanningOptions& options) {
    const std::vector<Framework> frameworks = sim::searchedFrameworks(s);
    return assemble(
        s, options, [&] { return search(s, frameworks, options); },
        [&] {
            return m_state->planSpaces.get(
                searchKey(s, frameworks, options),
                [&] { return runSearch(s, frameworks, options, SearchMode::KeepAll); },
                options.cancelled);
        },
        [&](const sim::SearchResult& result) {
            return m_state->breakPoints.get(
                breakPointKey(s, frameworks, options),
                [&] { return runBreakPoints(s, result, options); }, options.cancelled);
        },
        [this, &options](const Scenario& target, const sim::SearchOptions& so) {
            std::shared_ptr<const sim::SearchResult> found;
            if (so.bestOnly) {
                const std::vector<Framework> searched =
                    so.frameworks.empty() ? sim::searchedFrameworks(target) : so.frameworks;
                Key key = searchKey(target, searched, options);
                key.bestOnly = true;
                found = m_state->searches.get(
                    key, [&] { return runSearch(target, searched, options, SearchMode::BestOnly); },
                    options.cancelled);
            } else {
                found = search(target, so.frameworks, options);
            }
            if (found) return *found;
            sim::SearchResult cancelled;
            cancelled.cancelled = true;
            return cancelled;
        });
}

Planner::Counts Planner::counts() const {
    Counts c;
    std::tie(c.searchesRun, c.searchesReused) = m_state->searches.counts();
    std::tie(c.breakPointsRun, c.breakPointsReused) = m_state->breakPoints.counts();
    std::tie(c.planSpacesRun, c.planSpacesReused) = m_state->planSpaces.counts();
    return c;
}

} // namespace trainplan::services
