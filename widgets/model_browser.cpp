#include "widgets/model_browser.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPixmap>
#include <QSettings>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace mapsmith::widgets {

namespace {

constexpr int kPathRole = Qt::UserRole;        // a model's path (empty on group captions)
constexpr int kCaptionRole = Qt::UserRole + 1; // a group's caption
constexpr int kRecentRole = Qt::UserRole + 2;  // true on the "Recently used" group

QString normalised(const QString& path) {
    QString n = path.toLower();
    n.replace(QLatin1Char('/'), QLatin1Char('\\'));
    return n;
}

qsizetype lastSlash(const QString& path) {
    return std::max(path.lastIndexOf(QLatin1Char('\\')), path.lastIndexOf(QLatin1Char('/')));
}

// A model's row: its tool tip is its path, read from the path role rather than stored twice.
class ModelItem final : public QTreeWidgetItem {
public:
    QVariant data(int column, int role) const override {
        return QTreeWidgetItem::data(column, role == Qt::ToolTipRole ? kPathRole : role);
    }
};

QString settingsGroup() {
    return QStringLiteral("modelBrowser");
}

} // namespace

ModelBrowser::ModelBrowser(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("modelBrowser"));
    mFilter = new QLineEdit(this);
    mFilter->setObjectName(QStringLiteral("modelFilter"));
    mFilter->setPlaceholderText(tr("Filter models"));
    mFilter->setClearButtonEnabled(true);
    mTree = new QTreeWidget(this);
    mTree->setObjectName(QStringLiteral("modelTree"));
    mTree->setHeaderHidden(true);
    mTree->setColumnCount(1);
    mTree->setUniformRowHeights(true);
    mTree->setSelectionMode(QAbstractItemView::SingleSelection);
    mCount = new QLabel(this);
    mPicture = new QLabel(this);
    mPicture->setObjectName(QStringLiteral("modelPreview"));
    mPicture->setFixedSize(kPreviewSize, kPreviewSize);
    mPicture->setAlignment(Qt::AlignCenter);
    mPicture->setFrameShape(QFrame::StyledPanel);
    mCaption = new QLabel(this);
    mCaption->setObjectName(QStringLiteral("modelPreviewCaption"));
    mCaption->setWordWrap(true);
    mCaption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(mFilter);
    layout->addWidget(mTree, 1);
    layout->addWidget(mCount);
    layout->addWidget(mPicture, 0, Qt::AlignHCenter);
    layout->addWidget(mCaption);

    connect(mFilter, &QLineEdit::textChanged, this, [this] { rebuild(); });
    connect(mTree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        const QString path = item ? item->data(0, kPathRole).toString() : QString();
        if (!path.isEmpty() && path != mCurrent) {
            mCurrent = path;
            showPreview();
        }
    });
    const auto chooseItem = [this](QTreeWidgetItem* item) {
        const QString path = item->data(0, kPathRole).toString();
        if (!path.isEmpty()) { // not a group caption
            choose(path);
        }
    };
    connect(mTree, &QTreeWidget::itemClicked, this, chooseItem);
    connect(mTree, &QTreeWidget::itemActivated, this, chooseItem);
    connect(mTree, &QTreeWidget::itemCollapsed, this,
            [this](QTreeWidgetItem* group) { mCollapsed.insert(group->data(0, kCaptionRole).toString()); });
    connect(mTree, &QTreeWidget::itemExpanded, this,
            [this](QTreeWidgetItem* group) { mCollapsed.remove(group->data(0, kCaptionRole).toString()); });
    rebuild();
    showPreview();
}

ModelBrowser::~ModelBrowser() {
    stopPreview();
}

void ModelBrowser::setPreviewProvider(PreviewProvider provider) {
    stopPreview();
    mProvider = std::move(provider);
    mPreviews.clear();
    showPreview();
}

void ModelBrowser::setModels(const QStringList& paths) {
    std::vector<Entry> models;
    models.reserve(std::size_t(paths.size()));
    QSet<QString> keys;
    keys.reserve(paths.size());
    for (const QString& p : paths) {
        Entry e;
        e.key = normalised(p);
        if (p.isEmpty() || keys.contains(e.key)) {
            continue;
        }
        keys.insert(e.key);
        e.path = p;
        const qsizetype slash = lastSlash(p);
        e.folder =
            slash < 0 ? QString() : QString(p.left(slash)).replace(QLatin1Char('/'), QLatin1Char('\\'));
        e.name = p.mid(slash + 1);
        models.push_back(std::move(e));
    }
    std::sort(models.begin(), models.end(), [](const Entry& a, const Entry& b) { return a.key < b.key; });
    if (models.size() == mModels.size() &&
        std::equal(models.begin(), models.end(), mModels.begin(),
                   [](const Entry& a, const Entry& b) { return a.path == b.path; })) {
        return;
    }
    mModels = std::move(models);
    mModelKeys = std::move(keys);
    rebuild();
}

