#include "io/check/finding.h"

#include <algorithm>

namespace mapsmith::io {

std::string_view consumerId(Consumer c) {
    switch (c) {
    case Consumer::Client:
        return "client";
    case Consumer::AzerothCore:
        return "azerothcore";
    case Consumer::TrinityCore:
        return "trinitycore";
    case Consumer::Noggit:
        return "noggit";
    }
    return "?";
}

std::string_view consumerName(Consumer c) {
    switch (c) {
    case Consumer::Client:
        return "3.3.5 client";
    case Consumer::AzerothCore:
        return "AzerothCore extractor";
    case Consumer::TrinityCore:
        return "TrinityCore extractor";
    case Consumer::Noggit:
        return "Noggit-style readers";
    }
    return "?";
}

std::vector<std::string> consumerIds(ConsumerSet set) {
    std::vector<std::string> out;
    for (const Consumer c : kConsumers) {
        if ((set & bit(c)) != 0) {
            out.emplace_back(consumerId(c));
        }
    }
    return out;
}

std::string describeConsumers(ConsumerSet set) {
    std::string out;
    for (const Consumer c : kConsumers) {
        if ((set & bit(c)) != 0) {
            out += (out.empty() ? "the " : ", the ") + std::string(consumerName(c));
        }
    }
    return out;
}

std::optional<ConsumerSet> parseConsumers(std::string_view list, std::string* bad) {
    ConsumerSet set = kNoConsumers;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t end = std::min(list.find(',', start), list.size());
        std::string_view name = list.substr(start, end - start);
        while (!name.empty() && name.front() == ' ') {
            name.remove_prefix(1);
        }
        while (!name.empty() && name.back() == ' ') {
            name.remove_suffix(1);
        }
        if (!name.empty()) {
            bool known = name == "all";
            if (known) {
                set = kAllConsumers;
            }
            for (const Consumer c : kConsumers) {
                if (name == consumerId(c)) {
                    set |= bit(c);
                    known = true;
                }
            }
            if (!known) {
                if (bad) {
                    *bad = std::string(name);
                }
                return std::nullopt;
            }
        }
        start = end + 1;
    }
    if (set == kNoConsumers) {
        if (bad) {
            bad->clear();
        }
        return std::nullopt;
    }
    return set;
}

const char* severityName(Severity s) {
    return s == Severity::Error ? "error" : "warning";
}

void FindingList::add(std::string_view rule, Severity severity, ConsumerSet consumers, FourCC chunk,
                      std::uint64_t offset, std::string message, std::string file, ErrorCode code) {
    mPlaces.emplace(chunk.value, offset);
    for (Finding& f : mFindings) {
        if (f.rule == rule && f.severity == severity && f.consumers == consumers && f.chunk == chunk &&
            f.message == message && f.file == file) {
            ++f.count;
            if (f.offsets.size() < kFindingOffsetsKept) {
                f.offsets.push_back(offset);
            }
            return;
        }
    }
    Finding f;
    f.rule = std::string(rule);
    f.severity = severity;
    f.consumers = consumers;
    f.chunk = chunk;
    f.offsets.push_back(offset);
    f.count = 1;
    f.message = std::move(message);
    f.file = std::move(file);
    f.code = code;
    mFindings.push_back(std::move(f));
}

void FindingList::append(const std::vector<Finding>& findings) {
    for (const Finding& f : findings) {
        for (const std::uint64_t at : f.offsets) {
            mPlaces.emplace(f.chunk.value, at);
        }
        mFindings.push_back(f);
    }
}

bool FindingList::covers(FourCC chunk, std::uint64_t offset) const {
    return mPlaces.count({chunk.value, offset}) != 0;
}

void addReadProblems(const std::vector<Error>& problems, FindingList& list) {
    for (const Error& e : problems) {
        if (list.covers(e.chunk, e.offset)) {
            continue;
        }
        list.add("read", Severity::Error, kAllConsumers, e.chunk, e.offset, e.message, e.file, e.code);
    }
}

bool hasErrors(const std::vector<Finding>& findings) {
    return std::any_of(findings.begin(), findings.end(),
                       [](const Finding& f) { return f.severity == Severity::Error; });
}

std::vector<Finding> forConsumers(const std::vector<Finding>& findings, ConsumerSet set) {
    std::vector<Finding> out;
    for (const Finding& f : findings) {
        if ((f.consumers & set) != 0) {
            out.push_back(f);
            out.back().consumers &= set;
        }
    }
    return out;
}

Error toError(const Finding& f) {
    return Error{f.code, f.chunk, f.offsets.empty() ? 0 : f.offsets.front(), f.message, f.file};
}

} // namespace mapsmith::io
