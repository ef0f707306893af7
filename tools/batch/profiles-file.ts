/**
 * Company profiles for the batch from a YAML file, in the golden files' company shape
 * (docs/golden-format.md): each company as the PUT bodies applied in order through the server's own
 * chaining (engine/loading/profile/apply-put.ts), or as the stored versions GET returns. Validated with the
 * API's profile schema, so a profile the API would refuse is refused here too.
 *
 *   companies:
 *     - company_id: acme
 *       profile_puts: [ { effective_from: "2025-01-01", social_insurance: {...}, ... } ]
 */
import { applyProfilePut, type ProfilePutBody, type ProfileVersion } from '../../engine/index.ts';
import { ajvProblems, newAjv, readYaml } from '../../engine/tooling.ts';
import { goldenFileSchema } from '../golden/case-schema.ts';

const profilesFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['companies'],
  properties: { companies: { type: 'array', minItems: 1, items: goldenFileSchema.properties.company } },
} as const;

const validateFile = newAjv({ strictRequired: false }).compile(profilesFileSchema);

interface CompanyEntry {
  company_id: string;
  profile_puts?: ProfilePutBody[];
  profile_versions?: ProfileVersion[];
}

/** company_id -> versions; throws with every problem (file and path) of a broken file. */
export function loadProfilesFile(path: string): Map<string, ProfileVersion[]> {
  const { value, problems } = readYaml(path, path);
  if (!problems.length && !validateFile(value)) problems.push(...ajvProblems(path, validateFile.errors));
  if (problems.length) throw new Error(problems.map((p) => `${p.file} ${p.path}: ${p.message}`).join('\n'));
  const out = new Map<string, ProfileVersion[]>();
  for (const company of (value as { companies: CompanyEntry[] }).companies) {
    if (out.has(company.company_id)) throw new Error(`${path}: company ${company.company_id} is given twice`);
    let versions = company.profile_versions ?? [];
    for (const body of company.profile_puts ?? []) {
      versions = applyProfilePut(versions, body, { company_id: company.company_id, profile_id: `batch-${company.company_id}` }).versions;
    }
    out.set(company.company_id, versions);
  }
  return out;
}
