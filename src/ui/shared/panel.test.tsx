/**
 * The side panel's header button and body, as the server renders them: the button says whether
 * the panel is open and names the body it controls, and a closed panel's body is hidden.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Panel } from './Panel.tsx';

const ignore = (): void => {};

describe('Panel', () => {
  it('open: the button is expanded and controls the shown body; the panel is named by its title', () => {
    const html = renderToString(
      <Panel name="settings" title="Settings" open onOpenChange={ignore} bodyId="b">
        <p>inside</p>
      </Panel>,
    );
    expect(html).toMatch(/^<aside class="panel panel--open" aria-label="Settings" data-covers-view="" data-panel="settings">/);
    expect(html).toContain('<button type="button" class="panel__toggle" aria-expanded="true" aria-controls="b"><span class="panel__title">Settings</span>');
    expect(html).toContain('<div class="panel__body" id="b"><p>inside</p></div>');
  });

  it('closed: the button is collapsed and the body hidden; an extra class stands beside panel', () => {
    const html = renderToString(
      <Panel name="classroom" className="classroom" title="Classroom" open={false} onOpenChange={ignore}>
        <p>inside</p>
      </Panel>,
    );
    expect(html).toMatch(/^<aside class="panel classroom" /);
    const controls = html.match(/aria-expanded="false" aria-controls="([^"]+)"/)?.[1];
    expect(controls).toBeDefined();
    expect(html).toContain(`<div class="panel__body" id="${controls}" hidden=""><p>inside</p></div>`);
  });
});
