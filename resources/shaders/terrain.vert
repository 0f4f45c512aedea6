#version 330 core
// Terrain of a tile (tile_terrain_entity.h): scene-space position, MCNR normal, MCCV multiplier,
// chunk UV (0..1, v southwards), and per chunk its blend layer, texture slices and layer count.

in vec3 vertexPosition;
in vec3 vertexNormal;
in vec3 vertexColor;
in vec2 vertexTexCoord;
in float vertexChunk;
in vec4 vertexSlices;
in float vertexLayerCount;

out vec3 normal;
out vec3 colourFactor;
out vec2 chunkUv;
out float eyeDistance;
flat out float chunkLayer;
flat out vec4 layerSlices;
flat out float layerCount;

uniform mat4 modelMatrix;
uniform mat4 modelViewProjection;
uniform vec3 eyePosition;

void main() {
    vec4 world = modelMatrix * vec4(vertexPosition, 1.0);
    normal = mat3(modelMatrix) * vertexNormal;
    colourFactor = vertexColor;
    chunkUv = vertexTexCoord;
    chunkLayer = vertexChunk;
    layerSlices = vertexSlices;
    layerCount = vertexLayerCount;
    eyeDistance = distance(world.xyz, eyePosition);
    gl_Position = modelViewProjection * vec4(vertexPosition, 1.0);
}
