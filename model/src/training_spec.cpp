#include <trainplan/model/training_spec.h>

namespace trainplan::model {

std::string_view toString(Precision p) {
    switch (p) {
    case Precision::Fp32:
        return "fp32";
    case Precision::Fp16:
        return "fp16";
    case Precision::Bf16:
        return "bf16";
    case Precision::Fp8:
        return "fp8";
    }
    return "bf16";
}

std::optional<Precision> precisionFromString(std::string_view s) {
    for (Precision p : {Precision::Fp32, Precision::Fp16, Precision::Bf16, Precision::Fp8})
        if (s == toString(p)) return p;
    return std::nullopt;
}

std::string_view toString(Optimizer o) {
    switch (o) {
    case Optimizer::Adam:
        return "adam";
    case Optimizer::AdamW:
        return "adamw";
    case Optimizer::SgdMomentum:
        return "sgd-momentum";
    }
    return "adamw";
}

std::optional<Optimizer> optimizerFromString(std::string_view s) {
    for (Optimizer o : {Optimizer::Adam, Optimizer::AdamW, Optimizer::SgdMomentum})
        if (s == toString(o)) return o;
    return std::nullopt;
}

std::string_view toString(ExecutionMode m) {
    switch (m) {
    case ExecutionMode::Auto:
        return "auto";
    case ExecutionMode::Eager:
        return "eager";
    case ExecutionMode::Compile:
        return "compile";
    case ExecutionMode::Fused:
        return "fused";
    case ExecutionMode::CudaGraphs:
        return "cuda_graphs";
    }
    return "auto";
}

std::optional<ExecutionMode> executionModeFromString(std::string_view s) {
    for (ExecutionMode m : {ExecutionMode::Auto, ExecutionMode::Eager, ExecutionMode::Compile,
                            ExecutionMode::Fused, ExecutionMode::CudaGraphs})
        if (s == toString(m)) return m;
    return std::nullopt;
}

std::string_view toString(AttentionKernel k) {
    switch (k) {
    case AttentionKernel::Auto:
        return "auto";
    case AttentionKernel::Flash2:
        return "flash2";
    case AttentionKernel::Fused:
        return "fused";
    case AttentionKernel::Triton:
        return "triton";
    }
    return "auto";
}

std::optional<AttentionKernel> attentionKernelFromString(std::string_view s) {
    for (AttentionKernel k : {AttentionKernel::Auto, AttentionKernel::Flash2, AttentionKernel::Fused,
                              AttentionKernel::Triton})
        if (s == toString(k)) return k;
    return std::nullopt;
}

bool runsMegatronLoss(ExecutionMode m) {
    return m != ExecutionMode::Eager && m != ExecutionMode::Compile;
}

std::string_view toString(CrossEntropy c) {
    switch (c) {
    case CrossEntropy::Auto:
        return "auto";
    case CrossEntropy::Unfused:
        return "unfused";
    case CrossEntropy::Te:
        return "te";
    }
    return "auto";
}

std::optional<CrossEntropy> crossEntropyFromString(std::string_view s) {
    for (CrossEntropy c : {CrossEntropy::Auto, CrossEntropy::Unfused, CrossEntropy::Te})
        if (s == toString(c)) return c;
    return std::nullopt;
}

double attentionDropout(const TrainingSpec& t) {
    return t.attentionDropout.value_or(t.flashAttention ? 0.0 : 0.1);
}

double hiddenDropout(const TrainingSpec& t) {
    return t.hiddenDropout.value_or(t.flashAttention ? 0.0 : 0.1);
}

} // namespace trainplan::model
