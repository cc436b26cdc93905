#include <trainplan/ui/derivation_dialog.h>

#include <trainplan/simulator/efficiency.h>
#include <trainplan/simulator/explain_rates.h>
#include <trainplan/simulator/explain_text.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/derivation_text.h>
#include <trainplan/ui/derivation_tree_model.h>
#include <trainplan/ui/view_text.h>

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

using services::PlanViewText;

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
    auto* hint = new QLabel(viewText(PlanViewText::DerivationHint));
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
                                      DerivationFocus focus, const sim::PlanContext* context) {
    m_title->setText(title);
    std::vector<sim::DerivationTerm> terms{x.memory, x.stepTime, x.communication, x.flops};
    // The rates end the tree: each is the number of its column, with the terms it divides.
    const int firstRate = static_cast<int>(terms.size());
    const std::vector<sim::DerivationTerm> rates =
        context ? sim::rateTerms(*context, x.estimate) : std::vector<sim::DerivationTerm>();
    terms.insert(terms.end(), rates.begin(), rates.end());
    m_model->setTerms(terms);
    m_view->collapseAll();
    std::vector<int> open;
    int select = -1;
    auto rate = [&](const char* name) {
        for (std::size_t i = 0; i < rates.size(); ++i)
            if (rates[i].name == name) return firstRate + static_cast<int>(i);
        return -1;
    };
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
    case DerivationFocus::Mfu:
        open = {1, 3}; // MFU is model FLOPs over step time × GPUs × peak
        select = rate("MFU");
        break;
    case DerivationFocus::TokensPerSecond:
        open = {1};
        select = rate("tokens/s");
        break;
    case DerivationFocus::TimeToTrain:
        open = {1};
        select = rate("time to train");
        break;
    case DerivationFocus::Cost:
        open = {1};
        select = rate("cost");
        break;
    }
    for (int row : open)
        m_view->expandRecursively(m_model->index(row, 0));
    const QModelIndex first = m_model->index(select >= 0 ? select : open.front(), 0);
    m_view->setCurrentIndex(first);
    m_view->scrollTo(first, select >= 0 ? QAbstractItemView::PositionAtCenter
                                        : QAbstractItemView::PositionAtTop);
    m_view->setColumnWidth(DerivationTreeModel::NameColumn, 360);
    m_view->setColumnWidth(DerivationTreeModel::ValueColumn, 130);
    m_view->setColumnWidth(DerivationTreeModel::FormulaColumn, 330);
    m_view->setColumnWidth(DerivationTreeModel::InputsColumn, 200);

    m_assumptions->clear();
    const std::vector<sim::EfficiencySource> numbers =
        context ? sim::describeEfficiency(*context->scenario) : std::vector<sim::EfficiencySource>();
    for (const auto& a : x.assumptions) {
        const sim::EfficiencySource* number = nullptr;
        for (const auto& n : numbers)
            if (n.name == a.name) number = &n;
        auto* item = new QTreeWidgetItem(
            m_assumptions, {assumptionLabel(a.name), formatAssumptionValue(a, number),
                            a.defaulted ? tr("default") : tr("scenario"),
                            QString::fromStdString(sim::assumptionSource(a, advisorLanguage()))});
        item->setToolTip(0, QString::fromStdString(a.name)); // the scenario/efficiency key
        item->setToolTip(2, a.defaulted ? viewText(PlanViewText::DefaultedTip)
                                        : viewText(PlanViewText::FromScenarioTip));
        if (a.defaulted) item->setForeground(2, palette().brush(QPalette::PlaceholderText));
    }
}

} // namespace trainplan::ui
