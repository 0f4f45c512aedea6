#pragma once
// Model browser: the game data's models (M2s and WMO roots) grouped by folder, the recently chosen ones
// first in their own group, filtered by a text (case-insensitive, any part of the path), and a preview
// picture of the current model. Clicking a model (or Enter on it) chooses it. Previews come from a
// provider, so the panel knows nothing of where models live; the provider runs on a worker thread (it
// must be thread-safe), one preview at a time, the latest asked for next, and each preview is made once
// per provider (the most recent ones are kept).

#include <QCache>
#include <QFuture>
#include <QHash>
#include <QImage>
#include <QSet>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <vector>

class QLabel;
class QLineEdit;
class QSettings;
class QTreeWidget;
class QTreeWidgetItem;

namespace mapsmith::widgets {

class ModelBrowser final : public QWidget {
    Q_OBJECT
public:
    struct Preview {
        QImage image;    // any size (shown scaled to kPreviewSize); null: nothing to show
        QString caption; // one line under the picture, e.g. "M2, 107 triangles" or why there is none
    };
    // Called on a worker thread.
    using PreviewProvider = std::function<Preview(const QString& path)>;
    static constexpr int kPreviewSize = 192; // pixels, square
    static constexpr int kMaxRecent = 12;
    static constexpr int kKeptPreviews = 200;

    explicit ModelBrowser(QWidget* parent = nullptr);
    ~ModelBrowser() override;

    // Replaces the provider and forgets every preview made so far (the current one is made again).
    void setPreviewProvider(PreviewProvider provider);
    // Every model to offer (duplicates differing only in case or slash direction count once).
    void setModels(const QStringList& paths);
    int modelCount() const { return int(mModels.size()); }
    void setFilter(const QString& text);
    // Recently chosen models, most recent first; those also in the list show first, in "Recently used".
    void setRecent(const QStringList& paths);
    const QStringList& recent() const { return mRecent; }
    // The model whose preview is shown, selected in the list when it is there (no signal).
    void setCurrent(const QString& path);
    QString current() const { return mCurrent; }
    // What a click does: `path` becomes current and the most recent, and modelChosen is emitted.
    void choose(const QString& path);

    // The recent list, under the group "modelBrowser".
    void saveTo(QSettings& store) const;
    void loadFrom(QSettings& store);

    // What the panel shows now, top to bottom, groups flattened (tests).
    QStringList visibleModels() const;
    // Group captions top to bottom (tests): "Recently used", then folders such as "World\\Critter".
    QStringList groups() const;
    // The picture and caption shown for the current model (the picture is null while it is being made).
    QImage previewImage() const { return mShown; }
    QString previewCaption() const;
    bool hasPreview(const QString& path) const;
    // True while a preview is being made.
    bool rendering() const { return mRendering; }

signals:
    void modelChosen(const QString& path);
    void recentChanged();
    void previewShown(const QString& path); // the current model's picture arrived (or came from the cache)

private:
    struct Entry {
        QString path;
        QString key;    // normalised path
        QString folder; // display spelling, '\\' separators
        QString name;   // file name
    };

    void rebuild();
    void rebuildRecentGroup();
    QTreeWidgetItem* makeItem(const QString& path, const QString& name) const; // tool tip: the path
    QTreeWidgetItem* makeGroup(const QString& caption, const QString& label) const;
    void finishGroup(QTreeWidgetItem* group);
    void selectCurrentItem();
    void showPreview();
    void startPreview(const QString& path);
    void receivePreview(const QString& path, const Preview& preview, quint64 generation);
    void stopPreview();
    bool matches(const QString& path) const;

    PreviewProvider mProvider;
    std::vector<Entry> mModels; // sorted by key
    QSet<QString> mModelKeys;
    QStringList mRecent;
    QString mCurrent;
    QString mWanted; // the preview to make next
    QCache<QString, Preview> mPreviews{kKeptPreviews};
    QSet<QString> mCollapsed; // group captions the user folded
    QImage mShown;

    QLineEdit* mFilter = nullptr;
    QTreeWidget* mTree = nullptr;
    QLabel* mCount = nullptr;
    QLabel* mPicture = nullptr;
    QLabel* mCaption = nullptr;

    QFuture<void> mJob;
    bool mRendering = false;
    quint64 mGeneration = 0;
};

} // namespace mapsmith::widgets
