#include "tests/cli/cli_outputs.h"

#include "tests/cli/cli_case.h"

#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

namespace mapsmith::tests {

namespace {

// `dump --json` of a tile, or nothing when it does not dump.
std::optional<nlohmann::json> dumpJson(const QString& tile) {
    const CliRun r = runCli({"dump", tile, "--json"});
    if (r.code != cli::Ok) {
        return std::nullopt;
    }
    return nlohmann::json::parse(r.out.toStdString());
}

} // namespace

Lattice outerLattice(const QString& tile) {
    const auto j = dumpJson(tile);
    Lattice l;
    if (!j) {
        return l;
    }
    l.heights.resize(129 * 129);
    l.normals.resize(129 * 129);
    for (const auto& c : (*j)["chunks"]) {
        const int index = c["index"].get<int>();
        const double z = c["position"][2].get<double>();
        for (int row = 0; row <= 8; ++row) {
            for (int col = 0; col <= 8; ++col) {
                const auto g = std::size_t(((index / 16) * 8 + row) * 129 + (index % 16) * 8 + col);
                l.heights[g] = z + c["heights"][std::size_t(row * 17 + col)].get<double>();
                l.normals[g] = c["normals"][std::size_t(row * 17 + col)].get<std::array<int, 3>>();
            }
        }
    }
    return l;
}

double largestDifference(const Lattice& a, const Lattice& b) {
    double worst = 0.0;
    for (std::size_t i = 0; i < a.heights.size(); ++i) {
        worst = std::max(worst, std::abs(a.heights[i] - b.heights[i]));
    }
    return worst;
}

double innerOffBilinear(const QString& tile) {
    const auto j = dumpJson(tile);
    if (!j) {
        return std::numeric_limits<double>::infinity();
    }
    double worst = 0.0;
    for (const auto& c : (*j)["chunks"]) {
        const auto& h = c["heights"];
        const auto at = [&](int index) { return h[std::size_t(index)].get<double>(); };
        for (int row = 0; row < 8; ++row) {
            for (int col = 0; col < 8; ++col) {
                const double mean = (at(row * 17 + col) + at(row * 17 + col + 1) + at((row + 1) * 17 + col) +
                                     at((row + 1) * 17 + col + 1)) /
                                    4.0;
                worst = std::max(worst, std::abs(at(row * 17 + 9 + col) - mean));
            }
        }
    }
    return worst;
}

int chunksWithColours(const QString& tile) {
    const auto j = dumpJson(tile);
    if (!j) {
        return -1;
    }
    int n = 0;
    for (const auto& c : (*j)["chunks"]) {
        n += c["vertexColors"].is_array() && c["vertexColors"].size() == 145 ? 1 : 0;
    }
    return n;
}

PngHeader pngHeader(const QString& path) {
    const QByteArray b = fileBytes(path);
    PngHeader h;
    if (b.size() < 33 || !b.startsWith("\x89PNG\r\n\x1a\n") || b.mid(12, 4) != "IHDR") {
        return h;
    }
    const auto u32 = [&](int at) {
        return quint32(quint8(b[at])) << 24 | quint32(quint8(b[at + 1])) << 16 |
               quint32(quint8(b[at + 2])) << 8 | quint32(quint8(b[at + 3]));
    };
    h.width = u32(16);
    h.height = u32(20);
    h.bitDepth = quint8(b[24]);
    h.colourType = quint8(b[25]);
    return h;
}

QStringList printedRange(const QString& out) {
    static const QRegularExpression re(QStringLiteral("import with (--min \\S+ --max \\S+)\\)"));
    const auto m = re.match(out);
    return m.hasMatch() ? m.captured(1).split(QLatin1Char(' ')) : QStringList();
}

std::uint32_t u32At(const QByteArray& b, qsizetype at) {
    std::uint32_t v = 0;
    for (int k = 3; k >= 0; --k) {
        v = v << 8 | quint8(b[at + k]);
    }
    return v;
}

float f32At(const QByteArray& b, qsizetype at) {
    const std::uint32_t u = u32At(b, at);
    float v = 0.0f;
    std::memcpy(&v, &u, 4);
    return v;
}

double hmpHeightAt(const QByteArray& hmp, int i, int j) {
    const auto nu = qsizetype(f32At(hmp, 0x2C));
    const auto numVerts = qsizetype(u32At(hmp, 0x3C));
    const qsizetype at = hmp.size() - 4 * numVerts + 4 * (qsizetype(j) * nu + i);
    const float z = float(quint8(hmp[at]) | quint8(hmp[at + 1]) << 8);
    return double(f32At(hmp, 0x10) * z + f32At(hmp, 0x1C));
}

} // namespace mapsmith::tests
