#version 330 core
// Four-layer splat: blendMaps[chunk].rgb = alpha of layers 1..3 (additive), layer 0 = 1 - their sum;
// blendMap.a = MCSH shadow. Then MCCV, Lambert light with ambient, shadow darkening, distance fog.

in vec3 normal;
in vec3 colourFactor;
in vec2 chunkUv;
in float eyeDistance;
flat in float chunkLayer;  // blend-array layer of this chunk
flat in vec4 layerSlices;  // texture-array slice per layer
flat in float layerCount;  // 1..4

out vec4 fragColour;

uniform sampler2DArray blendMaps;
uniform sampler2DArray layerTextures;
uniform float textureRepeat;
uniform vec3 lightDirection; // towards the light, unit length
uniform float ambient;
uniform float shadowStrength;
uniform vec3 fogColour;
uniform float fogStart;
uniform float fogEnd;

void main() {
    vec4 blend = texture(blendMaps, vec3(chunkUv, chunkLayer));
    vec3 w = blend.rgb * vec3(step(1.5, layerCount), step(2.5, layerCount), step(3.5, layerCount));
    // Weights over-full (sum > 1, e.g. alpha maps written by other tools) are scaled back to 1.
    float sum = w.r + w.g + w.b;
    w /= max(sum, 1.0);
    float w0 = 1.0 - min(sum, 1.0);
    vec2 tc = chunkUv * textureRepeat;
    // layerCount is constant per chunk (flat), so neighbouring pixels take the same branches.
    vec3 colour = w0 * texture(layerTextures, vec3(tc, layerSlices.x)).rgb;
    if (layerCount > 1.5) {
        colour += w.r * texture(layerTextures, vec3(tc, layerSlices.y)).rgb;
    }
    if (layerCount > 2.5) {
        colour += w.g * texture(layerTextures, vec3(tc, layerSlices.z)).rgb;
    }
    if (layerCount > 3.5) {
        colour += w.b * texture(layerTextures, vec3(tc, layerSlices.w)).rgb;
    }
    colour *= colourFactor;
    float lambert = max(dot(normalize(normal), lightDirection), 0.0);
    float light = (ambient + (1.0 - ambient) * lambert) * (1.0 - shadowStrength * blend.a);
    colour *= light;
    float fog = clamp((eyeDistance - fogStart) / max(fogEnd - fogStart, 1.0), 0.0, 1.0);
    fragColour = vec4(mix(colour, fogColour, fog), 1.0);
}
