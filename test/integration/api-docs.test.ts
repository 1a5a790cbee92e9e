import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestPlatform } from '../support/test-platform.js';

describe('OpenAPI document', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'docs', worker: false });
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('lists the fan auth routes at /api/docs-json and serves the UI at /api/docs', async () => {
    const json = await platform.request('GET', '/api/docs-json');
    expect(json.status).toBe(200);
    expect(Object.keys(json.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/user', '/api/health']),
    );
    const ui = await platform.request('GET', '/api/docs');
    expect(ui.status).toBe(200);
    expect(String(ui.body)).toContain('swagger');
  });

  it('echoes a request id on every response', async () => {
    const response = await platform.request('GET', '/api/health', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(response.headers['x-request-id']).toBe('trace-abc-123');
    const generated = await platform.request('GET', '/api/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
