-- Login throttling without locking the owner out (decision 013, issue 10 point 14).
-- Locks of untrusted clients per login id grow with each one in a row (progressive).
ALTER TABLE login_failures ADD COLUMN lock_count integer NOT NULL DEFAULT 0;

-- A device that logged in before (a signed device cookie) has its own allowance: its
-- failures are counted here, per device, and never lock the login id for anyone else.
CREATE TABLE login_device_failures (
  device_id       text PRIMARY KEY,
  principal       text NOT NULL CHECK (principal IN ('patient', 'staff')),
  login_id        text NOT NULL,
  failed_count    integer NOT NULL DEFAULT 0,
  locked_until    timestamptz,
  last_failed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_device_failures_last_failed ON login_device_failures (last_failed_at);
