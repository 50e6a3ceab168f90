import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, validateSettings } from '../experiment/index.ts';
import { checkCameraPosition, checkPanels, checkSettingProps, settingsOfProps } from './props.ts';

describe('embed props', () => {
  it('keeps valid setting props and leaves out undefined ones', () => {
    const given = settingsOfProps({ restitution: 0.5, count: 80, gravity: undefined }, null);
    expect(given).toEqual({ restitution: 0.5, count: 80 });
    expect(checkSettingProps(given)).toEqual({ valid: given, problems: [] });
  });

  it('names the prop and the value of a refused setting, and keeps the others', () => {
    const { valid, problems } = checkSettingProps({ restitution: 2, count: 80 });
    expect(valid).toEqual({ count: 80 });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('restitution={2}');
    expect(problems[0]).toContain('at most 1, got 2');
  });

  it('refuses a value of the wrong type with its JSX spelling', () => {
    const { valid, problems } = checkSettingProps({ count: '50' as unknown as number });
    expect(valid).toEqual({});
    expect(problems[0]).toContain('count="50"');
  });

  it('refuses spheres that do not fit in the box', () => {
    const { valid, problems } = checkSettingProps({ count: 5000, boxSize: 2 });
    expect(problems.join(' ')).toMatch(/do not fit/);
    // What is left can be built.
    expect(validateSettings({ ...DEFAULT_SETTINGS, ...valid })).toEqual({});
  });

  it('passes only the seed and live settings to a preset', () => {
    expect(settingsOfProps({ count: 50, seed: 3, restitution: 0.4, boxSize: 9 }, 'head-on')).toEqual({ seed: 3, restitution: 0.4 });
  });

  it('checks the panels and the camera position', () => {
    expect(checkPanels('full')).toEqual({ panels: 'full', problem: null });
    expect(checkPanels('big').problem).toContain('panels="big"');
    expect(checkCameraPosition([0, 2, 9]).position).toEqual([0, 2, 9]);
    expect(checkCameraPosition([0, Number.NaN, 9]).problem).toContain('cameraPosition={[0, NaN, 9]}');
    expect(checkCameraPosition([0, 0, 0]).position).toBeNull();
  });
});
