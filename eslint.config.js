// Lint rules for the whole project. The one architectural rule enforced here:
// the solver (src/solver) is framework-agnostic and imports nothing outside itself.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]", message: 'No focused or skipped tests.' },
      ],
    },
  },
  {
    // React layers: the rules of hooks (and the React Compiler's checks of them).
    files: ['src/scene/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/embed/**/*.{ts,tsx}', 'src/embed-page/**/*.{ts,tsx}', 'src/App.tsx', 'src/main.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // The app's core runs without React or three (and the runtime's solver in a Web Worker).
    files: ['src/experiment/**/*.ts', 'src/runtime/**/*.ts', 'src/instruments/**/*.ts', 'src/store/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zustand', message: 'The store uses zustand/vanilla (no React).' }],
          patterns: [{ group: ['react', 'react-*', 'react/**', 'three', 'three/**', '@react-three/*', 'zustand/react*'], message: 'The store has no React or three import.' }],
        },
      ],
    },
  },
  {
    files: ['src/solver/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'react/**', 'three', 'three/**', 'zustand', 'zustand/**', '@react-three/*'], message: 'The solver has zero runtime dependencies: no react, three or zustand.' },
            { group: ['../*', '!../testing'], message: 'The solver imports only its own modules.' },
          ],
        },
      ],
    },
  },
  {
    // The solver's production modules: not even the test helpers (only its tests use src/testing).
    files: ['src/solver/**/*.ts'],
    ignores: ['src/solver/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'react/**', 'three', 'three/**', 'zustand', 'zustand/**', '@react-three/*'], message: 'The solver has zero runtime dependencies: no react, three or zustand.' },
            { group: ['../*'], message: 'The solver imports only its own modules.' },
          ],
        },
      ],
    },
  },
);
