/**
 * The material of the sphere impostors: each sphere is one quad that the vertex shader turns to
 * face the camera and sizes to the sphere's silhouette, and the fragment shader intersects the
 * pixel's view ray with the sphere, so that every pixel gets the true surface point, normal and
 * depth of a round sphere (spheres cut into each other and hide each other exactly as meshes do).
 *
 * The shading imitates the mesh spheres' `MeshStandardMaterial` under the view's lights (a
 * hemisphere light, an ambient light and two directional lights, at the same directions and
 * colours): Lambert diffuse plus a GGX highlight, then the renderer's tone mapping and output
 * colour space. Silhouette edges are smoothed with alpha to coverage when the canvas has
 * multisampling. Perspective cameras only.
 */
import { Color, DataTexture, FloatType, NearestFilter, RGBAFormat, ShaderMaterial, Vector3 } from 'three';
import { MASS_RAMP, RAMP_SIZE, SPEED_RAMP } from './sphere-colors.ts';

/** A light of the view as the impostor shader sees it. */
export interface ImpostorLights {
  /** Hemisphere light: sky and ground colours (sRGB hex) and intensity. */
  hemisphere: { sky: string; ground: string; intensity: number };
  /** Ambient light intensity (white). */
  ambient: number;
  /** Directional lights: position (the light shines from there towards the origin), colour, intensity. */
  directional: readonly { position: readonly [number, number, number]; color: string; intensity: number }[];
}

/** The lights of {@link SandboxCanvas}; keep the two in step. */
export const VIEW_LIGHTS: ImpostorLights = {
  hemisphere: { sky: '#dfe9ff', ground: '#1b2033', intensity: 1.1 },
  ambient: 0.15,
  directional: [
    { position: [6, 11, 8], color: '#ffffff', intensity: 2.4 },
    { position: [-8, 3, -6], color: '#9ab8ff', intensity: 0.7 },
  ],
};

/** Roughness and metalness of the mesh spheres' material, matched here. */
const ROUGHNESS = 0.32;
const METALNESS = 0.08;

const vertexShader = /* glsl */ `
// Two sets of centres: the newest positions in one, the step before in the other.
attribute vec3 centreA;
attribute vec3 centreB;
// Radius (m) and mass (kg).
attribute vec2 sphere;
// Speed (m/s).
attribute float speed;
// Time of the last collision less the time drawn (s, negative).
attribute float hitAgo;

// x: where to draw between the step before (0) and the newest (1); y: 1 when centreB holds the
// newest; z: 1 with the collision flash on; w: how long a flash lasts, s.
uniform vec4 frame;
// x: 1 to colour by speed, else by mass; y: speed scale (ramp per m/s); z: log of the lightest
// mass; w: log of the heaviest over the lightest.
uniform vec4 colouring;
uniform sampler2D ramps;

varying vec3 vRayPoint;
varying vec4 vCentre;
varying vec3 vColor;

void main() {
  bool newestInB = frame.y > 0.5;
  vec3 now = newestInB ? centreB : centreA;
  vec3 before = newestInB ? centreA : centreB;
  // Collision flash: 1 at the collision, fading to 0 over frame.w seconds; the sphere swells and whitens.
  float flash = frame.z * clamp(1.0 + hitAgo / frame.w, 0.0, 1.0);
  bool bySpeed = colouring.x > 0.5;
  float place = bySpeed ? speed * colouring.y : (log(sphere.y) - colouring.z) / colouring.w;
  float k = place > 0.0 ? min(floor(place * 255.0 + 0.5), 255.0) : 0.0;
  vec3 base = texelFetch(ramps, ivec2(int(k), bySpeed ? 0 : 1), 0).rgb;
  vColor = base + (1.0 - base) * (0.85 * flash);
  vec3 c = (modelViewMatrix * vec4(mix(before, now, frame.x), 1.0)).xyz;
  float r = sphere.x * (1.0 + 0.25 * flash);
  float d = length(c);
  vCentre = vec4(c, r);
  if (d <= r * 1.0001) {
    // The camera is inside the sphere: like the back-face-culled mesh, draw nothing.
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    vRayPoint = vec3(0.0);
    return;
  }
  // The silhouette is the circle where the cone of rays from the camera touches the sphere: it
  // lies in a plane facing the camera, nearer than the centre by r^2 / d, with radius
  // r sqrt(d^2 - r^2) / d. The quad is the square around that circle.
  vec3 w = c / d;
  vec3 helper = abs(w.y) < 0.99 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  vec3 u = normalize(cross(w, helper));
  vec3 v = cross(u, w);
  float rim = r * sqrt(d * d - r * r) / d;
  // A pixel's worth of margin would be nicer still; 2% covers the smoothed edge.
  vec3 p = w * (d - r * r / d) + (u * position.x + v * position.y) * rim * 1.02;
  vRayPoint = p;
  gl_Position = projectionMatrix * vec4(p, 1.0);
}
`;

