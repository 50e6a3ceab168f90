/**
 * The home view: a camera pose that frames the whole box, from above and to one side in 3D and
 * face-on in planar mode.
 */
import type { PerspectiveCamera } from 'three';

/** Direction from the box centre to the home camera in 3D (normalised in use). */
const HOME_DIRECTION = [0.78, 0.52, 1.2] as const;

/**
 * Distance from the box centre at which a sphere of `radius` fills the view of a camera with
 * vertical field of view `fovDegrees` and `aspect` (width over height), with a small margin.
 */
export function framingDistance(radius: number, fovDegrees: number, aspect: number): number {
  const vHalf = (fovDegrees * Math.PI) / 360;
  const hHalf = Math.atan(Math.tan(vHalf) * Math.max(aspect, 1e-3));
  return (radius / Math.sin(Math.min(vHalf, hHalf))) * 1.02;
}

/**
 * Puts the camera at the home pose for a box of `size`, looking at the centre. `aspect` is that
 * of the part of the view not covered by the overlay. @defaultValue the camera's aspect
 */
export function placeHomeCamera(camera: PerspectiveCamera, size: readonly number[], planar: boolean, aspect = camera.aspect): void {
  const [lx, ly, lz] = size;
  if (planar) {
    const radius = 0.5 * Math.hypot(lx, ly);
    camera.position.set(0, 0, framingDistance(radius, camera.fov, aspect) * 0.95);
  } else {
    const radius = 0.5 * Math.hypot(lx, ly, lz);
    const d = framingDistance(radius, camera.fov, aspect);
    const n = Math.hypot(HOME_DIRECTION[0], HOME_DIRECTION[1], HOME_DIRECTION[2]);
    camera.position.set((HOME_DIRECTION[0] / n) * d, (HOME_DIRECTION[1] / n) * d, (HOME_DIRECTION[2] / n) * d);
  }
  camera.near = Math.max(0.01, camera.position.length() / 200);
  camera.far = camera.position.length() * 20;
  camera.lookAt(0, 0, 0);
  camera.updateProjectionMatrix();
}
