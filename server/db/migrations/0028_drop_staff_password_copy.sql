-- Staff rows are made with their back-office password in staff_password_hash (the first owner's page, an
-- invitation, admin:create); nothing inserts a staff member with only the shop's password any more, so the
-- copy made on insert (0022) goes.
DROP TRIGGER IF EXISTS "users_staff_password" ON "users";--> statement-breakpoint
DROP FUNCTION IF EXISTS "users_staff_password"();
