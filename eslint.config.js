// typescript-eslint's recommended rules over the project's code (npm run lint, part of npm test).
// Formatting is prettier's business (npm run format), not the linter's. Each departure from the
// recommended set says why; docs/decisions.md records the choice.
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'client/schema.ts', 'client/dist/', '.cache/', '.tmp/', 'coverage/'] },
  eslint.configs.recommended,
  tseslint.configs.recommended,
  {
    // An eslint-disable comment that no longer silences anything is itself an error.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Runtime code generation lives in engine/util/codegen.ts only (its one disable says why).
      'no-new-func': 'error',
      // A leading underscore marks a binding kept on purpose: a positional parameter an interface
      // imposes, or a property taken out of a rest copy ({ secret: _secret, ...rest }).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tests read response bodies and YAML documents as untyped JSON and probe them field by field;
    // typing every probe would add casts, not safety. Production code keeps the rule.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    // The /docs page's script runs in the browser.
    files: ['server/app/routes/docs-page/**/*.js'],
    languageOptions: { globals: { document: 'readonly', window: 'readonly', fetch: 'readonly', console: 'readonly' } },
  },
);
