#include "core/convert/wmo_bsp.h"

#include "io/binary/byte_writer.h"

#include <algorithm>
#include <array>
#include <limits>

namespace mapsmith::core {

namespace {

struct FaceBox {
    std::array<float, 3> min{};
    std::array<float, 3> max{};
};

class BspBuilder {
public:
    BspBuilder(std::vector<FaceBox> boxes, std::size_t maxLeafFaces)
        : mBoxes(std::move(boxes)), mMaxLeaf(std::max<std::size_t>(1, maxLeafFaces)) {}

    WmoBsp run() {
        std::vector<std::uint32_t> all(mBoxes.size());
        FaceBox box{{0, 0, 0}, {0, 0, 0}};
        for (std::size_t i = 0; i < all.size(); ++i) {
            all[i] = std::uint32_t(i);
            for (int a = 0; a < 3; ++a) {
                box.min[a] = i == 0 ? mBoxes[i].min[a] : std::min(box.min[a], mBoxes[i].min[a]);
                box.max[a] = i == 0 ? mBoxes[i].max[a] : std::max(box.max[a], mBoxes[i].max[a]);
            }
        }
        build(all, box, 0);
        return std::move(mOut);
    }

private:
    std::int16_t makeLeaf(const std::vector<std::uint32_t>& faces) {
        WmoBspNode leaf;
        leaf.flags = wmo_bsp_flags::Leaf;
        leaf.firstFace = std::uint32_t(mOut.faces.size());
        leaf.faceCount = std::uint16_t(std::min<std::size_t>(faces.size(), 65535));
        for (std::size_t i = 0; i < leaf.faceCount; ++i) {
            mOut.faces.push_back(std::uint16_t(faces[i]));
        }
        mOut.nodes.push_back(leaf);
        return std::int16_t(mOut.nodes.size() - 1);
    }

    // Splits `faces` at `plane` on `axis`; false when one side would hold them all.
    bool split(const std::vector<std::uint32_t>& faces, int axis, float plane,
               std::vector<std::uint32_t>& neg, std::vector<std::uint32_t>& pos) const {
        neg.clear();
        pos.clear();
        for (const std::uint32_t f : faces) {
            if (mBoxes[f].min[axis] < plane) {
                neg.push_back(f);
            }
            if (mBoxes[f].max[axis] >= plane) {
                pos.push_back(f);
            }
        }
        return neg.size() < faces.size() && pos.size() < faces.size();
    }

    std::int16_t build(const std::vector<std::uint32_t>& faces, const FaceBox& box, int depth) {
        // Room for this node and two children within the i16 child indices.
        const bool roomLeft = mOut.nodes.size() + 3 < std::size_t(std::numeric_limits<std::int16_t>::max());
        if (faces.size() <= mMaxLeaf || depth >= kWmoBspMaxDepth || !roomLeft) {
            return makeLeaf(faces);
        }
        int axis = 0;
        for (int a = 1; a < 3; ++a) {
            if (box.max[a] - box.min[a] > box.max[axis] - box.min[axis]) {
                axis = a;
            }
        }
        std::vector<float> centres;
        centres.reserve(faces.size());
        for (const std::uint32_t f : faces) {
            centres.push_back((mBoxes[f].min[axis] + mBoxes[f].max[axis]) * 0.5f);
        }
        std::nth_element(centres.begin(), centres.begin() + std::ptrdiff_t(centres.size() / 2),
                         centres.end());
        float plane = centres[centres.size() / 2];
        std::vector<std::uint32_t> neg;
        std::vector<std::uint32_t> pos;
        if (!split(faces, axis, plane, neg, pos)) {
            plane = (box.min[axis] + box.max[axis]) * 0.5f;
            if (!split(faces, axis, plane, neg, pos)) {
                return makeLeaf(faces);
            }
        }
        const auto index = std::int16_t(mOut.nodes.size());
        WmoBspNode node;
        node.flags = std::uint16_t(axis);
        node.planeDist = plane;
        mOut.nodes.push_back(node);
        FaceBox negBox = box;
        negBox.max[axis] = plane;
        FaceBox posBox = box;
        posBox.min[axis] = plane;
        const std::int16_t negChild = build(neg, negBox, depth + 1);
        const std::int16_t posChild = build(pos, posBox, depth + 1);
        mOut.nodes[std::size_t(index)].negChild = negChild;
        mOut.nodes[std::size_t(index)].posChild = posChild;
        return index;
    }

    std::vector<FaceBox> mBoxes;
    std::size_t mMaxLeaf;
    WmoBsp mOut;
};

} // namespace

WmoBsp buildWmoBsp(std::span<const io::ModelVec3> vertices, std::span<const std::uint16_t> indices,
                   std::size_t maxLeafFaces) {
    std::vector<FaceBox> boxes(indices.size() / 3);
    for (std::size_t t = 0; t < boxes.size(); ++t) {
        FaceBox& b = boxes[t];
        for (std::size_t k = 0; k < 3; ++k) {
            const std::size_t v = indices[t * 3 + k];
            const io::ModelVec3 p = v < vertices.size() ? vertices[v] : io::ModelVec3{};
            for (int a = 0; a < 3; ++a) {
                b.min[a] = k == 0 ? p[a] : std::min(b.min[a], p[a]);
                b.max[a] = k == 0 ? p[a] : std::max(b.max[a], p[a]);
            }
        }
    }
    return BspBuilder(std::move(boxes), maxLeafFaces).run();
}

std::vector<std::byte> wmoBspNodeBytes(const WmoBsp& bsp) {
    io::ByteWriter w;
    w.reserve(bsp.nodes.size() * kWmoBspNodeSize);
    for (const WmoBspNode& n : bsp.nodes) {
        w.u16(n.flags);
        w.i16(n.negChild);
        w.i16(n.posChild);
        w.u16(n.faceCount);
        w.u32(n.firstFace);
        w.f32(n.planeDist);
    }
    return w.take();
}

std::vector<std::byte> wmoBspFaceBytes(const WmoBsp& bsp) {
    io::ByteWriter w;
    w.reserve(bsp.faces.size() * 2);
    for (const std::uint16_t f : bsp.faces) {
        w.u16(f);
    }
    return w.take();
}

} // namespace mapsmith::core
