// Company info for the footer (spec 7: GET /api/companyinfo.php, fetched once and cached).
import { proxy } from 'valtio';
import { api } from '../api/client.ts';
import { CompanyInfoResponse, type CompanyInfo } from '../../contract/index.ts';

export const companyInfo = proxy<{ info: CompanyInfo | null }>({ info: null });
let pending: Promise<CompanyInfo | null> | null = null;

/** Loads the company info once per page load; later calls share the first answer. Failures allow a retry. */
export function loadCompanyInfo(): Promise<CompanyInfo | null> {
  pending ??= api('/api/companyinfo.php', CompanyInfoResponse).then(
    ({ companyinfo }) => (companyInfo.info = companyinfo),
    () => {
      pending = null;
      return null;
    },
  );
  return pending;
}
