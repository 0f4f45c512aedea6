#version 330 core
// Model surfaces lit like the terrain (terrain.frag): Lambert with ambient from the same light, then
// distance fog. Back faces of two-sided materials are lit with the normal turned towards the eye.

in vec3 normal;
in vec2 uv;
in vec4 colour;
in float eyeDistance;

out vec4 fragColour;

uniform sampler2D diffuse;
uniform float lit;              // 0: unlit material (M2 render flag 0x1, WMO flag 0x1)
uniform float alphaTest;        // texels with alpha below are discarded (AlphaKey); negative: none
uniform float alphaFromTexture; // 0: opaque output
uniform vec3 lightDirection;    // towards the light, unit length
uniform float ambient;
uniform vec3 fogColour;
uniform float fogStart;
uniform float fogEnd;

void main() {
    vec4 texel = texture(diffuse, uv);
    if (texel.a < alphaTest) {
        discard;
    }
    vec3 n = normalize(normal);
    if (!gl_FrontFacing) {
        n = -n;
    }
    float lambert = max(dot(n, lightDirection), 0.0);
    float light = mix(1.0, ambient + (1.0 - ambient) * lambert, lit);
    vec3 c = texel.rgb * colour.rgb * light;
    float fog = clamp((eyeDistance - fogStart) / max(fogEnd - fogStart, 1.0), 0.0, 1.0);
    fragColour = vec4(mix(c, fogColour, fog), mix(1.0, texel.a * colour.a, alphaFromTexture));
}
