CREATE TABLE "content_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"language" text NOT NULL,
	"token" text NOT NULL,
	"title" text NOT NULL,
	"markdown" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_blocks" ADD CONSTRAINT "content_blocks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_blocks_site_language_token" ON "content_blocks" USING btree ("site_id","language","token");