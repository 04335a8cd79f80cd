CREATE TABLE "order_day_changes" (
	"day" date,
	"weight" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_day_changes_day" ON "order_day_changes" USING btree ("day");--> statement-breakpoint
-- Written by hand (drizzle cannot declare functions or triggers): the database itself notes the Asia/Dhaka day of
-- every order whose figures change (placed, moved, edited, its lines returned, deleted), whatever wrote it: the
-- shop's numbers keep a closed day's sums only while nothing of that day changed. Statement triggers, so that a
-- bulk write adds one row per day it touched; rows are only inserted, so concurrent checkouts never wait on each
-- other for them.
CREATE FUNCTION "dhaka_day"("at" timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (("at" AT TIME ZONE 'UTC') + interval '6 hours')::date $$;--> statement-breakpoint
CREATE FUNCTION "orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_day_changes (day) SELECT DISTINCT dhaka_day(created_at) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_day_changes (day) SELECT DISTINCT dhaka_day(created_at) FROM old_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO order_day_changes (day)
      SELECT DISTINCT dhaka_day(placed) FROM new_rows n JOIN old_rows o USING (id),
        LATERAL (VALUES (o.created_at), (n.created_at)) AS both_days(placed)
      WHERE (n.created_at, n.status, n.payment_method, n.total)
        IS DISTINCT FROM (o.created_at, o.status, o.payment_method, o.total);
  ELSE
    INSERT INTO order_day_changes (day) VALUES (NULL);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "order_lines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_day_changes (day)
      SELECT DISTINCT dhaka_day(created_at) FROM orders WHERE id IN (SELECT order_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    -- lines deleted with their order: the order's own trigger has its day
    INSERT INTO order_day_changes (day)
      SELECT DISTINCT dhaka_day(created_at) FROM orders WHERE id IN (SELECT order_id FROM old_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO order_day_changes (day)
      SELECT DISTINCT dhaka_day(created_at) FROM orders WHERE id IN (
        SELECT unnest(array[n.order_id, o.order_id]) FROM new_rows n JOIN old_rows o USING (id)
        WHERE (n.order_id, n.product_id, n.quantity, n.returned_quantity, n.line_total)
          IS DISTINCT FROM (o.order_id, o.product_id, o.quantity, o.returned_quantity, o.line_total));
  ELSE
    INSERT INTO order_day_changes (day) VALUES (NULL);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- a product moved to another category or brand moves its sales of every day: a row without a day
CREATE FUNCTION "product_regrouped"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_changes (day) VALUES (NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_inserted" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_changed();--> statement-breakpoint
CREATE TRIGGER "orders_updated" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_changed();--> statement-breakpoint
CREATE TRIGGER "orders_deleted" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_changed();--> statement-breakpoint
CREATE TRIGGER "orders_truncated" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION orders_changed();--> statement-breakpoint
CREATE TRIGGER "order_lines_inserted" AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_lines_changed();--> statement-breakpoint
CREATE TRIGGER "order_lines_updated" AFTER UPDATE ON "order_lines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_lines_changed();--> statement-breakpoint
CREATE TRIGGER "order_lines_deleted" AFTER DELETE ON "order_lines" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_lines_changed();--> statement-breakpoint
CREATE TRIGGER "order_lines_truncated" AFTER TRUNCATE ON "order_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION order_lines_changed();--> statement-breakpoint
CREATE TRIGGER "product_regrouped" AFTER UPDATE OF category_id, brand_id ON "products" FOR EACH ROW
  WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.brand_id IS DISTINCT FROM NEW.brand_id)
  EXECUTE FUNCTION product_regrouped();
