#pragma once
// Real mouse input on the terrain viewport's render window for the GUI tests.

#include "editor/viewport/terrain_viewport.h"

#include <QWindow>
#include <Qt3DExtras/Qt3DWindow>
#include <QtTest>

namespace mapsmith::tests {

// Presses at the viewport's centre, drags `steps` x 4 pixels to the right, releases.
inline void dragAcrossCentre(editor::TerrainViewport* view, int steps) {
    QWindow* w = view->renderWindow();
    const QPoint c(w->width() / 2, w->height() / 2);
    QTest::mousePress(w, Qt::LeftButton, Qt::NoModifier, c);
    for (int i = 1; i <= steps; ++i) {
        QTest::mouseMove(w, c + QPoint(i * 4, 0));
        QTest::qWait(5);
    }
    QTest::mouseRelease(w, Qt::LeftButton, Qt::NoModifier, c + QPoint(steps * 4, 0));
}

} // namespace mapsmith::tests
