CREATE TABLE "first_owner_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
-- Written by hand: earlier versions seeded a demo owner (01799000000) whose password was published in the
-- README. One whose password was never changed (it still must be) stops being staff and loses its password
-- and sessions; a shop left without an owner then prints a first-owner link at its next start.
WITH "demo" AS (
	UPDATE "users" SET "admin_type" = 'customer', "password_hash" = NULL, "staff_password_hash" = NULL, "must_change_password" = false, "updated_at" = now()
	WHERE "phone" = '01799000000' AND "first_name" = 'Demo' AND "last_name" = 'Owner'
		AND "admin_type" = 'owner' AND "must_change_password" = true
	RETURNING "id"
), "ended" AS (
	UPDATE "staff_sessions" SET "revoked_at" = now()
	WHERE "user_id" IN (SELECT "id" FROM "demo") AND "revoked_at" IS NULL
)
INSERT INTO "audit_log" ("at", "staff_id", "action", "object_type", "object_id", "before", "after")
SELECT now(), NULL, 'staff.update', 'staff', "id"::text, '{"role":"owner"}'::jsonb,
	'{"role":"customer","reason":"the demo owner of earlier versions, its published password never changed"}'::jsonb
FROM "demo";
