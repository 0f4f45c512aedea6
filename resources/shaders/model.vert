#version 330 core
// Instanced models (model_gpu_cache.h, tile_models_entity.h): model-space position, normal, first UV set
// and vertex colour (WMO MOCV; white elsewhere), and per instance the model -> scene matrix.

in vec3 vertexPosition;
in vec3 vertexNormal;
in vec2 vertexTexCoord;
in vec4 vertexColor;
in mat4 instanceMatrix;

out vec3 normal;
out vec2 uv;
out vec4 colour;
out float eyeDistance;

uniform mat4 viewProjectionMatrix;
uniform vec3 eyePosition;

void main() {
    vec4 scene = instanceMatrix * vec4(vertexPosition, 1.0);
    normal = mat3(instanceMatrix) * vertexNormal; // scales are uniform: normalised in the fragment
    uv = vertexTexCoord;
    colour = vertexColor;
    eyeDistance = distance(scene.xyz, eyePosition);
    gl_Position = viewProjectionMatrix * scene;
}
