ALTER TABLE "users" ADD COLUMN "staff_password_hash" text;--> statement-breakpoint
-- Written by hand: the back office keeps a password of its own. Staff who signed in with the shared one keep it
-- as their back-office password; from now on a reset of the shop's password by SMS changes the shop's alone.
UPDATE "users" SET "staff_password_hash" = "password_hash" WHERE "admin_type" <> 'customer';--> statement-breakpoint
-- A person written as staff from the start with a password (the demo seed's owner) signs in to the back office
-- with it. Only inserts: a shopper promoted later chooses their back-office password by the setup link.
CREATE FUNCTION "users_staff_password"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.staff_password_hash := NEW.password_hash;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_staff_password" BEFORE INSERT ON "users" FOR EACH ROW
  WHEN (NEW.admin_type <> 'customer' AND NEW.staff_password_hash IS NULL AND NEW.password_hash IS NOT NULL)
  EXECUTE FUNCTION "users_staff_password"();
