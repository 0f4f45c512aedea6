#version 330 core
// Terrain chunk: scene-space position, MCNR normal, MCCV multiplier, chunk UV (0..1, v southwards).

in vec3 vertexPosition;
in vec3 vertexNormal;
in vec3 vertexColor;
in vec2 vertexTexCoord;

out vec3 normal;
out vec3 colourFactor;
out vec2 chunkUv;
out float eyeDistance;

uniform mat4 modelMatrix;
uniform mat4 modelViewProjection;
uniform vec3 eyePosition;

void main() {
    vec4 world = modelMatrix * vec4(vertexPosition, 1.0);
    normal = mat3(modelMatrix) * vertexNormal;
    colourFactor = vertexColor;
    chunkUv = vertexTexCoord;
    eyeDistance = distance(world.xyz, eyePosition);
    gl_Position = modelViewProjection * vec4(vertexPosition, 1.0);
}
