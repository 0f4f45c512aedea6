// The texture cache: the mip level chosen by a maximum side (levels painted in known colours), hits and
// misses, remembered failures (the source is read once), LRU eviction within the byte budget, a new
// source forgetting everything, and many threads sharing one cache.

#include "io/assets/blp.h"
#include "io/assets/texture_cache.h"
#include "support/memory_asset_source.h"

#include <QtTest>

#include <atomic>
#include <thread>

using namespace mapsmith;

namespace {

using MemorySource = test::MemoryAssetSource;

// A side x side BLP2 (BGRA) whose level i is filled with colour (i * 20, 255 - i * 20, seed, 255).
std::vector<std::byte> levelColouredBlp(std::uint32_t side, std::uint8_t seed) {
    io::BlpImage im;
    im.width = side;
    im.height = side;
    for (std::size_t i = 0; i < io::blpFullMipCount(side, side); ++i) {
        const std::uint32_t s = io::blpMipSide(side, i);
        std::vector<std::uint8_t> px(std::size_t(s) * s * 4);
        for (std::size_t p = 0; p < px.size(); p += 4) {
            px[p] = std::uint8_t(i * 20);
            px[p + 1] = std::uint8_t(255 - i * 20);
            px[p + 2] = seed;
            px[p + 3] = 255;
        }
        im.mips.push_back(std::move(px));
    }
    return io::writeBlp2(im, io::BlpWriteFormat::Uncompressed);
}

} // namespace

class TestTextureCache : public QObject {
    Q_OBJECT
private slots:
    void levelByMaxSide_data() {
        QTest::addColumn<int>("maxSide");
        QTest::addColumn<int>("level");
        QTest::addColumn<int>("side");
        QTest::newRow("full") << 0 << 0 << 256;
        QTest::newRow("256") << 256 << 0 << 256;
        QTest::newRow("255") << 255 << 1 << 128;
        QTest::newRow("64") << 64 << 2 << 64;
        QTest::newRow("50") << 50 << 3 << 32;
        QTest::newRow("1") << 1 << 8 << 1;
    }
    void levelByMaxSide() {
        QFETCH(int, maxSide);
        QFETCH(int, level);
        QFETCH(int, side);
        auto source = std::make_shared<MemorySource>();
        source->add("Tileset\\A.blp", levelColouredBlp(256, 7));
        io::TextureCache cache;
        cache.setSource(source);
        const auto tex = cache.get("tileset/a.BLP", std::uint32_t(maxSide));
        QVERIFY2(tex, tex ? "" : tex.error().describe().c_str());
        QCOMPARE(int((*tex)->width), side);
        QCOMPARE(int((*tex)->height), side);
        QCOMPARE(int((*tex)->fullWidth), 256);
        QCOMPARE((*tex)->rgba.size(), std::size_t(side) * side * 4);
        QCOMPARE(int((*tex)->rgba[0]), level * 20);
        QCOMPARE(int((*tex)->rgba[1]), 255 - level * 20);
        QCOMPARE(int((*tex)->rgba[2]), 7);
    }

    void secondGetIsAHit() {
        auto source = std::make_shared<MemorySource>();
        source->add("A.blp", levelColouredBlp(64, 1));
        io::TextureCache cache;
        cache.setSource(source);
        const auto a = cache.get("A.blp", 64);
        const auto b = cache.get("a.blp", 64);
        QVERIFY(a && b);
        QCOMPARE(a->get(), b->get());
        QCOMPARE(source->reads.load(), 1);
        QCOMPARE(cache.stats().hits, std::uint64_t(1));
        QCOMPARE(cache.stats().misses, std::uint64_t(1));
        // A different maximum side is a different entry.
        QVERIFY(cache.get("A.blp", 16));
        QCOMPARE(source->reads.load(), 2);
        QCOMPARE(cache.stats().entries, std::size_t(2));
        QCOMPARE(cache.stats().bytes, std::size_t(64 * 64 * 4 + 16 * 16 * 4));
    }

    void failuresAreRememberedAndNamed() {
        auto source = std::make_shared<MemorySource>();
        std::vector<std::byte> damaged = levelColouredBlp(64, 1);
        damaged.resize(600); // cuts level 0 short
        source->add("Bad.blp", damaged);
        io::TextureCache cache;
        cache.setSource(source);
        for (int i = 0; i < 3; ++i) {
            const auto missing = cache.get("Missing.blp", 0);
            QVERIFY(!missing);
            QVERIFY(missing.error().describe().find("Missing.blp") != std::string::npos);
            const auto bad = cache.get("Bad.blp", 0);
            QVERIFY(!bad);
            const std::string text = bad.error().describe();
            QVERIFY2(text.find("Bad.blp") != std::string::npos, text.c_str());
            QVERIFY2(text.find("BLP2") != std::string::npos, text.c_str());
        }
        QCOMPARE(source->reads.load(), 2);
        QCOMPARE(cache.stats().bytes, 2 * io::TextureCache::kFailureCost);
    }

