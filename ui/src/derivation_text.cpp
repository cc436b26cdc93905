#include <trainplan/ui/derivation_text.h>

#include <trainplan/ui/format.h>

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

namespace trainplan::ui {

namespace {

// Every fixed term name simulator/src/explain.cpp produces (marked for lupdate; translated at run
// time).
const char* const kTermNames[] = {
    QT_TRANSLATE_NOOP("DerivationTerm", "weights"),
    QT_TRANSLATE_NOOP("DerivationTerm", "gradients"),
    QT_TRANSLATE_NOOP("DerivationTerm", "optimizer states"),
    QT_TRANSLATE_NOOP("DerivationTerm", "dense parameters"),
    QT_TRANSLATE_NOOP("DerivationTerm", "routed-expert parameters"),
    QT_TRANSLATE_NOOP("DerivationTerm", "stored activations"),
    QT_TRANSLATE_NOOP("DerivationTerm", "transformer layers"),
    QT_TRANSLATE_NOOP("DerivationTerm", "loss (final norm input and logits)"),
    QT_TRANSLATE_NOOP("DerivationTerm", "working memory"),
    QT_TRANSLATE_NOOP("DerivationTerm", "communication buffers"),
    QT_TRANSLATE_NOOP("DerivationTerm", "overhead"),
    QT_TRANSLATE_NOOP("DerivationTerm", "CUDA context"),
    QT_TRANSLATE_NOOP("DerivationTerm", "NCCL communicators"),
    QT_TRANSLATE_NOOP("DerivationTerm", "allocator fragmentation"),
    QT_TRANSLATE_NOOP("DerivationTerm", "step time"),
    QT_TRANSLATE_NOOP("DerivationTerm", "compute"),
    QT_TRANSLATE_NOOP("DerivationTerm", "forward"),
    QT_TRANSLATE_NOOP("DerivationTerm", "backward"),
    QT_TRANSLATE_NOOP("DerivationTerm", "recompute"),
    QT_TRANSLATE_NOOP("DerivationTerm", "exposed tensor-parallel communication"),
    QT_TRANSLATE_NOOP("DerivationTerm", "exposed context-parallel communication"),
    QT_TRANSLATE_NOOP("DerivationTerm", "exposed expert-parallel communication"),
    QT_TRANSLATE_NOOP("DerivationTerm", "exposed data-parallel communication"),
    QT_TRANSLATE_NOOP("DerivationTerm", "exposed pipeline send/receive"),
    QT_TRANSLATE_NOOP("DerivationTerm", "pipeline bubble"),
    QT_TRANSLATE_NOOP("DerivationTerm", "optimizer step"),
    QT_TRANSLATE_NOOP("DerivationTerm", "offload traffic"),
    QT_TRANSLATE_NOOP("DerivationTerm", "communication per GPU per step"),
    QT_TRANSLATE_NOOP("DerivationTerm", "data parallel"),
    QT_TRANSLATE_NOOP("DerivationTerm", "tensor parallel"),
    QT_TRANSLATE_NOOP("DerivationTerm", "pipeline"),
    QT_TRANSLATE_NOOP("DerivationTerm", "context parallel"),
    QT_TRANSLATE_NOOP("DerivationTerm", "expert parallel"),
    QT_TRANSLATE_NOOP("DerivationTerm", "model FLOPs per step"),
    QT_TRANSLATE_NOOP("DerivationTerm", "dense layers"),
    QT_TRANSLATE_NOOP("DerivationTerm", "MoE layers"),
    QT_TRANSLATE_NOOP("DerivationTerm", "LM head"),
    QT_TRANSLATE_NOOP("DerivationTerm", "first stage"),
    QT_TRANSLATE_NOOP("DerivationTerm", "middle stage"),
    QT_TRANSLATE_NOOP("DerivationTerm", "last stage"),
    QT_TRANSLATE_NOOP("DerivationTerm", "the only stage"),
};

// sim::toString(MemoryPhase::Kind), in phase order.
const char* const kPhaseNames[] = {
    QT_TRANSLATE_NOOP("MemoryPhase", "step start"),
    QT_TRANSLATE_NOOP("MemoryPhase", "end of forward"),
    QT_TRANSLATE_NOOP("MemoryPhase", "start of backward"),
    QT_TRANSLATE_NOOP("MemoryPhase", "middle of backward"),
    QT_TRANSLATE_NOOP("MemoryPhase", "end of backward"),
    QT_TRANSLATE_NOOP("MemoryPhase", "optimizer step"),
};

const char* const kStageNames[] = {
    QT_TRANSLATE_NOOP("PipelineStage", "first (embeddings)"),
    QT_TRANSLATE_NOOP("PipelineStage", "middle"),
    QT_TRANSLATE_NOOP("PipelineStage", "last (LM head)"),
    QT_TRANSLATE_NOOP("PipelineStage", "only"),
};

QString fixedTermName(const QString& name) {
    for (const char* n : kTermNames)
        if (name == QLatin1String(n)) return QCoreApplication::translate("DerivationTerm", n);
    return name;
}

} // namespace

QString memoryPhaseName(sim::MemoryPhase::Kind kind) {
    const int k = static_cast<int>(kind);
    if (k < 0 || k >= sim::MemoryPhase::Count) return {};
    return QCoreApplication::translate("MemoryPhase", kPhaseNames[k]);
}

QString memoryPhaseName(const std::string& englishName) {
    for (const char* n : kPhaseNames)
        if (englishName == n) return QCoreApplication::translate("MemoryPhase", n);
    return QString::fromStdString(englishName);
}

QString pipelineStageName(const std::string& englishName) {
    for (const char* n : kStageNames)
        if (englishName == n) return QCoreApplication::translate("PipelineStage", n);
    return QString::fromStdString(englishName);
}

QString derivationTermName(const std::string& name) {
    const QString text = QString::fromStdString(name);
    // "peak memory per GPU (first stage, at start of backward)"
    static const QRegularExpression peak(
        QStringLiteral("^peak memory per GPU \\((.+), at (.+)\\)$"));
    if (const auto m = peak.match(text); m.hasMatch())
        return QCoreApplication::translate("DerivationTerm", "peak memory per GPU (%1, at %2)")
            .arg(fixedTermName(m.captured(1)), memoryPhaseName(m.captured(2).toStdString()));
    // "gradients at end of backward", "stored activations at start of backward", ...
    static const QRegularExpression at(QStringLiteral("^(.+) at (.+)$"));
    if (const auto m = at.match(text); m.hasMatch()) {
        const QString phase = memoryPhaseName(m.captured(2).toStdString());
        if (phase != m.captured(2))
            return QCoreApplication::translate("DerivationTerm", "%1 at %2")
                .arg(fixedTermName(m.captured(1)), phase);
    }
    // "tp communicator", "dp-shard communicator", ...: the group names are the layout's own
    // abbreviations (explain.cpp, detail::planCommunicators) and stay as they are.
    static const QRegularExpression communicator(QStringLiteral("^([a-z-]+) communicator$"));
    if (const auto m = communicator.match(text); m.hasMatch())
        return QCoreApplication::translate("DerivationTerm", "%1 communicator").arg(m.captured(1));
    return fixedTermName(text);
}

QString formatDerivationValue(double value, const std::string& unit) {
    if (unit == "bytes") return formatBytes(value);
    if (unit == "s") return formatSeconds(value);
    if (unit == "FLOP")
        return QCoreApplication::translate("DerivationTerm", "%1 PFLOP")
            .arg(QLocale().toString(value / 1e15, 'f', 2));
    return QLocale().toString(value, 'g', 4) +
           (unit.empty() ? QString() : QLatin1Char(' ') + QString::fromStdString(unit));
}

} // namespace trainplan::ui
