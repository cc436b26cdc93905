#pragma once

#include <trainplan/simulator/explain.h>

#include <QAbstractItemModel>

#include <vector>

namespace trainplan::ui {

// The derivation trees of one plan (issue 12) as a collapsible tree: each term with its value and
// unit, its formula, the inputs it used and its source. Several roots (memory, step time, ...).
class DerivationTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, ValueColumn, FormulaColumn, InputsColumn, SourceColumn, ColumnCount };
    static constexpr int ValueRole = Qt::UserRole + 1; // the term's value in SI units (double)
    static constexpr int UnitRole = Qt::UserRole + 2;  // "bytes", "s", "FLOP"

    using QAbstractItemModel::QAbstractItemModel;

    void setTerms(std::vector<sim::DerivationTerm> roots);
    [[nodiscard]] const std::vector<sim::DerivationTerm>& terms() const { return m_roots; }
    [[nodiscard]] const sim::DerivationTerm* termAt(const QModelIndex& index) const;

    [[nodiscard]] QModelIndex index(int row, int column,
                                    const QModelIndex& parent = {}) const override;
    [[nodiscard]] QModelIndex parent(const QModelIndex& child) const override;
    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index,
                                int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role = Qt::DisplayRole) const override;

private:
    struct Node {
        const sim::DerivationTerm* term = nullptr;
        int parent = -1; // node index, -1 for a root
        int row = 0;     // position under its parent
        std::vector<int> children;
    };
    void addNode(const sim::DerivationTerm& term, int parent, int row);
    [[nodiscard]] const Node* nodeOf(const QModelIndex& index) const;

    std::vector<sim::DerivationTerm> m_roots;
    std::vector<Node> m_nodes;
    std::vector<int> m_rootNodes;
};

} // namespace trainplan::ui
