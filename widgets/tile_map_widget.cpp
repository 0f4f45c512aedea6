#include "widgets/tile_map_widget.h"

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
const QColor kFailed(150, 60, 170);
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
    fitToTiles();
}

void TileMapWidget::fitToTiles() {
    int x0 = kTiles;
    int y0 = kTiles;
    int x1 = -1;
    int y1 = -1;
    for (int y = 0; y < kTiles; ++y) {
        for (int x = 0; x < kTiles; ++x) {
            if (mPresent[indexOf({x, y})]) {
                x0 = std::min(x0, x);
                y0 = std::min(y0, y);
                x1 = std::max(x1, x);
                y1 = std::max(y1, y);
            }
        }
    }
    if (x1 < 0) {
        mZoom = 1.0;
        mCentre = QPointF(kTiles / 2.0, kTiles / 2.0);
    } else {
        // Tiles x0..x1 span [x0, x1 + 1) in tile units; a tenth of a tile of room on each side keeps
        // the camera frame and hover frame, drawn just outside a tile, inside the view.
        const double extent = std::max(x1 + 1 - x0, y1 + 1 - y0) + 0.2;
        mZoom = std::clamp(kTiles / extent, 1.0, kMaxZoom);
        mCentre = QPointF((x0 + x1 + 1) / 2.0, (y0 + y1 + 1) / 2.0);
    }
    clampCentre();
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

void TileMapWidget::setFailedTiles(const std::map<core::TileCoord, QString>& tiles) {
    const bool legendChanges = tiles.empty() != mFailed.empty();
    mFailed = tiles;
    emit hoverTextChanged(hoverText());
    if (legendChanges) {
        clampCentre(); // the legend may take another line: the view's square changes
    }
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

int TileMapWidget::stripHeight() const {
    const int line = std::max(fontMetrics().height(), 1);
    const int legendRows = layoutLegend(0).back().text.top() / line + 1;
    return 4 + line + 4 + legendRows * line;
}

QRectF TileMapWidget::viewRect() const {
    const int strip = stripHeight();
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
    if (const auto failed = mFailed.find(*mHover); failed != mFailed.end()) {
        text += tr(" · failed to load: %1").arg(failed->second);
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
            const bool failed = mFailed.count(t) != 0;
            QColor fill = failed               ? kFailed
                          : mModified.count(t) ? kModified
                          : mLoaded.count(t)   ? kLoaded
                                               : kPresent;
            if (minimap) {
                fill.setAlpha(fill == kPresent ? 40 : failed ? 200 : 120);
            }
            p.fillRect(r, fill);
            if (failed && cell >= 6.0) { // crossed out
                p.setPen(QPen(QColor(255, 255, 255, 200), std::max(1.0, cell / 24.0)));
                const QRectF x =
                    r.adjusted(r.width() * 0.25, r.height() * 0.25, -r.width() * 0.25, -r.height() * 0.25);
                p.drawLine(x.topLeft(), x.bottomRight());
                p.drawLine(x.topRight(), x.bottomLeft());
            }
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
        // Outlines only, so the tile's own colour (loaded, modified) shows through: a frame whose inner
        // edge is the tile's edge, and a ring at its centre when the tile is big enough for one.
        const QRectF r = tileRect(*mCamera);
        const double pen = std::clamp(cell * 0.06, 2.0, 4.0);
        p.setPen(QPen(kCamera, pen, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r.adjusted(-pen / 2.0, -pen / 2.0, pen / 2.0, pen / 2.0));
        if (cell >= 14.0) {
            p.setRenderHint(QPainter::Antialiasing);
            const double ring = std::max(3.0, cell * 0.15);
            p.drawEllipse(r.center(), ring, ring);
            p.setRenderHint(QPainter::Antialiasing, false);
        }
    }
    if (mHover) {
        p.setPen(QPen(kHover, 2.0));
        p.drawRect(tileRect(*mHover).adjusted(-1, -1, 1, 1));
    }
    p.restore();
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(view.adjusted(-0.5, -0.5, 0.5, 0.5));

    // Under the view, from the axis labels' edge to the right margin like the legend: the hovered
    // tile (or the tile count), then the legend.
    const QRect hoverLine(kAxisLeft, int(view.bottom()) + 4, std::max(1, width() - kMargin - kAxisLeft),
                          fontMetrics().height());
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(palette().color(QPalette::WindowText));
    const QString hover = hoverText();
    p.drawText(hoverLine, Qt::AlignLeft | Qt::AlignVCenter,
               p.fontMetrics().elidedText(hover.isEmpty() ? tr("%1 tiles").arg(int(mPresent.count())) : hover,
                                          Qt::ElideRight, hoverLine.width()));
    p.setFont(font());
    drawLegend(p);
}

QList<TileMapWidget::LegendItem> TileMapWidget::legendLayout() const {
    return layoutLegend(int(viewRect().bottom()) + 4 + fontMetrics().height() + 4);
}

QList<TileMapWidget::LegendItem> TileMapWidget::layoutLegend(int top) const {
    // From the widget's width alone (the view's size depends on the legend's height): from the axis
    // labels' edge to the right margin, wrapping to a new line when an entry does not fit.
    const QFontMetrics fm = fontMetrics();
    const int line = fm.height();
    const int box = line - 4;
    const int right = std::max(kAxisLeft + 1, width() - kMargin);
    QList<LegendItem> items;
    int x = kAxisLeft;
    int y = top;
    QStringList labels{tr("ADT"), tr("Loaded"), tr("Modified"), tr("Camera")};
    if (!mFailed.empty()) {
        labels.push_back(tr("Failed"));
    }
    for (const QString& text : labels) {
        const int w = fm.horizontalAdvance(text) + 2;
        const int needed = box + 4 + w;
        if (x > kAxisLeft && x + needed > right) {
            x = kAxisLeft;
            y += line;
        }
        items.push_back({QRect(x, y + 2, box, box), QRect(x + box + 4, y, w, line), text});
        x += needed + 12;
    }
    return items;
}

void TileMapWidget::drawLegend(QPainter& p) const {
    const QColor colours[] = {kPresent, kLoaded, kModified, kCamera, kFailed};
    int i = 0;
    for (const LegendItem& item : legendLayout()) {
        const QColor& colour = colours[i++];
        if (colour == kCamera) {
            p.fillRect(item.swatch, kBackground);
            p.setPen(QPen(kCamera, 2));
            p.drawRect(item.swatch.adjusted(1, 1, -1, -1));
        } else {
            p.fillRect(item.swatch, colour);
        }
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(item.text, Qt::AlignLeft | Qt::AlignVCenter, item.label);
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

void TileMapWidget::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        fitToTiles();
        setHover(tileAt(event->position()));
    }
}

void TileMapWidget::leaveEvent(QEvent*) {
    setHover(std::nullopt);
}

void TileMapWidget::resizeEvent(QResizeEvent*) {
    clampCentre();
}

} // namespace mapsmith::widgets
