import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/index.ts';
import { checkNumber, DEFAULT_SETTINGS, NUMBER_SPECS, parseNumberInput, settingWarnings, validateSettings, type Settings } from './settings.ts';

const with_ = (patch: Partial<Settings>): Settings => ({ ...DEFAULT_SETTINGS, ...patch });

describe('settings validation', () => {
  it('accepts the defaults', () => {
    expect(validateSettings({ ...DEFAULT_SETTINGS })).toEqual({});
  });

  it('names the field and the value in every message', () => {
    expect(checkNumber('count', -5)).toBe('Spheres must be at least 1, got -5');
    expect(checkNumber('count', 2.5)).toBe('Spheres must be a whole number, got 2.5');
    expect(checkNumber('restitution', 1.5)).toBe('Restitution (spheres) must be at most 1, got 1.5');
    expect(checkNumber('speed', 'abc')).toBe('Initial speed must be a number, got "abc"');
    expect(checkNumber('gravity', '')).toBe('Gravity strength must be a number, got nothing');
    expect(checkNumber('boxSize', Number.NaN)).toMatch(/Box size must be a number, got NaN/);
  });

  it('accepts up to 100,000 spheres and warns above 5,000', () => {
    const big = with_({ count: 100_000, boxSize: 40 });
    expect(validateSettings(big)).toEqual({});
    expect(settingWarnings(big).count).toMatch(/100000 spheres may not animate smoothly/);
    expect(settingWarnings(with_({ count: 5000, boxSize: 20 }))).toEqual({});
    expect(validateSettings(with_({ count: 100_001, boxSize: 60 })).count).toMatch(/at most 100000/);
  });

  it('reports spheres that do not fit in the box on the field that was changed', () => {
    const crowded = with_({ count: 5000 });
    expect(validateSettings(crowded, 'count').count).toMatch(/5000 spheres of radius up to 0.3 m do not fit in a 8 m box/);
    expect(Object.keys(validateSettings(with_({ boxSize: 3 }), 'boxSize'))).toEqual(['boxSize']);
    expect(Object.keys(validateSettings(with_({ planar: true }), 'planar'))).toEqual(['planar']);
  });

  it('keeps the radius range ordered, blaming the edited end', () => {
    expect(validateSettings(with_({ radiusMin: 0.5 }), 'radiusMin').radiusMin).toMatch(/at most the largest \(0.3 m\), got 0.5/);
    expect(validateSettings(with_({ radiusMax: 0.1 }), 'radiusMax').radiusMax).toMatch(/at least the smallest \(0.15 m\), got 0.1/);
  });

  it('rejects non-boolean switches and unknown colour modes', () => {
    const bad = { ...DEFAULT_SETTINGS, planar: 'yes', colorBy: 'rainbow' } as unknown as Settings;
    const errors = validateSettings(bad);
    expect(errors.planar).toMatch(/Planar mode must be true or false, got "yes"/);
    expect(errors.colorBy).toMatch(/got "rainbow"/);
  });

  it("speaks the translator's language when given one, numbers with its decimal sign", () => {
    const de = translator('de');
    const es = translator('es');
    expect(checkNumber('restitution', 1.5, de)).toBe('Stoßzahl (Kugeln) darf höchstens 1 sein, erhalten: 1,5');
    expect(checkNumber('gravity', '', es)).toBe('Intensidad de la gravedad debe ser un número; se recibió nada');
    expect(checkNumber('timeScale', 0.01, de)).toBe('Zeitfaktor muss mindestens 0,05 × sein, erhalten: 0,01');
    expect(validateSettings(with_({ radiusMin: 0.5 }), 'radiusMin', es).radiusMin).toBe('El radio mínimo debe ser como máximo el máximo (0,3 m); se recibió 0,5');
    expect(validateSettings(with_({ count: 5000 }), 'count', de).count).toMatch(/^5000 Kugeln mit Radius bis 0,3 m passen nicht/);
    expect(settingWarnings(with_({ count: 100_000, boxSize: 40 }), de).count).toMatch(/^100000 Kugeln/);
  });

  it('takes an attraction depth from 0 (none) up and a range in (1, 2], naming the field in three languages', () => {
    expect(validateSettings(with_({ attraction: 0 }))).toEqual({});
    expect(validateSettings(with_({ attraction: 2.5, attractionRange: 2 }))).toEqual({});
    expect(validateSettings(with_({ attractionRange: 1.0001 }))).toEqual({});
    expect(validateSettings(with_({ attraction: -0.1 })).attraction).toBe('Attraction depth ε must be at least 0 J, got -0.1');
    expect(validateSettings(with_({ attractionRange: 1 })).attractionRange).toBe('Attraction range must be more than 1, got 1');
    expect(validateSettings(with_({ attractionRange: 2.01 })).attractionRange).toBe('Attraction range must be at most 2, got 2.01');
    expect(validateSettings(with_({ attraction: Number.NaN })).attraction).toBe('Attraction depth ε must be a number, got NaN');
    expect(checkNumber('attractionRange', 0.5, translator('de'))).toBe('Anziehungsreichweite muss größer als 1 sein, erhalten: 0,5');
    expect(checkNumber('attraction', -1, translator('es'))).toBe('Profundidad de atracción ε debe ser al menos 0 J; se recibió -1');
  });

  it("labels the settings with the English catalogue's words", () => {
    expect(NUMBER_SPECS.count.label).toBe('Spheres');
    expect(NUMBER_SPECS.restitution.label).toBe('Restitution (spheres)');
  });

  it('parses typed numbers strictly', () => {
    expect(parseNumberInput(' 12 ')).toBe(12);
    expect(parseNumberInput('0.5')).toBe(0.5);
    expect(parseNumberInput('.5')).toBe(0.5);
    expect(parseNumberInput('1e3')).toBe(1000);
    expect(parseNumberInput('-3')).toBe(-3);
    expect(parseNumberInput('')).toBe('');
    expect(parseNumberInput('12abc')).toBe('12abc');
    expect(parseNumberInput('Infinity')).toBe('Infinity');
  });
});

describe('a number typed with a decimal comma', () => {
  it('reads as the number in Spanish and German, and stays text in English', () => {
    expect(parseNumberInput('0,5', true)).toBe(0.5);
    expect(parseNumberInput(' -1,25e2 ', true)).toBe(-125);
    expect(parseNumberInput('2.5', true)).toBe(2.5);
    expect(parseNumberInput('1,000,5', true)).toBe('1,000,5');
    expect(parseNumberInput('0,5')).toBe('0,5');
  });
});
