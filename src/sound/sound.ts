/**
 * The run heard: Web Audio synthesised in code, no audio files. Each sphere-sphere collision is a
 * short tone whose pitch and loudness follow its impulse and whose pan follows where it happened;
 * a wall hit is a low knock; a gas (from {@link GAS_FROM} spheres) is one soft continuous sound
 * whose pulse rate follows the measured collision rate; a reaction is a bright rising chirp of its
 * own voice (at most one every {@link CHIRP_SECONDS}); a gas condensing (more spheres in drops at a
 * sample than at the last, by over {@link DRIP_SHARE} of the spheres) is a soft falling drip on the
 * chirp's voice. A pool of {@link VOICES} voices made once
 * (a busy pool drops a hit, never queues it), a master gain (volume, mute) and a limiter
 * (DynamicsCompressorNode). Silent until {@link Sound.unlock} is called from a user gesture: only
 * then is the AudioContext made or resumed. A step participant: it reads each step's collision
 * events and schedules, with no allocation beyond the nodes' own parameter changes.
 */
import type { StepParticipant, StepReport, WorldView } from '../runtime/index.ts';
import { DEFAULT_SOUND_PREFS } from './prefs.ts';

/** Voices in the pool: the most hits sounding at once. */
export const VOICES = 4;
/** Length of a hit's tone, s. */
export const HIT_SECONDS = 0.12;
/** Length of a reaction's chirp, s: reactions closer together than this share one. */
export const CHIRP_SECONDS = 0.15;
/** Length of the condensing drip, s. */
export const DRIP_SECONDS = 0.14;
/** The rise in spheres in drops between two samples, as a share of the spheres, that drips. */
export const DRIP_SHARE = 0.02;

/** From this many spheres a scene sounds as a gas (one continuous sound), not hit by hit. */
export const GAS_FROM = 30;

/** The part of an AudioContext the sound uses (a browser's, or a test's fake). */
export type AudioContextLike = Pick<AudioContext, 'currentTime' | 'state' | 'destination' | 'resume' | 'createOscillator' | 'createGain' | 'createStereoPanner' | 'createDynamicsCompressor'>;

interface Voice {
  osc: OscillatorNode;
  gain: GainNode;
  pan: StereoPannerNode;
  /** Audio time when it is free again, s. */
  busyUntil: number;
}

/** A silent voice of `type` into `master`: an oscillator, its gain (0) and its panner, started. */
function makeVoice(ctx: AudioContextLike, master: GainNode, type: OscillatorType): Voice {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  const pan = ctx.createStereoPanner();
  osc.type = type;
  gain.gain.value = 0;
  osc.connect(gain);
  gain.connect(pan);
  pan.connect(master);
  osc.start();
  return { osc, gain, pan, busyUntil: 0 };
}

const clamp = (x: number, lo: number, hi: number): number => (x < lo ? lo : x > hi ? hi : x);

/** The sound of a run. */
export class Sound implements StepParticipant {
  private ctx: AudioContextLike | null = null;
  private master: GainNode | null = null;
  private readonly voices: Voice[] = [];
  private gasOsc: OscillatorNode | null = null;
  private gasGain: GainNode | null = null;
  private gasPulse: OscillatorNode | null = null;
  private gasDepth: GainNode | null = null;
  /** The reactions' voice: its own oscillator and gain, made once. */
  private chirp: Voice | null = null;
  private volumeValue = DEFAULT_SOUND_PREFS.volume;
  private mutedValue = DEFAULT_SOUND_PREFS.muted;
  /** Hits started since the sound was made (for tests and the page's test hook). */
  started = 0;
  /** Hits dropped because every voice was busy. */
  dropped = 0;
  /** Reaction chirps started (a chirp may stand for several reactions close together). */
  chirps = 0;
  /** Condensing drips started. */
  drips = 0;
  /** Spheres in drops at the last sample (NaN: none since the scene started). */
  private lastInDrops = NaN;

  /** `make`: makes the AudioContext (called on the first gesture only). */
  constructor(private readonly make: () => AudioContextLike) {}

