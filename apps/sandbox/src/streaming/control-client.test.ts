import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpotifySandboxControl } from './control-client.js';
import { startStreamingHarness, type StreamingHarness } from './testing/harness.js';

let h: StreamingHarness;
let control: SpotifySandboxControl;
beforeAll(async () => {
  h = await startStreamingHarness();
  control = new SpotifySandboxControl(h.url);
});
afterAll(async () => {
  await h?.close();
});

describe('SpotifySandboxControl', () => {
  it('forces faults, reads stats, moves the clock and exports, over HTTP', async () => {
    const token = await h.token('listener1');
    await control.resetStats();
    await control.forceFaults(1, 429, { retryAfterSeconds: 2, path: '/v1/me/player/recently-played' });
    const limited = await h.get('/spotify/api/v1/me/player/recently-played', token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await control.stats()).byStatus).toEqual({ '429': 1 });

    const before = await control.clock();
    const after = await control.advanceClock(60_000);
    expect(after.nowMs - before.nowMs).toBe(60_000);
    await control.setClockOffset(0);

    const rows = await control.exportHistory('listener3', { days: 7, format: 'extended' });
    expect(rows[0].spotify_track_uri).toMatch(/^spotify:track:/);
    const basic = await control.exportHistory('listener3', { days: 7 });
    expect(basic).toHaveLength(rows.length);

    await control.setListenerProfile('quiet', { hoursPerDay: 0 });
    expect((await control.listener('quiet')).history.plays).toBe(0);
    expect((await control.resetListenerProfile('quiet')).history.plays).toBeGreaterThan(0);

    const catalogue = await control.catalogue();
    const ids = catalogue.examples.inactiveArtistIds as string[];
    expect((await control.artistExtensions(ids)).artists.every((a) => a?.active === false)).toBe(true);
    await expect(control.setRandomFaults({ rate: 5 })).rejects.toThrow(/400/);
  });
});
