/** GET /readyz `last_reload` (server/process/reload-status.ts), as documented. */
import { MAX_PROBLEMS } from '../../process/reload-status.ts';

export const lastReloadSchema = {
  type: 'object',
  description: 'The outcome of the last reload (SIGHUP) of this process; absent until the first one.',
  additionalProperties: false,
  required: ['at', 'outcome', 'rules_masters_hash', 'problems', 'problem_count'],
  properties: {
    at: { type: 'string', format: 'date-time', description: 'When the reload finished (UTC).' },
    outcome: {
      enum: ['loaded', 'refused'],
      description: 'loaded: the new set serves; refused: it had problems and the previous set keeps serving.',
    },
    rules_masters_hash: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'The fingerprint in service after the reload.' },
    problems: {
      type: 'array',
      maxItems: MAX_PROBLEMS,
      description: `Why a refused reload was refused: each problem with its file, JSON path and message (the first ${MAX_PROBLEMS}).`,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['file', 'path', 'message'],
        properties: { file: { type: 'string' }, path: { type: 'string' }, message: { type: 'string' } },
      },
    },
    problem_count: { type: 'integer', minimum: 0, description: 'How many problems the refused set had.' },
  },
  examples: [
    {
      at: '2026-05-20T01:23:45.678Z',
      outcome: 'refused',
      rules_masters_hash: '3f0c1a9e5b7d2c4f6e8a0b1c2d3e4f5061728394a5b6c7d8e9f0a1b2c3d4e5f6',
      problems: [
        {
          file: 'masters/employees_pension/2020-09.yaml',
          path: '/employees_pension_insurance_employee_rate',
          message: 'must be string (line 14)',
        },
      ],
      problem_count: 1,
    },
  ],
} as const;
