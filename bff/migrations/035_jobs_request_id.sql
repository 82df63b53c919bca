-- A job keeps the id of the request that queued it last (X-Request-Id; staff's, when they retry it), so its log lines
-- and its calls to Medusa, Razorpay and Shiprocket name the request whose work it finishes. None for a schedule's work.
alter table bff.jobs add column request_id text;
