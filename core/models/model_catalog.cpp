#include "core/models/model_catalog.h"

#include <algorithm>
#include <cctype>

namespace mapsmith::core {

bool isWmoGroupFile(std::string_view path) {
    constexpr std::string_view kExtension = ".wmo";
    if (path.size() < kExtension.size() + 4) {
        return false;
    }
    const std::string_view extension = path.substr(path.size() - kExtension.size());
    if (!std::equal(extension.begin(), extension.end(), kExtension.begin(),
                    [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; })) {
        return false;
    }
    const std::string_view stem = path.substr(0, path.size() - kExtension.size());
    const std::string_view digits = stem.substr(stem.size() - 3);
    return stem[stem.size() - 4] == '_' &&
           std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::vector<std::string> listPlaceableModels(const io::AssetSource& source) {
    std::vector<std::string> m2 = source.list("*.m2");
    std::vector<std::string> wmo = source.list("*.wmo");
    std::erase_if(wmo, [](const std::string& p) { return isWmoGroupFile(p); });
    // Both lists are sorted by normalized path: merge them.
    std::vector<std::string> out;
    out.reserve(m2.size() + wmo.size());
    std::merge(std::make_move_iterator(m2.begin()), std::make_move_iterator(m2.end()),
               std::make_move_iterator(wmo.begin()), std::make_move_iterator(wmo.end()),
               std::back_inserter(out), [](const std::string& a, const std::string& b) {
                   return io::normalizeGamePath(a) < io::normalizeGamePath(b);
               });
    return out;
}

} // namespace mapsmith::core
