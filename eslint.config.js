import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The layering of src/: main → trigger | upload → log | inputs | http | diagnosis | summary | cancel.
 * The shared folders never import a mode, and each imports only the shared folders below it.
 */
const layers = {
  cancel: [],
  log: [],
  inputs: [],
  http: [],
  diagnosis: ['http'],
  summary: ['diagnosis', 'http', 'log', 'inputs'],
  trigger: ['cancel', 'log', 'inputs', 'http', 'diagnosis', 'summary'],
  upload: ['cancel', 'log', 'inputs', 'http', 'diagnosis', 'summary']
}
const folders = Object.keys(layers)
const layering = Object.entries(layers).map(([folder, allowed]) => {
  const forbidden = folders.filter(other => other !== folder && !allowed.includes(other))
  return {
    files: [`src/${folder}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./(?:${[...forbidden, 'main', 'index'].join('|')})(?:/|\\.js$)`,
              message: `${allowed.length ? `src/${folder} imports only ${allowed.map(name => `src/${name}`).join(', ')}` : `src/${folder} imports nothing else of src`} (main → trigger | upload → log | inputs | http | diagnosis | summary | cancel).`
            }
          ]
        }
      ]
    }
  }
})

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.e2e-state/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: globals.node } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error'] }]
    }
  },
  ...layering,
  {
    files: ['scripts/**', 'sandbox/**', 'bench/**', 'e2e/**', '__tests__/**'],
    rules: { 'no-console': 'off' }
  }
)
