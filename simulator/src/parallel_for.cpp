#include "parallel_for.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>
#include <vector>

namespace trainplan::sim::detail {

void parallelFor(std::size_t n, int threads, const std::function<void(std::size_t)>& fn) {
    const std::size_t want =
        threads > 0 ? static_cast<std::size_t>(threads)
                    : std::max<std::size_t>(1, std::thread::hardware_concurrency());
    const std::size_t workers = std::min(n, want);
    if (workers <= 1) {
        for (std::size_t i = 0; i < n; ++i)
            fn(i);
        return;
    }
    std::atomic<std::size_t> next{0};
    std::vector<std::exception_ptr> errors(workers);
    auto work = [&](std::size_t w) {
        try {
            for (std::size_t i = next.fetch_add(1); i < n; i = next.fetch_add(1))
                fn(i);
        } catch (...) {
            errors[w] = std::current_exception();
            next.store(n);
        }
    };
    std::vector<std::thread> pool;
    for (std::size_t w = 1; w < workers; ++w)
        pool.emplace_back(work, w);
    work(0);
    for (auto& t : pool)
        t.join();
    for (const auto& e : errors)
        if (e) std::rethrow_exception(e);
}


} // namespace trainplan::sim::detail
