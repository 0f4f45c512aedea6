#pragma once
// Overview of a map's 64x64 tile grid (io::Wdt MAIN): tiles with an ADT drawn filled, absent ones
// empty; loaded and modified tiles highlighted, the camera's tile framed from outside and ringed (its
// fill stays visible). Hovering names the tile ("Tile X_Y"); clicking a tile that exists emits
// tileActivated. A new WDT is shown zoomed to fit its tiles; the wheel zooms about the cursor, a
// right or middle drag pans, a double click fits the tiles again. An optional minimap image (the
// whole map, north up, tile X to the right) is drawn under the grid. The legend under the grid wraps
// onto more lines when the widget is narrow.

#include "core/geometry/coords.h"
#include "io/wdt/wdt.h"

#include <QImage>
#include <QWidget>

#include <bitset>
#include <map>
#include <optional>
#include <set>

namespace mapsmith::widgets {

class TileMapWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr double kMaxZoom = 64.0; // one tile across the view

    explicit TileMapWidget(QWidget* parent = nullptr);

    void setWdt(const io::Wdt& wdt);
    bool tilePresent(core::TileCoord t) const;
    void setLoadedTiles(const std::set<core::TileCoord>& tiles);
    void setModifiedTiles(const std::set<core::TileCoord>& tiles);
    // Tiles that could not be loaded, with the reason: drawn in their own colour, crossed out, named in
    // the hover text, and a "Failed" legend entry while there are any.
    void setFailedTiles(const std::map<core::TileCoord, QString>& tiles);
    const std::map<core::TileCoord, QString>& failedTiles() const { return mFailed; }
    void setCameraTile(std::optional<core::TileCoord> tile);
    std::optional<core::TileCoord> cameraTile() const { return mCamera; }
    void setMinimap(const QImage& image); // a null image removes it
    const QImage& minimap() const { return mMinimap; }

    // Zoom 1 shows the whole map; the view keeps `anchor` (widget pixels) over the same map point.
    void setZoom(double zoom, QPointF anchor);
    double zoom() const { return mZoom; }
    // Zooms and centres so the present tiles (with a tenth of a tile around them) fill the view; the
    // whole grid when the map has none. Done by setWdt.
    void fitToTiles();

    // The tile under a widget point (present or not), nullopt outside the grid.
    std::optional<core::TileCoord> tileAt(QPointF pos) const;
    // The square the grid is drawn in (widget pixels): right of the axis labels, above the legend.
    QRectF viewRect() const;
    // Where a tile is drawn, in widget pixels (may lie outside the widget when zoomed).
    QRectF tileRect(core::TileCoord t) const;
    std::optional<core::TileCoord> hoveredTile() const { return mHover; }
    // "Tile 32_48", plus " · loaded" / " · modified" / " · no ADT" / " · failed to load: <reason>"; empty
    // when nothing is hovered.
    QString hoverText() const;
    static QString tileText(core::TileCoord t);

    // The legend under the grid as laid out at the current size (widget pixels).
    struct LegendItem {
        QRect swatch;
        QRect text;
        QString label;
    };
    QList<LegendItem> legendLayout() const;

    QSize sizeHint() const override { return {420, 460}; }
    QSize minimumSizeHint() const override { return {200, 230}; }

signals:
    void tileActivated(mapsmith::core::TileCoord tile);
    void hoverTextChanged(const QString& text);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    int stripHeight() const; // pixels under the view: hover line and legend rows
    QList<LegendItem> layoutLegend(int top) const;
    double cellSize() const; // pixels per tile at the current zoom
    QPointF toView(QPointF tilePoint) const;
    QPointF toTiles(QPointF widgetPoint) const;
    void clampCentre();
    void setHover(std::optional<core::TileCoord> tile);
    void drawLegend(class QPainter& p) const;

    std::bitset<io::kWdtTileCount> mPresent;
    std::set<core::TileCoord> mLoaded;
    std::set<core::TileCoord> mModified;
    std::map<core::TileCoord, QString> mFailed;
    std::optional<core::TileCoord> mCamera;
    QImage mMinimap;
    std::optional<core::TileCoord> mHover;
    std::optional<core::TileCoord> mPressed;
    std::optional<QPointF> mPanFrom;
    double mZoom = 1.0;
    QPointF mCentre{32.0, 32.0}; // map point (tile units) at the view's centre
};

} // namespace mapsmith::widgets
