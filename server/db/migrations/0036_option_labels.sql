CREATE TABLE "option_labels" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"value_bn" text NOT NULL,
	CONSTRAINT "option_labels_kind_value_pk" PRIMARY KEY("kind","value")
);
--> statement-breakpoint
-- Written by hand: an option's Bangla names the filters and the products' choices of every page, as a brand's
-- name does, so a change of it is announced as theirs is (migration 0025's refs_announce).
CREATE TRIGGER "option_labels_inserted_announced" AFTER INSERT ON "option_labels" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();--> statement-breakpoint
CREATE TRIGGER "option_labels_updated_announced" AFTER UPDATE ON "option_labels" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();--> statement-breakpoint
CREATE TRIGGER "option_labels_deleted_announced" AFTER DELETE ON "option_labels" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();--> statement-breakpoint
CREATE TRIGGER "option_labels_truncated_announced" AFTER TRUNCATE ON "option_labels"
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();
