#pragma once
// A consistency check of decoded Gamestudio skins, shared by the HMP and MDL tests.

#include "io/gamestudio/gamestudio_skin.h"

#include <cstddef>
#include <string>
#include <vector>

namespace mapsmith::tests {

// Checks every skin: its stored bytes are what its type and sides call for; a decoded one has every
// level, level 0 holding imageWidth x imageHeight RGBA8 pixels; only DDS skins may stay undecoded.
// Returns how many did not decode, or -1 with `why` naming the first skin that fails a check.
inline int undecodedSkins(const std::vector<io::GamestudioSkin>& skins, std::string& why) {
    int undecoded = 0;
    for (std::size_t i = 0; i < skins.size(); ++i) {
        const io::GamestudioSkin& s = skins[i];
        const std::string name = "skin " + std::to_string(i) + " (type " + std::to_string(s.type) + ")";
        if (s.stored.size() != std::size_t(io::gamestudioSkinStoredBytes(s.type, s.width, s.height))) {
            why = name + ": stored bytes";
            return -1;
        }
        if (!s.decoded()) {
            if (!io::gamestudioSkinIsDds(s.type)) {
                why = name + ": a pixel format that did not decode";
                return -1;
            }
            ++undecoded;
            continue;
        }
        if (s.rgba.size() != io::gamestudioSkinLevelCount(s.type) ||
            s.rgba[0].size() != std::size_t(s.imageWidth) * s.imageHeight * 4) {
            why = name + ": decoded levels";
            return -1;
        }
    }
    return undecoded;
}

} // namespace mapsmith::tests
