#pragma once
// Shows a tile's top-down height image with the 16x16 chunk grid; hovering names the chunk.

#include <QImage>
#include <QWidget>

namespace mapsmith::widgets {

class TilePreview : public QWidget {
    Q_OBJECT
public:
    explicit TilePreview(QWidget* parent = nullptr);

    void setImage(const QImage& image);
    const QImage& image() const { return mImage; }
    QSize sizeHint() const override { return {520, 520}; }

signals:
    // Chunk under the cursor (0..15 each), or (-1, -1) when outside the tile.
    void chunkHovered(int chunkX, int chunkY);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    QRect imageRect() const;

    QImage mImage;
    int mHoverX = -1;
    int mHoverY = -1;
};

} // namespace mapsmith::widgets
