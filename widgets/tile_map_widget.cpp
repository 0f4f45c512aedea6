#include "tile_map_widget.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace mapsmith::widgets {
namespace {

constexpr int kTiles = io::kWdtTilesPerSide;
constexpr int kAxisLeft = 26; // pixels for the Y labels
constexpr int kAxisTop = 18;  // pixels for the X labels
constexpr int kMargin = 6;

const QColor kBackground(28, 32, 38);
const QColor kPresent(72, 108, 150);
const QColor kLoaded(84, 168, 104);
const QColor kModified(232, 152, 48);
const QColor kCamera(235, 60, 60);
const QColor kHover(255, 225, 60);

std::size_t indexOf(core::TileCoord t) {
    return std::size_t(t.y * kTiles + t.x);
}

} // namespace

TileMapWidget::TileMapWidget(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("tileMap"));
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void TileMapWidget::setWdt(const io::Wdt& wdt) {
    mPresent.reset();
    for (int y = 0; y < kTiles; ++y) {
        for (int x = 0; x < kTiles; ++x) {
            mPresent[indexOf({x, y})] = wdt.hasTile(x, y);
        }
    }
    update();
}

bool TileMapWidget::tilePresent(core::TileCoord t) const {
    return t.valid() && mPresent[indexOf(t)];
}

void TileMapWidget::setLoadedTiles(const std::set<core::TileCoord>& tiles) {
    mLoaded = tiles;
    emit hoverTextChanged(hoverText());
    update();
}

void TileMapWidget::setModifiedTiles(const std::set<core::TileCoord>& tiles) {
    mModified = tiles;
    emit hoverTextChanged(hoverText());
    update();
}

void TileMapWidget::setCameraTile(std::optional<core::TileCoord> tile) {
    if (tile && !tile->valid()) {
        tile.reset();
    }
    mCamera = tile;
    update();
}

void TileMapWidget::setMinimap(const QImage& image) {
    mMinimap = image;
    update();
}

QRectF TileMapWidget::viewRect() const {
    const int strip = 2 * fontMetrics().height() + 8;
    const double side =
        std::max(1, std::min(width() - kAxisLeft - kMargin, height() - kAxisTop - strip - kMargin));
    const double left = kAxisLeft + std::max(0.0, (width() - kAxisLeft - kMargin - side) / 2.0);
    return {left, double(kAxisTop), side, side};
}

double TileMapWidget::cellSize() const {
    return viewRect().width() / kTiles * mZoom;
}

QPointF TileMapWidget::toView(QPointF tilePoint) const {
    return viewRect().center() + (tilePoint - mCentre) * cellSize();
}

QPointF TileMapWidget::toTiles(QPointF widgetPoint) const {
    return mCentre + (widgetPoint - viewRect().center()) / cellSize();
}

QRectF TileMapWidget::tileRect(core::TileCoord t) const {
    const double cell = cellSize();
    return {toView(QPointF(t.x, t.y)), QSizeF(cell, cell)};
}

std::optional<core::TileCoord> TileMapWidget::tileAt(QPointF pos) const {
    if (!viewRect().contains(pos)) {
        return std::nullopt;
    }
    const QPointF p = toTiles(pos);
    const core::TileCoord t{int(std::floor(p.x())), int(std::floor(p.y()))};
    if (!t.valid()) {
        return std::nullopt;
    }
    return t;
}

void TileMapWidget::clampCentre() {
    const double half = kTiles / 2.0 / mZoom;
    mCentre.setX(std::clamp(mCentre.x(), half, kTiles - half));
    mCentre.setY(std::clamp(mCentre.y(), half, kTiles - half));
}

void TileMapWidget::setZoom(double zoom, QPointF anchor) {
    const QPointF anchored = toTiles(anchor);
    mZoom = std::clamp(zoom, 1.0, kMaxZoom);
    mCentre = anchored - (anchor - viewRect().center()) / cellSize();
    clampCentre();
    update();
}

