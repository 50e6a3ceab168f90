import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SandboxProvider } from './SandboxProvider.tsx';
import { SandboxControls, SandboxOverlay, SandboxView } from './SandboxView.tsx';
import { useSandbox, useSandboxHandle, useSandboxStore } from '../hooks/sandbox-context.ts';

function Count() {
  const count = useSandbox((s) => s.settings.count);
  const restitution = useSandbox((s) => s.settings.restitution);
  return <p>{`${count} spheres, e = ${restitution}`}</p>;
}

function Running() {
  const handle = useSandboxHandle();
  const store = useSandboxStore();
  return <p>{`running ${handle.running} ${store.getState().running}, ${handle.world.count} in the world`}</p>;
}

describe('the sandbox hooks', () => {
  it('read the nearest provider: its settings, its handle, its store', () => {
    const html = renderToString(
      <SandboxProvider count={40} restitution={0.7} paused>
        <Count />
        <Running />
      </SandboxProvider>,
    );
    expect(html).toContain('40 spheres, e = 0.7');
    expect(html).toContain('running false false, 40 in the world');
  });

  it('each provider is its own sandbox', () => {
    const html = renderToString(
      <>
        <SandboxProvider count={10} paused>
          <Count />
        </SandboxProvider>
        <SandboxProvider count={20} restitution={0.5} paused>
          <Count />
        </SandboxProvider>
      </>,
    );
    expect(html).toContain('10 spheres, e = 1');
    expect(html).toContain('20 spheres, e = 0.5');
  });

  it('throw a clear error outside a provider, naming the hook or the component', () => {
    const cases: [string, () => unknown][] = [
      ['useSandbox', () => renderToString(<Count />)],
      ['useSandboxHandle', () => renderToString(<Running />)],
      ['<SandboxView>', () => renderToString(<SandboxView />)],
      ['<SandboxOverlay>', () => renderToString(<SandboxOverlay />)],
      ['<SandboxControls>', () => renderToString(<SandboxControls />)],
    ];
    for (const [name, render] of cases) expect(render).toThrow(`${name} must be used inside <SandboxProvider> or <SphereSandbox>`);
  });

  it('the overlay needs a view to be drawn over', () => {
    expect(() =>
      renderToString(
        <SandboxProvider paused>
          <SandboxOverlay />
        </SandboxProvider>,
      ),
    ).toThrow('<SandboxOverlay> must be a child of <SandboxView>');
  });
});
