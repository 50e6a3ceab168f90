/** The predict slice: Predict, then reveal, for the two-body experiments (instruments/predict.ts does the work). */
import type { StateCreator } from 'zustand/vanilla';
import { PREDICT_OFF } from '../instruments/index.ts';
import type { StoreCore } from './core.ts';
import type { PredictSlice, SandboxState } from './state.ts';

export const createPredictSlice =
  (core: StoreCore, on: boolean): StateCreator<SandboxState, [], [], PredictSlice> =>
  () => ({
    predict: { ...PREDICT_OFF, on },
    setPredict(on) {
      core.predictor.arm(on);
    },
    setPrediction(index, velocity) {
      return core.predictor.setPrediction(index, velocity, core.t);
    },
    reveal() {
      core.predictor.reveal();
    },
    armPredict() {
      core.predictor.arm();
    },
  });
