/**
 * PUT and GET /cp/v1/companies/{company_id}/calculation-profile (decisions.md section 2). Version
 * chaining is the engine's (applyProfilePut); the store applies it to the company's whole version list
 * in one transaction, serialized per company. Companies live inside the key's account: another
 * account's company_id is simply not found. GET lists every version, oldest first, or a page of them
 * (?limit, ?after: docs/api.md), the next page named by a Link header.
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { applyProfilePut, type ProfilePutBody, profilePutBodySchema } from '../../../engine/index.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors/api-error.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { STORE_WRITE_POINTS } from '../rate-limit/limiter.ts';
import { TEXT_MESSAGE } from '../../../engine/contract/index.ts';
import { MAX_PROFILE_VERSIONS } from '../validation/limits.ts';
import { isValidText } from '../validation/text.ts';
import { requestDetails, schemaDetails } from '../validation/validate-body.ts';
import { profileVersionListQuerySchema } from '../schemas/profile.ts';

const CALCULATION_PROFILE_PATH = '/cp/v1/companies/:company_id/calculation-profile';

/**
 * The company_id of the path. Too long or too short is a 422 as before. An id that is not valid
 * Unicode text (a NUL: "%00") can never have been created, so GET answers 404 like any unknown company;
 * PUT cannot create it and answers 422 at ["path", "company_id"] (decisions.md).
 */
function companyIdOf(ctx: AppContext, forWrite: boolean): string {
  const companyId = (ctx as unknown as { params: { company_id: string } }).params.company_id;
  if (companyId.length < 1 || companyId.length > 128) {
    throw new ApiError('validation_error', {
      details: [{ path: ['path', 'company_id'], code: 'invalid_length', message: 'company_id must be 1 to 128 characters.' }],
    });
  }
  if (!isValidText(companyId)) {
    if (!forWrite) throw new ApiError('company_not_found', { params: { company_id: companyId } });
    throw new ApiError('validation_error', {
      details: [{ path: ['path', 'company_id'], code: 'invalid_format', message: `company_id ${TEXT_MESSAGE}` }],
    });
  }
  return companyId;
}

interface Page {
  limit: number;
  after?: string;
}

/** A canonical decimal integer as a number, for the schema's integer type; anything else as it came (the schema words the 422). */
function integerOf(value: unknown): unknown {
  return typeof value === 'string' && /^-?(0|[1-9]\d{0,15})$/.test(value) ? Number(value) : value;
}

/** The page a GET asks for (?limit, ?after), validated by profileVersionListQuerySchema; null when it asks for none. */
function pageOf(query: Record<string, unknown>): Page | null {
  if (query.limit === undefined && query.after === undefined) return null;
  const asked: Record<string, unknown> = {};
  if (query.limit !== undefined) asked.limit = integerOf(query.limit);
  if (query.after !== undefined) asked.after = query.after;
  const details = schemaDetails(profileVersionListQuerySchema, asked);
  if (details.length > 0) throw new ApiError('validation_error', { details: details.map((d) => ({ ...d, path: ['query', ...d.path] })) });
  return { limit: (asked.limit as number | undefined) ?? MAX_PROFILE_VERSIONS, after: asked.after as string | undefined };
}

/** The next page's URL as a Link header (RFC 8288), relative to this service. */
function nextLink(companyId: string, limit: number, after: string): string {
  return `</cp/v1/companies/${encodeURIComponent(companyId)}/calculation-profile?limit=${limit}&after=${after}>; rel="next"`;
}

export function registerCalculationProfileRoutes(router: Router, deps: AppDeps): void {
  router.put(
    CALCULATION_PROFILE_PATH,
    jsonBody(deps.config.maxBodyBytes, () => profilePutBodySchema, true),
    async (ctx) => {
      const appCtx = ctx as AppContext;
      const companyId = companyIdOf(appCtx, true);
      const body: unknown = ctx.request.body;
      const details = requestDetails(profilePutBodySchema, body);
      if (details.length > 0) throw new ApiError('validation_error', { details });
      const accountId = appCtx.state.principal!.account_id;
      // a write costs the serving thread far more than its bytes say (limiter.ts): charged before it starts
      await appCtx.state.charge?.(STORE_WRITE_POINTS);
      const outcome = await deps.store.updateCompanyProfile(accountId, companyId, `prof_${randomUUID()}`, (existing, ids) => {
        const put = applyProfilePut(existing, body as ProfilePutBody, ids);
        // a replacement (same effective_from) or a repeat does not add one: only growth past the bound is refused
        if (put.versions.length > MAX_PROFILE_VERSIONS && put.versions.length > existing.length)
          throw new ApiError('profile_versions_limit_reached', {
            params: { company_id: companyId, held: existing.length, limit: MAX_PROFILE_VERSIONS },
          });
        return { versions: put.versions, result: put };
      });
      ctx.set('Cache-Control', 'no-store');
      ctx.body = outcome.stored;
    },
  );

  router.get(CALCULATION_PROFILE_PATH, async (ctx) => {
    const appCtx = ctx as AppContext;
    const companyId = companyIdOf(appCtx, false);
    const page = pageOf(ctx.query);
    const { account_id: accountId, cache_generation: generation } = appCtx.state.principal!;
    const company = await deps.store.findCompany(accountId, companyId, generation);
    if (!company) throw new ApiError('company_not_found', { params: { company_id: companyId } });
    // a profile carries a company's pay rules: no cache on the way may keep it
    ctx.set('Cache-Control', 'no-store');
    if (page === null) {
      ctx.body = { data: company.versions };
      return;
    }
    const later = page.after === undefined ? company.versions : company.versions.filter((v) => v.effective_from > page.after!);
    const data = later.slice(0, page.limit);
    if (later.length > data.length) ctx.set('Link', nextLink(companyId, page.limit, data.at(-1)!.effective_from));
    ctx.body = { data };
  });
}
