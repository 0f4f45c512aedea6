#pragma once
// What is under the cursor: the position in world coordinates (yards; x north, y west, z up), its tile
// X_Y, chunk (column, row = MCNK indexX, indexY) and index, the chunk's area id and flags, the terrain
// height there, and the chunk's texture layers (ChunkLayersPanel). Read-only.

#include "core/geometry/coords.h"

#include <QWidget>

#include <glm/vec3.hpp>

#include <optional>

class QLabel;

namespace mapsmith::core {
class MapDocument;
}

namespace mapsmith::widgets {

class ChunkLayersPanel;

class InfoPanel : public QWidget {
    Q_OBJECT
public:
    explicit InfoPanel(QWidget* parent = nullptr);

    // nullopt (or a point off the 64x64 map): "Off the map".
    void showPosition(const core::MapDocument& doc, std::optional<glm::dvec3> world);
    ChunkLayersPanel* layers() const { return mLayers; }
    // "Off the map", "No tile here", "Tile not loaded" or empty.
    QString status() const;

private:
    void clearValues(bool keepTile);
    void setStatus(const QString& text); // hidden when empty

    QLabel* mStatus = nullptr;
    QLabel* mX = nullptr;
    QLabel* mY = nullptr;
    QLabel* mZ = nullptr;
    QLabel* mTile = nullptr;
    QLabel* mChunk = nullptr;
    QLabel* mArea = nullptr;
    QLabel* mHeight = nullptr;
    QLabel* mFlags = nullptr;
    ChunkLayersPanel* mLayers = nullptr;
};

// "1234.57 yd" (two decimals).
QString yardsText(double yards);

} // namespace mapsmith::widgets
