CREATE INDEX "orders_number_trgm" ON "orders" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_trgm" ON "orders" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_name_trgm" ON "orders" USING gin (lower("customer_name") gin_trgm_ops);