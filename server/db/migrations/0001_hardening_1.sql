DROP TABLE "login_attempts" CASCADE;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "platform_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing installations: the role of the demo platform administrator (admin) keeps the right to edit the shared menu tree.
UPDATE "roles" SET "platform_admin" = true WHERE "id" IN (SELECT "role_id" FROM "sys_users" WHERE "user_name" = 'admin');
