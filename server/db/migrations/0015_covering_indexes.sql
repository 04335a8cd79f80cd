-- Written by hand (drizzle cannot declare INCLUDE): the orders' two list indexes also carry the columns that the
-- back office's filters, its tabs' counts and the shop's numbers read, and the lines' index what a sale adds up,
-- so those are answered from the indexes alone (index-only scans) instead of from every order's whole row.
DROP INDEX "orders_created";--> statement-breakpoint
CREATE INDEX "orders_created" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("status","payment_method","payment_status","zone","total");--> statement-breakpoint
DROP INDEX "orders_status_created";--> statement-breakpoint
CREATE INDEX "orders_status_created" ON "orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("payment_method","payment_status","zone");--> statement-breakpoint
DROP INDEX "order_lines_order";--> statement-breakpoint
CREATE INDEX "order_lines_order" ON "order_lines" USING btree ("order_id") INCLUDE ("product_id","quantity","returned_quantity","line_total");--> statement-breakpoint
DROP INDEX "order_lines_returned";--> statement-breakpoint
CREATE INDEX "order_lines_returned" ON "order_lines" USING btree ("order_id") INCLUDE ("line_total","quantity","returned_quantity") WHERE "order_lines"."returned_quantity" > 0;
