// The open conversation's reading mark (no push for a message the member is reading live): while the
// chat shows in a visible page with the live channel up, the server knows, and renews that every READING_RENEW_MS.
import { useEffect } from 'react';
import { READING_RENEW_MS, ReadingResponse } from '../../../contract/index.ts';
import { api } from '../../api/client.ts';

const PATH = '/api/reading.php';

/**
 * Marks conversation `conversationId` as read live (POST /api/reading.php) while `live` is true and the page is
 * visible, renewing it; ends it (DELETE) when the chat closes or the channel drops. A hidden page needs nothing
 * here: the page-hidden beacon (src/sync/page-hidden.ts) ends every mark, and becoming visible marks again.
 * Failures are ignored: without a mark the member only gets a push they did not need.
 */
export function useReadingMark(conversationId: number | null, live: boolean): void {
  useEffect(() => {
    if (!live || conversationId === null || conversationId <= 0) return;
    const body = { conversation_id: conversationId };
    let marked = false;
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      void api(PATH, ReadingResponse, { method: 'POST', body, retry: false }).then(
        () => {
          marked = true;
        },
        () => {},
      );
    };
    mark();
    const timer = setInterval(mark, READING_RENEW_MS);
    document.addEventListener('visibilitychange', mark);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', mark);
      if (marked) void api(PATH, ReadingResponse, { method: 'DELETE', body, retry: false }).catch(() => {});
    };
  }, [conversationId, live]);
}