void ModelBrowser::setFilter(const QString& text) {
    mFilter->setText(text);
}

void ModelBrowser::setRecent(const QStringList& paths) {
    QStringList unique;
    QSet<QString> seen;
    for (const QString& p : paths) {
        if (!p.isEmpty() && unique.size() < kMaxRecent && !seen.contains(normalised(p))) {
            seen.insert(normalised(p));
            unique.push_back(p);
        }
    }
    if (unique == mRecent) {
        return;
    }
    mRecent = unique;
    rebuildRecentGroup();
    emit recentChanged();
}

void ModelBrowser::setCurrent(const QString& path) {
    if (path != mCurrent) {
        mCurrent = path;
        showPreview();
    }
    selectCurrentItem();
}

void ModelBrowser::choose(const QString& path) {
    if (path.isEmpty()) {
        return;
    }
    QStringList recent = mRecent;
    recent.erase(std::remove_if(recent.begin(), recent.end(),
                                [&](const QString& p) { return normalised(p) == normalised(path); }),
                 recent.end());
    recent.push_front(path);
    setRecent(recent);
    setCurrent(path);
    emit modelChosen(path);
}

void ModelBrowser::saveTo(QSettings& store) const {
    store.beginGroup(settingsGroup());
    store.setValue(QStringLiteral("recent"), mRecent);
    store.endGroup();
}

void ModelBrowser::loadFrom(QSettings& store) {
    store.beginGroup(settingsGroup());
    const QVariant value = store.value(QStringLiteral("recent"));
    store.endGroup();
    if (value.canConvert<QStringList>()) {
        setRecent(value.toStringList());
    }
}

QStringList ModelBrowser::visibleModels() const {
    QStringList out;
    for (int g = 0; g < mTree->topLevelItemCount(); ++g) {
        const QTreeWidgetItem* group = mTree->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i) {
            out.push_back(group->child(i)->data(0, kPathRole).toString());
        }
    }
    return out;
}

QStringList ModelBrowser::groups() const {
    QStringList out;
    for (int g = 0; g < mTree->topLevelItemCount(); ++g) {
        out.push_back(mTree->topLevelItem(g)->data(0, kCaptionRole).toString());
    }
    return out;
}

QString ModelBrowser::previewCaption() const {
    return mCaption->text();
}

bool ModelBrowser::hasPreview(const QString& path) const {
    return mPreviews.contains(normalised(path));
}

bool ModelBrowser::matches(const QString& path) const {
    const QString filter = mFilter->text().trimmed();
    return filter.isEmpty() || path.contains(filter, Qt::CaseInsensitive);
}

QTreeWidgetItem* ModelBrowser::makeItem(const QString& path, const QString& name) const {
    auto* item = new ModelItem();
    item->setText(0, name);
    item->setData(0, kPathRole, path);
    return item;
}

QTreeWidgetItem* ModelBrowser::makeGroup(const QString& caption, const QString& label) const {
    auto* group = new QTreeWidgetItem();
    group->setText(0, label);
    group->setData(0, kCaptionRole, caption);
    group->setFlags(Qt::ItemIsEnabled);
    QFont bold = group->font(0);
    bold.setBold(true);
    group->setFont(0, bold);
    return group;
}

void ModelBrowser::finishGroup(QTreeWidgetItem* group) {
    group->setText(0, tr("%1 (%2)").arg(group->text(0)).arg(group->childCount()));
    group->setExpanded(!mCollapsed.contains(group->data(0, kCaptionRole).toString()));
}

void ModelBrowser::rebuildRecentGroup() {
    const QSignalBlocker block(mTree); // the current row may go with the old group
    const QString caption = tr("Recently used");
    if (mTree->topLevelItemCount() > 0 && mTree->topLevelItem(0)->data(0, kRecentRole).toBool()) {
        delete mTree->takeTopLevelItem(0);
    }
    QList<QTreeWidgetItem*> items;
    for (const QString& p : mRecent) {
        if (mModelKeys.contains(normalised(p)) && matches(p)) {
            items.push_back(makeItem(p, p.mid(lastSlash(p) + 1)));
        }
    }
    if (!items.isEmpty()) {
        QTreeWidgetItem* group = makeGroup(caption, caption);
        group->setData(0, kRecentRole, true);
        group->addChildren(items);
        mTree->insertTopLevelItem(0, group);
        finishGroup(group);
    }
    selectCurrentItem();
}

