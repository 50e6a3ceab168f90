/**
 * The hooks example of the embed page: a sandbox composed piece by piece inside a
 * `<SandboxProvider>`, its view on one side and the page's own readouts and controls on the
 * other, outside the canvas, reading the sandbox with `useSandbox` and driving it with
 * `useSandboxHandle`; the energy lost summed after every step with `useAfterStep`; and a moment
 * kept with the handle's `snapshot()` and gone back to with `restore()`.
 */
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SandboxProvider, SandboxView, useAfterStep, useSandbox, useSandboxHandle, useSandboxStore, type SandboxSnapshot } from '../embed/index.ts';

/** The page's own readouts: re-rendered when the sandbox publishes its stats (4 times a second). */
function Readings() {
  const { time, kinetic, momentum, rate } = useSandbox(
    useShallow((s) => ({ time: s.stats.simTime, kinetic: s.stats.kineticEnergy, momentum: Math.hypot(...s.stats.momentum), rate: s.stats.collisionsPerSecond })),
  );
  return (
    <dl className="hooks-lab__readings" data-readout="hooks">
      <dt>Time</dt>
      <dd data-value="time">{time.toFixed(2)} s</dd>
      <dt>Kinetic energy</dt>
      <dd data-value="kinetic">{kinetic.toFixed(2)} J</dd>
      <dt>Total momentum</dt>
      <dd data-value="momentum">{momentum.toFixed(2)} kg m/s</dd>
      <dt>Collisions</dt>
      <dd data-value="rate">{Math.round(rate)} per second</dd>
    </dl>
  );
}

/** The energy lost in collisions, summed after every step (in a ref: no render per step), shown with the stats. */
function EnergyLost() {
  const store = useSandboxStore();
  const lost = useRef(0);
  const [shown, setShown] = useState(0);
  useAfterStep((world) => {
    const ev = world.events;
    for (let k = 0; k < ev.count; k++) lost.current += ev.energyLost[k];
  });
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.sceneVersion !== prev.sceneVersion) lost.current = 0; // a restart, a restored moment: counted afresh
        if (s.stats !== prev.stats) setShown(lost.current);
      }),
    [store],
  );
  return (
    <p className="hooks-lab__lost" data-value="lost">
      Lost in collisions since the start: {shown.toFixed(2)} J
    </p>
  );
}

/** Keeps the present moment (the experiment and the world's exact state) and goes back to it. */
function Moment() {
  const handle = useSandboxHandle();
  const [kept, setKept] = useState<SandboxSnapshot | null>(null);
  return (
    <div className="hooks-lab__controls">
      <button type="button" data-action="keep" onClick={() => void handle.snapshot().then(setKept)}>
        Keep this moment
      </button>
      <button type="button" data-action="back" disabled={kept === null} onClick={() => kept && handle.restore(kept)}>
        Back to it{kept ? ` (${(kept.step / 60).toFixed(1)} s)` : ''}
      </button>
    </div>
  );
}

/** The page's own controls: the handle's actions and one setting, applied live. */
function Controls() {
  const handle = useSandboxHandle();
  const running = useSandbox((s) => s.running);
  const restitution = useSandbox((s) => s.settings.restitution);
  const applySetting = useSandbox((s) => s.applySetting);
  return (
    <div className="hooks-lab__controls">
      <button type="button" data-action="toggle" onClick={() => (running ? handle.pause() : handle.play())}>
        {running ? 'Pause' : 'Play'}
      </button>
      <button type="button" data-action="restart" onClick={() => handle.restart()}>
        Restart
      </button>
      <label>
        Restitution <output>{restitution.toFixed(2)}</output>
        <input type="range" min={0} max={1} step={0.05} value={restitution} onChange={(e) => applySetting('restitution', Number(e.target.value))} />
      </label>
    </div>
  );
}

/** A gas with the page's own panel beside it. */
export function HooksLab() {
  return (
    <SandboxProvider name="hooks" count={90} boxSize={6} speed={2} seed={3} restitution={0.8}>
      <div className="hooks-lab">
        <SandboxView height={320} label="Gas with the page's own readouts" />
        <aside className="hooks-lab__panel" aria-label="Readings of the gas">
          <Readings />
          <EnergyLost />
          <Controls />
          <Moment />
        </aside>
      </div>
    </SandboxProvider>
  );
}
