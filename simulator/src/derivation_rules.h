#pragma once

// Internal: what a plan's derivation shows for each term the estimators compute, its formula and
// its source, in English and Simplified Chinese. Each phrase is written once, in the estimator file
// beside the code that computes the term (the file is named above each group below), together with
// the choice of phrase when the computation branches. explain.cpp and explain_rates.cpp only put
// the phrases next to the estimate's own numbers; they hold no formula or citation of their own.

#include "memory_overheads.h"

#include <trainplan/model/plan.h>
#include <trainplan/model/training_spec.h>

#include <string_view>

namespace trainplan::sim::rules {

// A formula or a source in both languages. A formula may hold "{0}", filled by the caller.
struct Phrase {
    std::string_view en;
    std::string_view zh;
};

// stage_memory.cpp: the parameter states, activations, working memory and buffers of a stage.
[[nodiscard]] const Phrase& stateSource(model::Framework fw);
[[nodiscard]] const Phrase& weightsFormula(bool sharded);
[[nodiscard]] const Phrase& gradientsFormula(bool persistent);
[[nodiscard]] const Phrase& optimizerFormula(bool offloaded, bool sharded);
[[nodiscard]] const Phrase& denseStateFormula(bool sharded);
[[nodiscard]] const Phrase& expertStateFormula(bool sharded);
extern const Phrase kExpertStateSource;
extern const Phrase kLayerActivationsFormula, kLayerActivationsSource;
[[nodiscard]] const Phrase& lossFormula(model::Framework fw, model::CrossEntropy ce);
[[nodiscard]] const Phrase& lossSource(model::Framework fw, model::CrossEntropy ce);
extern const Phrase kMtpActivationsFormula, kMtpActivationsSource;
extern const Phrase kStoredActivationsFormula, kStoredActivationsSource;
extern const Phrase kTransientNone, kTransientLogitsGradient, kTransientRecomputeLayer,
    kTransientGradientUnit, kTransientSource;
[[nodiscard]] const Phrase& buffersFormula(model::Framework fw);
extern const Phrase kBuffersSource;

// memory_overheads.cpp: what the rank holds outside its model states and activations.
[[nodiscard]] const Phrase& communicatorFormula(detail::CommPattern pattern);
extern const Phrase kCommunicatorSource, kCommunicatorsFormula, kCommunicatorsSource;
extern const Phrase kCudaContextFormula, kCudaContextSource;
extern const Phrase kFragmentationFormula, kFragmentationSource;
extern const Phrase kOverheadFormula, kOverheadSource;
extern const Phrase kPeakMemoryFormula, kPeakMemorySource;

// compute_model.cpp: a micro-batch's forward, backward and recompute on the slowest stage.
extern const Phrase kComputeFormula, kComputeSource;
extern const Phrase kForwardFormula, kForwardSource, kBackwardFormula, kBackwardSource;
// The modules variant holds "{0}": the --recompute-modules values.
[[nodiscard]] const Phrase& recomputeFormula(const model::Plan& p);
extern const Phrase kRecomputeSource;

// micro_batch_comm.cpp: tensor-, context- and expert-parallel traffic of a micro-batch (ring
// attention here, PyTorch's all-gather in context_parallel.cpp).
extern const Phrase kExposedTpFormula, kExposedTpSource, kTpBytesFormula, kTpBytesSource;
[[nodiscard]] const Phrase& exposedEpFormula(bool overlap);
[[nodiscard]] const Phrase& exposedEpSource(bool overlap);
extern const Phrase kEpBytesFormula, kEpBytesSource;
[[nodiscard]] const Phrase& exposedCpFormula(bool pytorchAllGather);
[[nodiscard]] const Phrase& exposedCpSource(bool pytorchAllGather);
extern const Phrase kCpBytesFormula, kCpBytesSource;

// dp_traffic.cpp: data-parallel traffic, the optimizer step and offload.
[[nodiscard]] const Phrase& exposedDpFormula(bool overlap);
extern const Phrase kExposedDpSource, kDpBytesFormula, kDpBytesSource;
[[nodiscard]] const Phrase& optimizerStepFormula(bool offloaded);
[[nodiscard]] const Phrase& optimizerStepSource(bool offloaded);
extern const Phrase kOffloadFormula, kOffloadSource;

// estimate.cpp: the step's pipeline terms and sum, the traffic total, rates and totals.
extern const Phrase kPipelineSendFormula, kPipelineSendSource, kPpBytesFormula, kPpBytesSource;
extern const Phrase kBubbleFormula, kBubbleSource, kStepFormula, kStepSource;
extern const Phrase kTrafficFormula, kTrafficSource;
extern const Phrase kMfuFormula, kMfuSource, kTokensPerSecondFormula, kDefinitionSource;
extern const Phrase kTimeToTrainFormula, kTimeToTrainSource, kGpuHoursFormula;
extern const Phrase kCostFormula, kCostSource;

// flops.cpp: the model FLOPs of a step.
extern const Phrase kDenseFlopsFormula, kDenseFlopsSource, kMoeFlopsFormula, kMoeFlopsSource;
extern const Phrase kLmHeadFlopsFormula, kLmHeadFlopsSource, kMtpFlopsFormula, kMtpFlopsSource;
extern const Phrase kModelFlopsFormula, kModelFlopsSource;

} // namespace trainplan::sim::rules
