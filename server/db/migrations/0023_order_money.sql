ALTER TABLE "orders" ADD COLUMN "paid" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand: what each order already paid and got back. The payment that paid an order is its completed
-- bKash payment or verified transfer; an order paid by another way (or whose payment's note changed since) is
-- taken to have paid what was asked of it, its advance or its total.
UPDATE "orders" o SET
  "paid" = coalesce(
    (SELECT p."amount" FROM "payments" p
      WHERE p."order_id" = o."id" AND p."state" = 'completed' AND p."detail" IN ('Completed', 'Verified')
      ORDER BY p."created_at" DESC LIMIT 1),
    CASE WHEN o."advance" > 0 THEN o."advance" ELSE o."total" END),
  "refunded" = coalesce(
    (SELECT sum(r."amount") FROM "payment_refunds" r JOIN "payments" p ON p."id" = r."payment_id"
      WHERE p."order_id" = o."id" AND r."state" = 'completed'),
    0)
WHERE o."payment_status" IN ('paid', 'advance_paid', 'refunded', 'partly_refunded');
