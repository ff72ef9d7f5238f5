// The API contract: zod schemas and types shared by src/, sw/, server/ and tests/.
export * from './common.ts';
export * from './errors.ts';
export * from './notifications.ts';
export * from './user.ts';
export * from './settings.ts';
export * from './members.ts';
export * from './chats.ts';
export * from './likes.ts';
export * from './sync.ts';
export * from './live.ts';
export * from './payments.ts';
export * from './money.ts';
export * from './push.ts';
export * from './photos.ts';
export * from './password.ts';
export * from './account.ts';
export * from './complaints.ts';
