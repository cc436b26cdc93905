#include <trainplan/ui/table_model_base.h>

namespace trainplan::ui {

int TableModelBase::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : rows();
}

int TableModelBase::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : columns();
}

QVariant TableModelBase::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    return cell(index.row(), index.column(), role);
}

QVariant TableModelBase::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole && section >= 0 && section < rows()) return section + 1;
        return {};
    }
    if (section < 0 || section >= columns()) return {};
    return header(section, role);
}

} // namespace trainplan::ui