  /** Whether a gesture has unlocked the sound (an AudioContext exists). */
  get unlocked(): boolean {
    return this.ctx !== null;
  }

  /** Volume 0..1. */
  get volume(): number {
    return this.volumeValue;
  }

  set volume(v: number) {
    if (!Number.isFinite(v) || v < 0 || v > 1) throw new RangeError(`volume must be a number from 0 to 1, got ${v}`);
    this.volumeValue = v;
    this.applyMaster();
  }

  get muted(): boolean {
    return this.mutedValue;
  }

  set muted(on: boolean) {
    this.mutedValue = on;
    this.applyMaster();
    if (on) this.silenceGas();
  }

  /** Call from a user gesture (click, key): makes the AudioContext and its nodes once, resumes it after. */
  unlock(): void {
    if (this.ctx === null) {
      const ctx = this.make();
      this.ctx = ctx;
      const limiter = ctx.createDynamicsCompressor();
      limiter.threshold.value = -12;
      limiter.knee.value = 6;
      limiter.ratio.value = 12;
      limiter.attack.value = 0.003;
      limiter.release.value = 0.15;
      limiter.connect(ctx.destination);
      const master = ctx.createGain();
      master.connect(limiter);
      this.master = master;
      for (let k = 0; k < VOICES; k++) this.voices.push(makeVoice(ctx, master, 'sine'));
      // The gas: a soft triangle tone whose loudness a slow pulse modulates at the collision rate.
      const gasOsc = ctx.createOscillator();
      gasOsc.type = 'triangle';
      gasOsc.frequency.value = 180;
      const gasGain = ctx.createGain();
      gasGain.gain.value = 0;
      const pulse = ctx.createOscillator();
      pulse.frequency.value = 0;
      const depth = ctx.createGain();
      depth.gain.value = 0;
      pulse.connect(depth);
      depth.connect(gasGain.gain);
      gasOsc.connect(gasGain);
      gasGain.connect(master);
      gasOsc.start();
      pulse.start();
      this.gasOsc = gasOsc;
      this.gasGain = gasGain;
      this.gasPulse = pulse;
      this.gasDepth = depth;
      this.chirp = makeVoice(ctx, master, 'square');
      this.applyMaster();
    }
    if (this.ctx.state === 'suspended') void this.ctx.resume();
  }

  afterStep(world: WorldView, report: Readonly<StepReport>): void {
    const ctx = this.ctx;
    if (ctx === null || this.mutedValue) return;
    const ev = world.events;
    const now = ctx.currentTime;
    if (report.reactions > 0) this.react(now);
    if (world.count >= GAS_FROM) {
      // Pairs per second of simulated time over this step's events.
      let pairs = 0;
      for (let k = 0; k < ev.count; k++) if (ev.b[k] >= 0) pairs++;
      const span = ev.count > 1 ? ev.time[ev.count - 1] - ev.time[0] : 0;
      const rate = span > 0 ? pairs / span : 0;
      this.gas(rate, now);
      return;
    }
    this.silenceGas();
    const half = world.size[0] / 2 || 1;
    for (let k = 0; k < ev.count; k++) {
      const voice = this.freeVoice(now);
      if (voice === null) {
        this.dropped++;
        continue;
      }
      const wall = ev.b[k] < 0;
      const j = ev.impulse[k];
      // Pitch rises with the impulse (log scale), a wall knocks low; loudness follows the impulse.
      const pitch = wall ? 90 + 30 * clamp(Math.log10(1 + j), 0, 2) : 330 * Math.pow(2, clamp(Math.log2(1 + j), 0, 3));
      const peak = clamp(0.15 + 0.25 * Math.log10(1 + 10 * j), 0.05, 0.6);
      voice.osc.type = wall ? 'triangle' : 'sine';
      voice.osc.frequency.setValueAtTime(pitch, now);
      voice.pan.pan.setValueAtTime(clamp(ev.point[3 * k] / half, -1, 1), now);
      const g = voice.gain.gain;
      g.cancelScheduledValues(now);
      g.setValueAtTime(0, now);
      g.linearRampToValueAtTime(peak, now + 0.005);
      g.exponentialRampToValueAtTime(0.0001, now + HIT_SECONDS);
      g.setValueAtTime(0, now + HIT_SECONDS);
      voice.busyUntil = now + HIT_SECONDS;
      this.started++;
    }
  }

