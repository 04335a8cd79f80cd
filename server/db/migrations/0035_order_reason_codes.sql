-- A reason chosen from the back office's list is kept as its code, so that the shopper reads it in their own
-- language (their text message, their order page): on a cancelled order, and on the timeline's entry.
ALTER TABLE "order_status_history" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason_code" text;