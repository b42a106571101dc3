-- Failed logins counted per login id, whether or not an account has it: only existing
-- accounts ever locked before, which told an attacker which ids exist (issue 2).
CREATE TABLE login_failures (
  principal       text NOT NULL CHECK (principal IN ('patient', 'staff')),
  login_id        text NOT NULL,
  failed_count    integer NOT NULL DEFAULT 0,
  locked_until    timestamptz,
  last_failed_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (principal, login_id)
);
CREATE INDEX login_failures_last_failed ON login_failures (last_failed_at);

-- Patients' counts and locks move over; staff keep theirs on staff_users for now.
INSERT INTO login_failures (principal, login_id, failed_count, locked_until)
  SELECT 'patient', login_id, failed_login_count, locked_until
    FROM patients
   WHERE login_id IS NOT NULL AND (failed_login_count > 0 OR locked_until > now());
ALTER TABLE patients DROP COLUMN failed_login_count, DROP COLUMN locked_until;
