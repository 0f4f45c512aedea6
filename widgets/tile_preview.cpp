#include "tile_preview.h"

#include <QMouseEvent>
#include <QPainter>

namespace mapsmith::widgets {

TilePreview::TilePreview(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(256, 256);
    setObjectName(QStringLiteral("tilePreview"));
}

void TilePreview::setImage(const QImage& image) {
    mImage = image;
    update();
}

QRect TilePreview::imageRect() const {
    const int side = std::min(width(), height()) - 16;
    return {(width() - side) / 2, (height() - side) / 2, side, side};
}

void TilePreview::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    if (mImage.isNull()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("Open a tile (File > Open) to see its terrain"));
        return;
    }
    const QRect r = imageRect();
    p.setRenderHint(QPainter::SmoothPixmapTransform);
    p.drawImage(r, mImage);
    p.setPen(QColor(0, 0, 0, 60));
    for (int i = 1; i < 16; ++i) {
        const int x = r.left() + r.width() * i / 16;
        const int y = r.top() + r.height() * i / 16;
        p.drawLine(x, r.top(), x, r.bottom());
        p.drawLine(r.left(), y, r.right(), y);
    }
    if (mHoverX >= 0) {
        p.setPen(QPen(QColor(255, 220, 0), 2));
        p.drawRect(r.left() + r.width() * mHoverX / 16, r.top() + r.height() * mHoverY / 16, r.width() / 16,
                   r.height() / 16);
    }
}

void TilePreview::mouseMoveEvent(QMouseEvent* event) {
    const QRect r = imageRect();
    int x = -1;
    int y = -1;
    if (!mImage.isNull() && r.contains(event->position().toPoint())) {
        x = std::clamp(int((event->position().x() - r.left()) * 16 / r.width()), 0, 15);
        y = std::clamp(int((event->position().y() - r.top()) * 16 / r.height()), 0, 15);
    }
    if (x != mHoverX || y != mHoverY) {
        mHoverX = x;
        mHoverY = y;
        update();
        emit chunkHovered(x, y);
    }
}

void TilePreview::leaveEvent(QEvent*) {
    if (mHoverX >= 0) {
        mHoverX = mHoverY = -1;
        update();
        emit chunkHovered(-1, -1);
    }
}

} // namespace mapsmith::widgets
