// The embedded test payment service's webhook as the API tests send it: an AUTHORISATION success signed with the
// service's HMAC key exactly as Adyen signs it, posted to the site.
import adyen from '@adyen/api-library';
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

/**
 * The JSON body of the test service's AUTHORISATION success for payment `p` (amount in minor units) with provider
 * reference `pspReference`, signed with `hmacKey` as Adyen signs it.
 */
export function authorisationBody(
  p: { id: string; amount: number; currency: string },
  pspReference: string,
  hmacKey: string,
): string {
  const item = {
    additionalData: {} as Record<string, string>,
    amount: { value: p.amount, currency: p.currency },
    eventCode: 'AUTHORISATION',
    merchantAccountCode: 'HeartlineTestMerchant',
    merchantReference: p.id,
    pspReference,
    success: 'true',
  };
  item.additionalData.hmacSignature = new adyen.hmacValidator().calculateHmac(item as never, hmacKey);
  return JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] });
}

/**
 * Posts the signed AUTHORISATION success of payment `p` (amount in minor units) with the provider reference
 * `pspReference` to `server`'s webhook and expects `[accepted]`.
 */
export async function sendAuthorisation(
  server: TestServer,
  p: { id: string; amount: number; currency: string },
  pspReference: string,
): Promise<void> {
  const res = await fetch(`${server.url}/api/payment-webhook.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: authorisationBody(p, pspReference, server.payments.testKeys!.hmacKey),
  });
  expect(await res.text()).toBe('[accepted]');
}
