#pragma once
// What is under the cursor: the position in world coordinates (yards; x north, y west, z up), its tile
// X_Y, chunk (column, row = MCNK indexX, indexY) and index, the chunk's area id and flags, the terrain
// height there, and the chunk's texture layers (ChunkLayersPanel). Below, while objects are selected,
// what they are: the model, the file read for it or the problem, triangles, uniqueId and a WMO's doodad
// set (for several: their count and what they share). Read-only.

#include "core/geometry/coords.h"
#include "core/models/selection_info.h"

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
    // The selected objects (nothing selected: the section hides).
    void showSelection(const core::SelectionInfo& info);
    bool selectionShown() const;
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
    QWidget* mSelection = nullptr;
    QLabel* mSelectionHeading = nullptr;
    QLabel* mSelectionModel = nullptr;
    QLabel* mSelectionFile = nullptr;
    QLabel* mSelectionTriangles = nullptr;
    QLabel* mSelectionIds = nullptr;
    QLabel* mSelectionDoodadSet = nullptr;
};

// "1234.57 yd" (two decimals).
QString yardsText(double yards);

} // namespace mapsmith::widgets
