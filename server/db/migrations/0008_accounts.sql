-- Accounts and recharge (issue 10).
-- 1. A recharge is idempotent on its client request id per operator (DOMAIN.md rule 3): the same
--    operator sending the same request id again (double click, retry after a timeout, 20 at once)
--    gets the first order. The key was (area, request id): two operators of one area who happened
--    to use the same request id collided (the second got a 409 or, worse, the first one's order),
--    and one operator recharging rooms of two areas was not protected. It is (operator, request id)
--    now; orders without a request id (the seed's counter orders) are not constrained (NULLs differ).
DROP INDEX IF EXISTS "recharge_orders_request";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "recharge_orders_operator_request" ON "recharge_orders" ("operator_id", "client_request_id");
--> statement-breakpoint
-- 2. The restore command of a recharge (close-allowed, valve open) carries its order id in its
--    payload, so that the order's status follows the command's outcome, a retried command's too
--    (a retry copies the payload). Orders find their commands through this small partial index.
CREATE INDEX IF NOT EXISTS "commands_order" ON "commands" (("payload"->>'orderId')) WHERE "payload" ? 'orderId';
--> statement-breakpoint
-- 3. An account's ledger, newest first (the payment screen's last entries, GET account/ledger).
CREATE INDEX IF NOT EXISTS "ledger_account_newest" ON "ledger_entries" ("account_id", "created_at" DESC, "id" DESC);
