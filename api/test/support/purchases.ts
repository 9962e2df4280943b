import { expect } from 'vitest';
import type { TestApi } from './http.js';
import { bearer, postJson } from './identity.js';

/** Buys `courseId` for the holder of `token` through the local checkout (start, pay, verify); the purchase's id. */
export async function buyThroughLocalCheckout(api: TestApi, token: string, courseId: string): Promise<string> {
  const start = await postJson(api, '/api/user/purchase', { courseId }, bearer(token));
  const pay = await api.request(`${new URL(start.body.session_url as string).pathname}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  const purchaseId = new URL(pay.headers.get('location') ?? '').searchParams.get('purchaseId') as string;
  expect((await postJson(api, '/api/user/verify-payment', { purchaseId }, bearer(token))).status).toBe(200);
  return purchaseId;
}
