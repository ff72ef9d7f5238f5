// Every API call with the contract schema of its input: the fuzzer's map of the server (tests/api/fuzz.test.ts).
// A route the server registers but this table lacks fails the fuzzer, so new calls are fuzzed from the start.
import { z } from 'zod';
import * as c from '../../../contract/index.ts';
import * as ops from '../../../contract/ops.ts';
import * as inbox from '../../../contract/ops-inbox.ts';
import * as moderation from '../../../contract/ops-moderation.ts';

/** One call: method, path, and the schema of its JSON body or of its query. */
export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** A multipart upload (photos). */
  upload?: true;
  /** Ends the session or the account: fuzzed anonymously only. */
  endsSession?: true;
  /** A live stream: the answer's head is checked, then the stream is dropped. */
  stream?: true;
  /** Public, the same for everyone (its own `Cache-Control: public`); every other call's answers carry no-store. */
  cacheable?: true;
}

const none = z.object({});

export const fuzzRoutes: FuzzRoute[] = [
  { method: 'GET', path: '/api/settings.php', query: c.SettingsQuery },
  { method: 'GET', path: '/api/companyinfo.php', query: none, cacheable: true },
  { method: 'GET', path: '/api/interests.php', query: none, cacheable: true },
  { method: 'GET', path: '/api/regions.php', query: c.RegionsQuery, cacheable: true },
  { method: 'GET', path: '/api/content.php', query: c.ContentQuery, cacheable: true },
  { method: 'GET', path: '/api/lander.php', query: c.LanderQuery, cacheable: true },
  { method: 'GET', path: '/api/user.php', query: none },
  { method: 'POST', path: '/api/user.php', body: c.LoginRequest },
  { method: 'POST', path: '/api/user.php?push=1', body: c.PushSubscriptionRequest },
  { method: 'DELETE', path: '/api/user.php?push=1', body: c.PushUnsubscribeRequest },
  { method: 'PUT', path: '/api/user.php', body: c.LanguageRequest },
  { method: 'PUT', path: '/api/invisible.php', body: c.InvisibleRequest },
  { method: 'GET', path: '/api/profile.php', query: none },
  { method: 'PUT', path: '/api/profile.php', body: c.ProfileUpdate },
  { method: 'GET', path: '/api/geocode.php', query: c.GeocodeQuery, cacheable: true },
  { method: 'GET', path: '/api/logout.php', query: none, endsSession: true },
  { method: 'POST', path: '/api/signup.php', body: c.SignupRequest },
  { method: 'GET', path: '/api/activate.php', query: c.ActivateQuery },
  { method: 'POST', path: '/api/activation-resend.php', body: none },
  { method: 'GET', path: '/api/dev-mailbox.php', query: none },
  { method: 'PUT', path: '/api/email.php', body: c.EmailChangeRequest },
  { method: 'POST', path: '/api/mail-change-do.php', body: c.TokenRequest },
  { method: 'POST', path: '/api/account-delete.php', body: c.AccountDeleteRequest, endsSession: true },
  { method: 'POST', path: '/api/reactivate.php', body: c.TokenRequest },
  { method: 'POST', path: '/api/unlock.php', body: c.TokenRequest },
  { method: 'POST', path: '/api/password-reset.php', body: c.PasswordResetRequest },
  { method: 'POST', path: '/api/password-reset-do.php', body: c.PasswordResetDoRequest },
  { method: 'PUT', path: '/api/password.php', body: c.PasswordChangeRequest },
  { method: 'GET', path: '/api/auto-like.php', query: none },
  { method: 'GET', path: '/api/chats.php', query: none },
  { method: 'DELETE', path: '/api/chat.php', body: c.DeleteChatRequest },
  { method: 'GET', path: '/api/messages.php', query: c.MessagesQuery },
  { method: 'POST', path: '/api/message.php', body: c.SendMessageRequest },
  { method: 'POST', path: '/api/gift.php', body: c.SendGiftRequest },
  { method: 'POST', path: '/api/chat-photo.php', upload: true },
  { method: 'POST', path: '/api/chat-read.php', body: c.ReadChatRequest },
  { method: 'POST', path: '/api/complaint.php', body: c.ComplaintRequest },
  { method: 'GET', path: '/api/events.php', query: c.EventsQuery, stream: true },
  { method: 'GET', path: '/api/export.php', query: none },
  { method: 'GET', path: '/api/likes.php', query: none },
  { method: 'POST', path: '/api/like.php', body: c.LikeRequest },
  { method: 'DELETE', path: '/api/like.php', body: c.LikeRequest },
  { method: 'POST', path: '/api/like-seen.php', body: c.LikeSeenRequest },
  { method: 'GET', path: '/api/swipe-deck.php', query: c.SwipeDeckQuery },
  { method: 'GET', path: '/api/match-finder.php', query: c.MatchFinderQuery },
  { method: 'GET', path: '/api/members.php', query: c.SearchQuery },
  { method: 'GET', path: '/api/member.php', query: c.MemberQuery },
  { method: 'GET', path: '/api/similar.php', query: c.SimilarQuery },
  { method: 'GET', path: '/api/blocks.php', query: none },
  { method: 'POST', path: '/api/block.php', body: c.BlockRequest },
  { method: 'DELETE', path: '/api/block.php', body: c.BlockRequest },
  { method: 'GET', path: '/api/notifications.php', query: none },
  { method: 'PUT', path: '/api/notifications.php', body: c.EmailSettingRequest },
  { method: 'GET', path: '/api/unsubscribe.php', query: c.UnsubscribeQuery },
  { method: 'POST', path: '/api/unsubscribe.php', query: c.UnsubscribeQuery },
  { method: 'POST', path: '/api/mail-events.php', body: c.MailEventsRequest },
  { method: 'GET', path: '/api/credits.php', query: c.CreditsQuery },
  { method: 'POST', path: '/api/payment.php', body: c.CreatePaymentRequest },
  { method: 'GET', path: '/api/payment.php', query: c.PaymentQuery },
  { method: 'GET', path: '/api/transactions.php', query: c.TransactionsQuery },
  { method: 'GET', path: '/api/directdebit.php', query: none },
  { method: 'POST', path: '/api/directdebit.php', body: c.DirectDebitRequest },
  { method: 'POST', path: '/api/directdebit-confirm.php', body: c.DirectDebitConfirmRequest },
  { method: 'GET', path: '/api/dev-sms.php', query: none },
  { method: 'POST', path: '/api/refund.php', body: c.RefundRequest },
  { method: 'GET', path: '/api/repeat-order.php', query: none },
  { method: 'POST', path: '/api/repeat-order.php', body: c.RepeatOrderRequest },
  { method: 'GET', path: '/api/stored-cards.php', query: none },
  { method: 'POST', path: '/api/stored-card-remove.php', body: c.StoredCardRemoveRequest },
  { method: 'GET', path: '/api/invoices.php', query: c.InvoicesQuery },
  { method: 'GET', path: '/api/invoice.php', query: c.InvoiceQuery },
  { method: 'POST', path: '/api/payment-webhook.php', body: c.PaymentWebhookRequest },
  { method: 'GET', path: '/api/discountcode.php', query: c.DiscountCodeQuery },
  { method: 'GET', path: '/api/premium.php', query: none },
  { method: 'GET', path: '/api/photos.php', query: none },
  { method: 'POST', path: '/api/photos.php', upload: true },
  { method: 'PUT', path: '/api/photos.php', body: c.PhotoOrderRequest },
  { method: 'DELETE', path: '/api/photos.php', body: c.PhotoDeleteRequest },
  { method: 'GET', path: '/api/sync.php', query: c.SyncQuery },
  { method: 'POST', path: '/api/reading.php', body: c.ReadingRequest },
  { method: 'DELETE', path: '/api/reading.php', body: c.ReadingRequest },
  { method: 'POST', path: '/api/page-hidden.php', body: none },
  { method: 'GET', path: '/media/x.webp', query: none, cacheable: true },
  { method: 'POST', path: '/api/ops/setup', body: ops.OpsSetupRequest },
  { method: 'POST', path: '/api/ops/setup/confirm', body: ops.OpsSetupConfirmRequest },
  { method: 'POST', path: '/api/ops/login', body: ops.OpsLoginRequest },
  { method: 'GET', path: '/api/ops/me', query: none },
  { method: 'POST', path: '/api/ops/logout', body: none, endsSession: true },
  { method: 'POST', path: '/api/ops/logout-everywhere', body: none, endsSession: true },
  { method: 'GET', path: '/api/ops/staff', query: none },
  { method: 'GET', path: '/api/ops/audit', query: ops.OpsAuditQuery },
  { method: 'POST', path: '/api/ops/staff', body: ops.OpsAddStaffRequest },
  { method: 'GET', path: '/api/ops/moderation/complaints', query: moderation.ComplaintsQuery },
  { method: 'GET', path: '/api/ops/moderation/members/:id', query: none },
  { method: 'POST', path: '/api/ops/moderation/actions', body: moderation.ModerationActionRequest },
  { method: 'POST', path: '/api/ops/moderation/restrictions/:id/lift', body: none },
  { method: 'GET', path: '/api/ops/moderation/photos', query: none },
  { method: 'GET', path: '/api/ops/dead-jobs', query: none },
  { method: 'GET', path: '/api/ops/dashboard', query: none },
  { method: 'GET', path: '/api/ops/inbox', query: inbox.InboxWaitingQuery },
];
