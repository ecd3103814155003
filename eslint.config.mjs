import tsParser from '@typescript-eslint/parser';
import lingui from 'eslint-plugin-lingui';

/**
 * ESLint runs one rule here, Lingui's own: no text shown to users outside the catalogues
 * (docs/decisions/093-languages.md). Everything else is Biome's (biome.json).
 */
export default [
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/**/*.test.{ts,tsx}',
      'web/src/**/testing/**',
      'web/src/test/**',
      'web/src/locales/**',
      // Makes as the trade writes them, in every language.
      'web/src/tickets/wizard/vehicle-makes.ts',
    ],
    languageOptions: { parser: tsParser },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // One 'word' that does not start with a capital: keys, paths, codes, CSS values.
            '^(?![A-Z])\\S+$',
            // Capitals, digits and separators: constants and codes ('DPF OFF' is a product name).
            '^[A-Z0-9_ /-]+$',
            // The stored English words of a ticket, shown through web/src/i18n's domainName.
            '^(Pending|In Progress|Completed|Failed|Unlocked|Automatic|Manual|SemiAutomatic|Master|Slave|Boot Mode|Bench)$',
            // Dexie's index lists ('_id, ticketNumber, createdAt').
            '^[\\w+&*\\[\\]]+(, [\\w+&*\\[\\]]+)+$',
            // Product names written the same in every language.
            '^(ECU Portal|Autodata|Google Pay|Pseudo)$',
          ],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_]+$' } },
            'type',
            'id',
            'name',
            'role',
            'href',
            'to',
            'src',
            'rel',
            'target',
            'method',
            'autoComplete',
            'inputMode',
            'pattern',
            'key',
            'htmlFor',
            'accept',
            'lang',
            'dir',
            'mode',
            'variant',
            'tone',
            'fontFamily',
            'boxShadow',
          ],
          ignoreFunctions: [
            'Error',
            'TypeError',
            'DOMException',
            'console.*',
            '*.headers.set',
            '*.addEventListener',
            '*.removeEventListener',
            '*.postMessage',
            '*.getElementById',
            '*.querySelector',
            '*.querySelectorAll',
            '*.includes',
            '*.startsWith',
            '*.endsWith',
            '*.setItem',
            '*.getItem',
            '*.removeItem',
            'fetch',
            'matchMedia',
            '*.matchMedia',
            'URL',
            'Date',
            'Date.parse',
            // English keys of the tables that show shared messages in the reader's language.
            'addValidationMessages',
            'optionalPart',
          ],
        },
      ],
    },
  },
];
