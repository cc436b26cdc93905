#pragma once

#include <cstddef>
#include <functional>

namespace trainplan::sim::detail {

// Runs fn(0 … n − 1) on up to `threads` threads (0: every core), each index once, in no set order;
// rethrows the first error once every worker has stopped.
void parallelFor(std::size_t n, int threads, const std::function<void(std::size_t)>& fn);

} // namespace trainplan::sim::detail
