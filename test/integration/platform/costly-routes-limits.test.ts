import { ModulesContainer } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitRule } from '#pie/platform';
import { TestPlatform } from '../../support/test-platform.js';

/*
 * Issue 27, "done when": every route that sends mail, fetches an outside page or starts long work
 * has a limit. The list below is every such route today (found by what their handlers do: queue a
 * SendEmail, fetch a provider's or an artist's page, queue or run long work); the test reads the
 * api's own route table, so a listed route that loses its limit, or is renamed, fails here.
 * A route limited inside its handler (the limit depends on what it is asked, e.g. bytes uploaded)
 * names the handler and the rule that answer its 429.
 */
type Cost = 'mail' | 'outside fetch' | 'long work';
const COSTLY_ROUTES: { route: string; cost: Cost; limitedInHandler?: string }[] = [
  { route: 'POST /api/auth/register', cost: 'mail' },
  { route: 'POST /api/for-artists/auth/register', cost: 'mail' },
  { route: 'POST /api/auth/forgot-password', cost: 'mail' },
  { route: 'POST /api/for-artists/auth/forgot-password', cost: 'mail' },
  { route: 'POST /api/auth/resend-verification', cost: 'mail' },
  { route: 'POST /api/for-artists/auth/resend-verification', cost: 'mail' },
  { route: 'POST /api/for-artists/offices/:officeId/members', cost: 'mail' },
  { route: 'POST /api/for-artists/offices/:officeId/resend-invitation', cost: 'mail' },
  { route: 'POST /api/claims/report/:claimedId', cost: 'long work' },
  { route: 'POST /api/for-artists/artist/socials/fetch', cost: 'outside fetch' },
  { route: 'POST /api/for-artists/claims/:claimId/verify-bio', cost: 'outside fetch' },
  { route: 'POST /api/pie/add-missing-tracks-anytime', cost: 'outside fetch' },
  { route: 'GET /api/tracks/user/fetchLatestFromSpotify', cost: 'outside fetch', limitedInHandler: 'SyncFanNowHandler: SYNCS_PER_MINUTE per fan' },
  { route: 'POST /api/listening/imports', cost: 'long work', limitedInHandler: 'StartImportHandler → assertUploadAllowed: chunks per minute and open bytes per fan' },
  { route: 'POST /api/listening/imports/:id/chunks', cost: 'long work', limitedInHandler: 'AddImportChunkHandler → assertUploadAllowed: chunks per minute and open bytes per fan' },
  { route: 'POST /api/admin/artists/:id/email-discovery/start', cost: 'outside fetch' },
  { route: 'POST /api/admin/escrow/process-payouts', cost: 'long work' },
  { route: 'POST /api/admin/financial-reconciliation/:check', cost: 'long work' },
  { route: 'GET /api/stripe/promoAvailability', cost: 'outside fetch' },
];

describe('every costly route has a limit', () => {
  let platform: TestPlatform;
  const table = new Map<string, RateLimitRule[] | undefined>();

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'costly-routes', worker: false });
    for (const module of platform.api.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
        if (!controller) continue;
        const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
        // Routes inherited from a base class (identity's MailedAccountRoutes) count too.
        const names = new Set<string>();
        for (let proto = controller.prototype as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
          for (const name of Object.getOwnPropertyNames(proto)) names.add(name);
        }
        for (const name of names) {
          const handler = (controller.prototype as Record<string, unknown>)[name];
          if (typeof handler !== 'function' || name === 'constructor') continue;
          const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
          const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
          if (path === undefined || method === undefined) continue;
          const full = `/${[base, path].map((part) => part.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`;
          const rules = (Reflect.getMetadata('pie:rate-limit', handler) ?? Reflect.getMetadata('pie:rate-limit', controller)) as RateLimitRule[] | undefined;
          table.set(`${RequestMethod[method]} ${full}`, rules);
        }
      }
    }
  }, 120_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('reads the route table (sanity: the api has its routes)', () => {
    expect(table.size).toBeGreaterThan(100);
  });

  it.each(COSTLY_ROUTES)('$route ($cost) has a limit', ({ route, limitedInHandler }) => {
    expect(table.has(route), `${route} is not a route of the api (renamed? update this list)`).toBe(true);
    if (limitedInHandler) return;
    const rules = table.get(route);
    expect(rules?.length ?? 0, `${route} has no @RateLimit`).toBeGreaterThan(0);
    for (const rule of rules!) {
      expect(rule.limit).toBeGreaterThan(0);
      expect(rule.windowSeconds).toBeGreaterThan(0);
    }
  });
});