void ModelBrowser::rebuild() {
    mTree->setUpdatesEnabled(false);
    {
        const QSignalBlocker block(mTree); // no currentItemChanged while items go and come
        mTree->clear();
        QHash<QString, QTreeWidgetItem*> groupsByKey;
        QList<QTreeWidgetItem*> groups;
        QHash<QTreeWidgetItem*, QList<QTreeWidgetItem*>> children;
        int shown = 0;
        for (const Entry& e : mModels) {
            if (!matches(e.path)) {
                continue;
            }
            const QString groupKey = e.folder.toLower();
            QTreeWidgetItem* group = groupsByKey.value(groupKey);
            if (!group) {
                group = makeGroup(e.folder, e.folder.isEmpty() ? tr("(no folder)") : e.folder);
                groupsByKey.insert(groupKey, group);
                groups.push_back(group);
            }
            children[group].push_back(makeItem(e.path, e.name));
            ++shown;
        }
        for (QTreeWidgetItem* group : groups) {
            group->addChildren(children.value(group));
        }
        mTree->addTopLevelItems(groups);
        for (QTreeWidgetItem* group : groups) {
            finishGroup(group);
        }
        mCount->setText(mFilter->text().trimmed().isEmpty()
                            ? tr("%n model(s)", nullptr, shown)
                            : tr("%1 of %n model(s)", nullptr, int(mModels.size())).arg(shown));
        rebuildRecentGroup();
    }
    mTree->setUpdatesEnabled(true);
}

void ModelBrowser::selectCurrentItem() {
    const QSignalBlocker block(mTree);
    mTree->clearSelection();
    if (mCurrent.isEmpty()) {
        return;
    }
    const QString key = normalised(mCurrent);
    // The row the user clicked keeps the selection (a recent model is also listed in its folder).
    if (QTreeWidgetItem* item = mTree->currentItem();
        item && normalised(item->data(0, kPathRole).toString()) == key) {
        item->setSelected(true);
        mTree->scrollToItem(item);
        return;
    }
    for (int g = 0; g < mTree->topLevelItemCount(); ++g) {
        QTreeWidgetItem* group = mTree->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem* item = group->child(i);
            if (normalised(item->data(0, kPathRole).toString()) == key) {
                item->setSelected(true);
                mTree->setCurrentItem(item);
                mTree->scrollToItem(item);
                return;
            }
        }
    }
}

void ModelBrowser::showPreview() {
    if (mCurrent.isEmpty()) {
        mShown = QImage();
        mPicture->clear();
        mCaption->setText(tr("Choose a model to see it here."));
        return;
    }
    const QString name = mCurrent.mid(lastSlash(mCurrent) + 1);
    if (const Preview* cached = mPreviews.object(normalised(mCurrent))) {
        mShown = cached->image;
        if (mShown.isNull()) {
            mPicture->setText(tr("No preview"));
        } else {
            mPicture->setPixmap(QPixmap::fromImage(
                mShown.scaled(kPreviewSize, kPreviewSize, Qt::KeepAspectRatio, Qt::SmoothTransformation)));
        }
        mCaption->setText(cached->caption.isEmpty() ? name : tr("%1: %2").arg(name, cached->caption));
        emit previewShown(mCurrent);
        return;
    }
    mShown = QImage();
    if (!mProvider) {
        mPicture->setText(tr("No preview"));
        mCaption->setText(name);
        return;
    }
    mPicture->setText(tr("Drawing..."));
    mCaption->setText(name);
    mWanted = mCurrent;
    if (!mRendering) {
        startPreview(mWanted);
    }
}

void ModelBrowser::startPreview(const QString& path) {
    mRendering = true;
    const quint64 generation = mGeneration;
    PreviewProvider provider = mProvider;
    mJob = QtConcurrent::run([this, path, generation, provider] {
        const Preview preview = provider(path);
        QMetaObject::invokeMethod(
            this, [this, path, preview, generation] { receivePreview(path, preview, generation); },
            Qt::QueuedConnection);
    });
}

void ModelBrowser::receivePreview(const QString& path, const Preview& preview, quint64 generation) {
    if (generation != mGeneration) {
        return; // made by a provider replaced meanwhile
    }
    mRendering = false;
    mPreviews.insert(normalised(path), new Preview(preview));
    if (normalised(path) == normalised(mCurrent)) {
        showPreview();
    }
    // The user moved on while this one was made: the latest wish next.
    if (!mWanted.isEmpty() && !mPreviews.contains(normalised(mWanted))) {
        startPreview(mWanted);
    }
}

void ModelBrowser::stopPreview() {
    mJob.waitForFinished();
    ++mGeneration; // a result already queued for the GUI thread is dropped on arrival
    mRendering = false;
}

} // namespace mapsmith::widgets
