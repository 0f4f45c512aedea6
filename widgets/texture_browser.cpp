#include "widgets/texture_browser.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPixmap>
#include <QProgressBar>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <set>

namespace mapsmith::widgets {

namespace {

constexpr int kBatch = 16; // thumbnails per hand-over to the GUI thread

QString normalised(const QString& path) {
    QString n = path.toLower();
    n.replace(QLatin1Char('/'), QLatin1Char('\\'));
    return n;
}

qsizetype lastSlash(const QString& path) {
    return std::max(path.lastIndexOf(QLatin1Char('\\')), path.lastIndexOf(QLatin1Char('/')));
}

QString fileName(const QString& path) {
    return path.mid(lastSlash(path) + 1);
}

QString folderOf(const QString& path) {
    const qsizetype slash = lastSlash(path);
    return slash < 0 ? QString() : QString(path.left(slash)).replace(QLatin1Char('/'), QLatin1Char('\\'));
}

QImage scaledThumbnail(const QImage& image) {
    const int s = TextureBrowser::kThumbnailSize;
    if (image.isNull()) {
        return {};
    }
    if (image.width() == s && image.height() == s) {
        return image;
    }
    return image.scaled(s, s, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
}

} // namespace

TextureBrowser::TextureBrowser(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("textureBrowser"));
    QImage pending(kThumbnailSize, kThumbnailSize, QImage::Format_RGB32);
    pending.fill(QColor(96, 96, 96));
    mPendingIcon = QIcon(QPixmap::fromImage(pending));

    mFilter = new QLineEdit(this);
    mFilter->setObjectName(QStringLiteral("textureFilter"));
    mFilter->setPlaceholderText(tr("Filter textures"));
    mFilter->setClearButtonEnabled(true);
    mTree = new QTreeWidget(this);
    mTree->setObjectName(QStringLiteral("textureTree"));
    mTree->setHeaderHidden(true);
    mTree->setColumnCount(1);
    mTree->setIconSize(QSize(kThumbnailSize, kThumbnailSize));
    mTree->setUniformRowHeights(false);
    mTree->setSelectionMode(QAbstractItemView::SingleSelection);
    mCount = new QLabel(this);
    mProgress = new QProgressBar(this);
    mProgress->setObjectName(QStringLiteral("thumbnailProgress"));
    mProgress->setFormat(tr("Thumbnails %v / %m"));
    mProgress->setVisible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(mFilter);
    layout->addWidget(mTree, 1);
    layout->addWidget(mProgress);
    layout->addWidget(mCount);
    connect(mFilter, &QLineEdit::textChanged, this, [this] { rebuild(); });
    connect(mTree, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) {
        const QString path = item->data(0, Qt::UserRole).toString();
        if (path.isEmpty()) {
            return; // a group caption
        }
        mCurrent = path;
        emit textureChosen(path);
    });
    connect(mTree, &QTreeWidget::itemCollapsed, this, [this](QTreeWidgetItem* group) {
        mCollapsed.insert(group->data(0, Qt::UserRole + 1).toString());
    });
    connect(mTree, &QTreeWidget::itemExpanded, this, [this](QTreeWidgetItem* group) {
        mCollapsed.remove(group->data(0, Qt::UserRole + 1).toString());
    });
}

TextureBrowser::~TextureBrowser() {
    stopLoading();
}

void TextureBrowser::setImageProvider(ImageProvider provider) {
    stopLoading();
    mProvider = std::move(provider);
    mIcons.clear();
    rebuild();
    startLoading();
}

void TextureBrowser::setTextures(const QStringList& paths) {
    std::set<QString> seen;
    QStringList unique;
    for (const QString& p : paths) {
        if (!p.isEmpty() && seen.insert(normalised(p)).second) {
            unique.push_back(p);
        }
    }
    std::sort(unique.begin(), unique.end(),
              [](const QString& a, const QString& b) { return normalised(a) < normalised(b); });
    if (unique == mTextures) {
        return;
    }
    mTextures = unique;
    rebuild();
    startLoading();
}

void TextureBrowser::setPreferred(const QStringList& paths) {
    if (paths == mPreferred) {
        return;
    }
    mPreferred = paths;
    rebuild();
    startLoading();
}

void TextureBrowser::setFilter(const QString& text) {
    mFilter->setText(text);
}

void TextureBrowser::setCurrent(const QString& path) {
    mCurrent = path;
    const QString key = normalised(path);
    mTree->clearSelection();
    if (const auto it = mItemsByKey.constFind(key); it != mItemsByKey.constEnd() && !it->isEmpty()) {
        QTreeWidgetItem* item = it->first();
        item->setSelected(true);
        mTree->setCurrentItem(item);
    }
}

QStringList TextureBrowser::visiblePaths() const {
    QStringList out;
    for (int g = 0; g < mTree->topLevelItemCount(); ++g) {
        const QTreeWidgetItem* group = mTree->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i) {
            out.push_back(group->child(i)->data(0, Qt::UserRole).toString());
        }
    }
    return out;
}

QStringList TextureBrowser::groups() const {
    QStringList out;
    for (int g = 0; g < mTree->topLevelItemCount(); ++g) {
        out.push_back(mTree->topLevelItem(g)->data(0, Qt::UserRole + 1).toString());
    }
    return out;
}

int TextureBrowser::pendingThumbnails() const {
    return mPending;
}

