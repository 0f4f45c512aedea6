// Split sets whose files come from different saves of the tile: built from the corpus tile through the
// project's own writer (io::writeSplitAdt), saved twice with an edit in between, then mixed. The read
// refuses them (strict) or warns (lenient), naming the file that disagrees; sets that belong together read.

#include "io/adt/adt.h"
#include "io/adt/adt_split.h"
#include "io/adt/split_set_check.h"
#include "support/test_files.h"

#include <QtTest>

#include <algorithm>

using namespace mapsmith;

namespace {

io::Adt corpusTile() {
    const auto bytes = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    auto read = io::readAdt(bytes);
    if (!read) {
        qFatal("continent4229.adt does not read: %s", read.error().describe().c_str());
    }
    return std::move(read->adt);
}

// The first chunk with at least two layers loses its last one (a texture erased).
io::Adt withLayerErased(io::Adt adt) {
    for (io::MapChunk& c : adt.chunks) {
        if (c.layers.size() >= 2) {
            c.layers.pop_back();
            return adt;
        }
    }
    qFatal("no chunk with two layers");
    return adt;
}

// A copy of the first doodad placed again (fresh uniqueId), referenced from chunk 5 (an object placed).
io::Adt withDoodadPlaced(io::Adt adt) {
    io::DoodadPlacement d = adt.doodads.front();
    std::uint32_t highest = 0;
    for (const auto& e : adt.doodads) {
        highest = std::max(highest, e.uniqueId);
    }
    d.uniqueId = highest + 1;
    adt.doodads.push_back(d);
    adt.chunks[5].doodadRefs.push_back(std::uint32_t(adt.doodads.size() - 1));
    return adt;
}

struct Saves {
    io::SplitAdtFiles before;
    io::SplitAdtFiles after;
};

Saves savedTwice(io::Adt (*edit)(io::Adt)) {
    const io::Adt base = corpusTile();
    return {io::writeSplitAdt(base), io::writeSplitAdt(edit(base))};
}

io::SplitAdtFiles mix(const io::SplitAdtFiles& root, const io::SplitAdtFiles& tex0,
                      const io::SplitAdtFiles& obj0) {
    io::SplitAdtFiles out;
    out.root = root.root;
    out.tex0 = tex0.tex0;
    out.obj0 = obj0.obj0;
    return out;
}

io::AdtReadOptions lenient() {
    io::AdtReadOptions o;
    o.lenient = true;
    return o;
}

// The strict read fails naming `file`; the lenient one reads with that finding first among its warnings.
void expectNamed(const io::SplitAdtFiles& set, const std::string& file) {
    auto strict = io::readSplitAdt(set);
    QVERIFY(!strict);
    QCOMPARE(strict.error().file, file);
    QCOMPARE(strict.error().chunk, io::chunk::MCNK);
    QVERIFY2(strict.error().message.find("different saves of the tile") != std::string::npos,
             strict.error().message.c_str());
    const auto& bytes = file == "root" ? set.root : file == "tex0" ? set.tex0 : set.obj0;
    QVERIFY(strict.error().offset > 0 && strict.error().offset < bytes.size());
    auto soft = io::readSplitAdt(set, lenient());
    QVERIFY(soft);
    QVERIFY(!soft->warnings.empty());
    QCOMPARE(soft->warnings.front(), strict.error());
}

} // namespace

class TestSplitSetCheck : public QObject {
    Q_OBJECT
private slots:
    void setsThatBelongTogetherRead();
    void oldObj0IsNamed();
    void oldTex0IsNamed();
    void rootFromAnotherSaveIsNamed();
    void countsTheChunksThatDisagree();
};

void TestSplitSetCheck::setsThatBelongTogetherRead() {
    const Saves s = savedTwice(withDoodadPlaced);
    for (const io::SplitAdtFiles* set : {&s.before, &s.after}) {
        QVERIFY(io::checkSplitSet(set->root, set->tex0, set->obj0).empty());
        auto read = io::readSplitAdt(*set);
        QVERIFY(read);
        QVERIFY(read->warnings.empty());
    }
    // An edit that only touches the partner's own content (placements moved) keeps the counts: the set
    // still belongs together as far as the files can tell.
    io::Adt moved = corpusTile();
    moved.doodads[0].position.x += 1.0f;
    const io::SplitAdtFiles m = io::writeSplitAdt(moved);
    QVERIFY(io::readSplitAdt(mix(s.before, s.before, m)));
}

// New root and tex0 with the obj0 of the save before an object was placed.
void TestSplitSetCheck::oldObj0IsNamed() {
    const Saves s = savedTwice(withDoodadPlaced);
    expectNamed(mix(s.after, s.after, s.before), "obj0");
    expectNamed(mix(s.before, s.before, s.after), "obj0");
}

// The tex0 of the save before a texture was erased, with the newer root and obj0.
void TestSplitSetCheck::oldTex0IsNamed() {
    const Saves s = savedTwice(withLayerErased);
    expectNamed(mix(s.after, s.before, s.after), "tex0");
    expectNamed(mix(s.before, s.after, s.before), "tex0");
}

// A root from a save where both textures and objects changed, with the partners of the save before.
void TestSplitSetCheck::rootFromAnotherSaveIsNamed() {
    const io::Adt base = corpusTile();
    const io::SplitAdtFiles before = io::writeSplitAdt(base);
    const io::SplitAdtFiles after = io::writeSplitAdt(withDoodadPlaced(withLayerErased(base)));
    expectNamed(mix(after, before, before), "root");
    expectNamed(mix(before, after, after), "root");
}

void TestSplitSetCheck::countsTheChunksThatDisagree() {
    const Saves s = savedTwice(withDoodadPlaced);
    const io::SplitAdtFiles set = mix(s.after, s.after, s.before);
    const auto found = io::checkSplitSet(set.root, set.tex0, set.obj0);
    QCOMPARE(found.size(), std::size_t(1));
    QVERIFY2(found[0].message.find("in 1 of 256 chunks (first MCNK 5: nDoodadRefs ") != std::string::npos,
             found[0].message.c_str());
}

QTEST_GUILESS_MAIN(TestSplitSetCheck)
#include "test_split_set_check.moc"
