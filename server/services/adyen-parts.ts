// The parts of @adyen/api-library this server uses (the client, three Checkout services, the HMAC validator), loaded
// by their own paths: the package's index loads every API and model Adyen has, ~35 MB of memory for nothing here
// (docs/perf.md "Memory"). The library is CommonJS without an exports map, so its files are required directly.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type ClientModule = typeof import('@adyen/api-library/lib/src/client');
type ConfigModule = typeof import('@adyen/api-library/lib/src/config');
type HmacModule = typeof import('@adyen/api-library/lib/src/utils/hmacValidator');
type PaymentsModule = typeof import('@adyen/api-library/lib/src/services/checkout/paymentsApi');
type ModificationsModule = typeof import('@adyen/api-library/lib/src/services/checkout/modificationsApi');
type RecurringModule = typeof import('@adyen/api-library/lib/src/services/checkout/recurringApi');

/** Adyen's API client (the library's `Client`). */
export const Client = (require('@adyen/api-library/lib/src/client') as ClientModule).default;
/** TEST or LIVE (the library's `EnvironmentEnum`). */
export const { EnvironmentEnum } = require('@adyen/api-library/lib/src/config') as ConfigModule;
/** Computes and checks the HMAC signatures of webhook items (the library's `hmacValidator`). */
export const HmacValidator = (require('@adyen/api-library/lib/src/utils/hmacValidator') as HmacModule).default;
/** Checkout's sessions and payments calls. */
export const { PaymentsApi } = require('@adyen/api-library/lib/src/services/checkout/paymentsApi') as PaymentsModule;
/** Checkout's refunds and other modifications. */
export const { ModificationsApi } =
  require('@adyen/api-library/lib/src/services/checkout/modificationsApi') as ModificationsModule;
/** Checkout's stored payment details. */
export const { RecurringApi } = require('@adyen/api-library/lib/src/services/checkout/recurringApi') as RecurringModule;
