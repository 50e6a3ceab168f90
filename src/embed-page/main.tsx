/**
 * The embed example: a lesson page that uses `<SphereSandbox />` the way a course site would, two
 * sandboxes side by side (e = 1 and e = 0.5) in the flow of ordinary text, each with a caption
 * fed by its own `onStats` and `onCollision` callbacks; then a sandbox composed with the hooks,
 * with the page's own readouts and controls beside its view.
 */
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { SphereSandbox, type SandboxCollisionEvent, type SampledStats, type SphereSandboxHandle } from '../embed/index.ts';
import '../embed/sphere-sandbox.css';
import { HooksLab } from './HooksLab.tsx';
import './lesson.css';

const TEST_MODE = new URLSearchParams(window.location.search).get('test') === '1';

declare global {
  interface Window {
    /** Test mode only: copies of the first collisions each sandbox reported, by sandbox name. */
    __embedEvents?: Record<string, SandboxCollisionEvent[]>;
  }
}

/** Keeps the first collisions of a sandbox for the browser tests (copies: the event object is reused). */
function recordForTests(name: string, event: SandboxCollisionEvent): void {
  const all = (window.__embedEvents ??= {});
  const list = (all[name] ??= []);
  if (list.length < 500) list.push({ ...event, normal: [...event.normal] });
}

interface Tally {
  collisions: number;
  energyLost: number;
}

/** One sandbox with its caption: collisions counted by `onCollision`, energy from `onStats`. */
function Experiment({ name, restitution, title, handleRef }: { name: string; restitution: number; title: string; handleRef: (h: SphereSandboxHandle | null) => void }) {
  // Counted per collision in a ref; shown with the stats, a few times a second (no render per collision).
  const tally = useRef<Tally>({ collisions: 0, energyLost: 0 });
  const [shown, setShown] = useState({ collisions: 0, energyLost: 0, kinetic: 0, time: 0 });
  const onCollision = (e: SandboxCollisionEvent): void => {
    if (e.wall === null) tally.current.collisions++;
    tally.current.energyLost += e.energyLost;
    if (TEST_MODE) recordForTests(name, e);
  };
  const onStats = (s: SampledStats): void => {
    setShown({ collisions: tally.current.collisions, energyLost: tally.current.energyLost, kinetic: s.kineticEnergy, time: s.simTime });
  };
  const restart = (): void => {
    tally.current = { collisions: 0, energyLost: 0 };
  };
  return (
    <figure className="experiment">
      <SphereSandbox
        ref={handleRef}
        name={name}
        label={title}
        count={120}
        boxSize={6}
        speed={2}
        seed={7}
        restitution={restitution}
        wallRestitution={1}
        height={340}
        onCollision={onCollision}
        onStats={onStats}
        onReady={restart}
      />
      <figcaption>
        <strong>{title}</strong>
        <span className="experiment__readout" data-readout={name}>
          {shown.collisions.toLocaleString('en-US')} collisions so far · kinetic energy {shown.kinetic.toFixed(1)} J · lost {shown.energyLost.toFixed(1)} J
        </span>
      </figcaption>
    </figure>
  );
}

/** The lesson page. */
function Lesson() {
  const handles = useRef<Record<string, SphereSandboxHandle | null>>({});
  const all = (): SphereSandboxHandle[] => Object.values(handles.current).filter((h): h is SphereSandboxHandle => h !== null);
  return (
    <main className="lesson">
      <p className="lesson__kicker">Unit 3 · Momentum and energy</p>
      <h1>Elastic and inelastic collisions</h1>
      <p>
        When two spheres collide, momentum is always conserved. Kinetic energy is conserved only when the collision is <em>elastic</em>. The coefficient of
        restitution <var>e</var> says how much of the approach speed survives the bounce: with <var>e</var> = 1 the spheres separate as fast as they
        approached, with <var>e</var> = 0.5 at half that speed, and the missing kinetic energy turns into heat and sound.
      </p>
      <p>Below, the same 120 spheres start from the same positions and velocities. Only the restitution between spheres differs. Watch the colours: blue spheres are slow, red ones fast.</p>
      <div className="lesson__pair">
        <Experiment name="elastic" restitution={1} title="Elastic, e = 1" handleRef={(h) => void (handles.current.elastic = h)} />
        <Experiment name="inelastic" restitution={0.5} title="Inelastic, e = 0.5" handleRef={(h) => void (handles.current.inelastic = h)} />
      </div>
      <p className="lesson__actions">
        <button type="button" onClick={() => all().forEach((h) => h.restart())}>
          Restart both
        </button>
      </p>
      <h2>Your own readouts</h2>
      <p>
        A page can also compose a sandbox piece by piece and put its own readings and buttons anywhere around the view. Here the energy and momentum beside the
        box come from the page itself. Lower the restitution and watch the kinetic energy fall while the momentum stays what the walls make it.
      </p>
      <HooksLab />
      <h2>Questions</h2>
      <ol>
        <li>After a minute, which box has the slower spheres? Where did their kinetic energy go?</li>
        <li>The walls bounce elastically in both boxes. Does the inelastic gas ever come to rest? What do you expect to see after a long time?</li>
        <li>Pause one sandbox and step it one frame at a time. Is total momentum conserved in a single collision with <var>e</var> = 0.5?</li>
      </ol>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('embed.html must contain an element with id "root"');
// Test mode (`?test=1`) loads the browser tests' hooks before the first sandbox mounts.
const ready = TEST_MODE ? import('../testing/test-hook.ts').then((m) => m.enableTestHooks()) : Promise.resolve();
void ready.then(() =>
  createRoot(root).render(
    <StrictMode>
      <Lesson />
    </StrictMode>,
  ),
);
