#pragma once
// View > Go To: a world position in the game's coordinates (yards; x north, y west, z up) and an
// optional heading, typed into spin boxes or pasted as text. Accepted text:
//   - a server's ".gps" output as players paste it, whole or in part: the labelled values
//     "X: -8913.2 Y: 554.6 Z: 93.1 Orientation: 3.82" are taken, other numbers (Map, Zone, grid,
//     ZoneX, GroundZ ...) ignored; "O:" and "Facing:" are read like "Orientation:";
//   - two to four bare numbers: x, y[, z[, orientation]] (the order of spawn tables).
// Orientation is the game's: radians, 0 = facing north (+x), growing counter-clockwise seen from
// above (pi/2 = west); a value followed by "°" or "deg" is taken as degrees. It becomes the camera's
// yaw, which follows the same convention in degrees (0 north, 90 west, 180 south, 270 east).
// Without a height the camera looks at the terrain there; without an orientation it keeps its
// heading. The dialog says what OK will do (summary()).

#include <QDialog>

#include <glm/vec2.hpp>

#include <optional>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace mapsmith::widgets {

struct GoToTarget {
    glm::dvec2 position{0.0};     // world x, y (yards)
    std::optional<double> height; // world z (yards) when given
    std::optional<double> facing; // camera yaw (degrees in [0, 360), 0 = north, 90 = west) when given
};

class GoToDialog final : public QDialog {
    Q_OBJECT
public:
    enum class Start { Camera, LastTarget };

    explicit GoToDialog(QWidget* parent = nullptr);

    // Fills the fields (a facing is wrapped into [0, 360)).
    void setTarget(const GoToTarget& target);
    // Fills the fields and notes where they came from in the summary.
    void setStart(const GoToTarget& target, Start from);
    // The camera's present heading (degrees, yaw convention) and how far (yards) it will stand from
    // the target: for the summary.
    void setCameraView(double headingDegrees, double distanceYards);
    GoToTarget target() const;
    // What OK will do, as shown under the fields.
    QString summary() const;

    // See the header comment; nullopt when the text holds no x and y, or a coordinate off the map.
    static std::optional<GoToTarget> parse(const QString& text);
    // "north-west (45°)": the nearest of 8 compass directions and the angle, for a yaw in degrees.
    static QString headingText(double yawDegrees);

private:
    void updateSummary();

    QLineEdit* mPaste = nullptr;
    QDoubleSpinBox* mX = nullptr;
    QDoubleSpinBox* mY = nullptr;
    QDoubleSpinBox* mZ = nullptr;
    QCheckBox* mUseZ = nullptr;
    QDoubleSpinBox* mFacing = nullptr;
    QCheckBox* mUseFacing = nullptr;
    QLabel* mSummary = nullptr;
    std::optional<Start> mStart;
    double mHeading = 0.0;  // degrees
    double mDistance = 0.0; // yards; 0 = not known
};

} // namespace mapsmith::widgets