  /** Silence at once (a new scene); the drops are counted afresh. */
  worldReplaced(): void {
    this.silenceGas();
    this.lastInDrops = NaN;
  }

  /**
   * The liquid at a sample (a few times a second, in a world with wells): `inDrops` of `count`
   * spheres in drops. More than at the last sample, by over {@link DRIP_SHARE} of the spheres,
   * sounds a drip, a falling sine on the chirp's voice (unless a chirp or drip is sounding).
   */
  liquid(inDrops: number, count: number): void {
    const rise = inDrops - this.lastInDrops;
    this.lastInDrops = inDrops;
    const v = this.chirp;
    if (!(rise > DRIP_SHARE * count) || this.ctx === null || this.mutedValue || v === null) return;
    const now = this.ctx.currentTime;
    if (v.busyUntil > now) return;
    v.osc.type = 'sine';
    v.osc.frequency.cancelScheduledValues(now);
    v.osc.frequency.setValueAtTime(880, now);
    v.osc.frequency.exponentialRampToValueAtTime(330, now + DRIP_SECONDS);
    const g = v.gain.gain;
    g.cancelScheduledValues(now);
    g.setValueAtTime(0, now);
    g.linearRampToValueAtTime(0.1, now + 0.006);
    g.exponentialRampToValueAtTime(0.0001, now + DRIP_SECONDS);
    g.setValueAtTime(0, now + DRIP_SECONDS);
    v.busyUntil = now + DRIP_SECONDS;
    this.drips++;
  }

  /** A reaction: a rising fifth on the chirp's voice, unless one is sounding. */
  private react(now: number): void {
    const v = this.chirp;
    if (v === null || v.busyUntil > now) return;
    v.osc.type = 'square';
    v.osc.frequency.cancelScheduledValues(now);
    v.osc.frequency.setValueAtTime(660, now);
    v.osc.frequency.linearRampToValueAtTime(990, now + 0.08);
    const g = v.gain.gain;
    g.cancelScheduledValues(now);
    g.setValueAtTime(0, now);
    g.linearRampToValueAtTime(0.12, now + 0.01);
    g.exponentialRampToValueAtTime(0.0001, now + CHIRP_SECONDS);
    g.setValueAtTime(0, now + CHIRP_SECONDS);
    v.busyUntil = now + CHIRP_SECONDS;
    this.chirps++;
  }

  private freeVoice(now: number): Voice | null {
    for (const v of this.voices) if (v.busyUntil <= now) return v;
    return null;
  }

  private gas(rate: number, now: number): void {
    if (this.gasGain === null || this.gasPulse === null || this.gasOsc === null || this.gasDepth === null) return;
    // The pulse follows the rate on a log scale (as the ear hears rates), 0.5 to 40 Hz; the pitch a little too.
    const pulse = clamp(4 * Math.log2(1 + rate / 1000), 0.5, 40);
    this.gasPulse.frequency.setTargetAtTime(pulse, now, 0.3);
    this.gasOsc.frequency.setTargetAtTime(150 + 4 * pulse, now, 0.3);
    this.gasGain.gain.setTargetAtTime(rate > 0 ? 0.08 : 0, now, 0.3);
    this.gasDepth.gain.setTargetAtTime(rate > 0 ? 0.06 : 0, now, 0.3);
  }

  private silenceGas(): void {
    if (this.ctx === null || this.gasGain === null) return;
    this.gasGain.gain.setTargetAtTime(0, this.ctx.currentTime, 0.05);
    this.gasDepth?.gain.setTargetAtTime(0, this.ctx.currentTime, 0.05);
  }

  private applyMaster(): void {
    if (this.master === null || this.ctx === null) return;
    this.master.gain.setTargetAtTime(this.mutedValue ? 0 : this.volumeValue, this.ctx.currentTime, 0.02);
  }
}
