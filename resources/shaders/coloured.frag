#version 330 core

in vec4 colour;
in float eyeDistance;

out vec4 fragColour;

uniform vec3 fogColour;
uniform float fogStart;
uniform float fogEnd;

void main() {
    float fog = clamp((eyeDistance - fogStart) / max(fogEnd - fogStart, 1.0), 0.0, 1.0);
    fragColour = vec4(mix(colour.rgb, fogColour, fog), colour.a);
}
