#pragma once
// A read-only table of what a tile holds (counts, alpha format, height range, warnings).

#include "core/tile_summary.h"

#include <QTreeWidget>

namespace mapsmith::widgets {

class TileSummaryPanel : public QTreeWidget {
    Q_OBJECT
public:
    explicit TileSummaryPanel(QWidget* parent = nullptr);

    // Replaces the contents. `alphaSource` says where the alpha depth came from (WDT name or "inferred").
    void showSummary(const core::TileSummary& summary, bool bigAlpha, const QString& alphaSource,
                     const QStringList& warnings);
    void clearSummary();

    // The value shown for a row label (e.g. "Doodads"); empty when there is no such row.
    QString valueOf(const QString& label) const;
};

} // namespace mapsmith::widgets
