/**
 * The field primitive's wiring for assistive technology, as the server renders it: the label
 * names the input, `aria-describedby` names the hint and the message that are drawn, an error
 * marks the input invalid and is announced, and a setting's field (NumberField) is wired the same
 * way from the store’s errors and the student view’s locks; a select (SelectField) is labelled alike.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SandboxContext } from '../../hooks/sandbox-context.ts';
import { createSandboxStore, type SandboxStore } from '../../store/index.ts';
import { NumberField } from './NumberField.tsx';
import { FieldInput, SelectField, TextField } from './TextField.tsx';

/** `node` rendered inside a sandbox whose store is `store` (its present state). */
function render(node: ReactNode, store: SandboxStore = createSandboxStore({ running: false })): string {
  const now: SandboxStore = { ...store, getInitialState: () => store.getState() };
  return renderToString(<SandboxContext value={{ store: now, handle: null }}>{node}</SandboxContext>);
}

/** The attributes of the first element whose opening tag matches `pattern`. */
function attributes(html: string, pattern: RegExp): Record<string, string> {
  const tag = html.match(new RegExp(`<[a-z]+\\b[^>]*${pattern.source}[^>]*>`))?.[0];
  if (tag === undefined) throw new Error(`no element matches ${pattern} in ${html}`);
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1].toLowerCase(), m[2]]));
}

/** The opening tag and text of the element with id `id`. */
function byId(html: string, id: string): { tag: string; text: string } {
  const m = html.match(new RegExp(`(<([a-z]+)\\b[^>]*\\bid="${id}"[^>]*>)(.*?)</\\2>`));
  if (m === null) throw new Error(`no element with id ${id}`);
  return { tag: m[1], text: m[3].replace(/<[^>]*>/g, '') };
}

describe('TextField', () => {
  it('labels its input and describes it by its hint; valid, it is not marked invalid and announces nothing', () => {
    const html = render(<TextField id="f" label="Period" unit="(s)" value="1" hint="How often to sample" onChange={() => {}} />);
    const input = attributes(html, /class="field__input"/);
    expect(input.id).toBe('f');
    expect(attributes(html, /class="field__label"/).for).toBe('f');
    expect(html).toContain('<span class="field__unit"> (s)</span>');
    expect(input.inputmode).toBe('decimal');
    expect(input['aria-invalid']).toBeUndefined();
    expect(input['aria-describedby']).toBe('f-hint');
    expect(byId(html, 'f-hint')).toEqual({ tag: '<p class="field__hint" id="f-hint">', text: 'How often to sample' });
    expect(html).not.toMatch(/role="(alert|status)"/);
    expect(attributes(html, /class="field"/).class).toBe('field');
  });

  it('an error marks the field and its input invalid, is named by aria-describedby and is announced', () => {
    const html = render(<TextField id="f" label="Mass" value="-1" hint="In kg" error="Mass must be positive" onChange={() => {}} />);
    const input = attributes(html, /class="field__input"/);
    expect(input['aria-invalid']).toBe('true');
    expect(input['aria-describedby'].split(' ')).toEqual(['f-hint', 'f-message']);
    const message = byId(html, 'f-message');
    expect(message.text).toBe('Mass must be positive');
    expect(message.tag).toContain('class="field__message field__message--error"');
    expect(message.tag).toContain('role="alert"');
    expect(attributes(html, /class="field field--invalid"/)).toBeDefined();
  });

  it('a warning is shown and told politely, without marking the input invalid', () => {
    const html = render(<TextField id="f" label="Count" value="9000" warning="Slow on this machine" onChange={() => {}} />);
    const input = attributes(html, /class="field__input"/);
    expect(input['aria-invalid']).toBeUndefined();
    expect(input['aria-describedby']).toBe('f-message');
    expect(byId(html, 'f-message').tag).toContain('role="status"');
  });

  it('locked: disabled, a padlock class, described by the lock note; disabled alone dims the field unless told not to', () => {
    const locked = render(<TextField id="f" label="Seed" value="1" locked onChange={() => {}} />);
    expect(attributes(locked, /class="field__input"/).disabled).toBe('');
    expect(attributes(locked, /class="field__input"/)['aria-describedby']).toBe('f-locked');
    expect(byId(locked, 'f-locked').text).toBe('Locked by your teacher');
    expect(attributes(locked, /class="field field--locked"/).title).toBe('Locked by your teacher');
    expect(render(<TextField id="f" label="Seed" value="1" disabled onChange={() => {}} />)).toContain('class="field field--disabled"');
    expect(render(<TextField id="f" label="Seed" value="1" disabled dimmed={false} describedBy="form-note" onChange={() => {}} />)).toMatch(/<div class="field">.*aria-describedby="form-note"/);
  });

  it('a read-only wide field (a link) and a field with its label over its input have no row; a bare FieldInput has no field', () => {
    const link = render(<TextField id="l" label="Link" kind="text" row={false} wide readOnly value="https://x" data={{ 'data-testid': 'share-link' }} />);
    expect(link).not.toContain('field__row');
    const input = attributes(link, /data-testid="share-link"/);
    expect(input.class).toBe('field__input field__input--wide');
    expect(input.readonly).toBe('');
    expect(input.inputmode).toBe('text');
    const bare = render(<FieldInput id="n" label="Spheres" kind="numeric" value="20" onChange={() => {}} />);
    expect(bare).toMatch(/^<div class="field__row"><label class="field__label" for="n">Spheres<\/label><input id="n" class="field__input"/);
    expect(attributes(bare, /class="field__input"/).inputmode).toBe('numeric');
  });
});

