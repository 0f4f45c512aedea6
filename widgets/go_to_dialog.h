#pragma once
// View > Go To: a world position in the game's coordinates (yards; x north, y west, z up), typed into
// spin boxes or pasted as text, e.g. the server's ".gps" line "X: -8913.2 Y: 554.6 Z: 93.1" or
// "-8913.2, 554.6". Without a height the camera goes to the terrain there.

#include <QDialog>

#include <glm/vec2.hpp>

#include <optional>

class QCheckBox;
class QDoubleSpinBox;
class QLineEdit;

namespace mapsmith::widgets {

struct GoToTarget {
    glm::dvec2 position{0.0};     // world x, y (yards)
    std::optional<double> height; // world z (yards) when given
};

class GoToDialog final : public QDialog {
    Q_OBJECT
public:
    explicit GoToDialog(QWidget* parent = nullptr);

    void setTarget(const GoToTarget& target);
    GoToTarget target() const;

    // Two or three numbers in order x, y[, z], with or without "X:" style labels; nullopt when the
    // text holds fewer than two or more than three numbers, or a coordinate off the map.
    static std::optional<GoToTarget> parse(const QString& text);

private:
    QLineEdit* mPaste = nullptr;
    QDoubleSpinBox* mX = nullptr;
    QDoubleSpinBox* mY = nullptr;
    QDoubleSpinBox* mZ = nullptr;
    QCheckBox* mUseZ = nullptr;
};

} // namespace mapsmith::widgets
