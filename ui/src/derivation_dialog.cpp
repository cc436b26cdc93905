#include <trainplan/ui/derivation_dialog.h>

#include <trainplan/ui/derivation_tree_model.h>

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTreeView>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace trainplan::ui {

DerivationDialog::DerivationDialog(QWidget* parent)
    : QDialog(parent)
    , m_title(new QLabel)
    , m_model(new DerivationTreeModel(this))
    , m_view(new QTreeView)
    , m_assumptions(new QTreeWidget) {
    setObjectName(QStringLiteral("derivationDialog"));
    setWindowTitle(tr("Derivation"));
    auto* layout = new QVBoxLayout(this);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_title);
    auto* hint = new QLabel(tr("Each term is the sum of the terms below it; hover a row for its "
                               "formula, inputs and source."));
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(hint);

    auto* tabs = new QTabWidget;
    auto* treePage = new QWidget;
    auto* treeLayout = new QVBoxLayout(treePage);
    m_view->setObjectName(QStringLiteral("derivationTree"));
    m_view->setModel(m_model);
    m_view->setAlternatingRowColors(true);
    m_view->setUniformRowHeights(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->header()->setStretchLastSection(true);
    m_view->header()->setSectionResizeMode(QHeaderView::Interactive);
    treeLayout->addWidget(m_view, 1);
    auto* buttons = new QHBoxLayout;
    auto* expand = new QPushButton(tr("Expand all"));
    auto* collapse = new QPushButton(tr("Collapse all"));
    buttons->addWidget(expand);
    buttons->addWidget(collapse);
    buttons->addStretch();
    treeLayout->addLayout(buttons);
    tabs->addTab(treePage, tr("Derivation"));

    m_assumptions->setObjectName(QStringLiteral("assumptionsTree"));
    m_assumptions->setColumnCount(4);
    m_assumptions->setHeaderLabels({tr("Assumption"), tr("Value"), tr("Set by"), tr("Source")});
    m_assumptions->setRootIsDecorated(false);
    m_assumptions->setAlternatingRowColors(true);
    m_assumptions->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    tabs->addTab(m_assumptions, tr("Assumptions"));
    layout->addWidget(tabs, 1);

    auto* close = new QDialogButtonBox(QDialogButtonBox::Close);
    layout->addWidget(close);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(expand, &QPushButton::clicked, m_view, &QTreeView::expandAll);
    connect(collapse, &QPushButton::clicked, m_view, &QTreeView::collapseAll);
    resize(1150, 640);
}

void DerivationDialog::setExplanation(const sim::Explanation& x, const QString& title,
                                      DerivationFocus focus) {
    m_title->setText(title);
    m_model->setTerms({x.memory, x.stepTime, x.communication, x.flops});
    m_view->collapseAll();
    std::vector<int> open;
    switch (focus) {
    case DerivationFocus::Memory:
        open = {0};
        break;
    case DerivationFocus::StepTime:
        open = {1};
        break;
    case DerivationFocus::Communication:
        open = {2};
        break;
    case DerivationFocus::Flops:
        open = {3};
        break;
    case DerivationFocus::Throughput:
        open = {1, 3};
        break; // rates are FLOPs or tokens over the step time
    }
    for (int row : open)
        m_view->expandRecursively(m_model->index(row, 0));
    const QModelIndex first = m_model->index(open.front(), 0);
    m_view->setCurrentIndex(first);
    m_view->scrollTo(first, QAbstractItemView::PositionAtTop);
    m_view->setColumnWidth(DerivationTreeModel::NameColumn, 360);
    m_view->setColumnWidth(DerivationTreeModel::ValueColumn, 130);
    m_view->setColumnWidth(DerivationTreeModel::FormulaColumn, 330);
    m_view->setColumnWidth(DerivationTreeModel::InputsColumn, 200);

    m_assumptions->clear();
    for (const auto& a : x.assumptions) {
        auto* item = new QTreeWidgetItem(
            m_assumptions,
            {QString::fromStdString(a.name), QString::fromStdString(a.value),
             a.defaulted ? tr("default") : tr("scenario"), QString::fromStdString(a.source)});
        item->setToolTip(2, a.defaulted
                                ? tr("The scenario does not set this; TrainPlan used its default.")
                                : tr("Taken from the scenario."));
        if (a.defaulted) item->setForeground(2, palette().brush(QPalette::PlaceholderText));
    }
}

} // namespace trainplan::ui
