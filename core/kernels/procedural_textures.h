#pragma once
// Terrain textures made by Mapsmith itself (the bundled demo map uses them, and they stand in for
// game textures when no client data is configured). Deterministic: the same kind and size always
// give the same pixels. Tileable: the left/right and top/bottom edges continue each other.

#include <QImage>
#include <QString>

#include <cstdint>
#include <optional>

namespace mapsmith::core {

enum class TerrainTexture { Grass, Rock, Dirt, Sand };

QImage makeTerrainTexture(TerrainTexture kind, int size = 256);

// The MTEX path the demo map uses for a kind ("Tileset\\Mapsmith\\Grass.blp", ...), and back.
QString terrainTexturePath(TerrainTexture kind);
std::optional<TerrainTexture> terrainTextureFromPath(const QString& mtexPath);

// A stand-in for a texture nobody supplied: a tileable two-tone pattern (bricks, stripes, spots or
// ripples) whose hue and kind follow from the name, so different names look different and the same
// name always looks the same.
QImage makePlaceholderTexture(const QString& mtexPath, int size = 256);

// FNV-1a of the lower-cased, backslash-separated path.
std::uint32_t textureNameHash(const QString& mtexPath);

} // namespace mapsmith::core
