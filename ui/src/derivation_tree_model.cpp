#include <trainplan/ui/derivation_tree_model.h>

#include <trainplan/ui/derivation_text.h>
#include <trainplan/ui/view_text.h>

#include <QFont>
#include <QLocale>

#include <cmath>

namespace trainplan::ui {

using services::ChartText;

namespace {

QString inputValue(double v) {
    // Counts and sizes in full, small factors with four significant digits.
    if (v != 0 && std::abs(v) < 10) return QLocale().toString(v, 'g', 4);
    if (std::abs(v) >= 1e15) return QLocale().toString(v, 'g', 4);
    return QLocale().toString(v, 'f', 0);
}

QString inputsText(const sim::DerivationTerm& t, const QString& separator) {
    QStringList parts;
    for (const auto& [name, value] : t.inputs)
        parts << QStringLiteral("%1 = %2").arg(derivationInputName(name), inputValue(value));
    return parts.join(separator);
}

} // namespace

void DerivationTreeModel::setTerms(std::vector<sim::DerivationTerm> roots) {
    beginResetModel();
    m_roots = std::move(roots);
    m_nodes.clear();
    m_rootNodes.clear();
    for (std::size_t i = 0; i < m_roots.size(); ++i) {
        m_rootNodes.push_back(static_cast<int>(m_nodes.size()));
        addNode(m_roots[i], -1, static_cast<int>(i));
    }
    endResetModel();
}

void DerivationTreeModel::addNode(const sim::DerivationTerm& term, int parent, int row) {
    const int self = static_cast<int>(m_nodes.size());
    m_nodes.push_back({&term, parent, row, {}});
    for (std::size_t i = 0; i < term.children.size(); ++i) {
        m_nodes[static_cast<std::size_t>(self)].children.push_back(
            static_cast<int>(m_nodes.size()));
        addNode(term.children[i], self, static_cast<int>(i));
    }
}

const DerivationTreeModel::Node* DerivationTreeModel::nodeOf(const QModelIndex& index) const {
    if (!index.isValid() || index.model() != this) return nullptr;
    const auto id = static_cast<std::size_t>(index.internalId());
    return id < m_nodes.size() ? &m_nodes[id] : nullptr;
}

const sim::DerivationTerm* DerivationTreeModel::termAt(const QModelIndex& index) const {
    const Node* n = nodeOf(index);
    return n ? n->term : nullptr;
}

QModelIndex DerivationTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount) return {};
    const std::vector<int>* list = &m_rootNodes;
    if (parent.isValid()) {
        const Node* p = nodeOf(parent);
        if (!p || parent.column() != 0) return {};
        list = &p->children;
    }
    if (row >= static_cast<int>(list->size())) return {};
    return createIndex(row, column, static_cast<quintptr>((*list)[static_cast<std::size_t>(row)]));
}

QModelIndex DerivationTreeModel::parent(const QModelIndex& child) const {
    const Node* n = nodeOf(child);
    if (!n || n->parent < 0) return {};
    const Node& p = m_nodes[static_cast<std::size_t>(n->parent)];
    return createIndex(p.row, 0, static_cast<quintptr>(n->parent));
}

int DerivationTreeModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return static_cast<int>(m_rootNodes.size());
    if (parent.column() != 0) return 0;
    const Node* p = nodeOf(parent);
    return p ? static_cast<int>(p->children.size()) : 0;
}

int DerivationTreeModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant DerivationTreeModel::data(const QModelIndex& index, int role) const {
    const Node* n = nodeOf(index);
    if (!n) return {};
    const sim::DerivationTerm& t = *n->term;
    switch (role) {
    case ValueRole:
        return t.value;
    case UnitRole:
        return QString::fromStdString(t.unit);
    case Qt::TextAlignmentRole:
        return index.column() == ValueColumn
                   ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    case Qt::FontRole:
        if (index.column() == NameColumn && n->parent < 0) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole: {
        QString tip =
            QStringLiteral("<b>%1 = %2</b><br>= %3")
                .arg(derivationTermName(t.name).toHtmlEscaped(),
                     formatDerivationValue(t.value, t.unit), derivationFormula(t).toHtmlEscaped());
        if (!t.inputs.empty())
            tip += QStringLiteral("<br>") +
                   chartsText(ChartText::TermInputs, {qArg(inputsText(t, QStringLiteral("; ")))})
                       .toHtmlEscaped();
        tip += QStringLiteral("<br><i>") +
               chartsText(ChartText::TermSource, {qArg(derivationSource(t))}).toHtmlEscaped() +
               QStringLiteral("</i>");
        if (!t.children.empty())
            tip += QStringLiteral("<br>") +
                   chartsText(ChartText::TermSum,
                              {sim::countArg(static_cast<double>(t.children.size()))});
        return tip;
    }
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return derivationTermName(t.name);
        case ValueColumn:
            return formatDerivationValue(t.value, t.unit);
        case FormulaColumn:
            return derivationFormula(t);
        case InputsColumn:
            return inputsText(t, QStringLiteral("; "));
        case SourceColumn:
            return derivationSource(t);
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant DerivationTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn:
        return tr("Term");
    case ValueColumn:
        return tr("Value");
    case FormulaColumn:
        return tr("Formula");
    case InputsColumn:
        return tr("Inputs");
    case SourceColumn:
        return tr("Source");
    default:
        return {};
    }
}

} // namespace trainplan::ui
