#pragma once
// A read-only table of what a tile holds (counts, alpha format, height range, warnings), grouped by
// topic. Made for a narrow dock: short labels, values that carry their unit ("3 chunks"), and both
// columns wrap their text at word boundaries (rows grow taller) instead of eliding it, so every value
// reads whole without hovering; each value's tooltip repeats it.

#include "core/document/tile_summary.h"

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

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // Label column: its contents' width, but at most half the view; the values take the rest.
    void fitColumns();
};

} // namespace mapsmith::widgets