bool TextureBrowser::hasThumbnail(const QString& path) const {
    return mIcons.contains(normalised(path));
}

QIcon TextureBrowser::iconFor(const QString& key) const {
    return mIcons.value(key, mPendingIcon);
}

void TextureBrowser::rebuild() {
    const QString filter = mFilter->text().trimmed();
    const auto matches = [&](const QString& p) {
        return filter.isEmpty() || p.contains(filter, Qt::CaseInsensitive);
    };
    mTree->clear();
    mItemsByKey.clear();
    int shown = 0;
    QHash<QString, QTreeWidgetItem*> groupsByKey;
    const auto groupFor = [&](const QString& caption, const QString& label) {
        const QString key = caption.toLower();
        if (auto* existing = groupsByKey.value(key)) {
            return existing;
        }
        auto* group = new QTreeWidgetItem(mTree);
        group->setText(0, label);
        group->setData(0, Qt::UserRole + 1, caption);
        group->setFlags(Qt::ItemIsEnabled);
        QFont bold = group->font(0);
        bold.setBold(true);
        group->setFont(0, bold);
        groupsByKey.insert(key, group);
        return group;
    };
    const auto addItem = [&](QTreeWidgetItem* group, const QString& path, bool inTile) {
        auto* item = new QTreeWidgetItem(group);
        const QString key = normalised(path);
        item->setText(0, fileName(path));
        item->setIcon(0, iconFor(key));
        item->setData(0, Qt::UserRole, path);
        item->setToolTip(0, inTile ? tr("%1 (in this tile)").arg(path) : path);
        mItemsByKey[key].push_back(item);
        ++shown;
    };

    std::set<QString> preferred;
    const QString inTileCaption = tr("In this tile");
    for (const QString& p : mPreferred) {
        if (preferred.insert(normalised(p)).second && matches(p)) {
            addItem(groupFor(inTileCaption, inTileCaption), p, true);
        }
    }
    for (const QString& p : mTextures) {
        if (!preferred.count(normalised(p)) && matches(p)) {
            const QString folder = folderOf(p);
            addItem(groupFor(folder, folder.isEmpty() ? tr("(no folder)") : folder), p, false);
        }
    }
    for (int g = 0; g < mTree->topLevelItemCount(); ++g) {
        QTreeWidgetItem* group = mTree->topLevelItem(g);
        const QString caption = group->data(0, Qt::UserRole + 1).toString();
        group->setText(0, tr("%1 (%2)").arg(group->text(0)).arg(group->childCount()));
        group->setExpanded(!mCollapsed.contains(caption));
    }
    mCount->setText(tr("%n texture(s)", nullptr, shown));
    setCurrent(mCurrent);
}

void TextureBrowser::stopLoading() {
    if (mCancel) {
        mCancel->store(true);
    }
    mJob.waitForFinished();
    mCancel.reset();
    ++mGeneration; // batches already queued for the GUI thread are dropped on arrival
    mPending = 0;
    mProgress->setVisible(false);
}

void TextureBrowser::startLoading() {
    // The tile's textures first, then the rest in list order; only those without a thumbnail.
    QStringList todo;
    std::set<QString> queued;
    for (const QStringList* list : {&mPreferred, &mTextures}) {
        for (const QString& p : *list) {
            const QString key = normalised(p);
            if (!mIcons.contains(key) && queued.insert(key).second) {
                todo.push_back(p);
            }
        }
    }
    stopLoading();
    if (todo.isEmpty() || !mProvider) {
        if (!mProvider) {
            // Without a provider every texture shows the plain stand-in at once.
            for (const QString& p : todo) {
                mIcons.insert(normalised(p), mPendingIcon);
            }
        }
        emit thumbnailsFinished();
        return;
    }
    mPending = int(todo.size());
    mProgress->setRange(0, mPending);
    mProgress->setValue(0);
    mProgress->setVisible(true);
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    mCancel = cancel;
    const quint64 generation = mGeneration;
    ImageProvider provider = mProvider;
    mJob = QtConcurrent::run([this, todo, cancel, generation, provider] {
        QList<QPair<QString, QImage>> batch;
        for (const QString& path : todo) {
            if (cancel->load()) {
                return;
            }
            batch.push_back({path, scaledThumbnail(provider(path))});
            if (batch.size() == kBatch || path == todo.back()) {
                QMetaObject::invokeMethod(
                    this, [this, batch, generation] { receive(batch, generation); }, Qt::QueuedConnection);
                batch.clear();
            }
        }
    });
}

void TextureBrowser::receive(const QList<QPair<QString, QImage>>& batch, quint64 generation) {
    if (generation != mGeneration) {
        return; // a job that was cancelled meanwhile
    }
    for (const auto& [path, image] : batch) {
        const QString key = normalised(path);
        const QIcon icon = image.isNull() ? mPendingIcon : QIcon(QPixmap::fromImage(image));
        mIcons.insert(key, icon);
        for (QTreeWidgetItem* item : mItemsByKey.value(key)) {
            item->setIcon(0, icon);
        }
    }
    mPending = std::max(0, mPending - int(batch.size()));
    mProgress->setValue(mProgress->maximum() - mPending);
    if (mPending == 0) {
        mProgress->setVisible(false);
        emit thumbnailsFinished();
    }
}

} // namespace mapsmith::widgets
