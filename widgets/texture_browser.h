#pragma once
// Texture browser: thumbnails of terrain textures (MTEX paths), the current tile's textures first and
// then the rest by path, filtered by a text (case-insensitive, any part of the path). Activating one
// (click) chooses it for painting. Thumbnails come from a provider so the panel knows nothing of
// where images live (procedural textures now, the client's BLPs later); each is made once.

#include <QImage>
#include <QStringList>
#include <QWidget>

#include <functional>

class QLineEdit;
class QListWidget;
class QLabel;

namespace mapsmith::widgets {

class TextureBrowser final : public QWidget {
    Q_OBJECT
public:
    using ImageProvider = std::function<QImage(const QString& path)>;
    static constexpr int kThumbnailSize = 64;

    explicit TextureBrowser(QWidget* parent = nullptr);

    void setImageProvider(ImageProvider provider);
    // Every texture to offer (duplicates differing only in case or slash direction count once).
    void setTextures(const QStringList& paths);
    // Shown first, in this order, marked "in tile".
    void setPreferred(const QStringList& paths);
    void setFilter(const QString& text);
    // Highlights the texture being painted (no signal).
    void setCurrent(const QString& path);

    // What the list shows now, top to bottom (tests).
    QStringList visiblePaths() const;

signals:
    void textureChosen(const QString& path);

private:
    void rebuild();
    QIcon iconFor(const QString& path);

    ImageProvider mProvider;
    QStringList mTextures;
    QStringList mPreferred;
    QString mCurrent;
    QHash<QString, QIcon> mIcons; // by normalised path
    QLineEdit* mFilter = nullptr;
    QListWidget* mList = nullptr;
    QLabel* mCount = nullptr;
};

} // namespace mapsmith::widgets