const fragmentShader = /* glsl */ `
#include <common>

// Three declares the projection matrix for the vertex shader only; it is set for the program.
uniform mat4 projectionMatrix;
uniform vec3 skyColor;
uniform vec3 groundColor;
uniform vec3 ambientColor;
uniform vec3 light1Direction;
uniform vec3 light1Color;
uniform vec3 light2Direction;
uniform vec3 light2Color;
uniform float roughness;
uniform float metalness;

varying vec3 vRayPoint;
varying vec4 vCentre;
varying vec3 vColor;

float ggxDistribution(float alpha, float nh) {
  float a2 = alpha * alpha;
  float k = nh * nh * (a2 - 1.0) + 1.0;
  return a2 / (PI * k * k);
}

float smithVisibility(float alpha, float nl, float nv) {
  float a2 = alpha * alpha;
  float gv = nl * sqrt(a2 + (1.0 - a2) * nv * nv);
  float gl = nv * sqrt(a2 + (1.0 - a2) * nl * nl);
  return 0.5 / max(gv + gl, 1e-6);
}

vec3 directLight(vec3 n, vec3 toEye, vec3 toLight, vec3 radiance, vec3 diffuse, vec3 f0, float alpha) {
  float nl = clamp(dot(n, toLight), 0.0, 1.0);
  if (nl <= 0.0) return vec3(0.0);
  vec3 h = normalize(toLight + toEye);
  float nv = clamp(dot(n, toEye), 1e-4, 1.0);
  float nh = clamp(dot(n, h), 0.0, 1.0);
  float vh = clamp(dot(toEye, h), 0.0, 1.0);
  vec3 fresnel = f0 + (1.0 - f0) * pow(1.0 - vh, 5.0);
  vec3 specular = fresnel * smithVisibility(alpha, nl, nv) * ggxDistribution(alpha, nh);
  return nl * radiance * (diffuse * RECIPROCAL_PI + specular);
}

void main() {
  vec3 dir = normalize(vRayPoint);
  vec3 c = vCentre.xyz;
  float r = vCentre.w;
  // Ray from the camera (the view-space origin): closest approach to the centre at distance q.
  float along = dot(c, dir);
  vec3 closest = dir * along - c;
  float q = length(closest);
  // Width of one pixel in the same units, for a smooth silhouette.
  float pixel = max(fwidth(q), 1e-6);
  float coverage = clamp((r - q) / pixel + 0.5, 0.0, 1.0);
  if (coverage <= 0.0) discard;
  float t = along - sqrt(max(r * r - q * q, 0.0));
  vec3 hit = dir * t;
  // At the smoothed rim (just outside the sphere) take the nearest point of the rim itself.
  vec3 n = q < r ? (hit - c) / r : closest / q;

  vec4 clip = projectionMatrix * vec4(hit, 1.0);
  gl_FragDepth = 0.5 * (clip.z / clip.w) + 0.5;

  vec3 toEye = -dir;
  vec3 albedo = vColor;
  vec3 diffuse = albedo * (1.0 - metalness);
  vec3 f0 = mix(vec3(0.04), albedo, metalness);
  float rough = max(roughness, 0.0525);
  float alpha = rough * rough;

  // Hemisphere light by the world-space normal's height; the view matrix is a rotation here.
  vec3 worldNormal = (vec4(n, 0.0) * viewMatrix).xyz;
  vec3 irradiance = mix(groundColor, skyColor, 0.5 * worldNormal.y + 0.5) + ambientColor;
  vec3 colour = irradiance * diffuse * RECIPROCAL_PI;
  colour += directLight(n, toEye, normalize((viewMatrix * vec4(light1Direction, 0.0)).xyz), light1Color, diffuse, f0, alpha);
  colour += directLight(n, toEye, normalize((viewMatrix * vec4(light2Direction, 0.0)).xyz), light2Color, diffuse, f0, alpha);

  gl_FragColor = vec4(colour, coverage);
  #include <tonemapping_fragment>
  #include <colorspace_fragment>
}
`;

