#pragma once

// Shared by the libFuzzer targets and their corpus-replay drivers: the built-in catalog (loaded
// once from the source tree's data/) and an abort that names the broken invariant.

#include <trainplan/model/catalog.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace trainplan::fuzz {

inline const model::Catalog& catalog() {
    static const model::Catalog c =
        model::loadCatalog(std::filesystem::path(TRAINPLAN_FUZZ_DATA_DIR) / "catalog");
    return c;
}

// A broken invariant is a finding: print it and abort so libFuzzer saves the input.
[[noreturn]] inline void fail(const char* what) {
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

} // namespace trainplan::fuzz
