#include "widgets/selection_text.h"

#include "core/models/model_library.h"

#include <QCoreApplication>
#include <QStringList>

namespace mapsmith::widgets {
namespace {

const QString kNone = QStringLiteral("—");
constexpr int kIdsListed = 3;

QString tr(const char* text) {
    return QCoreApplication::translate("mapsmith::widgets::SelectionText", text);
}

QString formatName(core::ModelFormat format) {
    const QString name = QString::fromLatin1(core::modelFormatName(format));
    return name.isEmpty() ? QString() : name;
}

QString fileNameOf(const std::string& path) {
    const QString name = QString::fromStdString(path);
    const qsizetype slash = std::max(name.lastIndexOf(QLatin1Char('\\')), name.lastIndexOf(QLatin1Char('/')));
    return name.mid(slash + 1);
}

} // namespace

QString selectionHeading(const core::SelectionInfo& info) {
    if (info.objects.empty()) {
        return info.missing > 0 ? tr("Object not found") : tr("No object selected");
    }
    if (info.objects.size() == 1) {
        return fileNameOf(info.objects.front().state.name);
    }
    return tr("%1 objects selected").arg(info.objects.size());
}

QString modelFileText(const core::SelectedObject& object) {
    if (object.file.empty()) {
        return object.problem.empty() ? kNone : QString::fromStdString(object.problem);
    }
    QString text =
        QStringLiteral("%1 (%2)").arg(QString::fromStdString(object.file), formatName(object.format));
    if (!object.problem.empty()) {
        text += QStringLiteral("; ") + QString::fromStdString(object.problem);
    }
    return text;
}

QString selectionFileText(const core::SelectionInfo& info) {
    if (info.objects.empty() || (info.objects.size() > 1 && !info.model)) {
        return kNone;
    }
    return modelFileText(info.objects.front());
}

QString trianglesText(const core::SelectionInfo& info) {
    if (info.objects.empty()) {
        return kNone;
    }
    if (info.objects.size() == 1) {
        const auto& t = info.objects.front().triangles;
        return t ? QString::number(*t) : tr("— (no mesh)");
    }
    return tr("%1 in %2 objects").arg(info.triangles).arg(info.objects.size());
}

QString uniqueIdsText(const core::SelectionInfo& info) {
    if (info.objects.empty()) {
        return kNone;
    }
    QStringList ids;
    for (std::size_t i = 0; i < info.objects.size() && i < std::size_t(kIdsListed); ++i) {
        ids.push_back(QString::number(info.objects[i].state.uniqueId()));
    }
    QString text = ids.join(QStringLiteral(", "));
    if (info.objects.size() > std::size_t(kIdsListed)) {
        text += QStringLiteral(", … (%1)").arg(info.objects.size());
    }
    return text;
}

QString doodadSetText(const core::SelectedObject& object, std::uint16_t set) {
    if (set < object.doodadSets.size()) {
        return QStringLiteral("%1: %2").arg(set).arg(QString::fromStdString(object.doodadSets[set]));
    }
    return QString::number(set);
}

QString selectionDoodadSetText(const core::SelectionInfo& info) {
    if (!info.doodadSet || info.objects.empty()) {
        return kNone;
    }
    return doodadSetText(info.objects.front(), *info.doodadSet);
}

QString selectionModelText(const core::SelectionInfo& info) {
    if (info.objects.empty()) {
        return kNone;
    }
    return info.model ? QString::fromStdString(*info.model) : tr("(several models)");
}

} // namespace mapsmith::widgets
