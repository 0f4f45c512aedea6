#include "texture_browser.h"

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPixmap>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace mapsmith::widgets {

namespace {

QString normalised(const QString& path) {
    QString n = path.toLower();
    n.replace(QLatin1Char('/'), QLatin1Char('\\'));
    return n;
}

QString fileName(const QString& path) {
    const qsizetype slash = std::max(path.lastIndexOf(QLatin1Char('\\')), path.lastIndexOf(QLatin1Char('/')));
    return path.mid(slash + 1);
}

} // namespace

TextureBrowser::TextureBrowser(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("textureBrowser"));
    mFilter = new QLineEdit(this);
    mFilter->setObjectName(QStringLiteral("textureFilter"));
    mFilter->setPlaceholderText(tr("Filter textures"));
    mFilter->setClearButtonEnabled(true);
    mList = new QListWidget(this);
    mList->setObjectName(QStringLiteral("textureList"));
    mList->setViewMode(QListView::IconMode);
    mList->setIconSize(QSize(kThumbnailSize, kThumbnailSize));
    mList->setGridSize(QSize(kThumbnailSize + 40, kThumbnailSize + 34));
    mList->setResizeMode(QListView::Adjust);
    mList->setMovement(QListView::Static);
    mList->setWordWrap(true);
    mList->setUniformItemSizes(true);
    mCount = new QLabel(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(mFilter);
    layout->addWidget(mList, 1);
    layout->addWidget(mCount);
    connect(mFilter, &QLineEdit::textChanged, this, [this] { rebuild(); });
    connect(mList, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        const QString path = item->data(Qt::UserRole).toString();
        mCurrent = path;
        emit textureChosen(path);
    });
}

void TextureBrowser::setImageProvider(ImageProvider provider) {
    mProvider = std::move(provider);
    mIcons.clear();
    rebuild();
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
}

void TextureBrowser::setPreferred(const QStringList& paths) {
    if (paths == mPreferred) {
        return;
    }
    mPreferred = paths;
    rebuild();
}

void TextureBrowser::setFilter(const QString& text) {
    mFilter->setText(text);
}

void TextureBrowser::setCurrent(const QString& path) {
    mCurrent = path;
    for (int i = 0; i < mList->count(); ++i) {
        QListWidgetItem* item = mList->item(i);
        const bool current = normalised(item->data(Qt::UserRole).toString()) == normalised(path);
        item->setSelected(current);
        if (current) {
            mList->setCurrentItem(item);
        }
    }
}

QStringList TextureBrowser::visiblePaths() const {
    QStringList out;
    for (int i = 0; i < mList->count(); ++i) {
        out.push_back(mList->item(i)->data(Qt::UserRole).toString());
    }
    return out;
}

QIcon TextureBrowser::iconFor(const QString& path) {
    const QString key = normalised(path);
    if (const auto it = mIcons.constFind(key); it != mIcons.constEnd()) {
        return *it;
    }
    QImage image = mProvider ? mProvider(path) : QImage();
    if (image.isNull()) {
        image = QImage(kThumbnailSize, kThumbnailSize, QImage::Format_RGB32);
        image.fill(QColor(128, 128, 128));
    }
    const QIcon icon(QPixmap::fromImage(
        image.scaled(kThumbnailSize, kThumbnailSize, Qt::IgnoreAspectRatio, Qt::SmoothTransformation)));
    mIcons.insert(key, icon);
    return icon;
}

void TextureBrowser::rebuild() {
    const QString filter = mFilter->text().trimmed();
    const auto matches = [&](const QString& p) {
        return filter.isEmpty() || p.contains(filter, Qt::CaseInsensitive);
    };
    std::set<QString> preferred;
    QStringList order;
    for (const QString& p : mPreferred) {
        if (preferred.insert(normalised(p)).second && matches(p)) {
            order.push_back(p);
        }
    }
    const int inTile = int(order.size());
    for (const QString& p : mTextures) {
        if (!preferred.count(normalised(p)) && matches(p)) {
            order.push_back(p);
        }
    }
    mList->clear();
    for (int i = 0; i < order.size(); ++i) {
        const QString& p = order[i];
        auto* item = new QListWidgetItem(iconFor(p), fileName(p), mList);
        item->setData(Qt::UserRole, p);
        item->setToolTip(i < inTile ? tr("%1 (in this tile)").arg(p) : p);
        if (i < inTile) {
            QFont bold = item->font();
            bold.setBold(true);
            item->setFont(bold);
        }
    }
    mCount->setText(tr("%n texture(s)", nullptr, int(order.size())));
    setCurrent(mCurrent);
}

} // namespace mapsmith::widgets
