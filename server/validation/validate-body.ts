/** Schema validation of a request body; fills the schema's defaults into the body as it goes. */
import type { ValidationDetail } from '../../engine/index.ts';
import { validatorFor } from './ajv.ts';
import { ajvErrorsToDetails } from './to-details.ts';

export function schemaDetails(schema: object, body: unknown): ValidationDetail[] {
  const validate = validatorFor(schema);
  return validate(body) ? [] : ajvErrorsToDetails(validate.errors);
}
