/** Control-plane schemas: the profile PUT body and stored version come from the engine (one definition). */
import { profilePutBodySchema, profileVersionSchema } from '../../../engine/index.ts';

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
