// mapsmith-mpq-probe <archive>: opens one MPQ archive with StormLib, lists it and reads the first bytes
// of a few files (io::probeMpqArchive), so that the editor and mapsmith-cli can check an archive in a
// process of its own before opening it in theirs. Exit 0 and one line on stdout when the archive
// opens; exit 1 and one line on stderr (the archive and the reason) when it does not; 2 on bad usage.
// A crash or hang of StormLib ends this process by a signal or by the caller's timeout.

#include "io/assets/mpq_probe.h"

#include <sys/resource.h>

#include <cstdio>
#include <exception>
#include <new>
#include <string>

namespace {

// Address space the probe may use: a damaged size field makes StormLib allocate what it claims, and
// past this it gets no memory (a refusal) instead of taking the machine's.
constexpr rlim_t kAddressSpaceLimit = rlim_t(1) << 30;

void limitResources() {
    const rlimit noCore{0, 0}; // a crash leaves no core file behind
    setrlimit(RLIMIT_CORE, &noCore);
    const rlimit space{kAddressSpaceLimit, kAddressSpaceLimit};
    setrlimit(RLIMIT_AS, &space);
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: mapsmith-mpq-probe <archive.mpq>\n");
        return 2;
    }
    limitResources();
    const std::string archive = argv[1];
    try {
        const auto result = mapsmith::io::probeMpqArchive(archive);
        if (!result) {
            std::fprintf(stderr, "%s\n", result.error().message.c_str());
            return 1;
        }
        std::printf("%s: %zu files listed, the first bytes of %zu read\n", archive.c_str(), result->listed,
                    result->read);
        return 0;
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "%s: needs more than %llu MiB of memory to open\n", archive.c_str(),
                     static_cast<unsigned long long>(kAddressSpaceLimit >> 20));
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: %s\n", archive.c_str(), e.what());
    }
    return 1;
}
