/**
 * The 3D view's colours in each theme: the dark one, and the projector's (a light background with
 * dark, fully opaque lines, which a washed-out classroom projector still shows).
 */
import type { Theme } from '../store/index.ts';

/** The colours the view draws its background and box with. */
export interface SceneTheme {
  background: string;
  /** The box's far faces (drawn from inside), and their opacity. */
  boxBack: string;
  boxBackOpacity: number;
  /** The box's edges, and their opacity. */
  edges: string;
  edgesOpacity: number;
  /** The floor grid's centre lines and other lines. */
  gridMajor: string;
  gridMinor: string;
  /** A piston's plate and a divider. */
  plate: string;
  divider: string;
  /** The hemisphere light's ground colour. */
  ground: string;
  /** The measuring tape's line, end markers and label edge. */
  tape: string;
}

/** Each theme's colours. */
export const SCENE_THEMES: Readonly<Record<Theme, SceneTheme>> = {
  dark: {
    background: '#0b1020',
    boxBack: '#27345a',
    boxBackOpacity: 0.55,
    edges: '#8fb3ff',
    edgesOpacity: 0.85,
    gridMajor: '#4a5f93',
    gridMinor: '#2c3a62',
    plate: '#c8d4ff',
    divider: '#e8eeff',
    ground: '#1b2033',
    tape: '#ff9f1c',
  },
  projector: {
    background: '#f4f5f0',
    boxBack: '#d9dee9',
    boxBackOpacity: 0.7,
    edges: '#141c33',
    edgesOpacity: 1,
    gridMajor: '#5d6784',
    gridMinor: '#a9b0c2',
    plate: '#3d4766',
    divider: '#2a3352',
    ground: '#9aa0ad',
    tape: '#b0005a',
  },
};