describe('NumberField on TextField', () => {
  it('a refused setting shows the store’s message at the field: invalid, described by it, announced', () => {
    const store = createSandboxStore({ running: false });
    store.getState().setFieldError('restitution', 'Restitution must be between 0 and 1');
    const html = render(<NumberField setting="restitution" hint="1 is elastic" slider />, store);
    const input = attributes(html, /class="field__input"/);
    expect(input['aria-invalid']).toBe('true');
    expect(input.name).toBe('restitution');
    const [hint, message] = input['aria-describedby'].split(' ');
    expect(byId(html, hint).text).toBe('1 is elastic');
    expect(byId(html, message).text).toBe('Restitution must be between 0 and 1');
    expect(byId(html, message).tag).toContain('role="alert"');
    expect(attributes(html, /data-setting="restitution"/).class).toBe('field field--invalid');
    expect(attributes(html, /class="field__label"/).for).toBe(input.id);
    expect(html).toContain('class="field__slider"');
  });

  it('a setting with a unit writes it after its label, and a valid one is not marked', () => {
    const html = render(<NumberField setting="speed" />);
    expect(html).toContain('<span class="field__unit"> (m/s)</span>');
    expect(attributes(html, /class="field__input"/)['aria-invalid']).toBeUndefined();
    expect(attributes(html, /class="field__input"/)['aria-describedby']).toBeUndefined();
  });
});

describe('SelectField', () => {
  it('labels its select, drawn as a field input, beside its label in a row or under it', () => {
    const html = render(
      <SelectField id="s" label="Shape" name="shape" row value="grid" onChange={() => {}} data={{ 'data-tape-end': 'from' }}>
        <option value="row">Row</option>
        <option value="grid">Grid</option>
      </SelectField>,
    );
    expect(html).toMatch(/^<div class="field"><div class="field__row"><label class="field__label" for="s">Shape<\/label><select id="s" class="field__input" name="shape" data-tape-end="from">/);
    expect(html).toContain('<option value="grid" selected="">Grid</option>');
    const under = render(
      <SelectField id="s" label="Shape" value="row" onChange={() => {}}>
        <option value="row">Row</option>
      </SelectField>,
    );
    expect(under).toMatch(/^<div class="field"><label class="field__label" for="s">Shape<\/label><select/);
  });
});
