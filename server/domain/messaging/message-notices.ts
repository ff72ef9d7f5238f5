// The notices of a new message (its push and its mail), written as jobs in the send's transaction: shared by members'
// sends and operators' replies as fictional profiles, so the recipient is told the same way whoever wrote.
import type { Message } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import type { JobQueue } from '../../services/jobs.ts';
import { messageNoticeJob } from '../notifications/email-notices.ts';
import type { Site, UserRow } from '../types.ts';

/**
 * sendMessage's `notify` for a message to `recipientId` on `site`: enqueues the push-message job and the mail notice
 * in the send's transaction `tx`. An unconfirmed sender's message is held back from the recipient (spec 8;
 * messaging.ts visibleChatOf), so nobody is told of it.
 */
export function messageNotices(jobs: JobQueue, site: Site, recipientId: number) {
  return async (tx: Db, message: Message, sender: Pick<UserRow, 'status'>): Promise<void> => {
    if (sender.status !== 'confirmed') return;
    await jobs.enqueueAll(tx, [
      { name: 'push-message', data: { cdnPrefix: site.settings.cdn_prefix, message, recipientId } },
      messageNoticeJob(message, recipientId),
    ]);
  };
}