    void noSourceFails() {
        io::TextureCache cache;
        const auto tex = cache.get("A.blp", 0);
        QVERIFY(!tex);
        QVERIFY(tex.error().message.find("no game data") != std::string::npos);
        QVERIFY(!cache.exists("A.blp"));
    }

    void evictsLeastRecentlyUsedWithinBudget() {
        auto source = std::make_shared<MemorySource>();
        for (const char* name : {"A.blp", "B.blp", "C.blp"}) {
            source->add(name, levelColouredBlp(32, 1));
        }
        const std::size_t one = 32 * 32 * 4;
        io::TextureCache cache(2 * one);
        cache.setSource(source);
        QVERIFY(cache.get("A.blp", 0));
        QVERIFY(cache.get("B.blp", 0));
        QVERIFY(cache.get("A.blp", 0)); // A is now the most recent
        QVERIFY(cache.get("C.blp", 0)); // evicts B
        QCOMPARE(cache.stats().evictions, std::uint64_t(1));
        QCOMPARE(cache.stats().bytes, 2 * one);
        const int before = source->reads.load();
        QVERIFY(cache.get("A.blp", 0));
        QCOMPARE(source->reads.load(), before); // still cached
        QVERIFY(cache.get("B.blp", 0));
        QCOMPARE(source->reads.load(), before + 1); // read again
        cache.setBudget(one);
        QCOMPARE(cache.stats().entries, std::size_t(1));
        QVERIFY(cache.stats().bytes <= one);
    }

    void entryLargerThanBudgetIsStillReturned() {
        auto source = std::make_shared<MemorySource>();
        source->add("Big.blp", levelColouredBlp(128, 1));
        io::TextureCache cache(1000);
        cache.setSource(source);
        const auto tex = cache.get("Big.blp", 0);
        QVERIFY(tex);
        QCOMPARE(int((*tex)->width), 128);
        QCOMPARE(cache.stats().entries, std::size_t(1));
    }

    void newSourceForgetsEverything() {
        auto first = std::make_shared<MemorySource>();
        first->add("A.blp", levelColouredBlp(8, 10));
        auto second = std::make_shared<MemorySource>();
        second->add("A.blp", levelColouredBlp(8, 20));
        io::TextureCache cache;
        cache.setSource(first);
        const std::uint64_t g = cache.generation();
        QCOMPARE(int((*cache.get("A.blp", 0))->rgba[2]), 10);
        cache.setSource(second);
        QVERIFY(cache.generation() > g);
        QCOMPARE(cache.stats().entries, std::size_t(0));
        QCOMPARE(int((*cache.get("A.blp", 0))->rgba[2]), 20);
    }

    void manyThreadsShareOneCache() {
        auto source = std::make_shared<MemorySource>();
        for (int i = 0; i < 12; ++i) {
            source->add(std::string("T").append(std::to_string(i)).append(".blp"),
                        levelColouredBlp(64, std::uint8_t(i)));
        }
        io::TextureCache cache(5 * 64 * 64 * 4); // smaller than the set: constant eviction
        cache.setSource(source);
        std::vector<std::string> names;
        for (int i = 0; i < 12; ++i) {
            names.push_back(std::string("t").append(std::to_string(i)).append(".BLP"));
        }
        std::atomic<int> wrong{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t) {
            threads.emplace_back([&, t] {
                for (int k = 0; k < 300; ++k) {
                    const int i = (k * 7 + t) % 12;
                    const auto tex = cache.get(names[std::size_t(i)], 0);
                    if (!tex || (*tex)->rgba[2] != std::uint8_t(i) || (*tex)->width != 64) {
                        ++wrong;
                    }
                }
            });
        }
        for (auto& th : threads) {
            th.join();
        }
        QCOMPARE(wrong.load(), 0);
        QVERIFY(cache.stats().bytes <= cache.budget());
        QCOMPARE(cache.stats().hits + cache.stats().misses, std::uint64_t(1200));
    }
};

QTEST_GUILESS_MAIN(TestTextureCache)
#include "test_texture_cache.moc"
