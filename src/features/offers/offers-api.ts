// The offer calls (spec 7: GET /api/discountcode.php; GET /api/premium.php), typed.
import { DiscountCodeResponse, PremiumResponse } from '../../../contract/index.ts';
import { api } from '../../api/client.ts';

/** GET /api/discountcode.php: the time bonus (no query), the welcome discount (`welcome`) or a typed `code`. */
export const fetchDiscountCode = (query: { code?: string; welcome?: 'true' } = {}) =>
  api('/api/discountcode.php', DiscountCodeResponse, { query });

/** GET /api/premium.php: the site's measured reply rates of premium and free members. */
export const fetchPremiumStats = () => api('/api/premium.php', PremiumResponse);
