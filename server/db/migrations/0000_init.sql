CREATE TABLE "areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'done' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frontend_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text,
	"url" text,
	"message" text NOT NULL,
	"stack" text,
	"token_masked" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"user_name" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_type" integer DEFAULT 2 NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"user_sort" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"res_url" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_resources" (
	"role_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	CONSTRAINT "role_resources_role_id_resource_id_pk" PRIMARY KEY("role_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"name" text NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"real_name" text,
	"phone" text,
	"role_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"floors" integer DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"contact" text,
	"phone" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"room_code" text NOT NULL,
	"floor" integer DEFAULT 1 NOT NULL,
	"size" numeric(14, 2),
	"state" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_bindings" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"id_number" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"utility" text NOT NULL,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"free_left" numeric(14, 2) DEFAULT 0 NOT NULL,
	"overdraft_fen" bigint DEFAULT 0 NOT NULL,
	"alarm1_fen" bigint DEFAULT 2000 NOT NULL,
	"alarm2_fen" bigint DEFAULT 500 NOT NULL,
	"hoard_limit_fen" bigint DEFAULT 500000 NOT NULL,
	"sale_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"utility" text NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint NOT NULL,
	"energy" numeric(14, 2),
	"ref_type" text,
	"ref_id" text,
	"operator_id" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"month" text NOT NULL,
	"sharp_kwh" numeric(14, 2) DEFAULT 0 NOT NULL,
	"peak_kwh" numeric(14, 2) DEFAULT 0 NOT NULL,
	"flat_kwh" numeric(14, 2) DEFAULT 0 NOT NULL,
	"valley_kwh" numeric(14, 2) DEFAULT 0 NOT NULL,
	"sharp_fen" bigint DEFAULT 0 NOT NULL,
	"peak_fen" bigint DEFAULT 0 NOT NULL,
	"flat_fen" bigint DEFAULT 0 NOT NULL,
	"valley_fen" bigint DEFAULT 0 NOT NULL,
	"total_fen" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'single' NOT NULL,
	"sharp_fen" integer DEFAULT 0 NOT NULL,
	"peak_fen" integer DEFAULT 0 NOT NULL,
	"flat_fen" integer DEFAULT 0 NOT NULL,
	"valley_fen" integer DEFAULT 0 NOT NULL,
	"tiers" jsonb,
	"water_fen" integer DEFAULT 0 NOT NULL,
	"time_period_id" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"area_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"utility" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"energy" numeric(14, 2),
	"channel" text NOT NULL,
	"operator_id" integer,
	"client_request_id" text,
	"order_status" integer DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "room_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"utility" text NOT NULL,
	"month" text NOT NULL,
	"opening_reading" numeric(14, 2),
	"closing_reading" numeric(14, 2),
	"usage" numeric(14, 2) DEFAULT 0 NOT NULL,
	"charge_fen" bigint DEFAULT 0 NOT NULL,
	"recharge_fen" bigint DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"gift_fen" bigint DEFAULT 0 NOT NULL,
	"closing_balance_fen" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"device_kind" text NOT NULL,
	"device_id" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"result_code" text,
	"result" jsonb,
	"operator_id" integer,
	"batch_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "electric_meters" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"room_id" integer,
	"module_id" integer,
	"channel" integer,
	"address" text NOT NULL,
	"model" text,
	"phase" integer DEFAULT 1 NOT NULL,
	"ct_ratio" integer DEFAULT 1 NOT NULL,
	"price_table_id" integer,
	"relay_state" text DEFAULT 'on' NOT NULL,
	"keep_supply" boolean DEFAULT false NOT NULL,
	"online" boolean DEFAULT true NOT NULL,
	"last_total" numeric(14, 2),
	"last_sharp" numeric(14, 2),
	"last_peak" numeric(14, 2),
	"last_flat" numeric(14, 2),
	"last_valley" numeric(14, 2),
	"last_voltage" numeric(14, 2),
	"last_current" numeric(14, 2),
	"last_power_kw" numeric(14, 2),
	"last_read_at" timestamp with time zone,
	"power_set_id" integer,
	"control_set_id" integer,
	"load_set_id" integer,
	"night_set_id" integer,
	"timed_set_id" integer,
	"gift_set_id" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"project_id" integer,
	"address" text NOT NULL,
	"kind" text DEFAULT 'concentrator' NOT NULL,
	"protocol" text DEFAULT 'dlt645' NOT NULL,
	"ip" text,
	"sim" text,
	"online" boolean DEFAULT true NOT NULL,
	"last_heartbeat_at" timestamp with time zone,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parameter_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"values" jsonb NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"utility" text NOT NULL,
	"meter_id" integer NOT NULL,
	"room_id" integer,
	"read_at" timestamp with time zone NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"sharp" numeric(14, 2),
	"peak" numeric(14, 2),
	"flat" numeric(14, 2),
	"valley" numeric(14, 2),
	"voltage" numeric(14, 2),
	"current" numeric(14, 2),
	"power_kw" numeric(14, 2),
	"consumption" numeric(14, 2) DEFAULT 0 NOT NULL,
	"cost_fen" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"name" text NOT NULL,
	"segments" jsonb NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "water_meters" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"room_id" integer,
	"module_id" integer,
	"address" text NOT NULL,
	"meter_type" text DEFAULT 'cold' NOT NULL,
	"price_fen" integer DEFAULT 0 NOT NULL,
	"valve_state" text DEFAULT 'open' NOT NULL,
	"battery_low" boolean DEFAULT false NOT NULL,
	"online" boolean DEFAULT true NOT NULL,
	"account_opened" boolean DEFAULT false NOT NULL,
	"free_allowance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"last_reading" numeric(14, 2),
	"last_read_at" timestamp with time zone,
	"gift_set_id" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calibration_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"utility" text NOT NULL,
	"meter_id" integer,
	"platform_sale_count" integer,
	"meter_sale_count" integer,
	"platform_balance_fen" bigint,
	"meter_balance_fen" bigint,
	"correction_fen" bigint DEFAULT 0 NOT NULL,
	"ledger_entry_id" integer,
	"detail" jsonb,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faults" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"device_kind" text NOT NULL,
	"device_id" integer NOT NULL,
	"room_id" integer,
	"kind" text NOT NULL,
	"detail" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gift_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"utility" text NOT NULL,
	"meter_id" integer NOT NULL,
	"room_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"carried_over" numeric(14, 2) DEFAULT 0 NOT NULL,
	"period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "power_cuts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"room_id" integer,
	"off_at" timestamp with time zone NOT NULL,
	"on_at" timestamp with time zone,
	"cause" text NOT NULL,
	"command_id" integer,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "preset_energy_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"room_id" integer,
	"energy" numeric(14, 2) NOT NULL,
	"command_id" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"room_id" integer,
	"tenant_id" integer,
	"phone" text NOT NULL,
	"template_id" integer,
	"content" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"auto" integer DEFAULT 1 NOT NULL,
	"reason" text,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "operation_log_area_time" ON "operation_log" USING btree ("area_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_users_user_name" ON "sys_users" USING btree ("user_name");--> statement-breakpoint
CREATE INDEX "buildings_project" ON "buildings" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "projects_area" ON "projects" USING btree ("area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_building_code" ON "rooms" USING btree ("building_id","room_code");--> statement-breakpoint
CREATE INDEX "rooms_area" ON "rooms" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "tenant_bindings_room" ON "tenant_bindings" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "tenant_bindings_tenant" ON "tenant_bindings" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "tenants_area" ON "tenants" USING btree ("area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_room_utility" ON "accounts" USING btree ("room_id","utility");--> statement-breakpoint
CREATE INDEX "ledger_account_time" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_room_time" ON "ledger_entries" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_settlements_key" ON "monthly_settlements" USING btree ("meter_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_order_id" ON "recharge_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_request" ON "recharge_orders" USING btree ("area_id","client_request_id");--> statement-breakpoint
CREATE INDEX "recharge_orders_room_time" ON "recharge_orders" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "room_statements_key" ON "room_statements" USING btree ("room_id","utility","month");--> statement-breakpoint
CREATE INDEX "commands_state_next" ON "commands" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "commands_device" ON "commands" USING btree ("device_kind","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "electric_meters_address" ON "electric_meters" USING btree ("address");--> statement-breakpoint
CREATE INDEX "electric_meters_room" ON "electric_meters" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "modules_area_address" ON "modules" USING btree ("area_id","address");--> statement-breakpoint
CREATE INDEX "parameter_sets_area_kind" ON "parameter_sets" USING btree ("area_id","kind");--> statement-breakpoint
CREATE INDEX "readings_meter_time" ON "readings" USING btree ("utility","meter_id","read_at");--> statement-breakpoint
CREATE INDEX "readings_area_time" ON "readings" USING btree ("area_id","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "water_meters_address" ON "water_meters" USING btree ("address");--> statement-breakpoint
CREATE INDEX "water_meters_room" ON "water_meters" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "faults_open" ON "faults" USING btree ("area_id","kind","cleared_at");--> statement-breakpoint
CREATE INDEX "power_cuts_area_time" ON "power_cuts" USING btree ("area_id","off_at");