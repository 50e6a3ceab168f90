/**
 * Predict, then reveal, in the view: while the run waits before the collision, each sphere shows
 * the velocity predicted for it after the collision (an amber arrow; the selected sphere's is the
 * one its handle drags); after the reveal, the solver's velocity beside it (a green arrow), so
 * that the two can be compared at a glance. Four arrows made once; nothing allocated per frame.
 */
import { useFrame } from '@react-three/fiber';
import { useMemo, useRef } from 'react';
import { ArrowHelper, Group, Vector3 } from 'three';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { arrowLength } from '../drag-edit.ts';
import { useDisposeOnUnmount } from './aid-objects.ts';

/** Colour of a predicted velocity. */
export const PREDICTED_COLOR = 0xffb020;
/** Colour of the solver's velocity after the collision. */
export const ACTUAL_COLOR = 0x3ddc84;

const X_AXIS = new Vector3(1, 0, 0);
const ORIGIN = new Vector3();
/** Module scratch (written each frame, never allocated there). */
const dir = new Vector3();

/** The group of four arrows: predicted for spheres 0 and 1, then actual for 0 and 1. */
function arrows(): Group {
  const group = new Group();
  group.name = 'prediction-arrows';
  const make = (color: number): void => {
    const a = new ArrowHelper(X_AXIS, ORIGIN, 1, color, 0.2, 0.12);
    a.visible = false;
    group.add(a);
  };
  make(PREDICTED_COLOR);
  make(PREDICTED_COLOR);
  make(ACTUAL_COLOR);
  make(ACTUAL_COLOR);
  return group;
}

/** Places `arrow` at `position` (x y z at `b`) showing velocity `v`, or hides it when `v` is (nearly) zero. */
function place(arrow: ArrowHelper, position: Float64Array, b: number, radius: number, v: readonly number[]): void {
  const speed = Math.hypot(v[0], v[1], v[2]);
  arrow.visible = speed > 1e-9;
  if (!arrow.visible) return;
  arrow.position.set(position[b], position[b + 1], position[b + 2]);
  dir.set(v[0] / speed, v[1] / speed, v[2] / speed);
  arrow.setDirection(dir);
  const length = arrowLength(radius, speed);
  arrow.setLength(length, Math.min(0.3 * length, 0.4), Math.min(0.18 * length, 0.25));
}

/** The predicted and revealed velocities of a prediction. */
export function PredictionArrows() {
  const store = useSandboxStore();
  const object = useMemo(() => arrows(), []);
  useDisposeOnUnmount(object);
  const ref = useRef<Group>(null);
  useFrame(() => {
    const group = ref.current;
    if (!group) return;
    const { predict, sim, selected } = store.getState();
    const showing = predict.phase === 'predicting' || predict.phase === 'revealing' || predict.phase === 'revealed';
    group.visible = showing;
    if (!showing) return;
    for (let i = 0; i < predict.ids.length && i < 2; i++) {
      const slot = sim.world.indexOf(predict.ids[i]);
      // The selected sphere's prediction is drawn by its own arrow, whose handle drags it.
      const own = predict.phase === 'predicting' && selected === predict.ids[i];
      const predicted = group.children[i] as ArrowHelper;
      if (slot < 0 || own) predicted.visible = false;
      else place(predicted, sim.positions, 3 * slot, sim.radii[slot], predict.predicted[i]);
      const actual = group.children[2 + i] as ArrowHelper;
      if (slot < 0 || predict.actual === null) actual.visible = false;
      else place(actual, sim.positions, 3 * slot, sim.radii[slot], predict.actual[i]);
    }
  });
  return <primitive ref={ref} object={object} />;
}
