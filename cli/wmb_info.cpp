// info/validate of Gamestudio WMB7 levels: list counts, textures, objects (entities with their file names
// and positions), the bounds of the block geometry. The reader has no lenient mode: a file reads or is an
// error; what it reads past (an object type the spec does not list, a PATH's edge count) is a note.

#include "cli/model_summary.h"
#include "io/gamestudio/wmb.h"

#include <QStringList>

#include <string>

namespace mapsmith::cli {
namespace {

const char* objectTypeName(std::int32_t type) {
    namespace t = io::wmb_object_type;
    switch (type) {
    case t::Position:
        return "POSITION";
    case t::Light:
        return "LIGHT";
    case t::OldEntity:
        return "OLD_ENTITY";
    case t::Sound:
        return "SOUND";
    case t::Info:
        return "INFO";
    case t::Path:
        return "PATH";
    case t::Entity:
        return "ENTITY";
    default:
        return "unknown";
    }
}

Json vec3Json(const io::WmbVec3& v) {
    return vecJson(v);
}

QString vec3Text(const io::WmbVec3& v) {
    return vecText(io::ModelVec3{v[0], v[1], v[2]});
}

// One object as JSON: its type, offset and the fields people look for.
Json objectJson(const io::Wmb& w, std::size_t k) {
    const io::WmbObject& o = w.objects[k];
    Json j{{"type", o.type}, {"kind", objectTypeName(o.type)}, {"offset", o.offset}, {"size", o.size}};
    if (const auto* e = io::wmbEntityAt(w, k)) {
        j["name"] = e->name;
        j["file"] = e->fileName;
        j["action"] = e->action;
        j["position"] = vec3Json(e->origin);
        j["angle"] = vec3Json(e->angle);
        j["scale"] = vec3Json(e->scale);
    } else if (const auto* p = io::wmbPositionAt(w, k)) {
        j["name"] = p->name;
        j["position"] = vec3Json(p->origin);
    } else if (const auto* l = io::wmbLightAt(w, k)) {
        j["position"] = vec3Json(l->origin);
        j["colour"] = vec3Json(l->color);
        j["range"] = tidy(l->range);
    } else if (const auto* s = io::wmbSoundAt(w, k)) {
        j["file"] = s->fileName;
        j["position"] = vec3Json(s->origin);
        j["range"] = s->range;
    } else if (const auto* p = io::wmbPathAt(w, k)) {
        j["name"] = p->name;
        j["nodes"] = p->points.size();
        j["edges"] = p->edges.size();
    } else if (const auto* i = io::wmbInfoAt(w, k)) {
        j["lightmapSize"] = 256 << i->lightmapSize;
        j["compilerVersion"] = tidy(i->version);
    }
    return j;
}

// One object as a line for people.
QString objectText(const io::Wmb& w, std::size_t k) {
    const io::WmbObject& o = w.objects[k];
    const QString head = QStringLiteral("%1 (%2)").arg(QLatin1String(objectTypeName(o.type))).arg(o.type);
    if (const auto* e = io::wmbEntityAt(w, k)) {
        return head + QStringLiteral(" %1 %2 at %3")
                          .arg(inQuotes(e->name), inQuotes(e->fileName), vec3Text(e->origin));
    }
    if (const auto* p = io::wmbPositionAt(w, k)) {
        return head + QStringLiteral(" %1 at %2").arg(inQuotes(p->name), vec3Text(p->origin));
    }
    if (const auto* l = io::wmbLightAt(w, k)) {
        return head + QStringLiteral(" at %1, range %2").arg(vec3Text(l->origin)).arg(double(l->range));
    }
    if (const auto* s = io::wmbSoundAt(w, k)) {
        return head + QStringLiteral(" %1 at %2").arg(inQuotes(s->fileName), vec3Text(s->origin));
    }
    if (const auto* p = io::wmbPathAt(w, k)) {
        return head + QStringLiteral(" %1, %2 nodes, %3 edges")
                          .arg(inQuotes(p->name))
                          .arg(p->points.size())
                          .arg(p->edges.size());
    }
    if (const auto* i = io::wmbInfoAt(w, k)) {
        return head + QStringLiteral(" lightmaps %1 x %1, compiler %2")
                          .arg(256 << i->lightmapSize)
                          .arg(double(i->version));
    }
    if (!o.known()) {
        return head + QStringLiteral(" skipped, %1 bytes").arg(o.size);
    }
    return head;
}

} // namespace

io::Expected<ModelSummary> summariseWmb(const ModelInput& in, io::Diagnostics& /*diag: strict only*/) {
    auto wmb = io::readWmb(in.bytes);
    if (!wmb) {
        return wmb.error();
    }
    std::size_t vertices = 0;
    std::size_t triangles = 0;
    for (const auto& b : wmb->blocks) {
        vertices += b.vertices.size();
        triangles += b.triangles.size();
    }
    const io::WmbBounds bounds = wmbBlockBounds(*wmb);
    Json lists = Json::object();
    for (std::size_t i = 0; i < io::kWmbListCount; ++i) {
        const auto& l = wmb->lists[i];
        if (l.length != 0) {
            lists[io::wmbListName(io::WmbList(i))] = Json{{"offset", l.offset}, {"length", l.length}};
        }
    }
    Json textures = Json::array();
    QStringList textureTexts;
    for (const auto& t : wmb->textures) {
        // Pixel formats: the stored size; DDS (width = byte count): the image's size, 0 x 0 undecoded.
        const bool dds = io::gamestudioSkinIsDds(t.skin.type);
        const std::uint32_t w = dds ? t.skin.imageWidth : t.skin.width;
        const std::uint32_t h = dds ? t.skin.imageHeight : t.skin.height;
        textures.push_back(Json{{"name", t.name},
                                {"type", t.skin.type},
                                {"width", w},
                                {"height", h},
                                {"decoded", t.skin.decoded()}});
        textureTexts << QStringLiteral("%1: %2, type %3, %4 x %5%6")
                            .arg(textureTexts.size())
                            .arg(inQuotes(t.name))
                            .arg(t.skin.type)
                            .arg(w)
                            .arg(h)
                            .arg(t.skin.decoded() ? QString() : QStringLiteral(", not decoded"));
    }
    Json objects = Json::array();
    for (std::size_t k = 0; k < wmb->objects.size(); ++k) {
        objects.push_back(objectJson(*wmb, k));
    }
    ModelSummary s;
    s.notes = wmb->warnings;
    s.json = Json{{"format", "wmb"},
                  {"version", "WMB7"},
                  {"lists", lists},
                  {"palettes", wmb->palettes.size()},
                  {"textures", textures},
                  {"materials", wmb->materials.size()},
                  {"objects", objects},
                  {"lightmaps", wmb->lightmaps.size()},
                  {"terrainLightmaps", wmb->terrainLightmaps.size()},
                  {"blocks", wmb->blocks.size()},
                  {"vertices", vertices},
                  {"triangles", triangles},
                  {"bspNodes", wmb->bspNodes.size()},
                  {"bspLeafs", wmb->bspLeafs.size()},
                  {"bspBlocks", wmb->bspBlocks.size()},
                  {"bounds", nullptr}};
    s.lines = {{QStringLiteral("format"), QStringLiteral("WMB7 (Gamestudio level)")},
               {QStringLiteral("blocks"), QStringLiteral("%1, %2 vertices, %3 triangles")
                                              .arg(wmb->blocks.size())
                                              .arg(vertices)
                                              .arg(triangles)}};
    if (!bounds.empty) {
        s.json["bounds"] = Json{{"min", vec3Json(bounds.min)}, {"max", vec3Json(bounds.max)}};
        s.lines.emplace_back(QStringLiteral("bounds"), vec3Text(bounds.min) + QStringLiteral(" .. ") +
                                                           vec3Text(bounds.max) +
                                                           QStringLiteral(" (block vertices)"));
    }
    for (qsizetype i = 0; i < textureTexts.size(); ++i) {
        s.lines.emplace_back(i == 0 ? QStringLiteral("textures") : QString(), textureTexts[i]);
    }
    if (textureTexts.isEmpty()) {
        s.lines.emplace_back(QStringLiteral("textures"), QStringLiteral("none"));
    }
    s.lines.emplace_back(QStringLiteral("materials"), QString::number(wmb->materials.size()));
    s.lines.emplace_back(QStringLiteral("palettes"), QString::number(wmb->palettes.size()));
    s.lines.emplace_back(
        QStringLiteral("lightmaps"),
        QStringLiteral("%1 (%2 terrain)").arg(wmb->lightmaps.size()).arg(wmb->terrainLightmaps.size()));
    s.lines.emplace_back(QStringLiteral("bsp"), QStringLiteral("%1 nodes, %2 leafs, %3 blocks")
                                                    .arg(wmb->bspNodes.size())
                                                    .arg(wmb->bspLeafs.size())
                                                    .arg(wmb->bspBlocks.size()));
    for (std::size_t i = 0; i < wmb->objects.size(); ++i) {
        s.lines.emplace_back(i == 0 ? QStringLiteral("objects") : QString(),
                             QStringLiteral("%1: ").arg(i) + objectText(*wmb, i));
    }
    if (wmb->objects.empty()) {
        s.lines.emplace_back(QStringLiteral("objects"), QStringLiteral("none"));
    }
    return s;
}

} // namespace mapsmith::cli
