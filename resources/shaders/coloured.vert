#version 330 core
// Liquids, object boxes, the brush cursor: scene-space position and RGBA colour.

in vec3 vertexPosition;
in vec4 vertexColor;

out vec4 colour;
out float eyeDistance;

uniform mat4 modelMatrix;
uniform mat4 modelViewProjection;
uniform vec3 eyePosition;

void main() {
    colour = vertexColor;
    eyeDistance = distance((modelMatrix * vec4(vertexPosition, 1.0)).xyz, eyePosition);
    gl_Position = modelViewProjection * vec4(vertexPosition, 1.0);
}
