// Loads one content block (GET /api/content.php) in the page's language; the service worker keeps a copy
// (stale-while-revalidate, docs/pwa.md), so a page read once opens offline.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentResponse, ContentToken, ErrorBody, Language, type ContentBlock } from '../../../contract/index.ts';
import { api, ApiCallError } from '../../api/client.ts';
import { firstAnswer } from '../../api/first-answers.ts';
import { contentCall } from './content-call.ts';

export type ContentView =
  | { state: 'loading' }
  | { state: 'ready'; block: ContentBlock }
  /** No block has this token (404), or the token cannot be one (400). */
  | { state: 'not-found' }
  | { state: 'error'; error: unknown; retry: () => void };

/**
 * What a server-rendered page was drawn with (src/api/first-answers.ts) for block `token`: the block, `missing` when
 * the server answered that there is none (its 404 or 400: the page is the 404 page) or the token cannot be one, and
 * undefined when the page came without it.
 */
const rendered = (token: string, language: string): ContentBlock | 'missing' | undefined => {
  const call = contentCall(token, language);
  if (call === null) return 'missing';
  const first = firstAnswer(call, ContentResponse);
  if (first) return first.content;
  return firstAnswer(call, ErrorBody) ? 'missing' : undefined;
};

/** The view of what the page was drawn with: the block, the 404 page, or loading. */
const viewOf = (first: ContentBlock | 'missing' | undefined): ContentView =>
  first === 'missing' ? { state: 'not-found' } : first ? { state: 'ready', block: first } : { state: 'loading' };

/**
 * The block `token` in the current language (the server falls back to English): at once when the server rendered the
 * page with it or with its absence (AppRoute.firstCalls, AppRoute.subject), else loaded.
 */
export function useContentBlock(token: string): ContentView {
  const { i18n } = useTranslation();
  const [view, setView] = useState<ContentView>(() => viewOf(rendered(token, i18n.language)));
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    if (!ContentToken.safeParse(token).success) {
      setView({ state: 'not-found' });
      return;
    }
    // Drawn with the server's answer: no second request (a retry, another token or language loads).
    const first = attempt === 0 ? rendered(token, i18n.language) : undefined;
    if (first) {
      setView(viewOf(first));
      return;
    }
    const controller = new AbortController();
    setView({ state: 'loading' });
    const lang = Language.safeParse(i18n.language).data;
    api('/api/content.php', ContentResponse, { query: { token, lang }, signal: controller.signal }).then(
      ({ content }) => setView({ state: 'ready', block: content }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const missing = error instanceof ApiCallError && (error.status === 404 || error.status === 400);
        setView(missing ? { state: 'not-found' } : { state: 'error', error, retry });
      },
    );
    return () => controller.abort();
  }, [token, i18n.language, attempt, retry]);
  return view;
}
