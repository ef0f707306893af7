/** The company profile version in force on a payment date. */
import { inForce } from '../../util/dates.ts';
import type { ProfileVersion } from './types.ts';

export function resolveProfile(versions: readonly ProfileVersion[], paymentDate: string): ProfileVersion | undefined {
  return versions.find((v) => inForce(v, paymentDate));
}
