/** Control-plane schemas: the profile PUT body and stored version come from the engine (one definition). */
import { profilePutBodySchema, profileVersionSchema } from '../../../engine/index.ts';
import { MAX_PROFILE_VERSIONS } from '../validation/limits.ts';

export { profilePutBodySchema, profileVersionSchema };

export const profileVersionListSchema = {
  type: 'object',
  description: 'All versions of the company calculation profile, oldest first.',
  additionalProperties: false,
  required: ['data'],
  properties: {
    data: { type: 'array', items: profileVersionSchema, description: 'Versions, oldest first.', examples: [profileVersionSchema.examples] },
  },
  examples: [{ data: profileVersionSchema.examples }],
} as const;

/**
 * The query of GET .../calculation-profile: both optional; without either the answer is every version
 * (the shape above, unchanged). The route validates the query with this schema (a bad value is a 422
 * at ["query", name]) and openapi.json publishes its properties as the operation's parameters.
 */
export const profileVersionListQuerySchema = {
  type: 'object',
  properties: {
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PROFILE_VERSIONS,
      description: `At most this many versions in the answer (1-${MAX_PROFILE_VERSIONS}); when more follow, a Link header with rel="next" gives the next page's URL.`,
    },
    after: {
      type: 'string',
      format: 'date',
      description:
        'Only the versions whose effective_from is later than this date (YYYY-MM-DD): the effective_from of the last version of the previous page. A version replaced meanwhile keeps its effective_from, so the cursor stays valid across PUTs.',
    },
  },
} as const;
