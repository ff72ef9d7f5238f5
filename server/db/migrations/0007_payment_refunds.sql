ALTER TABLE "payments" ADD COLUMN "refunded_credits" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" integer;