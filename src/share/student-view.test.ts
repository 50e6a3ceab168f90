import { describe, expect, it } from 'vitest';
import { HIDE_NAMES, LOCK_NAMES, isHidden, isLocked, type StudentView } from '../experiment/index.ts';
import { translator } from '../i18n/index.ts';
import { encodeStudentView, MAX_VIEW_LENGTH, parseStudentView, studentViewFromQuery, withStudentView } from './student-view.ts';

describe('student view links (view=)', () => {
  it('a view written and read back is the same view, for each name alone and for all of them', () => {
    const views: StudentView[] = [
      ...HIDE_NAMES.map((n) => ({ hide: [n], lock: [] })),
      ...LOCK_NAMES.map((n) => ({ hide: [], lock: [n] })),
      { hide: [...HIDE_NAMES], lock: [...LOCK_NAMES] },
      { hide: ['settings', 'build'], lock: ['preset', 'restitution'] },
    ];
    for (const view of views) {
      const text = encodeStudentView(view);
      expect(parseStudentView(text)).toEqual({ view, notices: [] });
      // Through a whole link too, where URLSearchParams decodes it.
      const url = withStudentView('https://example.org/?preset=gas', view);
      expect(studentViewFromQuery(url.slice(url.indexOf('?')))).toEqual({ view, notices: [] });
    }
  });

  it('writes the compact documented form, names in their canonical order and each once', () => {
    expect(encodeStudentView({ hide: ['build', 'settings'], lock: ['restitution', 'preset'] })).toBe('hide:settings,build;lock:preset,restitution');
    expect(encodeStudentView({ hide: [], lock: ['gravity'] })).toBe('lock:gravity');
    expect(encodeStudentView({ hide: [], lock: [] })).toBe('');
    expect(parseStudentView('lock:count,preset,count;hide:log').view).toEqual({ hide: ['log'], lock: ['preset', 'count'] });
  });

  it('a link keeps its experiment and gets one readable view= at the end, replacing an old one', () => {
    const view: StudentView = { hide: ['settings'], lock: ['preset'] };
    expect(withStudentView('https://example.org/s/?preset=gas&restitution=0.9', view)).toBe('https://example.org/s/?preset=gas&restitution=0.9&view=hide:settings;lock:preset');
    expect(withStudentView('https://example.org/s/?view=hide:log&exp=abc#x', view)).toBe('https://example.org/s/?exp=abc&view=hide:settings;lock:preset#x');
    expect(withStudentView('https://example.org/s/', view)).toBe('https://example.org/s/?view=hide:settings;lock:preset');
    expect(withStudentView('https://example.org/s/?view=hide:log', null)).toBe('https://example.org/s/');
  });

  it('no view= gives no view and no notice; a view of nothing is no view', () => {
    expect(parseStudentView(null)).toEqual({ view: null, notices: [] });
    expect(studentViewFromQuery('?preset=gas')).toEqual({ view: null, notices: [] });
    expect(parseStudentView('')).toEqual({ view: null, notices: [] });
    expect(parseStudentView('hide:;lock:')).toEqual({ view: null, notices: [] });
  });

  it('unknown names are dropped with a notice naming them and the known ones kept', () => {
    const parsed = parseStudentView('hide:settings,panel9,build;lock:preset,<b>x</b>');
    expect(parsed.view).toEqual({ hide: ['settings', 'build'], lock: ['preset'] });
    expect(parsed.notices).toHaveLength(2);
    expect(parsed.notices[0]).toContain('"panel9"');
    expect(parsed.notices[0]).toContain('cannot hide');
    expect(parsed.notices[1]).toContain('"<b>x</b>"');
    expect(parsed.notices[1]).toContain('cannot lock');
  });

  it('names are exact: other case or spaces are unknown names', () => {
    const parsed = parseStudentView('hide:Settings, build');
    expect(parsed.view).toBeNull();
    expect(parsed.notices[0]).toContain('"Settings", " build"');
  });

  it('every hostile form is refused with the entry named, never throwing', () => {
    const cases: [string, string, StudentView | null][] = [
      ['show:settings', 'part "show:settings" is not hide', null],
      ['settings', 'part "settings" is not hide', null],
      [':settings;lock:seed', 'part ":settings" is not hide', { hide: [], lock: ['seed'] }],
      ['hide:log;hide:settings', 'names "hide:" more than once', { hide: ['log'], lock: [] }],
      ['lock:seed;lock:preset;hide:log', 'names "lock:" more than once', { hide: ['log'], lock: ['seed'] }],
      ['hide:__proto__', '"__proto__"', null],
      ['lock:constructor,toString', '"constructor", "toString"', null],
      ['hide:a,b,c,d,e,f,g', '"a", "b", "c", "d", "e", …', null],
      [`hide:${'x'.repeat(60)}`, `"${'x'.repeat(40)}…"`, null],
      ['hide\u0000:settings', 'is not hide', null],
    ];
    for (const [raw, named, view] of cases) {
      const parsed = parseStudentView(raw);
      expect(parsed.view, raw).toEqual(view);
      expect(parsed.notices.join(' '), raw).toContain(named);
    }
  });

  it('a value over the limit is ignored whole with its length named', () => {
    const raw = `hide:${'settings,'.repeat(60)}`;
    expect(raw.length).toBeGreaterThan(MAX_VIEW_LENGTH);
    const parsed = parseStudentView(raw);
    expect(parsed.view).toBeNull();
    expect(parsed.notices).toEqual([`The student view (view=) is ${raw.length} characters long, and it may be at most ${MAX_VIEW_LENGTH}; it is ignored.`]);
  });

  it('an escaped view reads as the plain one, a repeated view= uses the first, and a value that is not text is refused', () => {
    expect(studentViewFromQuery('?view=hide%3Asettings%3Block%3Aseed')).toEqual({ view: { hide: ['settings'], lock: ['seed'] }, notices: [] });
    expect(studentViewFromQuery('view=lock:seed&view=hide:settings').view).toEqual({ hide: [], lock: ['seed'] });
    expect(parseStudentView(42 as unknown as string).view).toBeNull();
    expect(parseStudentView(42 as unknown as string).notices[0]).toContain('"42"');
  });

  it('notices are in the page language', () => {
    expect(parseStudentView('hide:nope', translator('es')).notices[0]).toContain('no puede ocultar "nope"');
    expect(parseStudentView('show:x', translator('de')).notices[0]).toContain('„show:x“');
  });

  it('isLocked and isHidden read a view, a lock covering its settings', () => {
    const view: StudentView = { hide: ['build'], lock: ['gravity', 'radius'] };
    expect(isLocked(view, 'gravityOn')).toBe(true);
    expect(isLocked(view, 'gravity')).toBe(true);
    expect(isLocked(view, 'radiusMax')).toBe(true);
    expect(isLocked(view, 'restitution')).toBe(false);
    expect(isLocked(view, 'preset')).toBe(false);
    expect(isLocked(null, 'gravity')).toBe(false);
    expect(isHidden(view, 'build')).toBe(true);
    expect(isHidden(view, 'settings')).toBe(false);
  });
});
