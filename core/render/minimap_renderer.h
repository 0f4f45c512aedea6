#pragma once
// One tile's minimap, drawn on the CPU (headless, deterministic) the way the viewport shades the terrain
// (resources/shaders/terrain.frag) seen straight from above with an orthographic camera:
//  - north up, west left, as the client's minimaps: pixel row 0 is the tile's north edge, column 0 its
//    west edge, so chunk (row r, col c) covers the square at (c, r) * size / 16 (the alpha maps' own
//    layout: alpha row 0 north, column 0 west);
//  - layers blended by their alpha maps (layer 0 = 1 - the sum of layers 1..3, over-full sums scaled back
//    to 1), textures repeating TerrainLook::textureRepeat times per chunk;
//  - MCCV multiplied in (2 * byte / 255, only with has_mccv), Lambert light from the interpolated MCNR
//    normal with ambient, MCSH shadow (only with has_mcsh) darkening by shadowStrength;
//  - MH2O liquid quads above the ground blended over it, unlit, in their kind's colour;
//  - hole quads transparent (alpha 0), everything else opaque;
//  - placed models (optional, core/render/minimap_models.h): an opaque model surface above the ground
//    replaces it (also over holes), liquid above that surface is blended over it, then the models'
//    blended surfaces (alpha, additive, modulate) over the result.
// Each pixel averages (1024 / size)^2 samples at the alpha-map texel centres (4 x 4 at 256 px), where the
// blend and shadow maps are exact; normals, colours and heights are interpolated over the terrain's own
// triangles (four per quad round its inner vertex; core/render/terrain_samples.h).

#include "core/render/terrain_look.h"
#include "io/adt/adt.h"

#include <QImage>

namespace mapsmith::core {

class LayerImages;
struct MinimapModelLayer;

struct MinimapSettings {
    int size = 256; // pixels per side; 256 (the client's) or 512 (any of 64, 128, 256, 512, 1024 works)
    TerrainLook look;
};

// Whether the renderer takes this size.
bool minimapSizeSupported(int size);

// The layer textures' side that the renderer wants for a size: one texel per sample.
int minimapTextureSide(const MinimapSettings& settings);

// The tile as a size x size QImage::Format_RGBA8888 image. textures.side() should be
// minimapTextureSide(settings) (any side works, sampled nearest). models: the tile's placed models
// rasterised on the same sample grid (null: none). A tile without 256 chunks gives a transparent image;
// an unsupported size a null image.
QImage renderMinimap(const io::Adt& tile, LayerImages& textures, const MinimapSettings& settings,
                     const MinimapModelLayer* models = nullptr);

} // namespace mapsmith::core
