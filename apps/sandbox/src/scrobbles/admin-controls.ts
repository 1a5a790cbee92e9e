import { z } from 'zod';
import { json, jsonBody, type RequestContext, type Respond } from '../oauth/http.js';
import { rateLimitBody, type RateWindows } from './rate-windows.js';

/**
 * The two controls every scrobbling stand-in has: `POST /__admin/faults` (the next requests fail
 * as the body says; each service's body differs) and `POST /__admin/rate-limit` (a new published
 * limit). Undefined when the request is neither, so the service's own controls come next.
 */
export function commonControl<Faults>(
  ctx: RequestContext,
  stand: { faults: z.ZodType<Faults>; setFaults: (faults: Faults) => void; windows: RateWindows },
): Respond | undefined {
  if (ctx.method !== 'POST') return undefined;
  if (ctx.path === '/__admin/faults') {
    const faults = stand.faults.parse(jsonBody(ctx));
    stand.setFaults(faults);
    return json(200, faults);
  }
  if (ctx.path === '/__admin/rate-limit') return json(200, stand.windows.set(rateLimitBody.parse(jsonBody(ctx))));
  return undefined;
}

/** A control's body that did not parse: a 400 naming each field's problem, as the stand-ins answer. */
export function invalidControlBody(failure: unknown): Respond | undefined {
  if (!(failure instanceof z.ZodError)) return undefined;
  return json(400, { error: failure.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
}
