#include <trainplan/model/gpu_spec.h>

namespace trainplan::model {

double GpuSpec::peakFlopsPerSecond(Precision p) const {
    switch (p) {
    case Precision::Fp32:
        return tf32FlopsPerSecond > 0 ? tf32FlopsPerSecond : fp32FlopsPerSecond;
    case Precision::Fp16:
    case Precision::Bf16:
        return bf16FlopsPerSecond;
    case Precision::Fp8:
        return fp8FlopsPerSecond > 0 ? fp8FlopsPerSecond : bf16FlopsPerSecond;
    }
    return bf16FlopsPerSecond;
}

} // namespace trainplan::model

namespace trainplan::model {

bool isGpuGeneration(const std::string& s) {
    for (const char* g : {"volta", "ampere", "ada", "hopper", "blackwell", "cdna3"})
        if (s == g) return true;
    return false;
}

} // namespace trainplan::model
