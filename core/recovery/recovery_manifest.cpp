#include "core/recovery/recovery_manifest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

namespace mapsmith::core {
namespace {

constexpr int kFormat = 1;

} // namespace

QByteArray RecoveryManifest::toJson() const {
    QJsonArray tileList;
    for (const auto& [t, file] : tiles) {
        tileList.append(QJsonObject{
            {QStringLiteral("x"), t.x}, {QStringLiteral("y"), t.y}, {QStringLiteral("file"), file}});
    }
    const QJsonObject root{
        {QStringLiteral("format"), kFormat},
        {QStringLiteral("map"), mapPath},
        {QStringLiteral("name"), mapName},
        {QStringLiteral("savedAt"), savedAt.toUTC().toString(Qt::ISODateWithMs)},
        {QStringLiteral("layout"),
         layout == TileLayout::Split ? QStringLiteral("split") : QStringLiteral("v18")},
        {QStringLiteral("bigAlpha"), bigAlpha},
        {QStringLiteral("tiles"), tileList},
        {QStringLiteral("wdt"), wdtFile},
        {QStringLiteral("undoIndex"), undoIndex},
        {QStringLiteral("cleanIndex"), cleanIndex},
        {QStringLiteral("generation"), generation},
        {QStringLiteral("pid"), pid},
    };
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Expected<RecoveryManifest> RecoveryManifest::fromJson(const QByteArray& json, const QString& path) {
    const auto fail = [&path](const QString& why) {
        return CoreError(CoreError::Code::File, QStringLiteral("%1: %2").arg(path, why).toStdString());
    };
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (!doc.isObject()) {
        return fail(QStringLiteral("not a recovery manifest (%1)").arg(parseError.errorString()));
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toInt() != kFormat) {
        return fail(QStringLiteral("recovery format %1 is not known")
                        .arg(root.value(QStringLiteral("format")).toInt()));
    }
    RecoveryManifest m;
    m.mapPath = root.value(QStringLiteral("map")).toString();
    m.mapName = root.value(QStringLiteral("name")).toString();
    m.savedAt = QDateTime::fromString(root.value(QStringLiteral("savedAt")).toString(), Qt::ISODateWithMs);
    if (m.mapPath.isEmpty() || !m.savedAt.isValid()) {
        return fail(QStringLiteral("the map or the time is missing"));
    }
    m.layout = root.value(QStringLiteral("layout")).toString() == QStringLiteral("split") ? TileLayout::Split
                                                                                          : TileLayout::V18;
    m.bigAlpha = root.value(QStringLiteral("bigAlpha")).toBool();
    for (const QJsonValue& v : root.value(QStringLiteral("tiles")).toArray()) {
        const QJsonObject o = v.toObject();
        const TileCoord t{o.value(QStringLiteral("x")).toInt(-1), o.value(QStringLiteral("y")).toInt(-1)};
        const QString file = o.value(QStringLiteral("file")).toString();
        if (!t.valid() || file.isEmpty() || file.contains(QLatin1Char('/'))) {
            return fail(QStringLiteral("a tile entry is damaged"));
        }
        m.tiles[t] = file;
    }
    m.wdtFile = root.value(QStringLiteral("wdt")).toString();
    if (m.wdtFile.contains(QLatin1Char('/'))) {
        return fail(QStringLiteral("the WDT entry is damaged"));
    }
    m.undoIndex = root.value(QStringLiteral("undoIndex")).toInt();
    m.cleanIndex = root.value(QStringLiteral("cleanIndex")).toInt();
    m.generation = root.value(QStringLiteral("generation")).toInt();
    m.pid = root.value(QStringLiteral("pid")).toInteger();
    return m;
}

} // namespace mapsmith::core
