// wmoOutputFiles (core/convert/wmb_wmo.h): a built WMO serialized with its game paths.

#include "core/convert/wmb_wmo.h"

#include "io/model/wmo_set.h"
#include "io/model/wmo_writer.h"

namespace mapsmith::core {

std::vector<WmoOutputFile> wmoOutputFiles(const WmbWmo& wmo) {
    std::vector<WmoOutputFile> files;
    files.reserve(1 + wmo.groups.size() + wmo.textures.size());
    files.push_back(WmoOutputFile{wmo.rootPath, io::writeWmoRoot(wmo.root)});
    for (std::size_t k = 0; k < wmo.groups.size(); ++k) {
        files.push_back(WmoOutputFile{io::wmoGroupFileName(wmo.rootPath, std::uint32_t(k)),
                                      io::writeWmoGroup(wmo.groups[k])});
    }
    files.insert(files.end(), wmo.textures.begin(), wmo.textures.end());
    return files;
}

} // namespace mapsmith::core
