#pragma once
// A model's own bounding box from its file, in model coordinates (yards, unscaled; x forward, y left,
// z up), as core/geometry/object_model.h places it with each placement's rotation and scale:
//   M2:  the header's bounding box united with its collision box (a collision box with min == max is
//        "no collision" in Blizzard's files and is left out)
//   WMO: the root's MOHD box (what MODF extents are made of)
//   MDX: the MODL extents
// Stored corners are taken per axis (min of the two, max of the two), so a box stored reversed still
// bounds the model. A box with a non-finite value bounds nothing: nullopt.

#include "core/geometry/object_model.h"
#include "io/model/m2.h"
#include "io/model/mdx.h"
#include "io/model/model_types.h"
#include "io/model/wmo.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mapsmith::core {

std::optional<Box3> toBox(const io::ModelBounds& stored);
std::optional<Box3> m2ModelBounds(const io::M2Model& m2);
std::optional<Box3> wmoModelBounds(const io::WmoRoot& root);
std::optional<Box3> mdxModelBounds(const io::MdxModel& mdx);

// The smallest box holding both.
Box3 unite(const Box3& a, const Box3& b);

// Game paths to try, in order, for a model named by a placement. Doodads: the name itself, then for
// an .mdx or .mdl name the same path with .m2 (the WotLK client loads "Foo.m2" for "Foo.mdx"/"Foo.mdl",
// names older tiles still carry). WMOs: the name itself.
std::vector<std::string> modelFileCandidates(ObjectKind kind, std::string_view name);

// What a model name is placed as: a WMO (MODF) for a .wmo name (any case), else a doodad (MDDF).
ObjectKind kindOfModelName(std::string_view name);

} // namespace mapsmith::core