/** A colour (sRGB hex) times an intensity, in the renderer's linear working space. */
function radiance(hex: string, intensity: number): Color {
  return new Color(hex).multiplyScalar(intensity);
}

/** The colour ramps as a texture of RAMP_SIZE x 2 texels: row 0 by speed, row 1 by mass. */
function rampTexture(): DataTexture {
  const data = new Float32Array(4 * RAMP_SIZE * 2);
  for (let k = 0; k < RAMP_SIZE; k++) {
    for (let c = 0; c < 3; c++) {
      data[4 * k + c] = SPEED_RAMP[3 * k + c];
      data[4 * (RAMP_SIZE + k) + c] = MASS_RAMP[3 * k + c];
    }
    data[4 * k + 3] = data[4 * (RAMP_SIZE + k) + 3] = 1;
  }
  const texture = new DataTexture(data, RAMP_SIZE, 2, RGBAFormat, FloatType);
  texture.minFilter = texture.magFilter = NearestFilter;
  texture.needsUpdate = true;
  return texture;
}

/**
 * Creates the impostor material for the given lights. The geometry must carry a unit quad as
 * `position` (corners at ±1 in x and y) and the per-instance attributes `centreA` and `centreB`
 * (vec3: centre in world space; the uniform `frame` says which holds the newest step, and where
 * to draw between the two), `sphere` (vec2: radius, mass), `speed` and `hitAgo` (the time since
 * the last collision, as a negative number). The colour is looked up in the same ramps as the mesh
 * spheres' (uniform `colouring`: by speed or mass, and the scales), and whitened by the flash.
 */
export function createImpostorMaterial(lights: ImpostorLights = VIEW_LIGHTS): ShaderMaterial {
  const [first, second] = lights.directional;
  const toLight = (l: typeof first | undefined): Vector3 => (l ? new Vector3(...l.position).normalize() : new Vector3(0, 1, 0));
  return new ShaderMaterial({
    name: 'sphere-impostor',
    uniforms: {
      skyColor: { value: radiance(lights.hemisphere.sky, lights.hemisphere.intensity) },
      groundColor: { value: radiance(lights.hemisphere.ground, lights.hemisphere.intensity) },
      ambientColor: { value: radiance('#ffffff', lights.ambient) },
      light1Direction: { value: toLight(first) },
      light1Color: { value: first ? radiance(first.color, first.intensity) : new Color(0, 0, 0) },
      light2Direction: { value: toLight(second) },
      light2Color: { value: second ? radiance(second.color, second.intensity) : new Color(0, 0, 0) },
      roughness: { value: ROUGHNESS },
      metalness: { value: METALNESS },
      // Typed arrays, written in place each frame (a number stored in a uniform object would be allocated).
      frame: { value: new Float32Array([1, 0, 0, 1]) },
      colouring: { value: new Float32Array([1, 1, 0, 1]) },
      ramps: { value: rampTexture() },
    },
    vertexShader,
    fragmentShader,
    alphaToCoverage: true,
  });
}
