// Loads one content block (GET /api/content.php) in the page's language; the service worker keeps a copy
// (stale-while-revalidate, docs/pwa.md), so a page read once opens offline.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentResponse, ContentToken, Language, type ContentBlock } from '../../../contract/index.ts';
import { api, ApiCallError } from '../../api/client.ts';
import { firstAnswer } from '../../api/first-answers.ts';
import { contentCall } from './content-call.ts';

export type ContentView =
  | { state: 'loading' }
  | { state: 'ready'; block: ContentBlock }
  /** No block has this token (404), or the token cannot be one (400). */
  | { state: 'not-found' }
  | { state: 'error'; error: unknown; retry: () => void };

/** The block a server-rendered page was drawn with (src/api/first-answers.ts), if it was. */
const rendered = (token: string, language: string) => {
  const call = contentCall(token, language);
  return call === null ? undefined : firstAnswer(call, ContentResponse)?.content;
};

/**
 * The block `token` in the current language (the server falls back to English): at once when the server rendered the
 * page with it (AppRoute.firstCalls), else loaded.
 */
export function useContentBlock(token: string): ContentView {
  const { i18n } = useTranslation();
  const [view, setView] = useState<ContentView>(() => {
    const first = rendered(token, i18n.language);
    return first ? { state: 'ready', block: first } : { state: 'loading' };
  });
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
      setView({ state: 'ready', block: first });
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
