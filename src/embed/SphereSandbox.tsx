/**
 * `<SphereSandbox />`: the whole sandbox as one component for lesson pages and other React apps: a
 * {@link SandboxProvider} with a {@link SandboxView} and one of the panels inside. Every instance
 * owns its store and its world (several on one page run independently), props changed after
 * mount apply live the way the overlay applies them, and unmounting frees the animation loop, the
 * listeners and every GPU object.
 */
import { useEffect, useId, useMemo } from 'react';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { checkCameraPosition, checkPanels, type SandboxPanels } from './props.ts';
import { reportNotices, SandboxProvider, type SandboxProviderProps } from './SandboxProvider.tsx';
import { SandboxControls, SandboxOverlay, SandboxView, type SandboxViewProps } from './SandboxView.tsx';

/** Props of {@link SphereSandbox}: the provider's (settings, callbacks, handle) and the view's. */
export interface SphereSandboxProps extends Omit<SandboxProviderProps, 'children'>, Omit<SandboxViewProps, 'children' | 'height' | 'cameraPosition'> {
  /** The panels over the view: none, a compact bar (play, step, restart, time), or the app's full overlay. Live. @defaultValue 'compact' */
  panels?: SandboxPanels;
  /** Camera position, x y z in metres, looking at the box centre; null for the view that frames the box. Live. @defaultValue null */
  cameraPosition?: readonly [number, number, number] | null;
  /** Height of the sandbox (a number is pixels). @defaultValue 400 */
  height?: number | string;
}

/** Reports the props that are not settings but can still be wrong, once per new value. */
function PropNotices({ problems }: { problems: readonly (string | null)[] }) {
  const store = useSandboxStore();
  const key = problems.join('\n');
  const list = useMemo(() => problems.filter((m): m is string => m !== null), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => reportNotices(store, list), [store, list]);
  return null;
}

/**
 * The sphere sandbox as one component. Import the stylesheet once (`sphere-sandbox/style.css`).
 *
 * @example
 * <SphereSandbox restitution={0.5} count={120} height={360} onStats={(s) => setT(s.simTime)} />
 */
export function SphereSandbox(props: SphereSandboxProps) {
  const { width = '100%', height = 400, className, style, label } = props;
  const autoName = useId();
  const { panels, problem: panelsProblem } = checkPanels(props.panels);
  const { position: cameraPosition, problem: cameraProblem } = checkCameraPosition(props.cameraPosition);
  const classes = [`sphere-sandbox--${panels}`, className].filter(Boolean).join(' ');
  return (
    <SandboxProvider {...props} name={props.name ?? autoName}>
      <PropNotices problems={[panelsProblem, cameraProblem]} />
      <SandboxView width={width} height={height} className={classes} style={style} label={label} cameraPosition={cameraPosition}>
        {panels === 'full' && <SandboxOverlay />}
        {panels === 'compact' && <SandboxControls />}
      </SandboxView>
    </SandboxProvider>
  );
}
