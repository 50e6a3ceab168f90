/**
 * The classroom's visual aids drawn over the spheres, one component each: velocity and momentum
 * arrows, the centre of mass marker, the selected sphere's trail and the pressure map on the walls. Every buffer is allocated
 * once on mount and rewritten in place each frame; the toggles are read from the store inside
 * the frame loop, so switching one never re-renders React per frame. A hidden aid costs no draw
 * call and no work.
 */
import { CentreOfMass } from './aids/CentreOfMass.tsx';
import { MotionArrows } from './aids/MotionArrows.tsx';
import { PredictionArrows } from './aids/PredictionArrows.tsx';
import { PressureMap } from './aids/PressureMap.tsx';
import { Trail } from './aids/Trail.tsx';

/** Every visual aid. */
export function VisualAids() {
  return (
    <>
      <MotionArrows kind="velocity" />
      <MotionArrows kind="momentum" />
      <CentreOfMass />
      <Trail />
      <PredictionArrows />
      <PressureMap />
    </>
  );
}