QString TileMapWidget::tileText(core::TileCoord t) {
    return tr("Tile %1_%2").arg(t.x).arg(t.y);
}

QString TileMapWidget::hoverText() const {
    if (!mHover) {
        return {};
    }
    QString text = tileText(*mHover);
    if (!tilePresent(*mHover)) {
        return text + tr(" · no ADT");
    }
    if (mLoaded.count(*mHover)) {
        text += tr(" · loaded");
    }
    if (mModified.count(*mHover)) {
        text += tr(" · modified");
    }
    return text;
}

void TileMapWidget::setHover(std::optional<core::TileCoord> tile) {
    if (tile == mHover) {
        return;
    }
    mHover = tile;
    emit hoverTextChanged(hoverText());
    update();
}

void TileMapWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    const QRectF view = viewRect();
    const double cell = cellSize();

    // Axis labels: every `step` tiles, at least ~28 px apart.
    p.setPen(palette().color(QPalette::WindowText));
    QFont small = font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.85));
    p.setFont(small);
    int step = 1;
    while (step * cell < 28.0 && step < 32) {
        step *= 2;
    }
    for (int i = 0; i < kTiles; i += step) {
        const QPointF tl = toView(QPointF(i, i));
        if (tl.x() >= view.left() - 1 && tl.x() + cell * 0.5 <= view.right()) {
            p.drawText(QRectF(tl.x(), 0, cell * step, kAxisTop - 2), Qt::AlignLeft | Qt::AlignBottom,
                       QString::number(i));
        }
        if (tl.y() >= view.top() - 1 && tl.y() + cell * 0.5 <= view.bottom()) {
            p.drawText(QRectF(0, tl.y(), kAxisLeft - 4, cell * step), Qt::AlignRight | Qt::AlignTop,
                       QString::number(i));
        }
    }
    p.setFont(font());

    p.save();
    p.setClipRect(view);
    p.fillRect(view, kBackground);
    const bool minimap = !mMinimap.isNull();
    if (minimap) {
        p.setRenderHint(QPainter::SmoothPixmapTransform);
        p.drawImage(QRectF(toView({0.0, 0.0}), QSizeF(cell * kTiles, cell * kTiles)), mMinimap);
    }

    // Visible tile range.
    const QPointF a = toTiles(view.topLeft());
    const QPointF b = toTiles(view.bottomRight());
    const int x0 = std::clamp(int(std::floor(a.x())), 0, kTiles - 1);
    const int y0 = std::clamp(int(std::floor(a.y())), 0, kTiles - 1);
    const int x1 = std::clamp(int(std::ceil(b.x())), 0, kTiles - 1);
    const int y1 = std::clamp(int(std::ceil(b.y())), 0, kTiles - 1);
    const double gap = cell >= 6.0 ? 1.0 : 0.0;
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) {
            const core::TileCoord t{x, y};
            const QRectF r = tileRect(t).adjusted(0, 0, -gap, -gap);
            if (!mPresent[indexOf(t)]) {
                if (minimap) {
                    p.fillRect(r, QColor(0, 0, 0, 110));
                }
                continue;
            }
            QColor fill = mModified.count(t) ? kModified : mLoaded.count(t) ? kLoaded : kPresent;
            if (minimap) {
                fill.setAlpha(fill == kPresent ? 40 : 120);
            }
            p.fillRect(r, fill);
        }
    }

    // Grid: faint lines between tiles when they are big enough, stronger every 8 tiles.
    const QPointF origin = toView({0.0, 0.0});
    const double extent = cell * kTiles;
    for (int i = 0; i <= kTiles; ++i) {
        const bool major = i % 8 == 0;
        if (!major && cell < 9.0) {
            continue;
        }
        p.setPen(QPen(QColor(255, 255, 255, major ? 55 : 18), 1.0));
        const double x = origin.x() + i * cell;
        const double y = origin.y() + i * cell;
        p.drawLine(QPointF(x, origin.y()), QPointF(x, origin.y() + extent));
        p.drawLine(QPointF(origin.x(), y), QPointF(origin.x() + extent, y));
    }

    if (mCamera) {
        const QRectF r = tileRect(*mCamera);
        p.setPen(QPen(kCamera, std::max(2.0, cell * 0.12)));
        p.drawRect(r.adjusted(-1, -1, 1, 1));
        p.setRenderHint(QPainter::Antialiasing);
        p.setBrush(kCamera);
        p.setPen(Qt::NoPen);
        const double dot = std::max(2.0, cell * 0.18);
        p.drawEllipse(r.center(), dot, dot);
        p.setBrush(Qt::NoBrush);
        p.setRenderHint(QPainter::Antialiasing, false);
    }
    if (mHover) {
        p.setPen(QPen(kHover, 2.0));
        p.drawRect(tileRect(*mHover).adjusted(-1, -1, 1, 1));
    }
    p.restore();
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(view.adjusted(-0.5, -0.5, 0.5, 0.5));

    const int line = fontMetrics().height();
    const QRect strip(int(view.left()), int(view.bottom()) + 4, int(view.width()), 2 * line + 4);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(palette().color(QPalette::WindowText));
    const QString hover = hoverText();
    p.drawText(QRect(strip.left(), strip.top(), strip.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
               hover.isEmpty() ? tr("%1 tiles").arg(int(mPresent.count())) : hover);
    p.setFont(font());
    drawLegend(p, QRect(strip.left(), strip.top() + line + 4, strip.width(), line));
}

