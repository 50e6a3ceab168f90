/**
 * The colours the charts draw with (the plots, the P–V diagram and the profile) in each theme: on
 * the projector theme's white panels, dark axes and saturated, darker lines with a contrast of at
 * least 3:1 against white.
 */
import type { Theme } from '../../store/index.ts';

/** A chart palette. */
export interface ChartColors {
  /** Axis labels and ticks' text. */
  axis: string;
  grid: string;
  ticks: string;
  /** Kinetic energy, a speed histogram, pz, a P–V path. */
  blue: string;
  blueFill: string;
  /** Potential energy, the Maxwell curve, an isotherm. */
  yellow: string;
  /** The twin's curves, an adiabat. */
  orange: string;
  /** px. */
  red: string;
  /** py. */
  green: string;
  /** A total (total energy, |p|). */
  total: string;
  /** Recorded runs drawn beside the run now, in turn (Okabe and Ito's reddish purple, bluish green, and grey: apart from the blue, yellow and orange above for every kind of colour vision). */
  runs: readonly string[];
}

/** Each theme's chart palette. */
export const CHART_COLORS: Readonly<Record<Theme, ChartColors>> = {
  dark: {
    axis: '#9aa7c7',
    grid: 'rgba(143,179,255,0.12)',
    ticks: 'rgba(143,179,255,0.2)',
    blue: '#5fb6ff',
    blueFill: 'rgba(95,182,255,0.35)',
    yellow: '#f5c878',
    orange: '#ff8c42',
    red: '#ff8a8a',
    green: '#8fe38f',
    total: '#e8edf9',
    runs: ['#e08cc0', '#2ec99a', '#c4c4c4'],
  },
  projector: {
    axis: '#26304a',
    grid: 'rgba(16,24,48,0.15)',
    ticks: 'rgba(16,24,48,0.4)',
    blue: '#0b57d0',
    blueFill: 'rgba(11,87,208,0.3)',
    yellow: '#8a5a00',
    orange: '#b33c00',
    red: '#b3261e',
    green: '#1b7a2e',
    total: '#0a0f1e',
    runs: ['#a8327e', '#00795a', '#4d4d4d'],
  },
};
