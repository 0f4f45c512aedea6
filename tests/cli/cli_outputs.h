#pragma once
// Reading what mapsmith-cli wrote, for the CLI tests: a tile's outer lattice and vertex colours (from
// `dump --json`), a PNG's header, the range export-heightmap prints, fields and heights of an HMP file.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <vector>

namespace mapsmith::tests {

// A tile's outer lattice from `dump --json`: 129 x 129 absolute heights (yards), row 0 north, and the
// normals of the same vertices. Empty when the tile does not dump.
struct Lattice {
    std::vector<double> heights;
    std::vector<std::array<int, 3>> normals;
    double at(int gx, int gy) const { return heights[std::size_t(gy * 129 + gx)]; }
    std::array<int, 3> normal(int gx, int gy) const { return normals[std::size_t(gy * 129 + gx)]; }
};

Lattice outerLattice(const QString& tile);

// The largest height difference (yards) between the same vertices of two lattices of one size.
double largestDifference(const Lattice& a, const Lattice& b);

// The largest distance of a tile's inner vertices from the mean of the four outer vertices around them
// (zero when the heights are a grid laid over the outer vertices with bilinear sampling); infinity when
// the tile does not dump.
double innerOffBilinear(const QString& tile);

// Chunks of a tile with vertex colours (MCCV), from `dump --json`; -1 when the tile does not dump.
int chunksWithColours(const QString& tile);

struct PngHeader {
    quint32 width = 0;
    quint32 height = 0;
    int bitDepth = 0;
    int colourType = -1; // 0: grayscale
};

// The IHDR of a PNG file (the first chunk, right after the 8-byte signature).
PngHeader pngHeader(const QString& path);

// "--min A --max B" as export-heightmap prints it for the import (empty when not printed).
QStringList printedRange(const QString& out);

// Little-endian fields of a file's bytes.
std::uint32_t u32At(const QByteArray& b, qsizetype at);
float f32At(const QByteArray& b, qsizetype at);

// World height of vertex (i, j) of a one-frame HMP whose vertices end the file (no trailing bytes), as
// io/gamestudio/hmp.h computes it: scale[2] * z + offset[2] in floats.
double hmpHeightAt(const QByteArray& hmp, int i, int j);

} // namespace mapsmith::tests
