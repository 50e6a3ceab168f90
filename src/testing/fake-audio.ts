/**
 * A fake AudioContext for tests (unit tests, and the browser suite's init script copies its idea):
 * it makes nodes that record what is scheduled on them, counts them, and keeps its own clock.
 */
import type { AudioContextLike } from '../sound/index.ts';

/** A recorded AudioParam: its value and every scheduled change. */
export class FakeParam {
  value = 0;
  readonly calls: { method: string; value: number; time: number }[] = [];
  private record(method: string, value: number, time: number): this {
    this.calls.push({ method, value, time });
    return this;
  }
  setValueAtTime(v: number, t: number) {
    this.value = v;
    return this.record('set', v, t);
  }
  linearRampToValueAtTime(v: number, t: number) {
    return this.record('linear', v, t);
  }
  exponentialRampToValueAtTime(v: number, t: number) {
    return this.record('exponential', v, t);
  }
  setTargetAtTime(v: number, t: number) {
    this.value = v;
    return this.record('target', v, t);
  }
  cancelScheduledValues(t: number) {
    return this.record('cancel', 0, t);
  }
}

/** A recorded node: the kind, its connections, its params. */
export class FakeNode {
  readonly connections: unknown[] = [];
  started = 0;
  type = 'sine';
  readonly gain = new FakeParam();
  readonly frequency = new FakeParam();
  readonly pan = new FakeParam();
  readonly threshold = new FakeParam();
  readonly knee = new FakeParam();
  readonly ratio = new FakeParam();
  readonly attack = new FakeParam();
  readonly release = new FakeParam();
  constructor(readonly kind: string) {}
  connect(to: unknown) {
    this.connections.push(to);
    return to;
  }
  start() {
    this.started++;
  }
}

/** The fake context: `currentTime` is set by the test; `nodes` lists every node made. */
export class FakeAudioContext {
  currentTime = 0;
  state: AudioContextState = 'suspended';
  resumes = 0;
  readonly destination = new FakeNode('destination');
  readonly nodes: FakeNode[] = [];
  private node(kind: string): FakeNode {
    const n = new FakeNode(kind);
    this.nodes.push(n);
    return n;
  }
  resume(): Promise<void> {
    this.resumes++;
    this.state = 'running';
    return Promise.resolve();
  }
  createOscillator() {
    return this.node('oscillator');
  }
  createGain() {
    return this.node('gain');
  }
  createStereoPanner() {
    return this.node('panner');
  }
  createDynamicsCompressor() {
    return this.node('compressor');
  }
  /** Nodes of one kind. */
  count(kind: string): number {
    return this.nodes.filter((n) => n.kind === kind).length;
  }
  /** As the sound module's type (the fake implements the part it uses). */
  asContext(): AudioContextLike {
    return this as unknown as AudioContextLike;
  }
}
