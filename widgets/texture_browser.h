#pragma once
// Texture browser: thumbnails of terrain textures (MTEX paths) grouped by folder, the current tile's
// textures first in their own group, filtered by a text (case-insensitive, any part of the path).
// Clicking one chooses it for painting. Thumbnails come from a provider, so the panel knows nothing of
// where images live; the provider runs on a worker thread (it must be thread-safe), thumbnails arrive
// in batches with a progress bar, and each is made once per provider.

#include <QFuture>
#include <QHash>
#include <QIcon>
#include <QImage>
#include <QSet>
#include <QStringList>
#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>

class QLabel;
class QLineEdit;
class QProgressBar;
class QTreeWidget;
class QTreeWidgetItem;

namespace mapsmith::widgets {

class TextureBrowser final : public QWidget {
    Q_OBJECT
public:
    // Called on a worker thread; any size (the browser scales to kThumbnailSize); null = no image.
    using ImageProvider = std::function<QImage(const QString& path)>;
    static constexpr int kThumbnailSize = 64;

    explicit TextureBrowser(QWidget* parent = nullptr);
    ~TextureBrowser() override;

    // Replaces the provider and forgets every thumbnail made so far.
    void setImageProvider(ImageProvider provider);
    // Every texture to offer (duplicates differing only in case or slash direction count once).
    void setTextures(const QStringList& paths);
    // Shown first, in this order, in the group "In this tile".
    void setPreferred(const QStringList& paths);
    void setFilter(const QString& text);
    // Highlights the texture being painted (no signal).
    void setCurrent(const QString& path);

    // What the panel shows now, top to bottom, groups flattened (tests).
    QStringList visiblePaths() const;
    // Group captions top to bottom (tests): "In this tile", then folders such as "Tileset\\Elwynn".
    QStringList groups() const;
    // Thumbnails still being made (0 when idle).
    int pendingThumbnails() const;
    // True when the thumbnail of path has arrived (tests).
    bool hasThumbnail(const QString& path) const;

signals:
    void textureChosen(const QString& path);
    void thumbnailsFinished(); // every listed texture has its thumbnail

private:
    void rebuild();
    void startLoading();
    void stopLoading();
    void receive(const QList<QPair<QString, QImage>>& batch, quint64 generation);
    QIcon iconFor(const QString& key) const;

    ImageProvider mProvider;
    QStringList mTextures;
    QStringList mPreferred;
    QString mCurrent;
    QHash<QString, QIcon> mIcons;                        // by normalised path
    QHash<QString, QList<QTreeWidgetItem*>> mItemsByKey; // rebuilt with the tree
    QSet<QString> mCollapsed;                            // group captions the user folded
    QIcon mPendingIcon;
    QLineEdit* mFilter = nullptr;
    QTreeWidget* mTree = nullptr;
    QLabel* mCount = nullptr;
    QProgressBar* mProgress = nullptr;

    // Background loading: one job at a time; a new one cancels the old (generation mismatch).
    QFuture<void> mJob;
    std::shared_ptr<std::atomic<bool>> mCancel;
    quint64 mGeneration = 0;
    int mPending = 0;
};

} // namespace mapsmith::widgets
