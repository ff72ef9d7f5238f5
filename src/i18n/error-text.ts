// One mapping from a failed API call to the text a person reads (STYLE: the client maps `code`).
import i18next, { type TFunction } from 'i18next';
import type { ApiCallError } from '../api/client.ts';

export interface ErrorTextOptions {
  /** Interpolated into texts that name a member, e.g. `blocked` (spec 6); defaults to the server's `params.name`. */
  name?: string;
  /** A `t` bound to the current language (from useTranslation); defaults to the global i18next.t. */
  t?: TFunction;
}

/**
 * Duck-typed ApiCallError check: importing the class would pull the API client (and zod) into every
 * chunk that shows an error, including the entry. A stored failure ({ status, code, params }, e.g. a
 * refused send kept in Dexie) counts too.
 */
function asApiError(error: unknown): Pick<ApiCallError, 'code' | 'params'> | null {
  if (error && typeof error === 'object' && 'status' in error && typeof (error as { code?: unknown }).code === 'string') {
    return error as ApiCallError;
  }
  return null;
}

/** An ISO time of the server's `params.until` (a suspension's end) as the reader's language writes it. */
function readableUntil(iso: string | undefined): string {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return '';
  return new Intl.DateTimeFormat(i18next.resolvedLanguage ?? 'en', { dateStyle: 'long', timeStyle: 'short' }).format(at);
}

/**
 * The translated message of `error`: `errors:<code>` for an ApiCallError (`errors:network` when the
 * network failed), `errors:server_error` for anything else. Needs the `errors` namespace, which is
 * loaded at boot. The server's `params.until` (account_suspended) is shown as a local date and time.
 */
export function errorText(error: unknown, opts: ErrorTextOptions = {}): string {
  const t = opts.t ?? i18next.t.bind(i18next);
  const apiError = asApiError(error);
  const name = opts.name ?? apiError?.params?.name ?? '';
  const until = readableUntil(apiError?.params?.until);
  return t(`errors:${apiError?.code ?? 'server_error'}`, { name, until, defaultValue: t('errors:server_error') });
}
