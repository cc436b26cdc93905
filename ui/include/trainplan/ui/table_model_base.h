#pragma once

#include <QAbstractTableModel>

namespace trainplan::ui {

// Implements the Qt table-model contract once; subclasses supply cells and headers.
class TableModelBase : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    // Raw value of a cell for sorting (numbers sort as numbers).
    static constexpr int SortRole = Qt::UserRole + 1;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const final;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const final;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role = Qt::DisplayRole) const final;

protected:
    [[nodiscard]] virtual int rows() const = 0;
    [[nodiscard]] virtual int columns() const = 0;
    [[nodiscard]] virtual QVariant cell(int row, int column, int role) const = 0;
    [[nodiscard]] virtual QVariant header(int column, int role) const = 0;
    // Replaces the content: dataChanged when the shape is unchanged (keeps the selection),
    // a reset otherwise. `apply` swaps in the new rows.
    template <typename Apply> void replaceRows(int newRowCount, Apply apply) {
        if (newRowCount == rows() && newRowCount > 0) {
            apply();
            emit dataChanged(index(0, 0), index(rows() - 1, columns() - 1));
        } else {
            beginResetModel();
            apply();
            endResetModel();
        }
    }
};

} // namespace trainplan::ui
