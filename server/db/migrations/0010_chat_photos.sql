ALTER TABLE "messages" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "photo_blur_key" text;