/**
 * Worker mode in a unit test: the solver served on the other end of a MessageChannel (the
 * worker's protocol, in this process), and ways to let its messages arrive.
 */
import type { SandboxStore } from '../store/index.ts';
import { serveSolver, type SolverPort } from '../runtime/index.ts';
import type { SolverPortFactory } from '../runtime/index.ts';

/** A solver served on the other end of a MessageChannel: the worker's protocol, in this process. */
export function channelPort(): { factory: SolverPortFactory; made: () => number } {
  let made = 0;
  return {
    made: () => made,
    factory: () => {
      made++;
      const { port1, port2 } = new MessageChannel();
      serveSolver(port2 as unknown as SolverPort);
      return Object.assign(port1 as unknown as SolverPort, {
        terminate: () => {
          port1.close();
          port2.close();
        },
      });
    },
  };
}

/** Lets the message channel deliver what is pending. */
export const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Waits (message by message) until `condition` holds; throws naming `what` if it never does. */
export async function until(condition: () => boolean, what: string): Promise<void> {
  for (let k = 0; k < 5000; k++) {
    if (condition()) return;
    await tick();
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Frames of one fixed step each, letting each batch come back before the next frame. */
export async function playFrames(store: SandboxStore, frames: number): Promise<void> {
  for (let k = 0; k < frames; k++) {
    store.getState().frame(1 / 60);
    await tick();
    await tick();
  }
}

