import { describe, expect, it } from 'vitest';
import { HEARTBEAT_FRAMES, RedrawGate, type GateInputs } from './redraw-gate.ts';

function still(): GateInputs {
  const elements = new Float32Array(16);
  elements[0] = elements[5] = elements[10] = elements[15] = 1;
  return {
    state: { stats: { kt: 1 }, timeline: [], selected: null, theme: 'dark' },
    sim: { version: 4, slotsVersion: 2, clock: { alpha: 1 } },
    camera: { position: { x: 1, y: 2, z: 3 }, quaternion: { x: 0, y: 0, z: 0, w: 1 }, projectionMatrix: { elements } },
    width: 800,
    height: 600,
    invalidated: false,
  };
}

/** Frames drawn out of `n` asked with `view` after `change` is applied once. */
function drawnAfter(gate: RedrawGate, view: GateInputs, n: number, change?: () => void): number {
  change?.();
  const before = gate.drawn;
  for (let k = 0; k < n; k++) gate.due(view);
  return gate.drawn - before;
}

describe('RedrawGate', () => {
  it('draws the first frame, then a still view only at the heartbeat', () => {
    const gate = new RedrawGate();
    const view = still();
    expect(gate.due(view), 'the first frame').toBe(true);
    expect(drawnAfter(gate, view, 3 * HEARTBEAT_FRAMES), `frames drawn in ${3 * HEARTBEAT_FRAMES} still frames`).toBe(3);
  });

  it('draws once for each change of what is shown, and not again after it', () => {
    const gate = new RedrawGate();
    const view = still();
    gate.due(view);
    const changes: [string, () => void][] = [
      ['a step', () => view.sim.version++],
      ['a renumbering', () => view.sim.slotsVersion++],
      ['the interpolation', () => (view.sim.clock.alpha = 0.5)],
      ['the camera moved', () => (view.camera.position.x += 1e-9)],
      ['the camera turned', () => (view.camera.quaternion.y = 0.1)],
      ['the projection', () => ((view.camera.projectionMatrix.elements as Float32Array)[0] = 2)],
      ['the canvas resized', () => (view.width = 801)],
      ['a store field', () => (view.state = { ...view.state, selected: 7 })],
      ['a new store field', () => (view.state = { ...view.state, hovered: 1 })],
      ['input', () => gate.poke()],
    ];
    for (const [name, change] of changes) expect(drawnAfter(gate, view, 5, change), name).toBe(1);
    view.invalidated = true;
    expect(drawnAfter(gate, view, 5), 'frames asked for by the renderer').toBe(5);
  });

  it('does not draw for a new sample of the readouts alone', () => {
    const gate = new RedrawGate();
    const view = still();
    gate.due(view);
    const samples = drawnAfter(gate, view, 10, () => (view.state = { ...view.state, stats: { kt: 2 }, timeline: [1] }));
    expect(samples, 'frames drawn for a published sample').toBe(0);
    // A later change is compared with the last drawn state, not the sample's.
    expect(drawnAfter(gate, view, 5, () => (view.state = { ...view.state, theme: 'light' })), 'the theme changed after a sample').toBe(1);
  });
});
