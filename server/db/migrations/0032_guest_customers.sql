-- Every number that has ordered is a customer, registered or not (docs/decisions/0023): one row per number
-- (and per account made by social sign-in alone), holding the block; notes belong to it; an order keeps who
-- its cancellation is on.
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text,
	"user_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"last_order_at" timestamp with time zone,
	"block" text,
	"blocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_phone_unique" UNIQUE("phone"),
	CONSTRAINT "customers_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- the shoppers' accounts (and any account a note was written about); a blocked account's number is blocked
-- for cash on delivery, as it was
INSERT INTO "customers" ("phone", "user_id", "block", "blocked_at", "created_at", "updated_at")
SELECT u."phone", u."id",
	CASE WHEN u."status" = 'blocked' THEN 'cod' END,
	CASE WHEN u."status" = 'blocked' THEN u."updated_at" END,
	u."created_at", now()
FROM "users" u
WHERE u."admin_type" = 'customer' OR u."id" IN (SELECT "user_id" FROM "customer_notes");--> statement-breakpoint
-- every number that has ordered, with the name on its latest order
INSERT INTO "customers" ("phone", "name", "last_order_at", "created_at", "updated_at")
SELECT o."phone", (array_agg(o."customer_name" ORDER BY o."created_at" DESC, o."id" DESC))[1],
	max(o."created_at"), min(o."created_at"), now()
FROM "orders" o
GROUP BY o."phone"
ON CONFLICT ("phone") DO UPDATE SET
	"name" = excluded."name",
	"last_order_at" = excluded."last_order_at",
	"created_at" = least("customers"."created_at", excluded."created_at");--> statement-breakpoint
ALTER TABLE "customer_notes" ADD COLUMN "customer_id" integer;--> statement-breakpoint
UPDATE "customer_notes" n SET "customer_id" = c."id" FROM "customers" c WHERE c."user_id" = n."user_id";--> statement-breakpoint
ALTER TABLE "customer_notes" ALTER COLUMN "customer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_notes" DROP CONSTRAINT "customer_notes_user_id_users_id_fk";--> statement-breakpoint
DROP INDEX "customer_notes_user";--> statement-breakpoint
ALTER TABLE "customer_notes" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_customer" ON "customer_notes" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_latest" ON "customers" USING btree (coalesce("last_order_at", "created_at") desc,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_blocked" ON "customers" USING btree ("id") WHERE "customers"."block" is not null;--> statement-breakpoint
CREATE INDEX "customers_phone_trgm" ON "customers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_trgm" ON "customers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
ANALYZE "customers";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_code" text;--> statement-breakpoint
-- the cancellations the expiry and the payments made: a payment that did not come is held against no number
UPDATE "orders" SET "cancel_code" = 'unpaid'
WHERE "status" = 'cancelled' AND "cancel_reason" IN ('Not paid in time', 'Payment failed');
