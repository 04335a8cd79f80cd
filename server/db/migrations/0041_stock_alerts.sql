-- Shoppers waiting for a sold-out sku (stock_alerts), told once when it is back. The table is drizzle's; the trigger
-- at the end is written by hand (drizzle cannot declare functions or triggers).
CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku_id" integer NOT NULL,
	"phone" text NOT NULL,
	"language" text NOT NULL,
	"user_id" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_alerts_waiting" ON "stock_alerts" USING btree ("sku_id","requested_at","id") WHERE notified_at is null and cancelled_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_per_number" ON "stock_alerts" USING btree ("sku_id","phone") WHERE notified_at is null and cancelled_at is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_phone" ON "stock_alerts" USING btree ("phone") WHERE notified_at is null and cancelled_at is null;--> statement-breakpoint
-- Whatever raises a sku's stock from 0 (the back office, an import, a cancelled order's pieces coming back, psql),
-- the database itself tells the waiting shoppers: in order of request, at most as many as there are pieces, each
-- marked told and given one job (its key is the alert's) in the transaction that raised the stock. The row's lock
-- makes parallel restocks take turns: the second sees the first's stock, no longer 0, and tells nobody again.
CREATE FUNCTION "stock_alerts_restocked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "told" AS (
    UPDATE "stock_alerts" SET "notified_at" = now()
    WHERE "id" IN (SELECT "id" FROM "stock_alerts"
                   WHERE "sku_id" = NEW."id" AND "notified_at" IS NULL AND "cancelled_at" IS NULL
                   ORDER BY "requested_at", "id" LIMIT NEW."stock_quantity" FOR UPDATE)
    RETURNING "id")
  INSERT INTO "jobs" ("kind", "payload", "key", "run_at", "created_at")
    SELECT 'stock-alert', jsonb_build_object('alert', "id"), 'stock-alert:' || "id", now(), now() FROM "told"
  ON CONFLICT ("key") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "skus_restocked_tell_waiting" AFTER UPDATE OF "stock_quantity" ON "skus"
  FOR EACH ROW WHEN (OLD."stock_quantity" <= 0 AND NEW."stock_quantity" > 0)
  EXECUTE FUNCTION stock_alerts_restocked();
