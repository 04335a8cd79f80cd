-- Cash on delivery, closed: what the courier collected at the door, what it kept of it, and when it paid the rest
-- out. Orders delivered before this migration count as collected and paid out already (their payouts were never
-- recorded here): the list of cash still with the couriers starts from the next delivery.
ALTER TABLE "orders" ADD COLUMN "collected" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_charges" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_cash_with_couriers" ON "orders" USING btree ("updated_at") WHERE "orders"."status" = 'delivered' and "orders"."collected" > 0 and "orders"."settled_at" is null;--> statement-breakpoint
UPDATE "orders" SET "collected" = greatest("total" - "paid" + "refunded", 0), "settled_at" = "updated_at",
  "payment_status" = CASE WHEN "total" - "paid" + "refunded" > 0 AND "refunded" = 0 THEN 'paid' ELSE "payment_status" END
  WHERE "status" = 'delivered' AND "total" - "paid" + "refunded" > 0;
