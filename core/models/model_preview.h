#pragma once
// A still picture of a model for the model browser, drawn on the CPU (no GL, any thread): a z-buffered
// triangle rasterizer into a QImage with one directional light plus ambient, each batch with its
// material's texture where the texture function has it (nearest texel, repeating) and a neutral colour
// otherwise. The camera is orthographic and looks at the drawn triangles from a 3/4 view (in front of
// the model, to its left, above; z up), framing them with a margin.
//
// Materials: Opaque and AlphaKey (texels with alpha below 128 left out) are drawn first with depth
// writes; Alpha, Add and Modulate surfaces follow in batch order, tested against the depth but not
// writing it. Unlit surfaces take their colour as it is; vertex colours (WMO MOCV) tint the surface.
// Back faces are lit as seen (their normal turned towards the camera), so open or two-sided shapes
// still read. Only triangles of batches are drawn; a mesh without batches is drawn whole, neutral.
//
// Input is not trusted: indices past the vertices, batches past the indices, materials that do not
// exist, non-finite coordinates and missing normals are skipped or replaced; an empty or degenerate
// mesh gives an image of the background alone.

#include "core/models/model_mesh.h"
#include "io/assets/texture_cache.h"

#include <QColor>
#include <QImage>

#include <functional>
#include <memory>
#include <string>

#include <glm/vec3.hpp>

namespace mapsmith::core {

struct ModelPreviewOptions {
    int size = 192;      // pixels, square (clamped to 1..2048)
    int supersample = 2; // drawn at size * supersample, then scaled down (clamped to 1..4)
    // Camera direction: around z from the model's front (+x) towards its left (+y), and above the horizontal.
    double azimuthDegrees = 45.0;
    double elevationDegrees = 25.0;
    double margin = 0.06; // share of the side left free on each edge
    QColor background{44, 48, 56};
    QColor neutral{200, 196, 184};     // surfaces without a texture (none, run-time, or not in the game data)
    glm::dvec3 light{0.55, -0.2, 0.8}; // towards the light, model space (normalised when used)
    double ambient = 0.38;             // light everywhere; the directional light adds up to 1 - ambient
};

// The decoded texture of a material's game path, or null (drawn neutral). Called once per material
// and picture, on the rendering thread.
using PreviewTextureFn = std::function<std::shared_ptr<const io::CachedTexture>(const std::string& gamePath)>;

// A size x size Format_RGB32 image of the mesh.
QImage renderModelPreview(const ModelMesh& mesh, const ModelPreviewOptions& options = {},
                          const PreviewTextureFn& textures = {});

} // namespace mapsmith::core
