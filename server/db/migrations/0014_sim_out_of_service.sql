-- Simulated modules out of service for good (issue 11): the demo seed leaves a few `simulator`
-- modules offline, with an open `offline` fault, to stay down (a dead concentrator, a dead water
-- DTU, a spare gateway never connected). The simulated heartbeat (server/domain/moduleOnline.ts)
-- sets every other simulated module's online state from the simulator's outage windows; these it
-- leaves alone. Until now only the seeds set a simulated module offline, so the ones offline at
-- this migration are exactly the seeded-offline ones.
ALTER TABLE "modules" ADD COLUMN IF NOT EXISTS "sim_out_of_service" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "modules" SET "sim_out_of_service" = true WHERE "kind" = 'simulator' AND NOT "online" AND NOT "sim_out_of_service";
