#pragma once
// The offer of work a session did not save before it ended without closing: which map, when it was
// autosaved, how many tiles; Restore, Discard or Later (the data stays; asked again at the next start).

#include <QDateTime>
#include <QDialog>
#include <QString>

namespace mapsmith::widgets {

class RecoveryDialog final : public QDialog {
    Q_OBJECT
public:
    enum class Choice { Restore, Discard, Later };
    struct Offer {
        QString mapName;
        QString mapPath;
        QDateTime savedAt;
        int tiles = 0;
        bool wdt = false; // the map's WDT changed too
    };
    explicit RecoveryDialog(const Offer& offer, QWidget* parent = nullptr);
    // What the user chose; Later when the dialog was closed otherwise.
    Choice choice() const { return mChoice; }
    // The text the dialog shows.
    static QString describe(const Offer& offer);

private:
    Choice mChoice = Choice::Later;
};

} // namespace mapsmith::widgets
