#include "widgets/recovery_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace mapsmith::widgets {

QString RecoveryDialog::describe(const Offer& offer) {
    const QString when = QLocale().toString(offer.savedAt.toLocalTime(), QLocale::LongFormat);
    QString what = tr("%n modified tile(s)", nullptr, offer.tiles);
    if (offer.wdt) {
        what += tr(" and its WDT");
    }
    return tr("Mapsmith did not close normally. Unsaved work on %1 was autosaved:\n\n"
              "Map: %2\nAutosaved: %3\nHolds: %4\n\n"
              "Restore puts it back into the map as modified (Edit > Undo goes back to the saved files; "
              "nothing is written until you save). Discard deletes it. Later keeps it and asks again "
              "at the next start.")
        .arg(offer.mapName, offer.mapPath, when, what);
}

RecoveryDialog::RecoveryDialog(const Offer& offer, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Recover Unsaved Work"));
    auto* icon = new QLabel(this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxQuestion).pixmap(48, 48));
    auto* text = new QLabel(describe(offer), this);
    text->setObjectName(QStringLiteral("recoveryText"));
    text->setWordWrap(true);
    text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QDialogButtonBox(this);
    QPushButton* restore = buttons->addButton(tr("&Restore"), QDialogButtonBox::AcceptRole);
    restore->setObjectName(QStringLiteral("restore"));
    restore->setDefault(true);
    QPushButton* discard = buttons->addButton(tr("&Discard"), QDialogButtonBox::DestructiveRole);
    discard->setObjectName(QStringLiteral("discard"));
    QPushButton* later = buttons->addButton(tr("&Later"), QDialogButtonBox::RejectRole);
    later->setObjectName(QStringLiteral("later"));
    connect(restore, &QPushButton::clicked, this, [this] {
        mChoice = Choice::Restore;
        accept();
    });
    connect(discard, &QPushButton::clicked, this, [this] {
        mChoice = Choice::Discard;
        accept();
    });
    connect(later, &QPushButton::clicked, this, &QDialog::reject);
    auto* top = new QHBoxLayout;
    top->addWidget(icon, 0, Qt::AlignTop);
    top->addWidget(text, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(buttons);
    resize(560, sizeHint().height());
}

} // namespace mapsmith::widgets