void TileMapWidget::drawLegend(QPainter& p, const QRect& strip) const {
    const std::pair<QColor, QString> items[] = {
        {kPresent, tr("ADT")}, {kLoaded, tr("Loaded")}, {kModified, tr("Modified")}, {kCamera, tr("Camera")}};
    int x = strip.left();
    const int box = strip.height() - 4;
    for (const auto& [colour, text] : items) {
        const QRect swatch(x, strip.top() + 2, box, box);
        if (colour == kCamera) {
            p.fillRect(swatch, kBackground);
            p.setPen(QPen(kCamera, 2));
            p.drawRect(swatch.adjusted(1, 1, -1, -1));
        } else {
            p.fillRect(swatch, colour);
        }
        p.setPen(palette().color(QPalette::WindowText));
        const int w = p.fontMetrics().horizontalAdvance(text);
        p.drawText(QRect(x + box + 4, strip.top(), w + 2, strip.height()), Qt::AlignLeft | Qt::AlignVCenter,
                   text);
        x += box + 4 + w + 14;
    }
}

void TileMapWidget::mouseMoveEvent(QMouseEvent* event) {
    if (mPanFrom) {
        mCentre -= (event->position() - *mPanFrom) / cellSize();
        mPanFrom = event->position();
        clampCentre();
        update();
    }
    setHover(tileAt(event->position()));
}

void TileMapWidget::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        mPressed = tileAt(event->position());
    } else if (event->button() == Qt::RightButton || event->button() == Qt::MiddleButton) {
        mPanFrom = event->position();
        setCursor(Qt::ClosedHandCursor);
    }
}

void TileMapWidget::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        const auto tile = tileAt(event->position());
        if (tile && tile == mPressed && tilePresent(*tile)) {
            emit tileActivated(*tile);
        }
        mPressed.reset();
    } else if (mPanFrom) {
        mPanFrom.reset();
        unsetCursor();
    }
}

void TileMapWidget::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps != 0.0) {
        setZoom(mZoom * std::pow(1.25, steps), event->position());
        setHover(tileAt(event->position()));
    }
    event->accept();
}

void TileMapWidget::leaveEvent(QEvent*) {
    setHover(std::nullopt);
}

void TileMapWidget::resizeEvent(QResizeEvent*) {
    clampCentre();
}

} // namespace mapsmith::widgets
