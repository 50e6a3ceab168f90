/**
 * No text reaches a person except through the catalogues: every component of the interface
 * (src/ui, src/scene, src/embed and the app) is read with the TypeScript parser, and any words
 * written into its markup (JSX text, a string in braces among the children, or a text attribute
 * such as aria-label, title, placeholder or alt) fail this test. Only symbols and SI units may be
 * written in place. The browser suite `i18n` checks the page itself, in each language.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));
const FOLDERS = ['ui', 'scene', 'embed', '.'];

/** Attributes whose value a person reads or hears. */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);

/** Text that reads the same in every language: symbols, numbers and SI units. */
const SAME_IN_EVERY_LANGUAGE = /^(?:[\s\d.,:;()[\]{}×–—\-+/=%·°²³|…→←↑↓✓✕⏵⏸⟲⟳⏮⏭⏯•*#?!'"]|\b(?:m|s|kg|J|N|Pa|W|Hz|m\/s|N\/m|N·s|kg·m\/s|m\/s²|x|y|z|e|t|v|p|E|CSV|PNG|Esc)\b)*$/u;

function components(dir: string, top: boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!top) out.push(...components(path, false));
    } else if (name.endsWith('.tsx') && !name.includes('.test.')) out.push(path);
  }
  return out;
}

const files = FOLDERS.flatMap((folder) => components(join(SRC, folder), folder === '.'));

function isWords(text: string): boolean {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return trimmed.length > 0 && /\p{L}/u.test(trimmed) && !SAME_IN_EVERY_LANGUAGE.test(trimmed);
}

/** The string literals an expression shows as it stands (through ?:, && and ||, not through calls or comparisons). */
function shownLiterals(node: ts.Expression, out: ts.Node[]): void {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node);
  else if (ts.isTemplateExpression(node)) {
    if (isWords(node.head.text) || node.templateSpans.some((span) => isWords(span.literal.text))) out.push(node);
  } else if (ts.isParenthesizedExpression(node)) shownLiterals(node.expression, out);
  else if (ts.isConditionalExpression(node)) {
    shownLiterals(node.whenTrue, out);
    shownLiterals(node.whenFalse, out);
  } else if (ts.isBinaryExpression(node) && [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)) {
    shownLiterals(node.right, out);
  }
}

function textOf(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)) return node.text;
  return node.getText();
}

/** Every place in `file` where words are written into the markup. */
function writtenWords(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (isWords(node.text)) found.push(node);
    } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      shownLiterals(node.expression, found);
    } else if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) found.push(init);
      else if (ts.isJsxExpression(init) && init.expression) shownLiterals(init.expression, found);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found
    .filter((node) => isWords(textOf(node)))
    .map((node) => `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(textOf(node).replace(/\s+/g, ' ').trim())}`);
}

describe('text in the interface', () => {
  it('finds the components', () => {
    expect(files.length).toBeGreaterThan(25);
  });

  it('recognises words written in markup (the check itself)', () => {
    expect(isWords(' Play ')).toBe(true);
    expect(isWords('m/s')).toBe(false);
    expect(isWords('(× 2)')).toBe(false);
    expect(isWords('Pa')).toBe(false);
  });

  it('no component writes words into its markup: every text comes from a catalogue', () => {
    expect(files.flatMap(writtenWords)).toEqual([]);
  });
});
