ALTER TABLE "otps" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "otps" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "otps" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "guest_key_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
-- an account with a number and no password can only have been made by a one-time code to that number
UPDATE "users" SET "phone_verified_at" = "created_at" WHERE "phone" IS NOT NULL AND "password_hash" IS NULL;
