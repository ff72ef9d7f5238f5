// Complaints and reports (spec 2: /complaints; the EU Digital Services Act's notice and action).
import { z } from 'zod';
import { Id, Text } from './common.ts';

/** What a complaint is about; `objection`: an objection to a moderation decision (docs/operations.md "Moderation"). */
export const complaintTopics = [
  'fake_profile',
  'harassment',
  'illegal_content',
  'minor',
  'payment',
  'privacy',
  'objection',
  'other',
] as const;
export const ComplaintTopic = z.enum(complaintTopics);
export type ComplaintTopic = z.infer<typeof ComplaintTopic>;

/** Complaint text length bounds, in characters. */
export const COMPLAINT_TEXT = { min: 10, max: 5000 } as const;
/** Complaints one member or one network address may file per 24 hours. */
export const COMPLAINTS_PER_DAY = 5;

/**
 * POST /api/complaint.php: files a complaint; support gets it by e-mail and the complainant a confirmation with the
 * reference. A visitor gives `email`; a member's account address is used. `member` / `message` name what is
 * reported (a profile's Report action, a message in a chat). Errors: 400 bad_request (fields), 429
 * complaints_throttled.
 */
export const ComplaintRequest = z.object({
  topic: ComplaintTopic,
  text: Text.trim().min(COMPLAINT_TEXT.min).max(COMPLAINT_TEXT.max),
  email: z.email().max(254).optional(),
  member: Id.optional(),
  message: z.uuid().optional(),
});
export type ComplaintRequest = z.infer<typeof ComplaintRequest>;
export const ComplaintResponse = z.object({ reference: z.string() });
export type ComplaintResponse = z.infer<typeof ComplaintResponse>;
