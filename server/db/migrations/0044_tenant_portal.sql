-- The tenant's own page (issue 42): sign-in codes sent by SMS, tenant sessions (a phone number's, not an
-- operator's), each phone's notice choices, the marks that keep a notice from repeating, fault reports
-- (报修) with their photo, and the SMS templates an operator marks as the wording of a kind of notice.
CREATE TABLE IF NOT EXISTS "tenant_login_codes" (
  "id" bigserial PRIMARY KEY,
  "phone" text NOT NULL,
  "code_hash" text NOT NULL,
  "address" text NOT NULL,
  "known" boolean NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenant_login_codes_phone" ON "tenant_login_codes" ("phone", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenant_login_codes_address" ON "tenant_login_codes" ("address", "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tenant_sessions" (
  "token_hash" text PRIMARY KEY,
  "phone" text NOT NULL,
  "address" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenant_sessions_phone" ON "tenant_sessions" ("phone");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tenant_notice_settings" (
  "phone" text PRIMARY KEY,
  "low_balance" boolean DEFAULT true NOT NULL,
  "days_left" boolean DEFAULT true NOT NULL,
  "days_left_threshold" integer DEFAULT 3 NOT NULL,
  "credited" boolean DEFAULT true NOT NULL,
  "supply" boolean DEFAULT true NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tenant_notice_marks" (
  "room_id" integer NOT NULL,
  "utility" text NOT NULL,
  "kind" text NOT NULL,
  "marked_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("room_id", "utility", "kind")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tenant_fault_reports" (
  "id" bigserial PRIMARY KEY,
  "fault_id" bigint NOT NULL,
  "area_id" integer NOT NULL,
  "room_id" integer NOT NULL,
  "binding_id" integer NOT NULL,
  "phone" text NOT NULL,
  "kind" text NOT NULL,
  "text" text NOT NULL,
  "photo" bytea,
  "photo_type" text,
  "resolution" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "tenant_fault_reports_fault" ON "tenant_fault_reports" ("fault_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenant_fault_reports_room" ON "tenant_fault_reports" ("room_id", "created_at");
--> statement-breakpoint
ALTER TABLE "sms_templates" ADD COLUMN IF NOT EXISTS "notice_kind" text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenants_phone_digits" ON "tenants" (right(regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g'), 11));
